import { trailedStop } from '../../../shared/trading/levels';
import type { Side } from '../../../shared/trading/prices';
import type { Group } from '../market/conditions';
import type { GroupPoints } from './trigger-index';

/**
 * The trailing stops the engine moves (docs/trading.md#trailing-stop), in integer points like the tick path.
 *
 * Per tick only the trailing trades of the ticking instrument are looked at (a map per instrument): a tick
 * on an instrument without any costs one map lookup, and one with some costs one comparison per trade.
 *
 * The stop here (`stop`) runs ahead of the database: a move is written by a queued engine job a moment
 * later. Each trail also remembers the stop losses the database has held since it started following
 * (`settled`, where it started, to `written`, the last level written), so that news of the trade from
 * elsewhere (a take-profit change, a partial close, the engine's own write) that still carries one of those
 * older levels does not put the stop back; any other level is a change the customer made, and trailing
 * continues from it. The customer's own change needs no mark: while trailing, the server takes only a stop
 * loss better than the stored one (`trailingStopBack` in protection.ts), so a customer's stop within those
 * older levels was stored before the engine's write it is worse than (its event, from another process, can
 * arrive after the engine's own) and is older news as well; taking it would put the trigger behind the
 * database. When the two ever disagree the database decides: a stop loss only closes the trade at the level
 * stored (the engine checks it before closing), and is indexed again from there.
 */
export interface Trail {
  tradeId: number;
  instrumentId: number;
  /** The client group whose quote it trails. */
  group: Group;
  side: Side;
  /** Distance behind the closing price, in points. */
  distance: number;
  /** The newest stop loss in points (where the trigger index has it), or null before the first move. */
  stop: number | null;
  /** The stop loss the database held when this trail started following it. */
  settled: number | null;
  /** The last stop loss known to be in the database (written by the engine, or the one it started from). */
  written: number | null;
  /** A write of `stop` is queued and has not started yet (at most one per trade). */
  queued: boolean;
  /** Its stop loss or take profit fired: not moved until the close is decided (closed, or indexed again). */
  frozen: boolean;
}

/** True when stop `a` protects more than stop `b` (a buy's higher, a sell's lower); none protects least. */
export function better(side: Side, a: number | null, b: number | null): boolean {
  if (a === null) return false;
  if (b === null) return true;
  return side === 'buy' ? a > b : a < b;
}

export class TrailingStops {
  private readonly byTrade = new Map<number, Trail>();
  private readonly byInstrument = new Map<number, Map<number, Trail>>();

  /** How many trades are trailing. */
  get size(): number {
    return this.byTrade.size;
  }

  get(tradeId: number): Trail | undefined {
    return this.byTrade.get(tradeId);
  }

  /** Starts following a trade from the stop loss the database has (at start, or indexed again from the database). */
  start(t: { tradeId: number; instrumentId: number; group: Group; side: Side; distance: number; stop: number | null }): Trail {
    this.remove(t.tradeId);
    const trail: Trail = { ...t, settled: t.stop, written: t.stop, queued: false, frozen: false };
    this.byTrade.set(t.tradeId, trail);
    let trails = this.byInstrument.get(t.instrumentId);
    if (!trails) this.byInstrument.set(t.instrumentId, (trails = new Map()));
    trails.set(t.tradeId, trail);
    return trail;
  }

  /**
   * News of a trailing trade from an event (`stop`: the stop loss it carries): the stop the engine should
   * watch. A better stop than the trail's is taken (the database has it); one the database held earlier in
   * this trail is older news and the trail's newer stop stays; anything else is the customer's change.
   */
  adopt(t: { tradeId: number; instrumentId: number; group: Group; side: Side; distance: number; stop: number | null }): Trail {
    const trail = this.byTrade.get(t.tradeId);
    if (!trail || trail.instrumentId !== t.instrumentId || trail.group !== t.group || trail.side !== t.side) return this.start(t);
    trail.distance = t.distance;
    if (t.stop === trail.stop || better(t.side, t.stop, trail.stop)) {
      trail.stop = t.stop;
      if (better(t.side, t.stop, trail.written)) trail.written = t.stop;
    } else if (!this.heldBefore(trail, t.stop)) {
      trail.stop = trail.settled = trail.written = t.stop;
    }
    return trail;
  }

  /** Whether the database held this stop loss earlier in the trail: between where it started and the last write. */
  private heldBefore(trail: Trail, stop: number | null): boolean {
    if (stop === null) return trail.settled === null;
    return !better(trail.side, stop, trail.written) && !better(trail.side, trail.settled, stop);
  }

  remove(tradeId: number): void {
    const trail = this.byTrade.get(tradeId);
    if (!trail) return;
    this.byTrade.delete(tradeId);
    const trails = this.byInstrument.get(trail.instrumentId);
    trails?.delete(tradeId);
    if (trails?.size === 0) this.byInstrument.delete(trail.instrumentId);
  }

  /** Stops moving a trade whose level fired, until it is closed or indexed again. */
  freeze(tradeId: number): void {
    const trail = this.byTrade.get(tradeId);
    if (trail) trail.frozen = true;
  }

  /** Moves a frozen trade again (its close could not be decided: the level that fired is put back as it was). */
  thaw(tradeId: number): void {
    const trail = this.byTrade.get(tradeId);
    if (trail) trail.frozen = false;
  }

  /**
   * Moves the stops of one instrument's trailing trades after its quote (in points, each trade's group's): a buy's
   * to bid − distance, a sell's to ask + distance, only in the trade's favour. `moved` hears each that moved.
   */
  follow(instrumentId: number, at: GroupPoints, moved: (trail: Trail) => void): void {
    const trails = this.byInstrument.get(instrumentId);
    if (!trails) return;
    for (const trail of trails.values()) {
      if (trail.frozen) continue;
      const { bid, ask } = at(trail.group);
      const next = trailedStop({ side: trail.side, closing: trail.side === 'buy' ? bid : ask, distance: trail.distance, current: trail.stop });
      if (next === trail.stop) continue;
      trail.stop = next;
      moved(trail);
    }
  }
}
