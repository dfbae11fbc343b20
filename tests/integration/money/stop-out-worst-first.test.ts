import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, trades } from '../../../server/trading/db/schema';
import { moneyStory } from '../../support/money-story';

const story = moneyStory();

describe('stop-out', () => {
  it('when the margin level falls to 50 %, then the most losing position closes first until the level recovers', async () => {
    const db = () => story.stack.database.db;
    const tradeRow = async (id: number) => (await db().select().from(trades).where(eq(trades.id, id)))[0]!;
    const titles = async (userId: number) => (await db().select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);
    await story.tick({ EURUSD: '1.00000', GBPUSD: '1.00000' });
    const { token, user } = await story.trader('1000');
    // Two buys, 5,000 units each at 1:20: margin 250.01 each, 500.02 in all.
    const eur = await story.open(token, { type: 'buy', id: story.idOf('EURUSD'), volume: '5000' });
    const gbp = await story.open(token, { type: 'buy', id: story.idOf('GBPUSD'), volume: '5000' });
    await story.tick({ EURUSD: '0.90000' }); // EUR −500.40, GBP −0.40: equity 499.20, level 99.84 % → margin call
    expect(await titles(user.id)).toContain('Margin call');
    expect((await tradeRow(eur.id)).status).toBe('open');
    await story.tick({ EURUSD: '0.85000', GBPUSD: '0.99000' }); // EUR −750.40, GBP −50.40: equity 199.20 → 39.84 %
    expect(await tradeRow(eur.id)).toMatchObject({ status: 'closed', closeReason: 'stop_out', realizedPnl: '-750.40' });
    // After closing EUR: equity 249.60 − 50.40 = 199.20 on 250.01 of margin = 79.68 %: GBP stays open.
    expect((await tradeRow(gbp.id)).status).toBe('open');
    expect(await titles(user.id)).toContain('Stop-out');
    await story.close(token, gbp.id);
  });
});
