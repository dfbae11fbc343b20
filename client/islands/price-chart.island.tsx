import { formatLots } from '../lib/format';
import './price-chart.css';
import { effect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import type { CandlestickData, IChartApi, IPriceLine, ISeriesApi, ISeriesMarkersPluginApi, SeriesMarker, Time, UTCTimestamp } from 'lightweight-charts';
import { tradingApi } from '../../shared/api/endpoints/trading';
import { periodStart, timeframeIds, type Timeframe } from '../../shared/trading/timeframes';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { activeAsset, quoteOf, startMarket } from '../state/market';
import { terminalDialog } from '../state/terminal';
import { closedTrades, openTrades } from '../state/trading';

type Chart = { chart: IChartApi; series: ISeriesApi<'Candlestick'>; markers: ISeriesMarkersPluginApi<Time>; lines: IPriceLine[] };

const colours = { up: '#22c55e', down: '#ef4444', text: '#94a3b8', grid: 'rgba(148, 163, 184, 0.08)', entry: '#38bdf8', tp: '#22c55e', sl: '#ef4444' };
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000) as UTCTimestamp;

/**
 * The centre chart (issue 6): lightweight-charts fed by our own candles, moved tick by tick with
 * `update()`, with the customer's open positions (entry, TP and SL lines) and fills drawn on it.
 */
function PriceChart() {
  useSignals();
  const holder = useRef<HTMLDivElement>(null);
  const chartRef = useRef<Chart | null>(null);
  const [timeframe, setTimeframe] = useState<Timeframe>('M1');
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const asset = activeAsset.value;
  // The trades as listed, not at live prices: lines need only their levels, so ticks do not re-render the chart.
  const positions = openTrades.value.items;
  const history = closedTrades.value.items;

  useEffect(() => {
    void startMarket();
    let disposed = false;
    void import('lightweight-charts').then(({ createChart, CandlestickSeries, createSeriesMarkers, ColorType }) => {
      if (disposed || !holder.current) return;
      const chart = createChart(holder.current, {
        autoSize: true,
        layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: colours.text, attributionLogo: false },
        grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
        timeScale: { timeVisible: true, secondsVisible: false },
        rightPriceScale: { borderVisible: false },
      });
      const series = chart.addSeries(CandlestickSeries, { upColor: colours.up, downColor: colours.down, borderVisible: false, wickUpColor: colours.up, wickDownColor: colours.down });
      chartRef.current = { chart, series, markers: createSeriesMarkers(series, []), lines: [] };
      setReady(true);
    });
    return () => {
      disposed = true;
      chartRef.current?.chart.remove();
      chartRef.current = null;
    };
  }, []);

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
      if (!result.ok) return setProblem('The chart could not be loaded. It will try again when you switch pairs or timeframes.');
      setProblem(null);
      const bars: CandlestickData<UTCTimestamp>[] = result.data.data.map((c) => ({
        time: c.time as UTCTimestamp,
        open: Number(c.open),
        high: Number(c.high),
        low: Number(c.low),
        close: Number(c.close),
      }));
      target.series.applyOptions({ priceFormat: { type: 'price', precision: asset.digits, minMove: 1 / 10 ** asset.digits } });
      target.series.setData(bars);
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

  // The customer's positions on this asset: entry, TP and SL lines, and a marker for each fill.
  const drawnLevels = positions.map((t) => `${t.id}:${t.take_profit}:${t.stop_loss}`).join();
  useEffect(() => {
    const target = chartRef.current;
    if (!target || !asset) return;
    for (const line of target.lines) target.series.removePriceLine(line);
    target.lines = [];
    const mine = positions.filter((t) => t.asset_id === asset.id);
    for (const trade of mine) {
      const label = `${trade.trade_type.toUpperCase()} ${formatLots(trade.lots)}`;
      target.lines.push(target.series.createPriceLine({ price: Number(trade.opening_price), color: colours.entry, lineWidth: 1, lineStyle: 0, axisLabelVisible: true, title: label }));
      if (trade.take_profit)
        target.lines.push(target.series.createPriceLine({ price: Number(trade.take_profit), color: colours.tp, lineWidth: 1, lineStyle: 2, axisLabelVisible: true, title: `TP ${trade.trade_id}` }));
      if (trade.stop_loss)
        target.lines.push(target.series.createPriceLine({ price: Number(trade.stop_loss), color: colours.sl, lineWidth: 1, lineStyle: 2, axisLabelVisible: true, title: `SL ${trade.trade_id}` }));
    }
    const fills: SeriesMarker<Time>[] = [];
    for (const trade of [...mine, ...history.filter((t) => t.asset_id === asset.id)]) {
      const buy = trade.trade_type === 'buy';
      fills.push({
        time: periodOf(seconds(trade.open_time), timeframe),
        position: buy ? 'belowBar' : 'aboveBar',
        color: buy ? colours.up : colours.down,
        shape: buy ? 'arrowUp' : 'arrowDown',
        text: `${buy ? 'Buy' : 'Sell'} ${formatLots(trade.lots)}`,
      });
      if (trade.close_time) fills.push({ time: periodOf(seconds(trade.close_time), timeframe), position: buy ? 'aboveBar' : 'belowBar', color: colours.text, shape: 'circle', text: 'Close' });
    }
    target.markers.setMarkers(fills.sort((a, b) => (a.time as number) - (b.time as number)));
    // Drawn again when what is drawn changes (the positions' ids and levels, the fills), not on every price tick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, asset?.id, timeframe, drawnLevels, history.length]);

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
      <div className="chart-canvas" ref={holder} />
    </section>
  );
}

const periodOf = (time: UTCTimestamp, timeframe: Timeframe) => (periodStart(time * 1000, timeframe) / 1000) as UTCTimestamp;

export default defineIsland({ name: 'price-chart', component: PriceChart, props: z.object({}) });
