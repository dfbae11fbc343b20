import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TriggerIndex, type TriggerKind } from '../../server/trading/engine/trigger-index';
import { pendingFillAllowed } from '../../shared/trading/levels';
import { formatPoints } from '../../shared/trading/points';

/**
 * The engine's trigger index for pending orders (docs/trading.md#pending-orders), against its definition over random
 * levels and quote paths, gaps included (any quote may follow any other): a buy limit fires when the ask ≤ its level, a
 * buy stop when the ask ≥ it, a sell limit when the bid ≥ it, a sell stop when the bid ≤ it; each exactly at the first
 * quote that reaches it, once, and never before. The fill price (that quote's ask or bid) is then on the order's side
 * of a limit, and at or past a stop's level. The fill's own check (`pendingFillAllowed`, where the fill is booked) agrees.
 */

const pendingKinds = ['buy_limit', 'buy_stop', 'sell_limit', 'sell_stop'] as const satisfies readonly TriggerKind[];
type PendingKind = (typeof pendingKinds)[number];

const reaches = (kind: PendingKind, level: number, { bid, ask }: { bid: number; ask: number }) => {
  switch (kind) {
    case 'buy_limit':
      return ask <= level;
    case 'buy_stop':
      return ask >= level;
    case 'sell_limit':
      return bid >= level;
    case 'sell_stop':
      return bid <= level;
  }
};

const quoteArb = fc.record({ bid: fc.integer({ min: 900, max: 2_100 }), spread: fc.integer({ min: 0, max: 40 }) }).map(({ bid, spread }) => ({ bid, ask: bid + spread }));
const ordersArb = fc.array(fc.record({ kind: fc.constantFrom(...pendingKinds), level: fc.integer({ min: 1_000, max: 2_000 }) }), { minLength: 1, maxLength: 20 });

describe('pending order triggers', () => {
  it('when quotes move and gap at random, then each order fires exactly at the first quote that reaches its level, filling a limit at its level or better and a stop at or past it', () => {
    fc.assert(
      fc.property(ordersArb, fc.array(quoteArb, { minLength: 1, maxLength: 30 }), (orders, path) => {
        const index = new TriggerIndex();
        orders.forEach(({ kind, level }, ownerId) => index.set({ instrumentId: 1, group: 0, ownerId, kind, side: kind.startsWith('buy') ? 'buy' : 'sell', level }));
        const open = new Set(orders.keys());
        for (const quote of path) {
          const fired = index.reached(1, () => quote).map((t) => t.ownerId);
          const due = [...open].filter((id) => reaches(orders[id]!.kind, orders[id]!.level, quote));
          expect(fired.sort((a, b) => a - b)).toEqual(due);
          for (const id of fired) {
            const { kind, level } = orders[id]!;
            const fill = kind.startsWith('buy') ? quote.ask : quote.bid;
            if (kind === 'buy_limit') expect(fill).toBeLessThanOrEqual(level);
            if (kind === 'sell_limit') expect(fill).toBeGreaterThanOrEqual(level);
            if (kind === 'buy_stop') expect(fill).toBeGreaterThanOrEqual(level);
            if (kind === 'sell_stop') expect(fill).toBeLessThanOrEqual(level);
            open.delete(id);
          }
        }
        expect(index.size).toBe(open.size);
      }),
      { numRuns: 1_000 },
    );
  });

  it('when any quote meets any order, then the fill check allows exactly the fills its trigger fires for', () => {
    fc.assert(
      fc.property(fc.constantFrom(...pendingKinds), fc.integer({ min: 1_000, max: 2_000 }), quoteArb, fc.constantFrom(0, 2, 5), (kind, level, quote, digits) => {
        const side = kind.startsWith('buy') ? 'buy' : 'sell';
        const price = formatPoints(side === 'buy' ? quote.ask : quote.bid, digits);
        const allowed = pendingFillAllowed({ side, kind: kind.endsWith('limit') ? 'limit' : 'stop', orderPrice: formatPoints(level, digits), price });
        expect(allowed).toBe(reaches(kind, level, quote));
      }),
      { numRuns: 2_000 },
    );
  });
});
