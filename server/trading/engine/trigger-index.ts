import type { Side } from '../../../shared/trading/prices';
import type { Group } from '../market/conditions';
import { Heap } from './heap';

/**
 * Price levels waiting to be reached, per instrument and client group (each group's quote is its own:
 * docs/trading.md#trading-conditions), in heaps ordered by how soon the price reaches them: a tick pops only
 * what it triggers, so its cost grows with what triggers, not with what is open.
 *
 * Levels and prices are integer points (price × 10^digits, `pointsOf`), exact for the instrument's precision.
 * A level triggers on one side of the quote: `bid` for what a sell would close or fill at, `ask` for a buy.
 */
export type TriggerKind = 'take_profit' | 'stop_loss' | 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop';

export interface Trigger {
  /** The trade (TP/SL) or pending order this level belongs to. */
  ownerId: number;
  /** The client group whose quote it watches. */
  group: Group;
  kind: TriggerKind;
  /** The side of the trade or order (which quote side it watches, and where to put it back: `rearm`). */
  side: Side;
  level: number;
  /** Entries replaced by a newer version are skipped when they surface (lazy deletion). */
  version: number;
}

/** Which quote side a trigger watches, and whether it fires when that price rises to (`up`) or falls to the level. */
function watch(kind: TriggerKind, side: Side): { on: 'bid' | 'ask'; direction: 'up' | 'down' } {
  switch (kind) {
    case 'take_profit':
      return side === 'buy' ? { on: 'bid', direction: 'up' } : { on: 'ask', direction: 'down' };
    case 'stop_loss':
      return side === 'buy' ? { on: 'bid', direction: 'down' } : { on: 'ask', direction: 'up' };
    case 'buy_limit':
      return { on: 'ask', direction: 'down' };
    case 'buy_stop':
      return { on: 'ask', direction: 'up' };
    case 'sell_limit':
      return { on: 'bid', direction: 'up' };
    case 'sell_stop':
      return { on: 'bid', direction: 'down' };
  }
}

interface Book {
  /** Fire when the price rises to or above the level: the lowest level first. */
  askUp: Heap<Trigger>;
  askDown: Heap<Trigger>;
  bidUp: Heap<Trigger>;
  bidDown: Heap<Trigger>;
}

/** The quote of each client group at one tick, in points (worked out only for the groups something waits in). */
export type GroupPoints = (group: Group) => { bid: number; ask: number };

const newBook = (): Book => ({
  askUp: new Heap((a, b) => a.level < b.level),
  askDown: new Heap((a, b) => a.level > b.level),
  bidUp: new Heap((a, b) => a.level < b.level),
  bidDown: new Heap((a, b) => a.level > b.level),
});

/** What most ticks reach: nothing (one shared array, not one per tick). */
const none: readonly Trigger[] = Object.freeze([]);

const kindIndex: Record<TriggerKind, number> = { take_profit: 0, stop_loss: 1, buy_limit: 2, buy_stop: 3, sell_limit: 4, sell_stop: 5 };

export class TriggerIndex {
  private readonly books = new Map<number, Map<Group, Book>>();
  /** The current version of each (owner, kind), under a numeric key (no string per lookup on the tick path). */
  private readonly current = new Map<number, number>();
  private nextVersion = 1;
  private live = 0;
  /** Entries still in the heaps whose owner was removed or given another level since. */
  private stale = 0;

  /** How many triggers are registered and current. */
  get size(): number {
    return this.live;
  }

  /** How many entries the heaps hold, current or replaced (memory stays within a small multiple of `size`). */
  get entries(): number {
    let n = 0;
    for (const groups of this.books.values()) for (const book of groups.values()) n += book.askUp.size + book.askDown.size + book.bidUp.size + book.bidDown.size;
    return n;
  }

  private key(ownerId: number, kind: TriggerKind): number {
    return ownerId * 8 + kindIndex[kind];
  }

