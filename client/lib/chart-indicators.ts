import type { IChartApi, ISeriesApi, LineData, LineSeriesPartialOptions, SeriesDefinition, UTCTimestamp, WhitespaceData } from 'lightweight-charts';
import { bollingerAt, emaAt, indicatorTexts, rsiAt, smaAt, type Band, type Closes, type IndicatorId, type IndicatorSettings, type RsiPoint } from '../../shared/trading/indicators';
import { readStored, writeStored } from './storage';

/** The colours of the indicator lines in the dark room (the legend shows the same), and of RSI's 70/30 guides. */
export const indicatorColours: Readonly<Record<IndicatorId, string>> = { sma: '#f59e0b', ema: '#c084fc', bollinger: '#2dd4bf', rsi: '#f472b6' };
/** An indicator's colour for CSS (its legend, its swatch in the menu): the chart's `--chart-{id}` where the page sets one (the light terminal). */
export const indicatorColourCss = (id: IndicatorId): string => `var(--chart-${id}, ${indicatorColours[id]})`;
export const rsiGuideColour = '#64748b';
export type IndicatorColours = Readonly<Record<IndicatorId | 'guide', string>>;

/** Kept on the device per instrument (docs/trade-room.md#kept-on-the-device): `{ [asset id]: IndicatorSettings }`. */
export const indicatorStorageKey = 'chart-indicators';

export function storedIndicators(assetId: number): unknown {
  return readStored<Record<string, unknown>>(indicatorStorageKey, {})[assetId];
}

export function storeIndicators(assetId: number, settings: IndicatorSettings): void {
  writeStored(indicatorStorageKey, { ...readStored<Record<string, unknown>>(indicatorStorageKey, {}), [assetId]: settings });
}

type Point = LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

/** One indicator on the chart: its step (the value at bar i from the one before), its lines and the values so far. */
interface Plot {
  id: IndicatorId;
  /** What it was made for: a plot whose settings change is made again. */
  signature: string;
  step: (closes: Closes, i: number, previous: unknown) => unknown;
  lines: { series: ISeriesApi<'Line'>; pick: (value: never) => number }[];
  values: unknown[];
}

const lineOptions = (color: string, extra: LineSeriesPartialOptions = {}): LineSeriesPartialOptions => ({
  color,
  lineWidth: 1,
  priceLineVisible: false,
  lastValueVisible: false,
  crosshairMarkerVisible: false,
  ...extra,
});

/**
 * The chosen indicators drawn on a chart from its candles' closes (docs/trade-room.md#chart): the whole
 * series when the candles load, then each tick recomputes only the last bar's value from the one before it and
 * moves it with `update()` (the terminal bench's 2,000 instruments at 10 updates/s leave no time for more).
 * RSI has a pane of its own below the candles, scaled 0–100 with its 70 and 30 guides.
 */
export class ChartIndicators {
  private times: UTCTimestamp[] = [];
  private closes: number[] = [];
  private plots: Plot[] = [];
  private digits = 5;

  constructor(
    private readonly chart: IChartApi,
    private readonly lineSeries: SeriesDefinition<'Line'>,
    /** The page's colours for them (the light terminal sets its own, price-chart.css). */
    private readonly colours: IndicatorColours = { ...indicatorColours, guide: rsiGuideColour },
  ) {}

  /** The candles of a new instrument or timeframe: every value again. */
  setBars(bars: readonly { time: UTCTimestamp; close: number }[], digits: number): void {
    this.times = bars.map((b) => b.time);
    this.closes = bars.map((b) => b.close);
    if (digits !== this.digits) {
      this.digits = digits;
      for (const plot of this.plots) if (plot.id !== 'rsi') for (const line of plot.lines) line.series.applyOptions({ priceFormat: this.priceFormat() });
    }
    for (const plot of this.plots) this.fill(plot);
  }

  /** A tick: the last bar's close moved (same time) or a new bar began (a later time). */
  tick(time: UTCTimestamp, close: number): void {
    const last = this.times.length - 1;
    if (last >= 0 && time < this.times[last]!) return;
    if (last >= 0 && time === this.times[last]) this.closes[last] = close;
    else {
      this.times.push(time);
      this.closes.push(close);
    }
    const i = this.times.length - 1;
    for (const plot of this.plots) {
      const value = plot.step(this.closes, i, i > 0 ? (plot.values[i - 1] ?? null) : null);
      plot.values[i] = value;
      for (const line of plot.lines) line.series.update(this.point(i, value, line.pick));
    }
  }

