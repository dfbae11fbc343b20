import { and, eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { Money } from '../../../shared/money';
import { bookedPnl, pnlOf } from '../../../shared/trading/account-maths';
import { closingPrice } from '../../../shared/trading/prices';
import { lotsFromUnits, lotsProblem } from '../../../shared/trading/sizing';
import { tradeTexts } from '../../../shared/trading/texts';
import type { Bus } from '../bus';
import type { AppDb, Tx } from '../db/database';
import { trades } from '../db/schema';
import { postEntry } from '../ledger/ledger';
import type { Market } from '../market/market';
import { lockOpenTradeOf, type AccountRow } from './accounts';
import type { TradeView } from '../../../shared/api/trades.schema';
import type { Answer } from './orders';
import { automationIsOn, type Automation } from './automation';
import { presentTrade, type TradeRow } from './trade-view';

export type CloseReason = 'manual' | 'take_profit' | 'stop_loss' | 'stop_out' | 'expert_advisor' | 'autotrader';

export interface CloseDeps {
  database: { db: AppDb };
  market: Market;
  bus: Bus;
}

/**
 * Books a trade's P/L at `price` inside the caller's transaction (which holds the account lock): the
 * trade (or the closed part) and its one realized-P/L ledger entry, then negative-balance protection
 * once no position is left open.
 */
export async function bookClose(
  tx: Tx,
  { market, account, trade, price, reason, units }: { market: Market; account: AccountRow; trade: TradeRow; price: string; reason: CloseReason; units?: string },
): Promise<{ closed: TradeRow; remaining: TradeRow | null }> {
  const instrument = market.instrument(trade.assetId)!;
  const partial = units !== undefined && new Money(units).lt(trade.units);
  const closeUnits = partial ? units! : trade.units;
  const pnl = bookedPnl(pnlOf({ side: trade.side, units: closeUnits, opening: trade.openPrice, closing: price, conversion: market.conversion(instrument.quoteCurrency, account.currency) }));
  const now = new Date();
  let closed: TradeRow;
  let remaining: TradeRow | null = null;
  if (partial) {
    const share = new Money(closeUnits).dividedBy(trade.units);
    const partMargin = new Money(trade.margin).times(share).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const [part] = await tx
      .insert(trades)
      .values({
        accountId: trade.accountId,
        assetId: trade.assetId,
        side: trade.side,
        units: closeUnits,
        lots: lotsFromUnits({ units: closeUnits, contractSize: instrument.contractSize }).toFixed(2),
        leverage: trade.leverage,
        openPrice: trade.openPrice,
        closePrice: price,
        takeProfit: trade.takeProfit,
        stopLoss: trade.stopLoss,
        margin: partMargin.toFixed(2),
        status: 'closed',
        closeReason: reason,
        realizedPnl: pnl.toFixed(2),
        parentId: trade.id,
        placedBy: trade.placedBy,
        expertAdvisorId: trade.expertAdvisorId,
        openedAt: trade.openedAt,
        closedAt: now,
      })
      .returning();
    const left = new Money(trade.units).minus(closeUnits);
    const [rest] = await tx
      .update(trades)
      .set({
        units: left.toString(),
        lots: lotsFromUnits({ units: left, contractSize: instrument.contractSize }).toFixed(2),
        margin: new Money(trade.margin).minus(partMargin).toFixed(2),
      })
      .where(eq(trades.id, trade.id))
      .returning();
    closed = part!;
    remaining = rest!;
  } else {
    const [whole] = await tx
      .update(trades)
      .set({ status: 'closed', closePrice: price, closeReason: reason, realizedPnl: pnl.toFixed(2), closedAt: now })
      .where(eq(trades.id, trade.id))
      .returning();
    closed = whole!;
  }
  const { balanceAfter } = await postEntry(tx, { accountId: account.id, kind: 'realized_pnl', amount: pnl.toFixed(2), reference: `trade:${closed.id}`, memo: `${reason} ${instrument.symbol}` });
  await protectNegativeBalance(tx, account.id, balanceAfter, `trade:${closed.id}`);
  return { closed, remaining };
}

/**
 * Server-spec §5: a retail customer cannot lose more than the account holds. A balance left below zero
 * once no position is open is written off with its own entry. While positions are open the balance may
 * dip below zero (their P/L counts toward equity; stop-out watches it): writing off then would let a
 * hedged customer keep the write-off and the winning side's profit.
 */
export async function protectNegativeBalance(tx: Tx, accountId: number, balance: string, reference: string): Promise<void> {
  const value = new Money(balance);
  if (value.gte(0)) return;
  const [open] = await tx.select({ id: trades.id }).from(trades).where(and(eq(trades.accountId, accountId), eq(trades.status, 'open'))).limit(1);
  if (open) return;
  await postEntry(tx, { accountId, kind: 'negative_balance_correction', amount: value.negated().toFixed(2), reference, memo: 'Negative balance protection' });
}

/**
 * Closes a customer's trade (whole, or `units` of it) at the current quote: by hand, or by their EA or
 * AutoTrader (`reason`, and `automation`, which must still be on). A trade already closed
 * answers 409 and books nothing; a second close racing the first waits on the lock and gets that 409.
 */
export async function closeTradeForCustomer(
  { database, market, bus }: CloseDeps,
  { userId, tradeId, units, origin, reason = 'manual', automation }: { userId: number; tradeId: number; units?: string; origin?: string | undefined; reason?: CloseReason; automation?: Automation },
): Promise<Answer> {
  const result = await database.db.transaction(async (tx): Promise<Answer & { accountId?: number; changed?: TradeView[] }> => {
    const locked = await lockOpenTradeOf(tx, userId, tradeId);
    if ('status' in locked) return locked;
    const { account, trade } = locked;
    if (automation && !(await automationIsOn(tx, automation, account))) return { status: 409, body: { message: tradeTexts.automationOff } };
    const instrument = market.instrument(trade.assetId)!;
    if (units !== undefined) {
      const part = new Money(units);
      const lots = lotsFromUnits({ units, contractSize: instrument.contractSize });
      if (part.lte(0) || part.gte(trade.units) || lotsProblem(lots) !== null) {
        return { status: 422, body: { message: tradeTexts.closeVolume, errors: { volume: [tradeTexts.closeVolume] } } };
      }
    }
    if (!market.isOpen(instrument)) return { status: 422, body: { message: tradeTexts.marketClosed } };
    const price = closingPrice({ side: trade.side, quote: market.quotes.get(trade.assetId)! });
    const { closed, remaining } = await bookClose(tx, { market, account, trade, price, reason, ...(units !== undefined ? { units } : {}) });
    const changed = [presentTrade(market, closed, account.currency), ...(remaining ? [presentTrade(market, remaining, account.currency)] : [])];
    return { status: 200, body: { data: changed[0], remaining: changed[1] ?? null }, accountId: account.id, changed };
  });
  if (result.status === 200 && result.accountId !== undefined) {
    for (const trade of result.changed ?? []) bus.publish('trade.updated', { userId, accountId: result.accountId, trade, origin });
    bus.publish('user.updated', { userId, origin });
  }
  return { status: result.status, body: result.body };
}
