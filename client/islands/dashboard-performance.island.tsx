import './dashboard-performance.css';
import { useEffect, useRef, useState, type RefObject } from 'react';
import * as z from 'zod/mini';
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { dashboardTexts, performanceRanges, performanceSchema, type Performance, type PerformanceRange } from '../../shared/api/dashboard.schema';
import { dashboardApi } from '../../shared/api/endpoints/dashboard';
import { Money } from '../../shared/money';
import { call } from '../lib/call';
import { useBusy } from '../lib/use-busy';
import { defineIsland } from '../runtime/define-island';
import { formatMoney } from '../lib/format';

const props = z.object({
  /** The accounts the customer may chart, Live first; the first is the one shown. */
  accounts: z.array(z.object({ id: z.number(), label: z.string() })),
  /** The first account's 1M series as the server read it, or null when it could not. */
  performance: z.nullable(performanceSchema),
  /** Each currency's symbol and decimals, for the figures beside the chart. */
  formats: z.record(z.string(), z.object({ symbol: z.string(), decimals: z.number() })),
});
type Props = z.infer<typeof props>;

const colours = { gain: '#22c55e', loss: '#ef4444', line: '#38bdf8', text: '#94a3b8', grid: 'rgba(148, 163, 184, 0.08)' };
const rangeLabels: Record<PerformanceRange, string> = { '1W': 'One week', '1M': 'One month', '3M': 'Three months', '1Y': 'One year' };

/** Every day of the range (`YYYY-MM-DD`, UTC), so the time scale spans it whole even where nothing was booked. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end && days.length < 400; at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

type Chart = { chart: IChartApi; bars: ISeriesApi<'Histogram'>; line: ISeriesApi<'Line'> };

/** The chart while there is something to draw (lightweight-charts loads only then), fed each series as it comes. */
function useResultsChart(holder: RefObject<HTMLDivElement | null>, performance: Performance | null) {
  const [ready, setReady] = useState(false);
  const chartRef = useRef<Chart | null>(null);
  const hasTrades = !!performance && performance.pnl.length > 0;
  useEffect(() => {
    if (!hasTrades || !holder.current) return;
    let disposed = false;
    void import('lightweight-charts').then(({ createChart, HistogramSeries, LineSeries, ColorType }) => {
      if (disposed || !holder.current) return;
      const chart = createChart(holder.current, {
        autoSize: true,
        layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: colours.text, attributionLogo: false },
        grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
        leftPriceScale: { visible: true, borderVisible: false },
        rightPriceScale: { visible: true, borderVisible: false },
        timeScale: { borderVisible: false },
        handleScroll: false,
        handleScale: false,
      });
      const bars = chart.addSeries(HistogramSeries, { priceScaleId: 'left', title: 'P/L' });
      const line = chart.addSeries(LineSeries, { priceScaleId: 'right', color: colours.line, lineWidth: 2, title: 'Balance' });
      chartRef.current = { chart, bars, line };
      setReady(true);
    });
    return () => {
      disposed = true;
      chartRef.current?.chart.remove();
      chartRef.current = null;
      setReady(false);
    };
  }, [hasTrades, holder]);

  useEffect(() => {
    const target = chartRef.current;
    if (!target || !performance) return;
    const pnlByDay = new Map(performance.pnl.map((p) => [p.day, p.amount]));
    target.bars.setData(
      daysOf(performance.from, performance.to).map((day) => {
        const amount = pnlByDay.get(day);
        return amount === undefined ? { time: day } : { time: day, value: Number(amount), color: new Money(amount).isNegative() ? colours.loss : colours.gain };
      }),
    );
    target.line.setData(performance.balance.map((b) => ({ time: b.day, value: Number(b.balance) })));
    target.chart.timeScale().fitContent();
  }, [performance, ready]);
}