  /** Sets (or with `level` null, removes) the level of one owner's trigger of this kind. */
  set({ instrumentId, group, ownerId, kind, side, level }: { instrumentId: number; group: Group; ownerId: number; kind: TriggerKind; side: Side; level: number | null }): void {
    const key = this.key(ownerId, kind);
    if (this.current.has(key)) {
      this.live -= 1;
      this.stale += 1;
    }
    if (level === null) {
      this.current.delete(key);
      this.compactIfStale();
      return;
    }
    const version = this.nextVersion++;
    this.current.set(key, version);
    this.live += 1;
    let groups = this.books.get(instrumentId);
    if (!groups) this.books.set(instrumentId, (groups = new Map()));
    let book = groups.get(group);
    if (!book) groups.set(group, (book = newBook()));
    const { on, direction } = watch(kind, side);
    const heap = on === 'ask' ? (direction === 'up' ? book.askUp : book.askDown) : direction === 'up' ? book.bidUp : book.bidDown;
    heap.push({ ownerId, group, kind, side, level, version });
    this.compactIfStale();
  }

  /** Whether this owner has a current trigger of this kind (one that fired is gone until set again). */
  has(ownerId: number, kind: TriggerKind): boolean {
    return this.current.has(this.key(ownerId, kind));
  }

  /** Puts a trigger that fired back at its level, unless a newer level was set for it since. */
  rearm(instrumentId: number, trigger: Trigger): void {
    if (this.has(trigger.ownerId, trigger.kind)) return;
    this.set({ instrumentId, group: trigger.group, ownerId: trigger.ownerId, kind: trigger.kind, side: trigger.side, level: trigger.level });
  }

  /** Removes every trigger of an owner (a closed trade, a cancelled order). */
  remove(ownerId: number, kinds: readonly TriggerKind[]): void {
    for (const kind of kinds) {
      const key = this.key(ownerId, kind);
      if (this.current.delete(key)) {
        this.live -= 1;
        this.stale += 1;
      }
    }
    this.compactIfStale();
  }

  /** Pops and returns every current trigger this tick reaches (each group's at its own quote), removing them from the index. */
  reached(instrumentId: number, at: GroupPoints): readonly Trigger[] {
    const groups = this.books.get(instrumentId);
    if (!groups) return none;
    let fired: Trigger[] | undefined;
    for (const [group, book] of groups) {
      const { bid, ask } = at(group);
      fired = this.drain(book.askUp, ask, true, fired);
      fired = this.drain(book.askDown, ask, false, fired);
      fired = this.drain(book.bidUp, bid, true, fired);
      fired = this.drain(book.bidDown, bid, false, fired);
    }
    return fired ?? none;
  }

  /**
   * Pops from one heap while its top is reached by `price` (rising to it when `up`). Replaced entries are
   * dropped when the price reaches them, so a tick that reaches nothing costs one comparison per heap.
   */
  private drain(heap: Heap<Trigger>, price: number, up: boolean, fired: Trigger[] | undefined): Trigger[] | undefined {
    for (let top = heap.peek(); top !== undefined; top = heap.peek()) {
      if (up ? price < top.level : price > top.level) return fired;
      heap.pop();
      const key = this.key(top.ownerId, top.kind);
      if (this.current.get(key) !== top.version) {
        this.stale -= 1;
        continue;
      }
      this.current.delete(key);
      this.live -= 1;
      (fired ??= []).push(top);
    }
    return fired;
  }

  /** Rebuilds the heaps without replaced entries once they outnumber the live ones (levels changed often, price never reached them). */
  private compactIfStale(): void {
    if (this.stale < 1024 || this.stale < this.live) return;
    for (const groups of this.books.values()) {
      for (const book of groups.values()) {
        for (const heap of [book.askUp, book.askDown, book.bidUp, book.bidDown]) heap.retain((t) => this.current.get(this.key(t.ownerId, t.kind)) === t.version);
      }
    }
    this.stale = 0;
  }
}
