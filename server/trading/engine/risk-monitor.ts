import type { Side } from '../../../shared/trading/prices';
import type { Market } from '../market/market';
import type { LiveQuote } from '../market/quote-book';
import type { Group } from '../market/conditions';
import { widenedPoints } from '../../../shared/trading/conditions';

/**
 * Screens accounts for margin call (100 %) and stop-out (50 %) as prices move. Floats are used only to
 * decide which accounts to look at; every decision is then made again exactly, in decimals, inside a
 * transaction. Each account's open P/L is kept current by the price change of the instrument that
 * ticked, so a tick costs one update per position in that instrument, whatever else is open; each
 * account also keeps the P/L at which it reaches the screen level, so that update is also the whole
 * check. Positions are valued at the closing side of their account's client group's quote (docs/trading.md#trading-conditions),
 * worked out once per group per tick. The numbers live in typed arrays (one slot per account; per instrument, parallel arrays of its
 * positions), which keep that loop tight (see `npm run bench -- engine`).
 */
export interface Position {
  tradeId: number;
  assetId: number;
  side: Side;
  units: number;
  openPrice: number;
  quoteCurrency: string;
}

export interface AccountRisk {
  accountId: number;
  userId: number;
  currency: string;
  /** The client group whose quotes the account's positions close at. */
  group: Group;
  /** Balance + credit. */
  funds: number;
  usedMargin: number;
  positions: Position[];
}

/** A little room so rounding in the float screen never hides an account that is exactly at a level. */
const screenSlack = 1.000001;

/** The positions held in one instrument, as parallel arrays. */
class Holdings {
  length = 0;
  slots = new Int32Array(8);
  /** Units, negative for a sell. */
  signedUnits = new Float64Array(8);
  openPrices = new Float64Array(8);
  /** The closing price each position was last valued at. */
  marks = new Float64Array(8);
  /** 0 when quoted in the account's currency, else 1 + the index of the conversion in `pairs`. */
  conversions = new Int32Array(8);

  push(slot: number, signedUnits: number, openPrice: number, mark: number, conversion: number): void {
    if (this.length === this.slots.length) this.grow();
    const i = this.length++;
    this.slots[i] = slot;
    this.signedUnits[i] = signedUnits;
    this.openPrices[i] = openPrice;
    this.marks[i] = mark;
    this.conversions[i] = conversion;
  }

  removeSlot(slot: number): void {
    let to = 0;
    for (let i = 0; i < this.length; i += 1) {
      if (this.slots[i] === slot) continue;
      this.slots[to] = this.slots[i]!;
      this.signedUnits[to] = this.signedUnits[i]!;
      this.openPrices[to] = this.openPrices[i]!;
      this.marks[to] = this.marks[i]!;
      this.conversions[to] = this.conversions[i]!;
      to += 1;
    }
    this.length = to;
  }

  private grow(): void {
    const size = this.slots.length * 2;
    const copy = <T extends Int32Array | Float64Array>(from: T, make: (n: number) => T) => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.slots = copy(this.slots, (n) => new Int32Array(n));
    this.signedUnits = copy(this.signedUnits, (n) => new Float64Array(n));
    this.openPrices = copy(this.openPrices, (n) => new Float64Array(n));
    this.marks = copy(this.marks, (n) => new Float64Array(n));
    this.conversions = copy(this.conversions, (n) => new Int32Array(n));
  }
}

interface AccountMeta {
  slot: number;
  currency: string;
  group: Group;
  assets: Set<number>;
  currencies: Set<string>;
  tradeIds: Set<number>;
}

export class RiskMonitor {
  private readonly meta = new Map<number, AccountMeta>();
  /** By instrument, then client group. */
  private readonly holdings = new Map<number, Map<Group, Holdings>>();
  /** Accounts holding something quoted in a currency, revalued whole when that currency's rate moves. */
  private readonly byCurrency = new Map<string, Set<number>>();
  /** Conversions in use, as `FROMTO` pairs; a holding refers to one by index. */
  private readonly pairs: string[] = [];
  private readonly pairIndex = new Map<string, number>();
  private accountIds = new Int32Array(64);
  private funds = new Float64Array(64);
  private usedMargin = new Float64Array(64);
  private pnl = new Float64Array(64);
  /** The open P/L at or below which the account is at the screen level (−∞ with no margin in use). */
  private reachAt = new Float64Array(64);
  private seen = new Int32Array(64);
  private readonly freeSlots: number[] = [];
  private nextSlot = 0;
  private screenNo = 0;

