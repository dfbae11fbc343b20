import type { Side } from '../../../shared/trading/prices';
import type { Market } from '../market/market';
import type { LiveQuote } from '../market/quote-book';

/**
 * Screens accounts for margin call (100 %) and stop-out (50 %) as prices move. Floats are used only to
 * decide which accounts to look at; every decision is then made again exactly, in decimals, inside a
 * transaction. Only accounts holding the instrument that moved (or one quoted in a currency it
 * converts) are looked at.
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
  /** Balance + credit. */
  funds: number;
  usedMargin: number;
  positions: Position[];
}

/** A little room so rounding in the float screen never hides an account that is exactly at a level. */
const screenSlack = 1.000001;

export class RiskMonitor {
  private readonly accounts = new Map<number, AccountRisk>();
  private readonly byInstrument = new Map<number, Set<number>>();
  private readonly byCurrency = new Map<string, Set<number>>();

  constructor(private readonly market: Market) {}

  get size(): number {
    return this.accounts.size;
  }

  /** Replaces what is known of an account (after any change to its trades or balance); no positions forgets it. */
  set(state: AccountRisk): void {
    this.forget(state.accountId);
    if (state.positions.length === 0) return;
    this.accounts.set(state.accountId, state);
    for (const p of state.positions) {
      addTo(this.byInstrument, p.assetId, state.accountId);
      addTo(this.byCurrency, p.quoteCurrency, state.accountId);
    }
  }

  forget(accountId: number): void {
    const state = this.accounts.get(accountId);
    if (!state) return;
    this.accounts.delete(accountId);
    for (const p of state.positions) {
      this.byInstrument.get(p.assetId)?.delete(accountId);
      this.byCurrency.get(p.quoteCurrency)?.delete(accountId);
    }
  }

  /** Accounts whose equity these quotes may have changed. */
  affected(quotes: readonly LiveQuote[]): Set<number> {
    const ids = new Set<number>();
    for (const quote of quotes) {
      for (const id of this.byInstrument.get(quote.assetId) ?? []) ids.add(id);
      const instrument = this.market.instrument(quote.assetId);
      if (instrument?.assetClass === 'forex' && instrument.baseCurrency) {
        for (const currency of [instrument.baseCurrency, instrument.quoteCurrency]) for (const id of this.byCurrency.get(currency) ?? []) ids.add(id);
      }
    }
    return ids;
  }

  /** Margin level (%) of an account at the current quotes, by the float screen; Infinity without margin. */
  level(accountId: number): number {
    const state = this.accounts.get(accountId);
    if (!state || state.usedMargin <= 0) return Infinity;
    let equity = state.funds;
    for (const p of state.positions) {
      const quote = this.market.quotes.get(p.assetId);
      if (!quote) continue;
      const close = Number(p.side === 'buy' ? quote.bid : quote.ask);
      const move = p.side === 'buy' ? close - p.openPrice : p.openPrice - close;
      equity += move * p.units * Number(this.market.conversion(p.quoteCurrency, state.currency));
    }
    return (equity / state.usedMargin) * 100;
  }

  /** Of these accounts, those at or below `threshold` % by the screen (with slack, so none is missed). */
  atOrBelow(accountIds: Iterable<number>, threshold: number): number[] {
    const found: number[] = [];
    for (const id of accountIds) if (this.level(id) <= threshold * screenSlack) found.push(id);
    return found;
  }

  userOf(accountId: number): number | undefined {
    return this.accounts.get(accountId)?.userId;
  }
}

function addTo(map: Map<number | string, Set<number>>, key: number | string, id: number): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(id);
}
