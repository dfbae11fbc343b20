import { describe, expect, it } from 'vitest';
import { Money } from '../../../shared/money';
import { balanceOf } from '../../support/money';
import { moneyStory } from '../../support/money-story';

const story = moneyStory();

describe('a partial close', () => {
  it('closes part of the volume with its own P/L entry and leaves the rest open with the rest of the margin', async () => {
    await story.tick({ EURUSD: '1.10000' });
    const { token, account } = await story.trader('20000.00');
    const opened = await story.open(token, { type: 'buy', id: story.idOf('EURUSD'), volume: '200000' });
    expect(opened.margin).toBe(11000.5);
    await story.tick({ EURUSD: '1.10200' });
    const part = await story.close(token, opened.id, { volume: '50000' });
    expect(part.status).toBe(200);
    // bid at 1.10200 = 1.10195; (1.10195 − 1.10005) × 50,000 = 95.00
    expect(part.body.data).toMatchObject({ status: 'closed', volume: 50000, pnl: 95 });
    expect(part.body.remaining).toMatchObject({ status: 'open', volume: 150000, lots: 1.5 });
    expect(new Money(part.body.remaining.margin).plus(part.body.data.margin).toFixed(2)).toBe('11000.50');
    expect(await balanceOf(story.stack.database.db, account.id)).toBe('20095.00');
    expect((await story.close(token, opened.id, { volume: '150000' })).status).toBe(422);
    await story.close(token, opened.id);
  });
});
