import { PeriodicJob } from '../periodic-job';
import { bookDueDividends, type DividendDeps } from './book';

/** How often the leader looks for a dividend whose ex-date has opened: it bounds how late after the open one is booked. */
export const dividendCheckMs = 60_000;

/** The leader's dividend job (docs/trading.md#dividends): each minute, every dividend due and not booked, oldest first. */
export class DividendJob extends PeriodicJob<'dividends'> {
  constructor(deps: DividendDeps & { intervalMs?: number }) {
    super('dividends', () => bookDueDividends(deps).then(() => undefined), { intervalMs: deps.intervalMs ?? dividendCheckMs, logger: deps.logger, failure: 'booking dividends failed' });
  }
}
