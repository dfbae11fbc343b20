import './asset-dialogs.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Asset } from '../../shared/api/assets.schema';
import type { AssetClass } from '../../shared/constants';
import { spreadOf } from '../../shared/trading/prices';
import { describeCommission } from '../../shared/trading/conditions';
import { sizing } from '../../shared/trading/sizing';
import { priceDecimals } from '../../shared/trading/terminal';
import { formatFigure, formatPrice, signClass } from '../lib/format';
import { activeAssetId, assets, assetsById, matchesSearch, openPair, quoteOf, toggleWatchlist, watchlist } from '../state/market';
import { ticketSide, terminalDialog } from '../state/terminal';
import { leverageOf } from '../state/orders';
import { Modal } from './modal';
import { ThirdPartyWidget } from './third-party-widget';
import { InstrumentIcon } from './instrument-icon';

/** Add Pair's categories (docs/trade-room.md#add-pair; metals too: every instrument can be found). */
const categories: { id: 'watchlist' | AssetClass; label: string }[] = [
  { id: 'watchlist', label: 'Watchlist' },
  { id: 'forex', label: 'Forex' },
  { id: 'stocks', label: 'Stock' },
  { id: 'crypto', label: 'Crypto' },
  { id: 'commodities', label: 'Commodities' },
  { id: 'indices', label: 'ETFs' },
  { id: 'metals', label: 'Metals' },
];

function PairRow({ asset }: { asset: Asset }) {
  useSignals();
  const quote = quoteOf(asset.id).value;
  const starred = watchlist.value.includes(asset.id);
  return (
    <div className="pair-row" role="row">
      <button
        type="button"
        className="pair-star"
        aria-pressed={starred}
        aria-label={`${starred ? 'Remove' : 'Add'} ${asset.symbol_display} ${starred ? 'from' : 'to'} the watchlist`}
        onClick={() => toggleWatchlist(asset.id)}
      >
        {starred ? '★' : '☆'}
      </button>
      <button
        type="button"
        className="pair-pick"
        onClick={() => {
          openPair(asset.id);
          terminalDialog.value = null;
        }}
      >
        <span role="cell">{asset.symbol_display}</span>
        <span role="cell">{formatPrice(quote?.bid, asset.digits)}</span>
        <span role="cell">{formatPrice(quote?.ask, asset.digits)}</span>
        <span role="cell">{quote ? formatPrice(spreadOf(quote), asset.digits) : '—'}</span>
        <span role="cell" className={signClass(quote?.changePercent)}>
          {quote ? `${formatFigure(quote.changePercent)}%` : '—'}
        </span>
      </button>
    </div>
  );
}