  /** `screenLevel`: the margin level (%) `screen` reports accounts at or below. */
  constructor(
    private readonly market: Market,
    private readonly screenLevel: number,
  ) {}

  get size(): number {
    return this.meta.size;
  }

  /** Replaces what is known of an account (after any change to its trades or balance); no positions forgets it. */
  set(risk: AccountRisk): void {
    this.forget(risk.accountId);
    if (risk.positions.length === 0) return;
    const slot = this.freeSlots.pop() ?? this.claimSlot();
    const meta: AccountMeta = { slot, currency: risk.currency, group: risk.group, assets: new Set(), currencies: new Set(), tradeIds: new Set() };
    this.meta.set(risk.accountId, meta);
    this.accountIds[slot] = risk.accountId;
    this.funds[slot] = risk.funds;
    this.usedMargin[slot] = risk.usedMargin;
    this.updateReach(slot);
    this.pnl[slot] = 0;
    this.seen[slot] = 0;
    const rates = new Map<number, number>();
    for (const p of risk.positions) this.hold(risk.accountId, meta, p, rates);
  }

  /**
   * Adds a newly opened position to an account already watched: the margin in use grows, and the balance falls by its
   * opening commission (nothing else at the open changes balance or credit); false when the account is not watched yet
   * and must be loaded.
   */
  addPosition(accountId: number, position: Position, margin: number, commission = 0): boolean {
    const meta = this.meta.get(accountId);
    if (!meta) return false;
    if (meta.tradeIds.has(position.tradeId)) return true;
    this.usedMargin[meta.slot] = this.usedMargin[meta.slot]! + margin;
    this.funds[meta.slot] = this.funds[meta.slot]! - commission;
    this.updateReach(meta.slot);
    this.hold(accountId, meta, position, new Map());
    return true;
  }

  private hold(accountId: number, meta: AccountMeta, p: Position, rates: Map<number, number>): void {
    const quote = this.market.quoteFor(p.assetId, meta.group);
    const mark = quote ? Number(p.side === 'buy' ? quote.bid : quote.ask) : p.openPrice;
    const signed = p.side === 'buy' ? p.units : -p.units;
    const conversion = p.quoteCurrency === meta.currency ? 0 : 1 + this.pairOf(`${p.quoteCurrency}${meta.currency}`);
    let groups = this.holdings.get(p.assetId);
    if (!groups) this.holdings.set(p.assetId, (groups = new Map()));
    let list = groups.get(meta.group);
    if (!list) groups.set(meta.group, (list = new Holdings()));
    list.push(meta.slot, signed, p.openPrice, mark, conversion);
    meta.assets.add(p.assetId);
    meta.tradeIds.add(p.tradeId);
    this.pnl[meta.slot] = this.pnl[meta.slot]! + (mark - p.openPrice) * signed * this.rate(conversion, rates);
    if (conversion !== 0) {
      meta.currencies.add(p.quoteCurrency);
      let set = this.byCurrency.get(p.quoteCurrency);
      if (!set) this.byCurrency.set(p.quoteCurrency, (set = new Set()));
      set.add(accountId);
    }
  }

  forget(accountId: number): void {
    const meta = this.meta.get(accountId);
    if (!meta) return;
    this.meta.delete(accountId);
    for (const assetId of meta.assets) this.holdings.get(assetId)?.get(meta.group)?.removeSlot(meta.slot);
    for (const currency of meta.currencies) this.byCurrency.get(currency)?.delete(accountId);
    this.freeSlots.push(meta.slot);
  }

  /** Margin level (%) by the screen; Infinity without margin or for an unknown account. */
  level(accountId: number): number {
    const meta = this.meta.get(accountId);
    return meta ? this.levelOf(meta.slot) : Infinity;
  }

  private updateReach(slot: number): void {
    const margin = this.usedMargin[slot]!;
    this.reachAt[slot] = margin > 0 ? ((this.screenLevel * screenSlack) / 100) * margin - this.funds[slot]! : -Infinity;
  }

  private levelOf(slot: number): number {
    const margin = this.usedMargin[slot]!;
    return margin > 0 ? ((this.funds[slot]! + this.pnl[slot]!) / margin) * 100 : Infinity;
  }

