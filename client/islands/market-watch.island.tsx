import './market-watch.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import * as z from 'zod/mini';
import type { Asset } from '../../shared/api/assets.schema';
import { assetClasses, type AssetClass } from '../../shared/constants';
import { spreadPoints, watchDecimals, watchTexts } from '../../shared/trading/market-watch';
import { assetTexts, feedTiming } from '../../shared/trading/terminal';
import { CloudOffIcon, LockIcon } from '../components/icons';
import { formatPrice } from '../lib/format';
import { isTyping, listMove } from '../lib/keyboard';
import { useDismiss } from '../lib/use-dismiss';
import { useMounted } from '../lib/use-mounted';
import { lightWatchTexts, watchClockOf } from '../../shared/trading/light-watch';
import { defineIsland } from '../runtime/define-island';
import { chooseWatchDigits, watchDigits } from '../state/preferences';
import { mobileWatchOpen, sidebarOpen } from '../state/terminal';
import { showToast } from '../state/toasts';
import { activeAssetId, assets, assetsState, clock, isOpenAt, isStale, matchesSearch, openPair, quoteOf, retryAssets, startMarket } from '../state/market';
import { InstrumentIcon } from '../components/instrument-icon';

/** The market-watch groups, indices shown as ETFs (docs/trade-room.md#market-watch). */
export const groupLabels: Record<AssetClass, string> = { forex: 'Forex', stocks: 'Stocks', indices: 'ETFs', crypto: 'Crypto', commodities: 'Commodities', metals: 'Metals' };

type Row = { kind: 'group'; group: AssetClass; count: number; collapsed: boolean } | { kind: 'asset'; asset: Asset };

const rowHeight = 30;

function choose(id: number) {
  openPair(id);
  mobileWatchOpen.value = false;
}

function closeOverlay() {
  mobileWatchOpen.value = false;
}

/**
 * A row's state as an icon, its words for screen readers and in the row's title: a word here was cut to "Cl…" in a
 * narrow watch, since the symbol keeps its room first.
 */
function WatchMark({ className, icon, text }: { className: string; icon: ReactNode; text: string }) {
  return (
    <small className={className}>
      {icon}
      <span className="visually-hidden">{text}</span>
    </small>
  );
}

/**
 * One instrument: its bid and ask at the chosen digits (with the spread in points at full digits), a price that
 * moved flashing for 2.2 s; a closed market's prices dimmed with a "Closed" mark, an open one's without a recent
 * price marked stale (docs/trade-room.md#price-ticks).
 */
function WatchRow({ asset, tabIndex }: { asset: Asset; tabIndex: number }) {
  useSignals();
  const quote = quoteOf(asset.id).value;
  const now = clock.value;
  const open = isOpenAt(asset, now);
  const stale = isStale(asset, quote, now, open);
  const flash = open && quote?.direction && now - quote.movedAt < feedTiming.flashMs ? `flash-${quote.direction}` : '';
  const active = activeAssetId.value === asset.id;
  const mode = watchDigits.value;
  const decimals = watchDecimals(mode, asset.digits);
  const bid = formatPrice(quote?.bid, decimals);
  const ask = formatPrice(quote?.ask, decimals);
  // Prices longer than 8 figures (SHIB's 0.00002412) are set smaller to keep to their column.
  const priceClass = `watch-price${bid.length > 8 || ask.length > 8 ? ' long' : ''} ${flash}`;
  const state = open ? (stale ? ' stale' : '') : ' closed';
  return (
    <button
      type="button"
      className={`watch-row${active ? ' active' : ''}${state}`}
      tabIndex={tabIndex}
      onClick={() => choose(asset.id)}
      title={open ? (stale ? assetTexts.stale : asset.name) : `${asset.name} · ${assetTexts.closed}`}
    >
      <span className="watch-symbol">
        <InstrumentIcon image={asset.image} size={16} lazy />
        <span className="watch-name">{asset.symbol_display}</span>
        {!open ? (
          <WatchMark className="closed-mark" icon={<LockIcon />} text={watchTexts.closed} />
        ) : stale ? (
          <WatchMark className="stale-mark" icon={<CloudOffIcon />} text={assetTexts.stale} />
        ) : null}
      </span>
      <span key={`b${quote?.movedAt ?? 0}`} className={priceClass}>
        {bid}
      </span>
      <span key={`a${quote?.movedAt ?? 0}`} className={priceClass}>
        {ask}
      </span>
      {mode === 'instrument' ? <span className="watch-spread">{spreadPoints(quote?.bid, quote?.ask, asset.digits) ?? '—'}</span> : null}
    </button>
  );
}

/**
 * The digits toggle (docs/trade-room.md#market-watch): pressed, each instrument at its own digits ("Full digits"); not
 * pressed, the default 3 decimals. Switched at once and saved as the `watch_digits` preference.
 */
