import { describe, expect, it } from 'vitest';
import { trailedStop, trailingStopProblem } from '../../shared/trading/levels';
import { TrailingStops, type Trail } from '../../server/trading/engine/trailing';

const buy = { tradeId: 1, instrumentId: 7, group: 0, side: 'buy' as const, distance: 100 };
const sell = { tradeId: 2, instrumentId: 7, group: 0, side: 'sell' as const, distance: 100 };

/** Follows one quote and answers which trades moved, and to where. */
function follow(stops: TrailingStops, instrumentId: number, bid: number, ask: number): Record<number, number | null> {
  const moved: Record<number, number | null> = {};
  stops.follow(
    instrumentId,
    () => ({ bid, ask }),
    (trail: Trail) => (moved[trail.tradeId] = trail.stop),
  );
  return moved;
}

describe('trailed stop maths', () => {
  it('moves a buy’s stop up to bid − distance and a sell’s down to ask + distance, never back', () => {
    expect(trailedStop({ side: 'buy', closing: 1000, distance: 100, current: 850 })).toBe(900);
    expect(trailedStop({ side: 'buy', closing: 920, distance: 100, current: 900 })).toBe(900);
    expect(trailedStop({ side: 'sell', closing: 1000, distance: 100, current: 1150 })).toBe(1100);
    expect(trailedStop({ side: 'sell', closing: 1080, distance: 100, current: 1100 })).toBe(1100);
    expect(trailedStop({ side: 'buy', closing: 1000, distance: 100, current: null })).toBe(900);
    // A buy's stop never goes to zero or below.
    expect(trailedStop({ side: 'buy', closing: 50, distance: 100, current: null })).toBeNull();
  });

  it('takes whole distances from 10 to 1,000,000 points; 0 and null are off', () => {
    expect([0, null, undefined, 10, 1_000_000].map(trailingStopProblem)).toEqual([null, null, null, null, null]);
    for (const bad of [9, 10.5, -20, 1_000_001, Number.NaN]) expect(trailingStopProblem(bad)).not.toBeNull();
  });
});

describe('trailing stops in the engine’s memory', () => {
  it('looks only at the ticking instrument’s trailing trades and reports each move once', () => {
    const stops = new TrailingStops();
    stops.start({ ...buy, stop: 800 });
    stops.start({ ...sell, stop: 1300 });
    stops.start({ tradeId: 3, instrumentId: 8, group: 0, side: 'buy', distance: 10, stop: 1 });
    expect(follow(stops, 7, 1000, 1010)).toEqual({ 1: 900, 2: 1110 });
    expect(follow(stops, 7, 990, 1020)).toEqual({});
    expect(follow(stops, 7, 1050, 1060)).toEqual({ 1: 950 });
    expect(follow(stops, 9, 1, 2)).toEqual({});
    expect(stops.get(3)!.stop).toBe(1);
  });

  it('does not move a frozen trail (its level fired) and forgets removed ones', () => {
    const stops = new TrailingStops();
    stops.start({ ...buy, stop: 800 });
    stops.freeze(1);
    expect(follow(stops, 7, 2000, 2010)).toEqual({});
    stops.remove(1);
    expect(stops.size).toBe(0);
    expect(follow(stops, 7, 3000, 3010)).toEqual({});
  });

  it('keeps its newer stop against news carrying a stop the database held earlier in the trail', () => {
    const stops = new TrailingStops();
    const trail = stops.start({ ...buy, stop: 800 });
    follow(stops, 7, 1000, 1010); // stop 900, not written yet
    // A take-profit change elsewhere carries the stored 800: older news.
    expect(stops.adopt({ ...buy, stop: 800 }).stop).toBe(900);
    trail.written = 900; // the engine wrote it
    follow(stops, 7, 1100, 1110); // stop 1000
    // The engine's own announcement of 900, heard after the next move.
    expect(stops.adopt({ ...buy, stop: 900 }).stop).toBe(1000);
    expect(stops.adopt({ ...buy, stop: 850 }).stop).toBe(1000);
  });

  it('takes a customer’s stop: a better one at once, a worse one outside what the database held, and trails on from it', () => {
    const stops = new TrailingStops();
    stops.start({ ...buy, stop: 800 });
    follow(stops, 7, 1000, 1010); // 900
    expect(stops.adopt({ ...buy, stop: 950 }).stop).toBe(950);
    // Lowered by hand below where the trail started: taken, and trailing continues from it.
    expect(stops.adopt({ ...buy, stop: 700 }).stop).toBe(700);
    expect(follow(stops, 7, 850, 860)).toEqual({ 1: 750 });
    // A new distance is taken as it comes, the stop kept.
    expect(stops.adopt({ ...buy, distance: 50, stop: 700 }).stop).toBe(750);
    expect(follow(stops, 7, 850, 860)).toEqual({ 1: 800 });
  });

  it('when a customer’s raise is heard after the engine’s later write, then it is older news; heard before it, it is taken until the write’s own news', () => {
    // While trailing the server takes only a stop loss better than the stored one (trailingStopBack), so a
    // customer's stop worse than the trail's last write was stored before that write: the write is newer.
    const stops = new TrailingStops();
    const trail = stops.start({ ...buy, stop: 800 });
    follow(stops, 7, 1000, 1010); // 900 in memory; the customer raises the stored 800 to 850 meanwhile
    trail.written = 900; // the engine's write of 900 (better than the stored 850) commits and is heard first
    expect(stops.adopt({ ...buy, stop: 900 }).stop).toBe(900);
    expect(stops.adopt({ ...buy, stop: 850 }).stop).toBe(900);
    // The other order: the customer's 850 heard first is theirs (the database has it), then the engine's 900.
    const again = new TrailingStops();
    const other = again.start({ ...buy, stop: 800 });
    follow(again, 7, 1000, 1010);
    expect(again.adopt({ ...buy, stop: 850 }).stop).toBe(850);
    other.written = 900;
    expect(again.adopt({ ...buy, stop: 900 }).stop).toBe(900);
  });

  it('works the same way round for a sell (its stop only falls)', () => {
    const stops = new TrailingStops();
    stops.start({ ...sell, stop: 1300 });
    follow(stops, 7, 1000, 1010); // 1110
    expect(stops.adopt({ ...sell, stop: 1300 }).stop).toBe(1110);
    expect(stops.adopt({ ...sell, stop: 1400 }).stop).toBe(1400);
    expect(stops.adopt({ ...sell, stop: 1050 }).stop).toBe(1050);
  });
});
