import { marketStripSymbols, type MarketTile } from '../../../shared/api/dashboard.schema';
import { Money } from '../../../shared/money';
import { changeOf } from '../../../shared/trading/prices';
import { feedTiming } from '../../../shared/trading/terminal';
import type { Executor } from '../db/database';
import { firstRecordedPrices, previousDailyCloses } from '../db/dashboard.repo';
import { displaySymbol } from '../market/asset-view';
import type { Market } from '../market/market';

type FirstPrice = { price: string; at: Date };

interface DayBases {
  day: number;
  readAt: number;
  closes: Map<number, string>;
  firsts: Map<number, FirstPrice>;
}

/**
 * What each instrument's change is measured against on one UTC day: its last recorded daily close, else its first
 * recorded price today. Both are the same for every customer and final once found, so they are kept (for the day,
 * and at most `keepMs`, in case the day's last candles were written after midnight); only instruments without
 * either are read again.
 */
function dayBases(db: Executor, keepMs: number) {
  let kept: DayBases | undefined;
  return async (ids: readonly number[], today: Date): Promise<DayBases> => {
    const now = Date.now();
    if (!kept || kept.day !== today.getTime() || now - kept.readAt > keepMs) kept = { day: today.getTime(), readAt: now, closes: new Map(), firsts: new Map() };
    const bases = kept;
    const noClose = ids.filter((id) => !bases.closes.has(id));
    if (noClose.length === 0) return bases;
    for (const [id, close] of await previousDailyCloses(db, { assetIds: noClose, before: today })) bases.closes.set(id, close);
    const noBasis = noClose.filter((id) => !bases.closes.has(id) && !bases.firsts.has(id));
    if (noBasis.length > 0) for (const [id, first] of await firstRecordedPrices(db, { assetIds: noBasis, since: today })) bases.firsts.set(id, first);
    return bases;
  };
}

/** The dashboard's market strip: our instruments nearest the original's seven, each priced by our feed, its change against our last daily close. */
export function marketStrip({ db, market }: { db: Executor; market: Market }, { keepMs = 60_000 } = {}): () => Promise<MarketTile[]> {
  const basesOf = dayBases(db, keepMs);
  return async () => {
    const listed = marketStripSymbols.flatMap((symbol) => market.instruments.filter((i) => i.symbol === symbol && i.enabled));
    const now = market.now();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const { closes, firsts } = await basesOf(
      listed.map((i) => i.id),
      today,
    );
    return listed.flatMap((instrument) => {
      const quote = market.quotes.get(instrument.id);
      if (!quote) return [];
      const previous = closes.get(instrument.id);
      const first = firsts.get(instrument.id);
      const basis = previous !== undefined ? { kind: 'previous_close' as const, price: previous, at: null } : first ? { kind: 'first_today' as const, price: first.price, at: first.at } : null;
      const change = basis === null ? null : changeOf({ price: quote.mid, open: basis.price, digits: instrument.digits });
      const open = market.isOpen(instrument, now);
      return [
        {
          id: instrument.id,
          symbol: instrument.symbol,
          symbol_display: displaySymbol(instrument),
          name: instrument.name,
          price: quote.mid,
          digits: instrument.digits,
          previous_close: previous === undefined ? null : new Money(previous).toFixed(instrument.digits),
          change_basis: basis?.kind ?? null,
          basis_price: basis === null ? null : new Money(basis.price).toFixed(instrument.digits),
          basis_at: basis?.at?.toISOString() ?? null,
          change: change?.change ?? null,
          change_percent: change?.percent ?? null,
          at: new Date(quote.time).toISOString(),
          market_open: open,
          stale: open && now.getTime() - quote.time > feedTiming.staleAfterMs,
        },
      ];
    });
  };
}
