import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../../server/trading/db/schema';
import { balanceOf } from '../../support/money';
import { moneyStory } from '../../support/money-story';

const story = moneyStory();

describe('a hedged account that closes its losing side first', () => {
  it('when the balance dips below zero while the winning side is still open, then nothing is written off', async () => {
    const db = () => story.stack.database.db;
    await story.tick({ XAUUSD: '2000.00' });
    const { token, account } = await story.trader('2000');
    // 9 oz bought at 2000.40 and 9 oz sold at 1999.60: margin 900.18 + 899.82, the level stays near 110 %.
    const buy = await story.open(token, { type: 'buy', id: story.idOf('XAUUSD'), volume: '9' });
    const sell = await story.open(token, { type: 'sell', id: story.idOf('XAUUSD'), volume: '9' });
    await story.tick({ XAUUSD: '1700.00' });
    // The buy closes at 1699.66: (1699.66 − 2000.40) × 9 = −2,706.66, leaving −706.66 with the sell open.
    expect((await story.close(token, buy.id)).body.data.pnl).toBe(-2706.66);
    expect(await balanceOf(db(), account.id)).toBe('-706.66');
    // The sell closes at 1700.34: (1999.60 − 1700.34) × 9 = +2,693.34.
    expect((await story.close(token, sell.id)).body.data.pnl).toBe(2693.34);
    expect(await balanceOf(db(), account.id)).toBe('1986.68');
    const writeOffs = (await db().select().from(ledgerEntries).where(eq(ledgerEntries.accountId, account.id))).filter((e) => e.kind === 'negative_balance_correction');
    expect(writeOffs).toEqual([]);
  });
});
