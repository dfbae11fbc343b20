import { formatLots, formatUtcClock } from '../lib/format';
import './price-chart.css';
import { effect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import type { CandlestickData, IChartApi, IPriceLine, ISeriesApi, ISeriesMarkersPluginApi, LineStyle, SeriesMarker, Time, UTCTimestamp } from 'lightweight-charts';
import type { Asset } from '../../shared/api/assets.schema';
import { tradingApi } from '../../shared/api/endpoints/trading';
import { chartTexts } from '../../shared/trading/chart-texts';
import { conversionRate } from '../../shared/trading/conversion';
import { defaultIndicators, indicatorIds, indicatorSettingsOf, indicatorTexts, type IndicatorSettings } from '../../shared/trading/indicators';
import { periodStart, timeframeIds, type Timeframe } from '../../shared/trading/timeframes';
import { ChartIndicatorMenu } from '../components/chart-indicator-menu';
import { ChartMoveDialog, type LineMove } from '../components/chart-move-dialog';
import { call } from '../lib/call';
import { LineDrag } from '../lib/chart-drag';
import { ChartIndicators, indicatorColourCss, indicatorColours, rsiGuideColour, storedIndicators, storeIndicators } from '../lib/chart-indicators';
import { chartLinesOf, projectedPnl, type ChartLine } from '../lib/chart-lines';
import { defineIsland } from '../runtime/define-island';
import { activeAsset, forexMid, quoteOf, startMarket } from '../state/market';
import { displayMoney } from '../state/site-data';
import { chartTimeframe, terminalDialog } from '../state/terminal';
import { closedTrades, openTrades, pendingOrders, selectedAccount } from '../state/trading';

/** A price line on the chart with the level it shows now (where it was dragged to, until confirmed or put back). */
interface Drawn {
  line: ChartLine;
  priceLine: IPriceLine;
  price: number;
}

type Chart = {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  markers: ISeriesMarkersPluginApi<Time>;
  indicators: ChartIndicators;
  drag: LineDrag;
  drawn: Map<string, Drawn>;
  colours: Colours;
};

/** The chart's colours for the dark room, each overridable by a custom property on the chart (`--chart-up`, …). */
const darkColours = {
  up: '#22c55e',
  down: '#ef4444',
  text: '#94a3b8',
  grid: 'rgba(148, 163, 184, 0.08)',
  separator: 'rgba(148, 163, 184, 0.2)',
  entry: '#38bdf8',
  tp: '#22c55e',
  sl: '#ef4444',
  price: '#fbbf24',
  close: '#94a3b8',
  simulated: 'rgba(148, 163, 184, 0.45)',
  ...indicatorColours,
  guide: rsiGuideColour,
};
type Colours = typeof darkColours;

/**
 * The colours as the page's CSS sets them on the chart (`--chart-text`, `--chart-grid`, …; price-chart.css), else the
 * dark room's: the canvas cannot take CSS colours itself, so the light terminal's theme reaches it this way.
 */
function coloursOf(element: Element): Colours {
  const style = getComputedStyle(element);
  const read = (name: keyof Colours) => style.getPropertyValue(`--chart-${name}`).trim() || darkColours[name];
  return Object.fromEntries(Object.keys(darkColours).map((name) => [name, read(name as keyof Colours)])) as Colours;
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000) as UTCTimestamp;

const colourOf = (line: ChartLine, colours: Colours) => (line.level === 'entry' ? colours.entry : colours[line.level]);
/** Positions' lines solid (entry) or dashed (TP/SL); a pending order's price large-dashed, its TP/SL dotted. */
const styleOf = (line: ChartLine): LineStyle => (line.level === 'entry' ? 0 : line.owner.type === 'trade' ? 2 : line.level === 'price' ? 3 : 1) as LineStyle;

/**
 * The centre chart (docs/trade-room.md#chart): lightweight-charts fed by our own candles, moved tick by tick
 * with `update()`, the chosen indicators, the customer's open positions (entry, TP and SL lines), pending orders
 * (price, TP, SL) and fills drawn on it; TP, SL and pending-price lines can be dragged to move them, confirmed first.
 */
function PriceChart() {
  useSignals();
  const holder = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const chartRef = useRef<Chart | null>(null);
  const timeframe = chartTimeframe.value;
  const setTimeframe = (id: Timeframe) => (chartTimeframe.value = id);
  const [problem, setProblem] = useState<string | null>(null);
  /** The last made-up candle's time, when the chart shows any (its candles are grey, and a note says so). */
  const [simulatedUntil, setSimulatedUntil] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  const [indicators, setIndicators] = useState<IndicatorSettings>(defaultIndicators);
  const [move, setMove] = useState<(LineMove & { key: string }) | null>(null);
  const moveRef = useRef(move);
  moveRef.current = move;
  const asset = activeAsset.value;
  const assetRef = useRef<Asset | undefined>(asset);
  assetRef.current = asset;
  // The trades and orders as listed, not at live prices: lines need only their levels, so ticks do not re-render the chart.
  const positions = openTrades.value.items;
  const orders = pendingOrders.value.items;
  const history = closedTrades.value.items;

  useEffect(() => {
    void startMarket();
    let disposed = false;
    void import('lightweight-charts').then(({ createChart, CandlestickSeries, LineSeries, createSeriesMarkers, ColorType }) => {
      if (disposed || !holder.current || !overlay.current) return;
      const colours = coloursOf(holder.current);
      const chart = createChart(holder.current, {
        autoSize: true,
        layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: colours.text, attributionLogo: false, panes: { separatorColor: colours.separator } },
        grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
        timeScale: { timeVisible: true, secondsVisible: false },
        rightPriceScale: { borderVisible: false },
      });
      const series = chart.addSeries(CandlestickSeries, { upColor: colours.up, downColor: colours.down, borderVisible: false, wickUpColor: colours.up, wickDownColor: colours.down });
      const drawn = new Map<string, Drawn>();
      const drag = new LineDrag(holder.current, chart, series, overlay.current, {
        lines: () => [...drawn.values()].filter((d) => d.line.draggable).map((d) => ({ key: d.line.key, level: d.line.level, title: d.line.title, colour: colourOf(d.line, colours), price: d.price })),
        move: (key, price) => {
          const d = drawn.get(key);
          const current = assetRef.current;
          if (!d || !current || d.line.level === 'entry') return;
          d.price = price;
          const level = price.toFixed(current.digits);
          const currency = selectedAccount.peek()?.currency ?? 'USD';
          const pnl = projectedPnl(d.line.owner, d.line.level, level, conversionRate(current.quote_currency, currency, forexMid));
          d.priceLine.applyOptions({ price, title: chartTexts.dragging(d.line.title, level, pnl ? displayMoney(pnl.toFixed(2), currency) : null) });
        },
        drop: (key, price) => {
          const d = drawn.get(key);
          const current = assetRef.current;
          if (!d || !current || d.line.level === 'entry') return putBack(drawn, key);
          setMove({ key, owner: d.line.owner, level: d.line.level, to: price.toFixed(current.digits) });
        },
        cancel: (key) => putBack(drawn, key),
      });
      chartRef.current = { chart, series, markers: createSeriesMarkers(series, []), indicators: new ChartIndicators(chart, LineSeries, colours), drag, drawn, colours };
      setReady(true);
    });
    return () => {
      disposed = true;
      chartRef.current?.drag.dispose();
      chartRef.current?.chart.remove();
      chartRef.current = null;
    };
  }, []);

  // The indicators chosen for this instrument on this device.
  useEffect(() => {
    if (asset) setIndicators(indicatorSettingsOf(storedIndicators(asset.id)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asset?.id]);
  useEffect(() => {
    if (ready) chartRef.current?.indicators.configure(indicators);
  }, [ready, indicators]);
  const chooseIndicators = (next: IndicatorSettings) => {
    setIndicators(next);
    if (asset) storeIndicators(asset.id, next);
  };

  // Candles for the asset and timeframe, then every tick moves the last one (never setData per tick).
  useEffect(() => {
    if (!asset || !ready) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const load = async () => {
      const target = chartRef.current;
      if (!target || cancelled) return;
      const result = await call(tradingApi.candles, { params: { id: asset.id }, query: { timeframe, limit: 400 } });
      if (cancelled) return;
      if (!result.ok) return setProblem(chartTexts.loadFailed);
      setProblem(null);
      const grey = target.colours.simulated;
      const bars: CandlestickData<UTCTimestamp>[] = result.data.data.map((c) => ({
        time: c.time as UTCTimestamp,
        open: Number(c.open),
        high: Number(c.high),
        low: Number(c.low),
        close: Number(c.close),
        ...(c.synthetic ? { color: grey, wickColor: grey, borderColor: grey } : {}),
      }));
      setSimulatedUntil(result.data.data.findLast((c) => c.synthetic)?.time ?? null);
      target.series.applyOptions({ priceFormat: { type: 'price', precision: asset.digits, minMove: 1 / 10 ** asset.digits } });
      target.series.setData(bars);
      target.indicators.setBars(bars, asset.digits);
      target.chart.timeScale().scrollToRealTime();
      let last = bars.at(-1);
      stop = effect(() => {
        const quote = quoteOf(asset.id).value;
        if (!quote) return;
        const price = Number(quote.price);
        const time = (periodStart(quote.at, timeframe) / 1000) as UTCTimestamp;
        if (last && time < last.time) return;
        last =
          last && last.time === time
            ? { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price }
            : { time, open: last?.close ?? price, high: price, low: price, close: price };
        target.series.update(last);
        target.indicators.tick(time, price);
      });
    };
    void load();
    return () => {
      cancelled = true;
      stop?.();
    };
    // One load per instrument and timeframe: a new asset object for the same instrument (a price tick) is no reason.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asset?.id, timeframe, ready]);

  // The customer's positions and pending orders on this asset as price lines.
  const lines = asset ? chartLinesOf(positions, orders, asset.id) : [];
  const drawnLevels = lines.map((l) => `${l.key}:${l.price}:${l.title}`).join();
  useEffect(() => {
    const target = chartRef.current;
    if (!target) return;
    const wanted = new Set(lines.map((l) => l.key));
    for (const [key, d] of target.drawn)
      if (!wanted.has(key)) {
        target.series.removePriceLine(d.priceLine);
        target.drawn.delete(key);
      }
    for (const line of lines) {
      const d = target.drawn.get(line.key);
      // A line being dragged, or waiting for its move to be confirmed, stays where the customer holds or dropped it.
      const waiting = moveRef.current?.key === line.key ? moveRef.current.to : null;
      if (!d) {
        const price = Number(waiting ?? line.price);
        const priceLine = target.series.createPriceLine({ price, color: colourOf(line, target.colours), lineWidth: 1, lineStyle: styleOf(line), axisLabelVisible: true, title: line.title });
        target.drawn.set(line.key, { line, priceLine, price });
        continue;
      }
      const was = d.line;
      d.line = line;
      if (waiting !== null || target.drag.draggedKey === line.key || (was.price === line.price && was.title === line.title)) continue;
      // A level that moved (a trailing stop's step, a saved TP): only that line is moved, the others stay as drawn.
      d.price = Number(line.price);
      d.priceLine.applyOptions({ price: d.price, title: line.title });
    }
    target.drag.placeGrips();
    // Drawn again when the lines' levels and titles change, not on every price tick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, asset?.id, drawnLevels]);

  // A marker for each fill of this asset (opened, closed), set again when the fills change.
  const fillsOf = asset ? [...positions, ...history].filter((t) => t.instrument_id === asset.id) : [];
  const drawnFills = fillsOf.map((t) => `${t.id}:${t.lots}:${t.close_time ?? ''}`).join();
  useEffect(() => {
    const target = chartRef.current;
    if (!target || !asset) return;
    const fills: SeriesMarker<Time>[] = [];
    for (const trade of fillsOf) {
      const buy = trade.trade_type === 'buy';
      fills.push({
        time: periodOf(seconds(trade.open_time), timeframe),
        position: buy ? 'belowBar' : 'aboveBar',
        color: buy ? target.colours.up : target.colours.down,
        shape: buy ? 'arrowUp' : 'arrowDown',
        text: `${buy ? 'Buy' : 'Sell'} ${formatLots(trade.lots)}`,
      });
      if (trade.close_time) fills.push({ time: periodOf(seconds(trade.close_time), timeframe), position: buy ? 'aboveBar' : 'belowBar', color: target.colours.close, shape: 'circle', text: 'Close' });
    }
    target.markers.setMarkers(fills.sort((a, b) => (a.time as number) - (b.time as number)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, asset?.id, timeframe, drawnFills]);

  const closeMove = () => {
    if (move && chartRef.current) putBack(chartRef.current.drawn, move.key);
    setMove(null);
  };

  const shown = indicatorIds.filter((id) => indicators[id].on);
  return (
    <section className="price-chart" aria-label={asset ? `${asset.symbol_display} chart` : 'Chart'}>
      <header className="chart-toolbar">
        <strong>{asset?.symbol_display ?? ''}</strong>
        {asset ? (
          <button
            type="button"
            className="info-button"
            aria-label={`About ${asset.symbol_display}`}
            title="Asset Information"
            onClick={() => (terminalDialog.value = { kind: 'asset-info', assetId: asset.id })}
          >
            i
          </button>
        ) : null}
        {asset ? <ChartIndicatorMenu key={asset.id} settings={indicators} onChange={chooseIndicators} /> : null}
        {asset ? (
          <button type="button" className="calc-button" onClick={() => (terminalDialog.value = { kind: 'calculator' })}>
            Calculator
          </button>
        ) : null}
        <div role="group" aria-label="Timeframe">
          {timeframeIds.map((id) => (
            <button key={id} type="button" aria-pressed={timeframe === id} onClick={() => setTimeframe(id)}>
              {id}
            </button>
          ))}
        </div>
      </header>
      {problem ? <p className="chart-problem">{problem}</p> : null}
      {simulatedUntil !== null ? <p className="chart-simulated">{chartTexts.simulated(formatUtcClock(new Date(simulatedUntil * 1000).toISOString(), new Date()))}</p> : null}
      <div className="chart-area">
        <div className="chart-canvas" ref={holder} data-testid="chart-canvas" />
        <div className="chart-lines" ref={overlay} aria-hidden="true" />
        {shown.length ? (
          <ul className="chart-legend" aria-label={indicatorTexts.menu}>
            {shown.map((id) => (
              <li key={id} style={{ color: indicatorColourCss(id) }}>
                {id === 'bollinger' ? indicatorTexts.label.bollinger(indicators.bollinger.period, indicators.bollinger.width) : indicatorTexts.label[id](indicators[id].period)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {move && asset ? <ChartMoveDialog move={move} asset={asset} onClose={closeMove} /> : null}
    </section>
  );
}

/** A dragged line back at its owner's level and title (a drag cancelled, a move confirmed, refused or cancelled). */
function putBack(drawn: Map<string, Drawn>, key: string) {
  const d = drawn.get(key);
  if (!d) return;
  d.price = Number(d.line.price);
  d.priceLine.applyOptions({ price: d.price, title: d.line.title });
}

const periodOf = (time: UTCTimestamp, timeframe: Timeframe) => (periodStart(time * 1000, timeframe) / 1000) as UTCTimestamp;

export default defineIsland({ name: 'price-chart', component: PriceChart, props: z.object({}) });