  /** Adds, removes or remakes plots to match the settings. */
  configure(settings: IndicatorSettings): void {
    const wanted = this.wanted(settings);
    for (const plot of this.plots.filter((p) => wanted.get(p.id)?.signature !== p.signature)) this.remove(plot);
    for (const [id, make] of wanted) {
      if (this.plots.some((p) => p.id === id)) continue;
      const plot = make.create();
      this.plots.push(plot);
      this.fill(plot);
    }
    const rsiPane = this.chart.panes()[1];
    if (rsiPane) {
      this.chart.panes()[0]?.setStretchFactor(3);
      rsiPane.setStretchFactor(1);
    }
  }

  dispose(): void {
    for (const plot of [...this.plots]) this.remove(plot);
  }

  private wanted(s: IndicatorSettings): Map<IndicatorId, { signature: string; create: () => Plot }> {
    const wanted = new Map<IndicatorId, { signature: string; create: () => Plot }>();
    const add = (id: IndicatorId, signature: string, create: (signature: string) => Plot) => wanted.set(id, { signature, create: () => create(signature) });
    const { sma, ema, bollinger, rsi } = s;
    if (sma.on)
      add('sma', `${sma.period}`, (signature) => ({
        id: 'sma',
        signature,
        step: (c, i) => smaAt(c, i, sma.period),
        lines: [{ series: this.line(this.colours.sma), pick: (v: number) => v }],
        values: [],
      }));
    if (ema.on)
      add('ema', `${ema.period}`, (signature) => ({
        id: 'ema',
        signature,
        step: (c, i, previous) => emaAt(c, i, ema.period, previous as number | null),
        lines: [{ series: this.line(this.colours.ema), pick: (v: number) => v }],
        values: [],
      }));
    if (bollinger.on)
      add('bollinger', `${bollinger.period}:${bollinger.width}`, (signature) => ({
        id: 'bollinger',
        signature,
        step: (c, i) => bollingerAt(c, i, bollinger.period, bollinger.width),
        lines: [
          { series: this.line(this.colours.bollinger), pick: (v: Band) => v.upper },
          { series: this.line(this.colours.bollinger, { lineStyle: 2 }), pick: (v: Band) => v.middle },
          { series: this.line(this.colours.bollinger), pick: (v: Band) => v.lower },
        ],
        values: [],
      }));
    if (rsi.on)
      add('rsi', `${rsi.period}`, (signature) => {
        const series = this.chart.addSeries(
          this.lineSeries,
          lineOptions(this.colours.rsi, {
            title: indicatorTexts.label.rsi(rsi.period),
            lastValueVisible: true,
            priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
            autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
          }),
          1,
        );
        series.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.08 } });
        for (const level of [70, 30]) series.createPriceLine({ price: level, color: this.colours.guide, lineWidth: 1, lineStyle: 2, axisLabelVisible: true, title: '' });
        return { id: 'rsi', signature, step: (c, i, previous) => rsiAt(c, i, rsi.period, previous as RsiPoint | null), lines: [{ series, pick: (v: RsiPoint) => v.value }], values: [] };
      });
    return wanted;
  }

  /** A line over the candles, named by the legend (a title per line would crowd the price axis). */
  private line(color: string, extra: LineSeriesPartialOptions = {}): ISeriesApi<'Line'> {
    return this.chart.addSeries(this.lineSeries, lineOptions(color, { priceFormat: this.priceFormat(), ...extra }), 0);
  }

  private priceFormat() {
    return { type: 'price' as const, precision: this.digits, minMove: 1 / 10 ** this.digits };
  }

  private fill(plot: Plot): void {
    plot.values = [];
    for (let i = 0; i < this.closes.length; i += 1) plot.values.push(plot.step(this.closes, i, i > 0 ? plot.values[i - 1] : null));
    for (const line of plot.lines) line.series.setData(plot.values.map((value, i) => this.point(i, value, line.pick)));
  }

  private point(i: number, value: unknown, pick: (value: never) => number): Point {
    const time = this.times[i]!;
    return value === null || value === undefined ? { time } : { time, value: pick(value as never) };
  }

  private remove(plot: Plot): void {
    for (const line of plot.lines) this.chart.removeSeries(line.series);
    this.plots = this.plots.filter((p) => p !== plot);
  }
}
