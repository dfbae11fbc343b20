import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { tradePage } from '../../../shared/api/trades.schema';
import { userResponse } from '../../../shared/api/user.schema';
import { postEntry } from '../../../server/trading/ledger/ledger';
import { deposit } from '../../support/money';
import { moneyStory } from '../../support/money-story';

const story = moneyStory();

/** The user object as the wire has it (numbers), and as our code reads it (decimal strings). */
async function userOf(token: string) {
  const res = await request(story.stack.app).get('/api/v1/user').set(story.bearer(token));
  expect(res.status).toBe(200);
  return { wire: res.body.data as { trades_summary: Record<string, unknown> }, data: userResponse.parse(res.body).data };
}

describe("the user's trades summary", () => {
  it('for a new customer, then nothing: no P/L, no trades, a win rate of 0 rather than a division by zero', async () => {
    await story.tick({ EURUSD: '1.10000' });
    const { token } = await story.trader('10000.00');
    const { wire } = await userOf(token);
    // The only deposit is the trader's 10,000.00; there is no closed trade, so the win rate is 0.
    expect(wire.trades_summary).toEqual({ total_pnl: 0, total_wins: 0, total_losses: 0, trades_count: 0, total_deposit: 10000, win_rate: 0 });
  });

  it("sums the Live account's realized P/L and deposits from the ledger and counts its closed trades: a win, a loss, a break-even, a partial close", async () => {
    const { stack, idOf, bearer } = story;
    const db = stack.database.db;
    const EURUSD = idOf('EURUSD');
    await story.tick({ EURUSD: '1.10000' });
    const { token, account } = await story.trader('10000.00');
    // A second deposit counts; a withdrawal is not taken off the deposits; bonus credit is no deposit.
    await deposit(db, account.id, '2500.00');
    await db.transaction((tx) => postEntry(tx, { accountId: account.id, kind: 'withdrawal', amount: '-1000.00', reference: 'test-withdrawal' }));
    await db.transaction((tx) => postEntry(tx, { accountId: account.id, kind: 'bonus_credit', bucket: 'credit', amount: '500.00', reference: 'test-bonus' }));

    // A win. Mid 1.10000: ask = ⌈1.10000 × 1.00004⌉ = 1.10005. Mid 1.10500: bid = ⌊1.10500 × 0.99996⌋ = 1.10495.
    // (1.10495 − 1.10005) × 100,000 = +490.00
    const win = await story.open(token, { type: 'buy', id: EURUSD, volume: '100000' });
    await story.tick({ EURUSD: '1.10500' });
    expect((await story.close(token, win.id)).body.data).toMatchObject({ pnl: 490 });

    // A loss. Mid 1.10500: ask = ⌈1.10500 × 1.00004⌉ = ⌈1.1050442⌉ = 1.10505. Mid 1.10000: bid = ⌊1.099956⌋ = 1.09995.
    // (1.09995 − 1.10505) × 10,000 = −51.00
    const loss = await story.open(token, { type: 'buy', id: EURUSD, volume: '10000' });
    await story.tick({ EURUSD: '1.10000' });
    expect((await story.close(token, loss.id)).body.data).toMatchObject({ pnl: -51 });

    // A break-even. Mid 1.10000: ask 1.10005. Mid 1.10010: bid = ⌊1.10010 × 0.99996⌋ = ⌊1.100055996⌋ = 1.10005.
    // (1.10005 − 1.10005) × 10,000 = 0.00: neither a win nor a loss, but a closed trade.
    const even = await story.open(token, { type: 'buy', id: EURUSD, volume: '10000' });
    await story.tick({ EURUSD: '1.10010' });
    expect((await story.close(token, even.id)).body.data).toMatchObject({ pnl: 0 });

    // A partial close. Mid 1.10010: ask = ⌈1.10010 × 1.00004⌉ = ⌈1.100144004⌉ = 1.10015.
    // Mid 1.10500: bid 1.10495. The closed half: (1.10495 − 1.10015) × 10,000 = +48.00, a win; the other half stays open.
    const split = await story.open(token, { type: 'buy', id: EURUSD, volume: '20000' });
    await story.tick({ EURUSD: '1.10500' });
    expect((await story.close(token, split.id, { volume: '10000' })).body.data).toMatchObject({ pnl: 48, status: 'closed' });

    // On Demo: +4.90 ((1.10495 − 1.10005) × 1,000 after a move from 1.10000 to 1.10500). Not the Live account's record.
    const demo = (await userOf(token)).data.accounts.find((a) => a.type === 'demo')!;
    await story.tick({ EURUSD: '1.10000' });
    const demoTrade = await story.open(token, { type: 'buy', id: EURUSD, volume: '1000', account_id: demo.id });
    await story.tick({ EURUSD: '1.10500' });
    expect((await story.close(token, demoTrade.id)).body.data).toMatchObject({ pnl: 4.9 });

    const { wire, data } = await userOf(token);
    // P/L: 490.00 − 51.00 + 0.00 + 48.00 = 487.00. Deposits: 10,000.00 + 2,500.00 = 12,500.00.
    // Closed trades: 4 (the partial close's closed part is one); wins 2 (490.00, 48.00), losses 1 (−51.00).
    // Win rate: 2 / 4 × 100 = 50.00 (won over all closed, the break-even included).
    expect(wire.trades_summary).toEqual({ total_pnl: 487, total_wins: 2, total_losses: 1, trades_count: 4, total_deposit: 12500, win_rate: 50 });
    expect(data.trades_summary).toEqual({ total_pnl: '487', total_wins: 2, total_losses: 1, trades_count: 4, total_deposit: '12500', win_rate: '50' });
    // The same closed trades as the Live account's closed list, and the same P/L as its balance moved by:
    // 10,000.00 + 2,500.00 − 1,000.00 + 487.00 = 11,987.00.
    const closed = tradePage.parse((await request(stack.app).get('/api/v1/closed/trades').set(bearer(token))).body);
    expect(closed.meta.total).toBe(4);
    expect(data.balance).toBe('11987');

    await story.close(token, split.id);
  });

  it('rounds the win rate half-up to 2 decimals: 1 won of 3 is 33.33, 4 of 6 is 66.67', async () => {
    const EURUSD = story.idOf('EURUSD');
    const { token } = await story.trader('10000.00');
    // Each: open at mid 1.10000 (ask 1.10005) and close at mid 1.10500 (bid 1.10495): +4.90 on 1,000 units;
    // or close at mid 1.10000 (bid 1.09995): (1.09995 − 1.10005) × 1,000 = −0.10.
    const round = async (mid: string) => {
      await story.tick({ EURUSD: '1.10000' });
      const trade = await story.open(token, { type: 'buy', id: EURUSD, volume: '1000' });
      await story.tick({ EURUSD: mid });
      expect((await story.close(token, trade.id)).status).toBe(200);
    };
    await round('1.10500');
    await round('1.10000');
    await round('1.10000');
    // 1 / 3 × 100 = 33.333… → 33.33; P/L 4.90 − 0.10 − 0.10 = 4.70
    expect((await userOf(token)).wire.trades_summary).toMatchObject({ win_rate: 33.33, total_pnl: 4.7, trades_count: 3, total_wins: 1, total_losses: 2 });
    await round('1.10500');
    await round('1.10500');
    // 3 / 5 × 100 = 60.00
    expect((await userOf(token)).wire.trades_summary).toMatchObject({ win_rate: 60, trades_count: 5 });
    await round('1.10500');
    // 4 / 6 × 100 = 66.666… → 66.67 (half-up, not cut to 66.66); P/L 4 × 4.90 − 2 × 0.10 = 19.40
    expect((await userOf(token)).wire.trades_summary).toMatchObject({ win_rate: 66.67, total_pnl: 19.4, trades_count: 6, total_wins: 4, total_losses: 2 });
  });
});
