import './market-watch.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import * as z from 'zod/mini';
import type { Asset } from '../../shared/api/assets.schema';
import { assetClasses, type AssetClass } from '../../shared/constants';
import { assetTexts, feedTiming, priceDecimals } from '../../shared/trading/terminal';
import { formatPrice } from '../lib/format';
import { defineIsland } from '../runtime/define-island';
import { mobileWatchOpen, sidebarOpen } from '../state/terminal';
import { activeAssetId, assets, assetsState, clock, isStale, matchesSearch, openPair, quoteOf, retryAssets, startMarket } from '../state/market';

/** The market-watch groups, indices shown as ETFs (docs/trade-room.md#market-watch). */
export const groupLabels: Record<AssetClass, string> = { forex: 'Forex', stocks: 'Stocks', indices: 'ETFs', crypto: 'Crypto', commodities: 'Commodities', metals: 'Metals' };

type Row = { kind: 'group'; group: AssetClass; count: number; collapsed: boolean } | { kind: 'asset'; asset: Asset };

function choose(id: number) {
  openPair(id);
  mobileWatchOpen.value = false;
}

function WatchRow({ asset }: { asset: Asset }) {
  useSignals();
  const quote = quoteOf(asset.id).value;
  const stale = isStale(asset, quote, clock.value);
  const flash = quote?.direction && clock.value - quote.movedAt < feedTiming.flashMs ? `flash-${quote.direction}` : '';
  const active = activeAssetId.value === asset.id;
  return (
    <button type="button" className={`watch-row${active ? ' active' : ''}${stale ? ' stale' : ''}`} onClick={() => choose(asset.id)} title={stale ? assetTexts.stale : asset.name}>
      <span className="watch-symbol">
        <img src={asset.image} alt="" width={16} height={16} loading="lazy" />
        {asset.symbol_display}
        {stale ? <small className="stale-mark">{assetTexts.stale}</small> : null}
      </span>
      <span key={`b${quote?.movedAt ?? 0}`} className={`watch-price ${flash}`}>
        {formatPrice(quote?.bid, priceDecimals.table)}
      </span>
      <span key={`a${quote?.movedAt ?? 0}`} className={`watch-price ${flash}`}>
        {formatPrice(quote?.ask, priceDecimals.table)}
      </span>
    </button>
  );
}

/** The market-watch table (docs/trade-room.md#market-watch): grouped, searchable, virtualised so thousands of rows stay smooth. */
function MarketWatch() {
  useSignals();
  const [query, setQuery] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<AssetClass>>(new Set());
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => void startMarket(), []);

  const list = assets.value;
  const rows = useMemo<Row[]>(() => {
    const out: Row[] = [];
    for (const group of assetClasses) {
      const members = list.filter((a) => a.type === group && matchesSearch(a, query));
      if (members.length === 0) continue;
      const isCollapsed = collapsed.has(group) && !query;
      out.push({ kind: 'group', group, count: members.length, collapsed: isCollapsed });
      if (!isCollapsed) for (const asset of members) out.push({ kind: 'asset', asset });
    }
    return out;
  }, [list, query, collapsed]);

  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => 30, overscan: 12 });
  const state = assetsState.value;
  const toggle = (group: AssetClass) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(group)) next.add(group);
      return next;
    });

  const overlay = mobileWatchOpen.value;
  if (!sidebarOpen.value && !overlay) return <section className="market-watch" data-collapsed="" aria-label="Market watch" />;
  return (
    <section className="market-watch" data-overlay={overlay ? '' : undefined} aria-label="Market watch">
      <header>
        <h2>
          MARKET WATCH
          {overlay ? (
            <button type="button" className="panel-close" aria-label="Close market watch" onClick={() => (mobileWatchOpen.value = false)}>
              ×
            </button>
          ) : null}
        </h2>
        <input type="search" aria-label="Search markets" placeholder="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </header>
      <div className="watch-columns" aria-hidden="true">
        <span>Symbol</span>
        <span>Bid</span>
        <span>Ask</span>
      </div>
      {state.state === 'error' ? (
        <div className="watch-message" role="alert">
          <strong>{assetTexts.loadFailed}</strong>
          <p>{state.message}</p>
          <button type="button" className="outline" onClick={() => void retryAssets()}>
            Retry
          </button>
        </div>
      ) : state.state === 'loading' ? (
        <p className="watch-message">{assetTexts.loading}</p>
      ) : rows.length === 0 ? (
        <p className="watch-message">{assetTexts.none}</p>
      ) : null}
      <div className="watch-scroller" ref={scroller}>
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            return (
              <div key={row.kind === 'group' ? `g-${row.group}` : row.asset.id} className="watch-slot" style={{ transform: `translateY(${item.start}px)`, height: item.size }}>
                {row.kind === 'group' ? (
                  <button type="button" className="watch-group" aria-expanded={!row.collapsed} onClick={() => toggle(row.group)}>
                    {groupLabels[row.group]} <small>{row.count}</small>
                  </button>
                ) : (
                  <WatchRow asset={row.asset} />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

export default defineIsland({ name: 'market-watch', component: MarketWatch, props: z.object({}) });
