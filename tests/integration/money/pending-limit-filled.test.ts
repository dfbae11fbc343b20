import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pendingOrderPage, pendingOrderSchema } from '../../../shared/api/trades.schema';
import { pendingOrders, trades } from '../../../server/trading/db/schema';
import { moneyStory } from '../../support/money-story';

const story = moneyStory();

describe('a pending buy limit', () => {
  it('when the ask falls to it, then it fills at that tick’s ask with its TP and SL, and a notice says so', async () => {
    const { stack, bearer } = story;
    const db = () => stack.database.db;
    await story.tick({ EURUSD: '1.10000' });
    const { token } = await story.trader('10000');
    const placed = await request(stack.app)
      .post('/api/v1/orders/pending')
      .set(bearer(token))
      .send({ type: 'buy', kind: 'limit', price: '1.09500', id: story.idOf('EURUSD'), volume: '10000', leverage: 20, take_profit: '1.11', stop_loss: '1.09' });
    expect(placed.status).toBe(201);
    const order = pendingOrderSchema.parse(placed.body.data);
    expect(order).toMatchObject({ status: 'pending', price: '1.095', kind: 'limit', trade_type: 'buy' });
    expect(pendingOrderPage.parse((await request(stack.app).get('/api/v1/orders/pending').set(bearer(token))).body).meta.total).toBe(1);

    await story.tick({ EURUSD: '1.09600' }); // ask 1.09605 > 1.09500: waits
    expect((await db().select().from(pendingOrders).where(eq(pendingOrders.id, order.id)))[0]!.status).toBe('pending');
    await story.tick({ EURUSD: '1.09480' }); // ask 1.09485 ≤ 1.09500: fills at 1.09485
    const [row] = await db().select().from(pendingOrders).where(eq(pendingOrders.id, order.id));
    expect(row!.status).toBe('filled');
    const [trade] = await db().select().from(trades).where(eq(trades.id, row!.tradeId!));
    expect(trade).toMatchObject({ side: 'buy', openPrice: '1.0948500000', takeProfit: '1.1100000000', stopLoss: '1.0900000000', status: 'open' });
    const me = await request(stack.app).get('/api/v1/user').set(bearer(token));
    expect(me.body.data.notifications.map((n: { title: string }) => n.title)).toContain('Order filled');
    await story.close(token, trade!.id);
  });
});
