import type { Tx } from '../db/database';
import { advisorRunIsOn, autotraderIsOn } from '../db/automation.repo';
import type { AccountRow } from './accounts';

/**
 * An expert advisor's run (which instrument, since when: a new start is a new run) or AutoTrader,
 * trading a customer's account.
 */
export type Automation = { by: 'expert_advisor'; advisorId: number; assetId: number; runStartedAt: Date } | { by: 'autotrader' };

/**
 * Whether `automation` may still act on `account`: that very run is still on and its customer is active.
 * The caller holds the account lock, which every stop also takes first: once a stop has answered, no
 * order or close of the stopped automation goes through.
 */
export async function automationIsOn(tx: Tx, automation: Automation, account: AccountRow): Promise<boolean> {
  const on = { userId: account.userId, accountId: account.id };
  return automation.by === 'expert_advisor' ? advisorRunIsOn(tx, { ...on, advisorId: automation.advisorId, assetId: automation.assetId, startedAt: automation.runStartedAt }) : autotraderIsOn(tx, on);
}