  private claimSlot(): number {
    const slot = this.nextSlot++;
    if (slot >= this.accountIds.length) {
      const size = this.accountIds.length * 2;
      const grow = <T extends Int32Array | Float64Array>(from: T, to: T) => {
        to.set(from);
        return to;
      };
      this.accountIds = grow(this.accountIds, new Int32Array(size));
      this.funds = grow(this.funds, new Float64Array(size));
      this.usedMargin = grow(this.usedMargin, new Float64Array(size));
      this.pnl = grow(this.pnl, new Float64Array(size));
      this.reachAt = grow(this.reachAt, new Float64Array(size));
      this.seen = grow(this.seen, new Int32Array(size));
    }
    return slot;
  }

  private pairOf(pair: string): number {
    let index = this.pairIndex.get(pair);
    if (index === undefined) {
      index = this.pairs.length;
      this.pairs.push(pair);
      this.pairIndex.set(pair, index);
    }
    return index;
  }

  /** The float rate of a conversion (0 = none), worked out once per screen. */
  private rate(conversion: number, rates: Map<number, number>): number {
    if (conversion === 0) return 1;
    let rate = rates.get(conversion);
    if (rate === undefined) {
      const pair = this.pairs[conversion - 1]!;
      rate = Number(this.market.conversion(pair.slice(0, 3), pair.slice(3)));
      rates.set(conversion, rate);
    }
    return rate;
  }

  /** Values every position of an account afresh (a conversion rate moved). */
  private revalue(accountId: number, rates: Map<number, number>): number {
    const meta = this.meta.get(accountId)!;
    let pnl = 0;
    for (const assetId of meta.assets) {
      const list = this.holdings.get(assetId)!.get(meta.group)!;
      const quote = this.market.quoteFor(assetId, meta.group);
      for (let i = 0; i < list.length; i += 1) {
        if (list.slots[i] !== meta.slot) continue;
        if (quote) list.marks[i] = Number(list.signedUnits[i]! > 0 ? quote.bid : quote.ask);
        pnl += (list.marks[i]! - list.openPrices[i]!) * list.signedUnits[i]! * this.rate(list.conversions[i]!, rates);
      }
    }
    this.pnl[meta.slot] = pnl;
    return meta.slot;
  }

  /**
   * Applies a batch of quotes and returns the accounts now at or below the screen level, with their
   * levels. Positions in the instruments that moved are revalued by their price change; accounts holding
   * something quoted in a currency whose rate moved are revalued whole.
   */
  screen(quotes: readonly LiveQuote[]): { accountId: number; level: number }[] {
    const no = ++this.screenNo;
    const rates = new Map<number, number>();
    const candidates: number[] = [];
    const { pnl, reachAt, seen } = this;
    const note = (slot: number) => {
      if (pnl[slot]! <= reachAt[slot]! && seen[slot] !== no) {
        seen[slot] = no;
        candidates.push(slot);
      }
    };
    for (const quote of quotes) {
      const instrument = this.market.instrument(quote.assetId);
      if (!instrument) continue;
      const scale = pow10[instrument.digits] ?? 10 ** instrument.digits;
      for (const [group, list] of this.holdings.get(quote.assetId) ?? noHoldings) {
        if (list.length === 0) continue;
        const points = widenedPoints({ bid: quote.bidPoints, ask: quote.askPoints }, this.market.conditions.of(group, instrument).spreadMarkup);
        const bid = points.bid / scale;
        const ask = points.ask / scale;
        const { slots, signedUnits, marks, conversions } = list;
        for (let i = 0; i < list.length; i += 1) {
          const units = signedUnits[i]!;
          const close = units > 0 ? bid : ask;
          const conversion = conversions[i]!;
          const slot = slots[i]!;
          const value = pnl[slot]! + (close - marks[i]!) * units * (conversion === 0 ? 1 : this.rate(conversion, rates));
          pnl[slot] = value;
          marks[i] = close;
          if (value <= reachAt[slot]! && seen[slot] !== no) {
            seen[slot] = no;
            candidates.push(slot);
          }
        }
      }
      if (instrument.assetClass === 'forex' && instrument.baseCurrency) {
        for (const currency of [instrument.baseCurrency, instrument.quoteCurrency]) {
          for (const accountId of this.byCurrency.get(currency) ?? []) note(this.revalue(accountId, rates));
        }
      }
    }
    // A later tick in the batch may have lifted an account back above the level.
    const found: { accountId: number; level: number }[] = [];
    for (const slot of candidates) {
      if (pnl[slot]! <= reachAt[slot]!) found.push({ accountId: this.accountIds[slot]!, level: this.levelOf(slot) });
    }
    return found;
  }
}

const noHoldings: ReadonlyMap<Group, Holdings> = new Map();
const pow10 = Array.from({ length: 11 }, (_, n) => 10 ** n);
