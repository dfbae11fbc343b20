import { describe, expect, it } from 'vitest';
import { TriggerIndex } from '../../server/trading/engine/trigger-index';

describe('trigger index', () => {
  it('fires a buy’s TP on the bid rising to it and its SL on the bid falling to it, each once', () => {
    const index = new TriggerIndex();
    index.set({ instrumentId: 1, group: 0, ownerId: 10, kind: 'take_profit', side: 'buy', level: 110 });
    index.set({ instrumentId: 1, group: 0, ownerId: 10, kind: 'stop_loss', side: 'buy', level: 90 });
    expect(index.reached(1, () => ({ bid: 109, ask: 111 }))).toEqual([]);
    expect(index.reached(1, () => ({ bid: 110, ask: 112 })).map((t) => t.kind)).toEqual(['take_profit']);
    expect(index.reached(1, () => ({ bid: 120, ask: 122 }))).toEqual([]);
    expect(index.reached(1, () => ({ bid: 80, ask: 82 })).map((t) => t.kind)).toEqual(['stop_loss']);
    expect(index.size).toBe(0);
  });

  it('fires a sell’s levels on the ask, and pending orders on their own sides', () => {
    const index = new TriggerIndex();
    index.set({ instrumentId: 2, group: 0, ownerId: 1, kind: 'take_profit', side: 'sell', level: 90 });
    index.set({ instrumentId: 2, group: 0, ownerId: 1, kind: 'stop_loss', side: 'sell', level: 110 });
    index.set({ instrumentId: 2, group: 0, ownerId: 2, kind: 'buy_limit', side: 'buy', level: 95 });
    index.set({ instrumentId: 2, group: 0, ownerId: 3, kind: 'sell_stop', side: 'sell', level: 96 });
    // bid 89 / ask 91: the buy limit (ask ≤ 95) and the sell stop (bid ≤ 96) fire; the sell's TP (ask ≤ 90) not yet.
    expect(
      index
        .reached(2, () => ({ bid: 89, ask: 91 }))
        .map((t) => `${t.kind}:${t.ownerId}`)
        .sort(),
    ).toEqual(['buy_limit:2', 'sell_stop:3']);
    expect(index.reached(2, () => ({ bid: 88, ask: 90 })).map((t) => t.kind)).toEqual(['take_profit']);
  });

  it('forgets replaced and removed levels, however many there are', () => {
    const index = new TriggerIndex();
    for (let i = 0; i < 1000; i += 1) index.set({ instrumentId: 3, group: 0, ownerId: i, kind: 'take_profit', side: 'buy', level: 200 + i });
    index.set({ instrumentId: 3, group: 0, ownerId: 0, kind: 'take_profit', side: 'buy', level: 5000 });
    index.remove(1, ['take_profit']);
    const fired = index.reached(3, () => ({ bid: 205, ask: 206 }));
    expect(fired.map((t) => t.ownerId).sort((a, b) => a - b)).toEqual([2, 3, 4, 5]);
    expect(index.size).toBe(995);
    expect(index.reached(3, () => ({ bid: 5000, ask: 5001 }))).toHaveLength(995);
  });

  it('keeps memory bounded when levels far from the price are changed again and again', () => {
    const index = new TriggerIndex();
    for (let round = 0; round < 200; round += 1) {
      for (let owner = 0; owner < 50; owner += 1) index.set({ instrumentId: 4, group: 0, ownerId: owner, kind: 'stop_loss', side: 'buy', level: 10_000 - round - owner });
    }
    expect(index.size).toBe(50);
    expect(index.entries).toBeLessThan(50 + 2 * 1024);
    // Only the latest level of each owner fires.
    expect(
      index
        .reached(4, () => ({ bid: 0, ask: 1 }))
        .map((t) => t.level)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 50 }, (_, owner) => 10_000 - 199 - owner).sort((a, b) => a - b));
    expect(index.size).toBe(0);
  });

  it('puts a trigger that fired back at its level, unless a newer level was set for it since', () => {
    const index = new TriggerIndex();
    index.set({ instrumentId: 1, group: 0, ownerId: 7, kind: 'stop_loss', side: 'sell', level: 110 });
    const [fired] = index.reached(1, () => ({ bid: 109, ask: 111 }));
    expect(fired).toMatchObject({ ownerId: 7, kind: 'stop_loss', side: 'sell', level: 110 });
    expect(index.has(7, 'stop_loss')).toBe(false);
    index.rearm(1, fired!);
    expect(index.has(7, 'stop_loss')).toBe(true);
    expect(index.reached(1, () => ({ bid: 109, ask: 111 })).map((t) => t.ownerId)).toEqual([7]);

    index.set({ instrumentId: 1, group: 0, ownerId: 7, kind: 'stop_loss', side: 'sell', level: 120 });
    index.rearm(1, fired!);
    expect(index.reached(1, () => ({ bid: 109, ask: 111 }))).toEqual([]);
    expect(index.reached(1, () => ({ bid: 119, ask: 121 })).map((t) => t.level)).toEqual([120]);
  });
});
