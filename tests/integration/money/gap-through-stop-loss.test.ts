import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, trades } from '../../../server/trading/db/schema';
import { balanceOf } from '../../support/money';
import { moneyStory } from '../../support/money-story';

const story = moneyStory();

describe('a gap through the stop loss', () => {
  it('when the price gaps past the stop and the loss exceeds the balance, then the balance is written off to zero', async () => {
    const db = () => story.stack.database.db;
    await story.tick({ XAUUSD: '2000.00' });
    const { token, account } = await story.trader('1000');
    // 0.09 lots = 9 oz at ask 2000.40: margin 9 × 2000.40 / 20 = 900.18.
    const trade = await story.open(token, { type: 'buy', id: story.idOf('XAUUSD'), volume: '9', stop_loss: '1990.00' });
    await story.tick({ XAUUSD: '1800.00' }); // bid 1799.64: loss (1799.64 − 2000.40) × 9 = −1,806.84
    const [row] = await db().select().from(trades).where(eq(trades.id, trade.id));
    expect(row!.status).toBe('closed');
    expect(row!.closeReason).toBe('stop_loss');
    expect(row!.closePrice).toBe('1799.6400000000');
    expect(row!.realizedPnl).toBe('-1806.84');
    expect(await balanceOf(db(), account.id)).toBe('0.00');
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.accountId, account.id));
    expect(entries.filter((e) => e.kind === 'negative_balance_correction').map((e) => e.amount)).toEqual(['806.84']);
  });
});
