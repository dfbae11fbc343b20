import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { advisorActivations, users } from '../db/schema';
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
  const active = and(eq(users.id, account.userId), eq(users.status, 'active'));
  const [on] =
    automation.by === 'expert_advisor'
      ? await tx
          .select({ userId: advisorActivations.userId })
          .from(advisorActivations)
          .innerJoin(users, eq(users.id, advisorActivations.userId))
          .where(
            and(
              active,
              eq(advisorActivations.running, true),
              eq(advisorActivations.expertAdvisorId, automation.advisorId),
              eq(advisorActivations.accountId, account.id),
              eq(advisorActivations.assetId, automation.assetId),
              eq(advisorActivations.startedAt, automation.runStartedAt),
            ),
          )
      : await tx
          .select({ userId: users.id })
          .from(users)
          .where(and(active, eq(users.autotrader, true), eq(users.autotraderAccountId, account.id)));
  return on !== undefined;
}
