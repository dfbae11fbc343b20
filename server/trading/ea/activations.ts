import { eaTexts, type Activation, type AdvisorStats } from '../../../shared/api/advisors.schema';
import { Money } from '../../../shared/money';
import { bookedPnl } from '../../../shared/trading/account-maths';
import { tradeTexts } from '../../../shared/trading/texts';
import { fail, refusal } from '../errors';
import { recordAudit } from '../db/audit.repo';
import { findAdvisor, type AdvisorRow } from '../db/advisors.repo';
import {
  accountHolder,
  advisorOpenTrades,
  advisorPositions,
  deleteActivation,
  findActivation,
  lockActivationRow,
  saveFreshActivation,
  startRun,
  stopActivation,
  type ActivationRow,
} from '../db/automation.repo';
import type { AppDb, Executor, Tx } from '../db/database';
import { accountOfUser, lockAccount } from '../engine/accounts';
import { livePnl } from '../engine/trade-view';
import type { Market } from '../market/market';
import { mayUseAdvisor } from './advisors';

export interface Actor {
  userId: number;
  ip: string | null;
}

async function advisorOf(db: Executor, id: number): Promise<AdvisorRow> {
  return (await findAdvisor(db, id)) ?? fail(refusal.notFound(eaTexts.notFound));
}

/**
 * Locks the activation, then the account a running advisor trades: its orders check that it still runs
 * under that account lock, so once a stop has answered, none of its orders goes through.
 */
async function lockActivation(tx: Tx, userId: number): Promise<ActivationRow | undefined> {
  const row = await lockActivationRow(tx, userId);
  if (row?.running && row.accountId !== null) await lockAccount(tx, row.accountId);
  return row;
}

const audit = (db: Executor, actor: Actor, action: string, advisorId: number, details: Record<string, unknown> = {}) =>
  recordAudit(db, { actorId: actor.userId, action, subjectType: 'expert_advisor', subjectId: advisorId, details, ip: actor.ip });

/** Trades, wins, realised and live P/L of one advisor on one account. */
export async function advisorStats(db: Executor, market: Market, { advisorId, accountId }: { advisorId: number; accountId: number | null }): Promise<AdvisorStats> {
  const empty: AdvisorStats = { trades: 0, closed: 0, wins: 0, win_rate: '0.0', realized_pnl: '0.00', open_positions: 0, floating_pnl: '0.00' };
  if (accountId === null) return empty;
  const holder = await accountHolder(db, accountId);
  if (holder === undefined) return empty;
  // A partly closed position is several rows (each closed part points at the open trade): count and judge positions.
  const positions = await advisorPositions(db, { advisorId, accountId });
  const realized = positions.reduce((sum, p) => sum.plus(p.realized), new Money(0));
  const done = positions.filter((p) => p.closed);
  const open = await advisorOpenTrades(db, { advisorId, accountId });
  const floating = open.reduce((sum, t) => sum.plus(bookedPnl(livePnl(market, t, holder))), new Money(0));
  const closed = done.length;
  const wins = done.filter((p) => new Money(p.realized).gt(0)).length;
  return {
    trades: positions.length,
    closed,
    wins,
    win_rate: closed === 0 ? '0.0' : ((wins / closed) * 100).toFixed(1),
    realized_pnl: realized.toFixed(2),
    open_positions: open.length,
    floating_pnl: floating.toFixed(2),
  };
}

async function present(db: Executor, market: Market, row: ActivationRow, statsAccountId?: number): Promise<Activation> {
  const advisor = await advisorOf(db, row.expertAdvisorId);
  return {
    expert_advisor: { id: advisor.id, name: advisor.name, image: advisor.image },
    running: row.running,
    account_id: row.accountId,
    asset_id: row.assetId,
    asset_symbol: row.assetId === null ? null : (market.instrument(row.assetId)?.symbol ?? null),
    activated_at: row.activatedAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    stopped_reason: row.stoppedReason,
    stats: await advisorStats(db, market, { advisorId: advisor.id, accountId: statsAccountId ?? row.accountId }),
  };
}

