import { StaffProblem } from '../../components/staff-problem';
import type { AdminInstrument, InstrumentListQuery } from '../../../shared/api/instruments-admin.schema';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import { assetClasses } from '../../../shared/constants';
import { paths } from '../../../shared/routes';
import InstrumentEditor from '../../../client/islands/instrument-editor.island';
import { AppShell } from '../../components/app-shell';
import { Pager } from '../../../client/components/pager';
import { StaffTable, type Column } from '../../../client/components/staff-table';
import { Island } from '../../island';
import { Stylesheet } from '../../page-needs';

const percent = (fraction: string) => `${(Number(fraction) * 100).toFixed(4).replace(/0+$/, '').replace(/\.$/, '')} %`;

const hrefOf = (query: InstrumentListQuery, page: number) => {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.class) params.set('class', query.class);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `${paths.adminInstruments}?${text}` : paths.adminInstruments;
};

/** What the Edit dialog changes is rendered again in place once saved (client/forms/regions.ts). */
const regionOf = (row: AdminInstrument, part: string) => `${part}-${row.id}`;

const instrumentColumns: readonly Column<AdminInstrument>[] = [
  {
    label: 'Instrument',
    cell: (row) => (
      <div>
        <strong>{row.symbol}</strong>
        <small className="staff-email">{row.name}</small>
      </div>
    ),
  },
  { label: 'Class', cell: (row) => row.asset_class },
  {
    label: 'Listed',
    cell: (row) => (
      <span className={`status-badge ${row.enabled ? 'status-active' : 'status-deactivated'}`} data-region={regionOf(row, 'listed')}>
        {row.enabled ? 'Listed' : 'Unlisted'}
      </span>
    ),
  },
  { label: 'Buy spread', cell: (row) => <span data-region={regionOf(row, 'buy')}>{percent(row.buy_spread)}</span>, className: 'money' },
  { label: 'Sell spread', cell: (row) => <span data-region={regionOf(row, 'sell')}>{percent(row.sell_spread)}</span>, className: 'money' },
  { label: 'Trading hours', cell: (row) => <span data-region={regionOf(row, 'hours')}>{row.schedule_label}</span>, className: 'staff-reason' },
  { label: 'Leverage cap', cell: (row) => `1:${row.regulatory_leverage_cap}` },
  { label: 'Edit', hiddenLabel: true, cell: (row) => <Island island={InstrumentEditor} client="visible" props={{ instrument: row }} /> },
];

interface InstrumentsProps {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  query: InstrumentListQuery;
  list: { rows: AdminInstrument[]; total: number; lastPage: number } | null;
  problem: string | null;
}

/** `/admin/instruments` (admins; docs/back-office.md#instruments): list or unlist instruments, their spreads and hours. */
export function InstrumentsPage({ settings, user, csrfToken, query, list, problem }: InstrumentsProps) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="instruments">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <section className="page-heading">
        <h1>Instruments</h1>
        <p>What customers can trade, at which spreads and hours. Leverage caps come from regulation and are not edited here.</p>
      </section>
      <form method="get" action={paths.adminInstruments} className="list-filters queue-filters" role="search">
        <label>
          Search
          <input type="search" name="q" defaultValue={query.q ?? ''} maxLength={60} placeholder="Symbol or name" />
        </label>
        <label>
          Class
          <select name="class" defaultValue={query.class ?? ''}>
            <option value="">All</option>
            {assetClasses.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Search</button>
      </form>
      <StaffProblem message={problem} />
      {list ? (
        <>
          <p className="list-summary">{list.total === 0 ? 'No instruments match.' : `${list.total} instruments`}</p>
          <StaffTable rows={list.rows} rowKey={(row) => row.id} columns={instrumentColumns} />
          <Pager page={query.page} lastPage={list.lastPage} hrefOf={(n) => hrefOf(query, n)} />
        </>
      ) : null}
    </AppShell>
  );
}
