import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dividendTexts } from '../../../shared/api/dividends.schema';
import { auditLog, ledgerEntries, notifications, trades } from '../../../server/trading/db/schema';
import { bookDueDividends, type DividendDeps } from '../../../server/trading/dividends/book';
import { auditLedger, balanceOf } from '../../support/money';
import { fundedTrader, silentLogger, startTrading, tokenFor, withoutPlanConditions, type TradingStack } from '../../support/trading';
import { makeUser } from '../../support/factories';
import { bearer } from '../../support/bearer';

/**
 * Dividend adjustments (docs/trading.md#dividends), figures worked out by hand: staff enter a dividend, and at its
 * ex-date's open every long held is credited its share and every short debited the whole, once however often it runs.
 */

// Tuesday 17 November 2026, 13:00 UTC: before New York's open (14:30 UTC) on the ex-date of the story.
let clock = new Date('2026-11-17T13:00:00Z');
let stack: TradingStack;
let deps: DividendDeps;
let admin: string;

const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
async function open(token: string, body: Record<string, unknown>, openedAt: Date) {
  const res = await request(stack.app)
    .post('/api/v1/trades/store')
    .set(bearer(token))
    .send({ leverage: 5, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = Number((res.body.data as { id: string }).id);
  await stack.database.db.update(trades).set({ openedAt }).where(eq(trades.id, id));
  return id;
}
const enter = (body: Record<string, unknown>) => request(stack.app).post('/api/v1/admin/dividends').set(bearer(admin)).send(body);
const dividendEntries = (accountId: number) =>
  stack.database.db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.kind, 'dividend')));

beforeAll(async () => {
  // The market is open to trade while the story sets its positions up (US stocks trade Tuesday 14:30–21:00 UTC).
  clock = new Date('2026-11-17T15:00:00Z');
  stack = await startTrading({ now: () => clock });
  await withoutPlanConditions(stack);
  deps = { db: stack.database.db, market: stack.market, bus: stack.bus, logger: silentLogger };
  admin = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'admin' }));
});
afterEach(() => auditLedger(stack.database.db));
afterAll(async () => {
  await stack.trading.close();
  await stack.database.close();
});

describe('dividend adjustments', () => {
  it('when AAPL goes ex-dividend 0.25 a share with longs at 85 %, then at the open a long of 100 is credited 21.25 and a short of 40 debited 10.00, once, each told', async () => {
    stack.prices.set({ [idOf('AAPL')]: '200.00' });
    const long = await fundedTrader(stack, '10000.00');
    const short = await fundedTrader(stack, '10000.00');
    const late = await fundedTrader(stack, '10000.00');
    const heldSince = new Date('2026-11-17T16:00:00Z');
    await open(long.token, { type: 'buy', id: idOf('AAPL'), volume: '100' }, heldSince);
    await open(short.token, { type: 'sell', id: idOf('AAPL'), volume: '40' }, heldSince);
    // Opened after the ex-date's open (Wednesday 18th, 14:30 UTC): not entitled.
    await open(late.token, { type: 'buy', id: idOf('AAPL'), volume: '100' }, new Date('2026-11-18T15:00:00Z'));

    const entered = await enter({ asset_id: idOf('AAPL'), ex_date: '2026-11-18', amount: '0.25', long_percent: '85' });
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    expect(entered.body.message).toBe(dividendTexts.entered('AAPL', '2026-11-18'));
    expect((await enter({ asset_id: idOf('AAPL'), ex_date: '2026-11-18', amount: '0.30', long_percent: '85' })).status).toBe(409);

    // Before the open nothing is booked.
    clock = new Date('2026-11-18T14:29:00Z');
    expect(await bookDueDividends(deps)).toBe(0);
    expect(await dividendEntries(long.account.id)).toEqual([]);

    clock = new Date('2026-11-18T16:00:00Z');
    const [first, again] = await Promise.all([bookDueDividends(deps), bookDueDividends(deps)]);
    expect(first + again).toBe(2);
    expect(await bookDueDividends(deps)).toBe(0);
    // 100 × 0.25 × 85 % = 21.25; 40 × 0.25 = 10.00.
    expect(await dividendEntries(long.account.id)).toEqual([{ amount: '21.25' }]);
    expect(await dividendEntries(short.account.id)).toEqual([{ amount: '-10.00' }]);
    expect(await dividendEntries(late.account.id)).toEqual([]);
    expect(await balanceOf(stack.database.db, long.account.id)).toBe('10021.25');
    expect(await balanceOf(stack.database.db, short.account.id)).toBe('9990.00');
    // Each position carries its adjustment, and its net P/L counts it.
    const dividendsOf = async (token: string) => ((await request(stack.app).get('/api/v1/open/trades').set(bearer(token))).body.data as { dividends: number }[]).map((t) => t.dividends);
    expect(await dividendsOf(long.token)).toEqual([21.25]);
    expect(await dividendsOf(short.token)).toEqual([-10]);
    expect(await dividendsOf(late.token)).toEqual([0]);
    const [notice] = await stack.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, long.user.id), eq(notifications.title, 'Dividend adjustment')));
    expect(notice!.message).toBe('AAPL went ex-dividend on 2026-11-18 (0.25 a share): credited 21.25 USD on 1 position.');
    const listed = await request(stack.app).get('/api/v1/admin/dividends').set(bearer(admin));
    expect(listed.body.data.dividends[0]).toMatchObject({ symbol: 'AAPL', ex_date: '2026-11-18', amount: 0.25, long_percent: 85, positions: 2 });
    const [audit] = await stack.database.db.select().from(auditLog).where(eq(auditLog.action, 'dividend.entered'));
    expect(audit!.details).toMatchObject({ symbol: 'AAPL', ex_date: '2026-11-18', amount: '0.25', long_percent: '85' });
  });

  it('when staff enter a dividend on a currency pair, on a day the market is shut, on a past open or with bad figures, then it is refused with the reason', async () => {
    clock = new Date('2026-11-18T16:00:00Z');
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await enter({ asset_id: idOf('AAPL'), ex_date: '2026-11-20', amount: '0.25', long_percent: '100', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    };
    await refused({ asset_id: idOf('EURUSD') }, 'asset_id', dividendTexts.instrument);
    await refused({ ex_date: '2026-11-21' }, 'ex_date', dividendTexts.closedThatDay);
    await refused({ ex_date: '2026-11-18' }, 'ex_date', dividendTexts.past);
    await refused({ ex_date: '2026-02-30' }, 'ex_date', dividendTexts.exDate);
    await refused({ amount: '-1' }, 'amount', dividendTexts.amount);
    await refused({ long_percent: '120' }, 'long_percent', dividendTexts.longPercent);
    const customer = await fundedTrader(stack, '10.00');
    expect((await request(stack.app).post('/api/v1/admin/dividends').set(bearer(customer.token)).send({})).status).toBe(403);
  });
});
