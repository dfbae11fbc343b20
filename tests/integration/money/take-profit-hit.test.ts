import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, trades } from '../../../server/trading/db/schema';
import { balanceOf } from '../../support/money';
import { moneyStory } from '../../support/money-story';

const story = moneyStory();

describe('take profit', () => {
  it('when the bid reaches a buy’s take profit, then it closes at that tick’s bid and books the profit', async () => {
    const db = () => story.stack.database.db;
    await story.tick({ EURUSD: '1.10000' });
    const { token, account, user } = await story.trader('10000');
    const trade = await story.open(token, { type: 'buy', id: story.idOf('EURUSD'), volume: '10000', take_profit: '1.10200' });
    await story.tick({ EURUSD: '1.10150' });
    expect((await db().select().from(trades).where(eq(trades.id, trade.id)))[0]!.status).toBe('open');
    await story.tick({ EURUSD: '1.10210' }); // bid 1.10205 ≥ 1.10200
    const [row] = await db().select().from(trades).where(eq(trades.id, trade.id));
    // (1.10205 − 1.10005) × 10,000 = 20.00
    expect(row).toMatchObject({ status: 'closed', closeReason: 'take_profit', closePrice: '1.1020500000', realizedPnl: '20.00' });
    expect(await balanceOf(db(), account.id)).toBe('10020.00');
    const notices = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notices.map((n) => n.title)).toContain('Take profit hit');
  });
});
