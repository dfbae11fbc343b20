import request from 'supertest';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { auditLedger } from './money';
import { fundedTrader, startTrading, withoutPlanConditions, type TradingStack } from './trading';
import { bearer } from './bearer';

/**
 * One money story per file (tests/integration/money/): a trading stack with prices set by hand, every plan at the raw
 * quote without commission (`withoutPlanConditions`), a funded customer, and the ledger audit after each test.
 */
export function moneyStory() {
  const story = {} as { stack: TradingStack };
  beforeAll(async () => {
    story.stack = await startTrading();
    await withoutPlanConditions(story.stack);
  });
  afterEach(() => auditLedger(story.stack.database.db));
  afterAll(() => story.stack.database.close());

  const idOf = (symbol: string) => story.stack.market.instruments.find((i) => i.symbol === symbol)!.id;

  return {
    get stack() {
      return story.stack;
    },
    idOf,
    bearer,
    /** Moves prices (by symbol) and waits until the engine has acted on them. */
    async tick(mids: Record<string, string>) {
      story.stack.prices.set(Object.fromEntries(Object.entries(mids).map(([symbol, mid]) => [idOf(symbol), mid])));
      await story.stack.engine.idle();
    },
    /** A new active customer whose Live account holds `amount`. */
    trader: (amount: string) => fundedTrader(story.stack, amount),
    async open(token: string, body: Record<string, unknown>) {
      const res = await request(story.stack.app)
        .post('/api/v1/trades/store')
        .set(bearer(token))
        .send({ leverage: 20, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await story.stack.engine.idle();
      // As the wire has it (numbers for the figures: docs/api-conventions.md#wire-types), with the trade's string id as the number the database keys it by.
      const trade = res.body.data as { id: string; [key: string]: unknown };
      return { ...trade, id: Number(trade.id) } as { id: number; [key: string]: unknown };
    },
    close: (token: string, id: string | number, body: Record<string, unknown> = {}) => request(story.stack.app).post(`/api/v1/trade/${id}/close`).set(bearer(token)).send(body),
  };
}
