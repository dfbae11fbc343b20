import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { tradePage, tradeSchema } from '../../../shared/api/trades.schema';
import { balanceOf } from '../../support/money';
import { moneyStory } from '../../support/money-story';

const story = moneyStory();

describe('a EURUSD buy closed with a profit', () => {
  it('fills at the ask, holds margin, and books (bid − ask) × units to the balance on close', async () => {
    const { stack, idOf, bearer } = story;
    await story.tick({ EURUSD: '1.10000' });
    const { token, account } = await story.trader('10000.00');
    const opened = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ type: 'buy', id: idOf('EURUSD'), volume: '100000', leverage: 20, opening_price: '1.10005' });
    expect(opened.status).toBe(201);
    const trade = tradeSchema.parse(opened.body.data);
    // ask = ⌈1.10000 × 1.00004⌉ = 1.10005; margin = 100,000 × 1.10005 / 20 = 5,500.25
    expect(trade).toMatchObject({ trade_type: 'buy', opening_price: '1.10005', margin: '5500.25', lots: '1', volume: '100000', leverage: 20, status: 'open' });

    await story.tick({ EURUSD: '1.10500' });
    const open = tradePage.parse((await request(stack.app).get('/api/v1/open/trades').set(bearer(token))).body);
    // bid = ⌊1.10500 × 0.99996⌋ = 1.10495; (1.10495 − 1.10005) × 100,000 = 490.00
    expect(open.data[0]).toMatchObject({ id: trade.id, closing_price: '1.10495', pnl: '490' });

    const closed = await story.close(token, trade.id);
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'closed', closing_price: 1.10495, pnl: 490, close_reason: 'manual' });
    expect(await balanceOf(stack.database.db, account.id)).toBe('10490.00');
  });
});
