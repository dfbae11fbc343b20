import type { ReactNode } from 'react';
import type { CustomerDetail } from '../../../shared/api/back-office.schema';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { TradeView } from '../../../shared/api/trades.schema';
import type { User } from '../../../shared/api/user.schema';
import { Money } from '../../../shared/money';
import { paths } from '../../../shared/routes';
import CustomerActions from '../../../client/islands/customer-actions.island';
import CustomerNotes from '../../../client/islands/customer-notes.island';
import { formatDay, formatWhen } from '../../../client/lib/format';
import { AppShell } from '../../components/app-shell';
import { StaffTable, type Column } from '../../../client/components/staff-table';
import { customerNumber } from '../../../client/components/customer-cell';
import { countryLabelOf } from '../../../shared/api/profile.schema';
import { Island } from '../../island';
import { Stylesheet } from '../../page-needs';
import { money, Online, StatusBadge, verificationLabel } from './customers';

/** A panel; one with a `region` is rendered again in place after a staff action (client/forms/regions.ts). */
function Panel({ title, region, children }: { title: string; region?: string; children: ReactNode }) {
  return (
    <section className="bo-panel" aria-label={title} data-region={region}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const signed = (amount: string, currency: string) => <span className={`money ${new Money(amount).isNegative() ? 'negative' : 'positive'}`}>{money(amount, currency)}</span>;

const tradeColumns = (currencyOf: (accountId: number) => string, closed: boolean): readonly Column<TradeView>[] => [
  { label: 'Instrument', cell: (t) => <strong>{t.asset_symbol}</strong> },
  { label: 'Side', cell: (t) => t.trade_type.toUpperCase() },
  { label: 'Lots', cell: (t) => t.lots },
  { label: 'Open', cell: (t) => <span className="money">{t.opening_price}</span> },
  { label: closed ? 'Close' : 'Current', cell: (t) => <span className="money">{t.closing_price ?? '—'}</span> },
  { label: 'P/L', cell: (t) => signed(t.pnl, currencyOf(t.account_id)) },
  { label: closed ? 'Closed' : 'Opened', cell: (t) => formatWhen(closed ? t.close_time : t.open_time) },
  { label: 'By', cell: (t) => t.placed_by.replace('_', ' ') },
];

/** A readable line for an audit entry's details: from → to when it has them, else its fields. */
function detailsText(details: Record<string, unknown>): string {
  const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const parts: string[] = [];
  if ('from' in details || 'to' in details) parts.push(`${show(details.from)} → ${show(details.to)}`);
  for (const [key, value] of Object.entries(details)) if (key !== 'from' && key !== 'to' && value !== null) parts.push(`${key.replace(/_/g, ' ')}: ${show(value)}`);
  return parts.join(' · ');
}

interface CustomerPageProps {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  detail: CustomerDetail;
}

/** The customer's money and trading: accounts, open trades, pending orders, closed trades and the ledger. */
function TradingPanels({ detail }: { detail: CustomerDetail }) {
  const currencyOf = (accountId: number) => detail.accounts.find((a) => a.id === accountId)?.currency ?? 'USD';
  const currencyOfNumber = (number: string) => detail.accounts.find((a) => a.number === number)?.currency ?? 'USD';
  return (
    <div>
      <Panel title="Accounts" region="accounts">
        <StaffTable
          rows={detail.accounts}
          empty="No accounts."
          columns={[
            { label: 'Account', cell: (a) => `${a.title} #${a.number}` },
            { label: 'Balance', cell: (a) => <span className="money">{money(a.balance, a.currency)}</span> },
            { label: 'Credit', cell: (a) => <span className="money">{money(a.credit, a.currency)}</span> },
            { label: 'Equity', cell: (a) => <span className="money">{money(a.equity, a.currency)}</span> },
            { label: 'Margin', cell: (a) => <span className="money">{money(a.margin, a.currency)}</span> },
            { label: 'Margin level', cell: (a) => a.marginLevel },
            { label: 'Open trades', cell: (a) => a.open_trades },
          ]}
        />
      </Panel>
      <Panel title="Open trades" region="open-trades">
        <StaffTable rows={detail.open_trades} empty="No open trades." columns={tradeColumns(currencyOf, false)} />
      </Panel>
      <Panel title="Pending orders" region="pending-orders">
        <StaffTable
          rows={detail.pending_orders}
          empty="No pending orders."
          columns={[
            { label: 'Instrument', cell: (o) => <strong>{o.asset_symbol}</strong> },
            { label: 'Order', cell: (o) => `${o.trade_type.toUpperCase()} ${o.kind}` },
            { label: 'Lots', cell: (o) => o.lots },
            { label: 'Price', cell: (o) => <span className="money">{o.price}</span> },
            { label: 'Placed', cell: (o) => formatWhen(o.created_at) },
          ]}
        />
      </Panel>
      <Panel title="Closed trades (latest 20)" region="closed-trades">
        <StaffTable rows={detail.closed_trades} empty="No closed trades." columns={tradeColumns(currencyOf, true)} />
      </Panel>
      <Panel title="Ledger (latest 50)" region="ledger">
        <StaffTable
          rows={detail.ledger}
          empty="No ledger entries."
          columns={[
            { label: 'When', cell: (l) => formatWhen(l.created_at) },
            { label: 'Account', cell: (l) => l.account_number },
            { label: 'Entry', cell: (l) => `${l.kind.replace(/_/g, ' ')}${l.bucket === 'credit' ? ' (credit)' : ''}` },
            { label: 'Amount', cell: (l) => signed(l.amount, currencyOfNumber(l.account_number)) },
            { label: 'Total after', cell: (l) => <span className="money">{money(l.balance_after, currencyOfNumber(l.account_number))}</span> },
            { label: 'Reference', cell: (l) => l.memo ?? l.reference ?? '—' },
          ]}
        />
      </Panel>
    </div>
  );
}

function ProfilePanel({ profile }: { profile: CustomerDetail['profile'] }) {
  return (
    <Panel title="Profile" region="profile">
      <dl className="profile-list">
        <dt>E-mail</dt>
        <dd>{profile.email}</dd>
        <dt>Phone</dt>
        <dd>{profile.phone ?? '—'}</dd>
        <dt>Country</dt>
        <dd>{countryLabelOf(profile.country) ?? '—'}</dd>
        <dt>Nationality</dt>
        <dd>{profile.nationality ?? '—'}</dd>
        <dt>Plan</dt>
        <dd>{profile.plan ? `${profile.plan.title} (1:${profile.plan.leverage})` : '—'}</dd>
        <dt>Verification</dt>
        <dd>{verificationLabel(profile.verification_status)}</dd>
        <dt>AutoTrader</dt>
        <dd>{profile.autotrader.active ? `On (${profile.autotrader.level ?? '—'})` : 'Off'}</dd>
        <dt>Expert advisors</dt>
        <dd>{profile.advisors.length ? profile.advisors.map((a) => a.name).join(', ') : 'None'}</dd>
        <dt>Promo code</dt>
        <dd>{profile.promo_code ?? '—'}</dd>
        <dt>Registered</dt>
        <dd>{formatDay(profile.created_at)}</dd>
        <dt>Last seen</dt>
        <dd>{formatWhen(profile.last_seen_at)}</dd>
      </dl>
    </Panel>
  );
}

function AuditPanel({ audit }: { audit: CustomerDetail['audit'] }) {
  return (
    <Panel title="Audit trail" region="audit">
      {audit.length === 0 ? (
        <p className="empty-line">Nothing recorded yet.</p>
      ) : (
        <ul className="trail-list">
          {audit.map((entry) => (
            <li key={entry.id}>
              <strong>{entry.action.replace(/[._]/g, ' ')}</strong>
              <span className="trail-details">{detailsText(entry.details)}</span>
              <span className="trail-meta">
                {entry.actor ? `${entry.actor.name} (${entry.actor.role})` : 'System'} · {formatWhen(entry.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** `/admin/customers/{id}` (docs/back-office.md#a-customers-page): everything staff need about one customer, and what they may do. */
export function CustomerPage({ settings, user, csrfToken, detail }: CustomerPageProps) {
  const { profile } = detail;
  const name = `${profile.first_name} ${profile.last_name}`;
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="customers">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <p>
        <a href={paths.adminCustomers}>← Customers</a>
      </p>
      <header className="customer-head">
        <div>
          <h1>{name}</h1>
          <p data-region="standing">
            <StatusBadge status={profile.status} /> · <Online online={profile.is_online} /> · {customerNumber(profile.id)}
          </p>
        </div>
        <Island
          island={CustomerActions}
          client="load"
          props={{
            customerId: profile.id,
            name,
            status: profile.status,
            planId: profile.plan?.id ?? null,
            plans: detail.plans,
            chatHref: `${paths.adminChat}?customer=${profile.id}`,
            adjust: user.role === 'admin' ? { accounts: detail.accounts.map((a) => ({ id: a.id, label: `${a.title} #${a.number} (${a.currency})` })), bonusesEnabled: settings.bonuses_enabled } : null,
          }}
        />
      </header>
      <div className="customer-grid">
        <TradingPanels detail={detail} />
        <div>
          <ProfilePanel profile={profile} />
          <Panel title="Staff notes">
            <Island island={CustomerNotes} client="visible" props={{ customerId: profile.id, notes: detail.notes }} />
          </Panel>
          <AuditPanel audit={detail.audit} />
        </div>
      </div>
    </AppShell>
  );
}