/** Add Pair: categories with counts, search, Symbol/Sell/Buy/Spread/Change, a star for the watchlist. */
export function AddPairDialog() {
  useSignals();
  const [category, setCategory] = useState<(typeof categories)[number]['id']>('forex');
  const [query, setQuery] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const all = assets.value;
  const starred = watchlist.value;
  const inCategory = useCallback((id: (typeof categories)[number]['id']) => (id === 'watchlist' ? all.filter((a) => starred.includes(a.id)) : all.filter((a) => a.type === id)), [all, starred]);
  const rows = useMemo(() => (query ? all : inCategory(category)).filter((a) => matchesSearch(a, query)), [all, inCategory, category, query]);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => 34, overscan: 10 });
  return (
    <Modal title="Add Pair" className="add-pair" onClose={() => (terminalDialog.value = null)}>
      <div className="add-pair-body">
        <ul className="pair-categories" role="tablist" aria-label="Categories">
          {categories.map((c) => (
            <li key={c.id}>
              <button type="button" role="tab" aria-selected={!query && category === c.id} onClick={() => (setCategory(c.id), setQuery(''))}>
                {c.label} <small>{inCategory(c.id).length}</small>
              </button>
            </li>
          ))}
        </ul>
        <div className="pair-list">
          <input type="search" aria-label="Search pairs" placeholder="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
          <div className="pair-row pair-head" role="row" aria-hidden="true">
            <span />
            <span className="pair-pick">
              <span>Symbol</span>
              <span>Sell</span>
              <span>Buy</span>
              <span>Spread</span>
              <span>Change</span>
            </span>
          </div>
          <div className="pair-scroller" ref={scroller} role="table" aria-label="Pairs">
            {rows.length === 0 ? <p className="panel-empty">No assets found</p> : null}
            <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {virtual.getVirtualItems().map((item) => (
                <div key={rows[item.index]!.id} className="watch-slot" style={{ transform: `translateY(${item.start}px)`, height: item.size }}>
                  <PairRow asset={rows[item.index]!} />
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
    </Modal>
  );
}

function InfoGrid({ rows }: { rows: readonly [string, string][] }) {
  return (
    <dl className="info-grid">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The plan's overnight rates, signed as charged (negative) or credited (docs/trading.md#overnight-financing). */
const swapText = (asset: Asset) => (asset.swap_type === 'points' ? `${asset.swap_long} / ${asset.swap_short} points per lot a night` : `${asset.swap_long}% / ${asset.swap_short}% a year`);

/** Asset Information (docs/trade-room.md#asset-information): price figures, spread, trading schedule, contract specifications, Trade Now. */
export function AssetInfoDialog({ assetId }: { assetId: number }) {
  useSignals();
  const asset = assetsById.value.get(assetId);
  const quote = quoteOf(assetId).value;
  if (!asset) return null;
  const close = () => (terminalDialog.value = null);
  const rows: [string, string][] = [
    ['Rate', formatPrice(quote?.price ?? asset.rate, asset.digits)],
    ['24h low', formatPrice(quote?.low ?? asset.price_low, asset.digits)],
    ['24h high', formatPrice(quote?.high ?? asset.price_high, asset.digits)],
    ['24h change', `${formatPrice(quote?.change ?? asset.change, asset.digits)} (${formatFigure(quote?.changePercent ?? asset.change_percent)}%)`],
    ['Sell / Buy', `${formatPrice(quote?.bid, priceDecimals.ticket)} / ${formatPrice(quote?.ask, priceDecimals.ticket)}`],
    ['Spread', quote ? formatPrice(spreadOf(quote), asset.digits) : '—'],
  ];
  const specs: [string, string][] = [
    ['Contract size', `${formatFigure(asset.contract_size).replace(/\.00$/, '')} per lot`],
    ['Quote currency', asset.quote_currency],
    ['Digits', String(asset.digits)],
    ['Volume', `${sizing.minLots} to ${sizing.maxLots} lots, in steps of ${sizing.lotStep}`],
    ['Leverage', `up to 1:${leverageOf(asset)}`],
    ['Spread markup', asset.spread_markup === 0 ? 'None: the raw spread' : `${asset.spread_markup} points on your plan (in the spread above)`],
    ['Commission', describeCommission({ kind: asset.commission_type, rate: asset.commission_rate, minimum: asset.commission_min })],
    ['Swap long / short', swapText(asset)],
    ['Triple swap', asset.swap_triple_day ?? 'None: charged every night'],
    ['Category', asset.category],
  ];
  return (
    <Modal title="Asset Information" className="asset-info" onClose={close}>
      <div className="asset-info-head">
        <InstrumentIcon image={asset.image} size={36} />
        <div>
          <strong>{asset.symbol_display}</strong>
          <span>{asset.name}</span>
        </div>
        <span className={asset.market_open ? 'market-state open' : 'market-state'}>{asset.market_open ? 'Market open' : 'Market closed'}</span>
      </div>
      <InfoGrid rows={rows} />
      <h4>Trading schedule</h4>
      <p>{asset.trading_hours.label}</p>
      <h4>Contract specifications</h4>
      <InfoGrid rows={specs} />
      <h4>Technical analysis</h4>
      <div className="analysis-widget">
        <ThirdPartyWidget
          title="Technical analysis"
          script="embed-widget-technical-analysis.js"
          config={{ symbol: asset.tv_symbol, interval: '1h', colorTheme: 'dark', isTransparent: true, width: '100%', height: 380, showIntervalTabs: true, locale: 'en' }}
        />
      </div>
      <footer>
        <button
          type="button"
          onClick={() => {
            openPair(asset.id);
            activeAssetId.value = asset.id;
            close();
            ticketSide.value = 'buy';
          }}
        >
          Trade Now
        </button>
      </footer>
    </Modal>
  );
}
