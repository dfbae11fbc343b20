import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { trades } from '../../../server/trading/db/schema';
import { balanceOf } from '../../support/money';
import { moneyStory } from '../../support/money-story';

const story = moneyStory();
const tradeRow = async (id: number) => (await story.stack.database.db.select().from(trades).where(eq(trades.id, id)))[0]!;

describe('stop loss', () => {
  it('when the ask reaches a sell’s stop loss, then it closes at that tick’s ask', async () => {
    await story.tick({ USDJPY: '150.000' });
    const { token, account } = await story.trader('10000');
    const trade = await story.open(token, { type: 'sell', id: story.idOf('USDJPY'), volume: '10000', stop_loss: '150.500' });
    await story.tick({ USDJPY: '150.600' }); // ask 150.607 ≥ 150.500
    const row = await tradeRow(trade.id);
    expect(row).toMatchObject({ status: 'closed', closeReason: 'stop_loss', closePrice: '150.6070000000' });
    // (149.994 − 150.607) × 10,000 = −6,130 JPY at 150.600 = −40.7039… USD, booked down: −40.71
    expect(row.realizedPnl).toBe('-40.71');
    expect(await balanceOf(story.stack.database.db, account.id)).toBe('9959.29');
  });

  it('when the customer moves the stop before it is hit, then the old level no longer fires', async () => {
    await story.tick({ EURUSD: '1.10000' });
    const { token } = await story.trader('10000');
    const trade = await story.open(token, { type: 'buy', id: story.idOf('EURUSD'), volume: '10000', stop_loss: '1.09500' });
    await request(story.stack.app).patch(`/api/v1/trades/${trade.id}`).set(story.bearer(token)).send({ stop_loss: '1.09000' });
    await story.tick({ EURUSD: '1.09400' });
    expect((await tradeRow(trade.id)).status).toBe('open');
    await story.tick({ EURUSD: '1.08900' });
    expect(await tradeRow(trade.id)).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
  });
});