/** The customer's activated advisor with its figures on `accountId` (else the account it trades), or null. */
export async function currentActivation(db: AppDb, market: Market, userId: number, accountId?: number): Promise<Activation | null> {
  if (accountId !== undefined) await accountOfUser(db, userId, accountId);
  const row = await findActivation(db, userId);
  return row ? present(db, market, row, accountId) : null;
}

/** Makes `advisorId` the customer's one activated advisor; one that was running before stops. */
export async function activateAdvisor(db: AppDb, market: Market, actor: Actor, advisorId: number): Promise<{ activation: Activation; message: string }> {
  const row = await db.transaction(async (tx) => {
    const advisor = await advisorOf(tx, advisorId);
    if (!(await mayUseAdvisor(tx, actor.userId, advisorId))) fail(refusal.forbidden(eaTexts.notAllowed));
    const before = await lockActivation(tx, actor.userId);
    if (before?.running && before.expertAdvisorId !== advisorId) await audit(tx, actor, 'ea.stopped', before.expertAdvisorId, { why: 'another activated' });
    if (before?.expertAdvisorId === advisorId) return before;
    const saved = await saveFreshActivation(tx, { userId: actor.userId, advisorId: advisor.id, activatedAt: new Date() });
    await audit(tx, actor, 'ea.activated', advisor.id);
    return saved;
  });
  const activation = await present(db, market, row);
  return { activation, message: eaTexts.activated(activation.expert_advisor.name) };
}

export async function deactivateAdvisor(db: AppDb, actor: Actor): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    if (!(await lockActivation(tx, actor.userId))) fail(refusal.conflict(eaTexts.nothingActivated));
    const row = await deleteActivation(tx, actor.userId);
    if (!row) return fail(refusal.conflict(eaTexts.nothingActivated));
    const advisor = await advisorOf(tx, row.expertAdvisorId);
    if (row.running) await audit(tx, actor, 'ea.stopped', advisor.id, { why: 'deactivated' });
    await audit(tx, actor, 'ea.deactivated', advisor.id);
    return { message: eaTexts.deactivated(advisor.name) };
  });
}

/** Starts the activated advisor on one of the customer's accounts and instruments (docs/advisors.md#activation). */
export async function startAdvisor(db: AppDb, market: Market, actor: Actor, { advisorId, accountId, assetId }: { advisorId: number; accountId: number; assetId: number }): Promise<Activation> {
  const row = await db.transaction(async (tx) => {
    await advisorOf(tx, advisorId);
    if (!(await mayUseAdvisor(tx, actor.userId, advisorId))) fail(refusal.forbidden(eaTexts.notAllowed));
    const current = await lockActivation(tx, actor.userId);
    if (current?.expertAdvisorId !== advisorId) return fail(refusal.conflict(eaTexts.activateFirst));
    await accountOfUser(tx, actor.userId, accountId);
    if (!market.instrument(assetId)?.enabled) fail(refusal.notFound(tradeTexts.assetNotFound));
    if (current.running && current.accountId === accountId && current.assetId === assetId) return current;
    // A new target starts the strategy's memory afresh (a grid anchors at the price it starts from).
    const saved = await startRun(tx, { userId: actor.userId, accountId, assetId, startedAt: new Date() });
    await audit(tx, actor, 'ea.started', advisorId, { account_id: accountId, asset_id: assetId });
    return saved;
  });
  return present(db, market, row);
}

export async function stopAdvisor(db: AppDb, market: Market, actor: Actor, advisorId: number): Promise<Activation> {
  const row = await db.transaction(async (tx) => {
    const current = await lockActivation(tx, actor.userId);
    if (current?.expertAdvisorId !== advisorId) return fail(refusal.conflict(eaTexts.notActive));
    if (!current.running) return current;
    const saved = await stopActivation(tx, actor.userId);
    await audit(tx, actor, 'ea.stopped', advisorId, { why: 'customer' });
    return saved;
  });
  return present(db, market, row);
}
