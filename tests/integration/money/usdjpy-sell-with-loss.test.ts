import { describe, expect, it } from 'vitest';
import { balanceOf } from '../../support/money';
import { moneyStory } from '../../support/money-story';

const story = moneyStory();

describe('a USDJPY sell closed with a loss', () => {
  it('converts the yen P/L and margin into the USD account at the current rate', async () => {
    await story.tick({ USDJPY: '150.000' });
    const { token, account } = await story.trader('10000.00');
    const opened = await story.open(token, { type: 'sell', id: story.idOf('USDJPY'), volume: '100000' });
    // bid = 149.994; margin = 100,000 × 149.994 / 20 = 749,970 JPY at 150.000 = 4,999.80 USD
    expect(opened).toMatchObject({ opening_price: 149.994, margin: 4999.8 });
    await story.tick({ USDJPY: '151.000' });
    const closed = await story.close(token, opened.id);
    // (149.994 − 151.007) × 100,000 = −101,300 JPY at 151.000 JPY per USD = −670.8609… USD, booked down: −670.87
    expect(closed.body.data).toMatchObject({ closing_price: 151.007, pnl: -670.87 });
    expect(await balanceOf(story.stack.database.db, account.id)).toBe('9329.13');
  });
});