function DigitsToggle() {
  useSignals();
  const full = watchDigits.value === 'instrument';
  const toggle = async () => {
    if (!(await chooseWatchDigits(full ? 'fixed' : 'instrument'))) showToast({ kind: 'error', title: watchTexts.failed });
  };
  return (
    <button type="button" className="digits-toggle" aria-pressed={full} title={full ? watchTexts.instrumentHint : watchTexts.fixedHint} onClick={() => void toggle()}>
      {watchTexts.instrument}
    </button>
  );
}

/**
 * The light look's clock (docs/trade-room.md#light-terminal): the reader's time each second, from the page's one
 * `clock`. Shown once mounted, since only the browser knows its time zone; a component of its own, so the tick
 * re-renders only the clock.
 */
function WatchClock() {
  useSignals();
  const mounted = useMounted();
  if (!mounted) return null;
  const now = new Date(clock.value);
  return <time dateTime={now.toISOString()}>{watchClockOf(now)}</time>;
}

const props = z.object({ look: z.optional(z.enum(['classic', 'light'])) });

/**
 * The market-watch table (docs/trade-room.md#market-watch): grouped, searchable, virtualised so thousands of rows
 * stay smooth. Up and Down (Home, End, Page Up, Page Down) move through the rows, the focused one kept in view;
 * Enter opens the pair or folds the group (docs/trade-room.md#keyboard). `look: 'light'` is the light terminal's:
 * "Market Watch: {time}" over "Search Market", in its palette (docs/trade-room.md#light-terminal).
 */
function MarketWatch({ look = 'classic' }: z.infer<typeof props>) {
  useSignals();
  const [query, setQuery] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<AssetClass>>(new Set());
  const [focusIndex, setFocusIndex] = useState(0);
  const pendingFocus = useRef<number | null>(null);
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

  // Until the list is measured (on the server, and while hydrating) it is taken as 20 rows high, so the page's HTML already lists the first rows with their prices.
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 12, initialRect: { width: 300, height: 20 * rowHeight } });
  // A row moved to by the keyboard gets focus once the virtualiser has rendered it.
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (wanted === null) return;
    const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${wanted}"] > button`);
    if (!row) return;
    pendingFocus.current = null;
    row.focus({ preventScroll: true });
  });

  const overlay = mobileWatchOpen.value;
  useDismiss(overlay, null, closeOverlay);

  const state = assetsState.value;
  const toggle = (group: AssetClass) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(group)) next.add(group);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    const from = Number((event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index ?? focusIndex);
    const next = listMove(event.key, from, rows.length, Math.max(1, Math.floor((scroller.current?.clientHeight ?? 300) / rowHeight) - 1));
    if (next === null) return;
    event.preventDefault();
    pendingFocus.current = next;
    setFocusIndex(next);
    virtual.scrollToIndex(next, { align: 'auto' });
  };

  const items = virtual.getVirtualItems();
  // One row is in the tab order (the one last moved to, else the first shown): Tab enters the list, the arrows move in it.
  const tabbable = items.some((item) => item.index === focusIndex) ? focusIndex : (items[0]?.index ?? 0);

  const light = look === 'light';
  if (!sidebarOpen.value && !overlay) return <section className="market-watch" data-collapsed="" data-look={look} aria-label="Market watch" />;
  const full = watchDigits.value === 'instrument';
  return (
    <section className="market-watch" data-look={look} data-overlay={overlay ? '' : undefined} data-digits={full ? 'instrument' : 'fixed'} aria-label="Market watch">
      <header>
        <h2>
          {light ? (
            <span className="watch-title">
              {lightWatchTexts.title} <WatchClock />
            </span>
          ) : (
            'MARKET WATCH'
          )}
          <DigitsToggle />
          {overlay ? (
            <button type="button" className="panel-close" aria-label="Close market watch" onClick={closeOverlay}>
              ×
            </button>
          ) : null}
        </h2>
        <input type="search" aria-label="Search markets" placeholder={light ? lightWatchTexts.search : 'Search'} value={query} onChange={(e) => setQuery(e.target.value)} />
      </header>
      <div className="watch-columns" aria-hidden="true">
        <span>Symbol</span>
        <span>Bid</span>
        <span>Ask</span>
        {full ? <span className="watch-spread">{watchTexts.spread}</span> : null}
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
      <div className="watch-scroller" ref={scroller} onKeyDown={onKeyDown}>
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index]!;
            const tabIndex = item.index === tabbable ? 0 : -1;
            return (
              <div key={row.kind === 'group' ? `g-${row.group}` : row.asset.id} className="watch-slot" data-index={item.index} style={{ transform: `translateY(${item.start}px)`, height: item.size }}>
                {row.kind === 'group' ? (
                  <button type="button" className="watch-group" tabIndex={tabIndex} aria-expanded={!row.collapsed} onClick={() => toggle(row.group)}>
                    {groupLabels[row.group]} <small>{row.count}</small>
                  </button>
                ) : (
                  <WatchRow asset={row.asset} tabIndex={tabIndex} />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

export default defineIsland({ name: 'market-watch', component: MarketWatch, props });