/** Which account and over which range; each change reads the series again. */
function ResultsControls({
  accounts,
  accountId,
  range,
  load,
}: Pick<Props, 'accounts'> & { accountId: number | undefined; range: PerformanceRange; load: (range: PerformanceRange, account: number | undefined) => void }) {
  return (
    <div className="results-controls">
      {accounts.length > 1 ? (
        <select aria-label="Account" value={accountId} onChange={(e) => load(range, Number(e.target.value))}>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
      ) : null}
      <div role="group" aria-label="Range" className="range-tabs">
        {performanceRanges.map((r) => (
          <button key={r} type="button" aria-pressed={r === range} title={rangeLabels[r]} onClick={() => load(r, accountId)}>
            {r}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * "Trading Results" (docs/customer-area.md#dashboard): one account's daily realised P/L (bars, from its
 * `realized_pnl` ledger entries) and its balance at each day's end (the line, from the ledger's running
 * total; not equity, whose history is not recorded), over 1W, 1M, 3M or 1Y of UTC days.
 */
function DashboardPerformance({ accounts, performance: first, formats }: Props) {
  const [performance, setPerformance] = useState<Performance | null>(first);
  const [range, setRange] = useState<PerformanceRange>(first?.range ?? '1M');
  const [accountId, setAccountId] = useState<number | undefined>(first?.account.id ?? accounts[0]?.id);
  const [problem, setProblem] = useState<string | null>(first ? null : dashboardTexts.chartFailed);
  const { busy, run } = useBusy();
  const holder = useRef<HTMLDivElement>(null);
  const hasTrades = !!performance && performance.pnl.length > 0;

  const show = (amount: string, currency: string) => {
    const known = formats[currency];
    return formatMoney({ amount, currency, ...(known ? { symbol: known.symbol, decimals: known.decimals } : {}) });
  };

  const load = (nextRange: PerformanceRange, nextAccount: number | undefined) => {
    setRange(nextRange);
    setAccountId(nextAccount);
    run('load', async () => {
      const result = await call(dashboardApi.dashboardPerformance, { query: { range: nextRange, ...(nextAccount === undefined ? {} : { account_id: nextAccount }) } });
      if (!result.ok) return setProblem(result.message ?? dashboardTexts.chartFailed);
      setProblem(null);
      setPerformance(result.data.data);
    });
  };

  useResultsChart(holder, performance);

  const currency = performance?.account.currency ?? 'USD';
  return (
    <section className="dash-panel trading-results" aria-labelledby="trading-results-title" aria-busy={busy !== null}>
      <header className="dash-panel-head">
        <h2 id="trading-results-title">Trading Results</h2>
        <ResultsControls accounts={accounts} accountId={accountId} range={range} load={load} />
      </header>
      {problem ? (
        <p className="chart-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {performance && !hasTrades ? (
        <div className="dash-empty results-empty">
          <p>{dashboardTexts.noTrading}</p>
          <p className="dash-empty-note">{dashboardTexts.startTrading}</p>
        </div>
      ) : null}
      {performance && hasTrades ? (
        <>
          <p className="results-summary">
            <span>
              {performance.closes} closed trade{performance.closes === 1 ? '' : 's'}, {performance.from} to {performance.to} (UTC)
            </span>
            <strong className={new Money(performance.total).isNegative() ? 'tone-loss' : new Money(performance.total).isZero() ? 'tone-flat' : 'tone-gain'}>
              {new Money(performance.total).greaterThan(0) ? '+' : ''}
              {show(performance.total, currency)}
            </strong>
          </p>
          <div className="results-chart" ref={holder} role="img" aria-label={`Daily realised profit and loss and end-of-day balance of ${performance.account.title} #${performance.account.number}`} />
          <ul className="results-legend">
            <li>
              <span className="swatch swatch-bars" aria-hidden="true" />
              Daily realised P/L (left scale)
            </li>
            <li>
              <span className="swatch swatch-line" aria-hidden="true" />
              Balance at day end (right scale; open positions not included)
            </li>
          </ul>
        </>
      ) : null}
    </section>
  );
}

export default defineIsland({ name: 'dashboard-performance', component: DashboardPerformance, props });
