import type { ReactNode } from 'react';
import type { CryptoChannelView, FundingOverview, HistoryRow, WalletView } from '../../shared/api/customer-funding.schema';
import { customerFundingTexts } from '../../shared/api/customer-funding.schema';
import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import { paths } from '../../shared/routes';
import DepositBank from '../../client/islands/deposit-bank.island';
import DepositCard from '../../client/islands/deposit-card.island';
import DepositCardResult from '../../client/islands/deposit-card-result.island';
import DepositWallet from '../../client/islands/deposit-wallet.island';
import { moneyExact } from '../../client/islands/deposit-parts';
import { AppShell } from '../components/app-shell';
import { DepositPrompt } from '../components/deposit-prompt';
import { DepositMethodList } from '../funding/deposit-methods';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';
import { formatDate } from '../../client/lib/format';

interface Frame {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
}

/** What the API could not give: the methods and steps cannot be drawn without the overview. */
export const depositUnavailableText = 'Deposits cannot be shown just now. Please try again in a minute.';

/** `/main/deposit` and its steps: "DEPOSIT", the methods (the open step's marked), the step, and the funding hint for an empty Live account. */
function DepositFrame({ settings, user, csrfToken, overview, current, deposits, children }: Frame & { overview: FundingOverview | null; current?: string; deposits?: number; children?: ReactNode }) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="deposit">
      <Stylesheet src="views/pages/deposit.css" />
      <div className="deposit-page">
        <h1 className="deposit-title">Deposit</h1>
        {current !== undefined ? <DepositPrompt user={user} {...(deposits !== undefined ? { deposits } : {})} /> : null}
        {overview ? (
          <DepositMethodList overview={overview} {...(current ? { current } : {})} />
        ) : (
          <p className="deposit-message" role="alert">
            {depositUnavailableText}
          </p>
        )}
        {children}
      </div>
    </AppShell>
  );
}

/** A step's pane: its title, an optional line under it, its content. */
function StepPane({ title, lead, children, testId }: { title: string; lead?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="deposit-pane" aria-labelledby="deposit-pane-title" data-testid={testId}>
      <h2 id="deposit-pane-title">{title}</h2>
      {lead ? <p className="deposit-lead">{lead}</p> : null}
      {children}
    </section>
  );
}

function Message({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'warning' }) {
  return (
    <p className={`deposit-message ${tone}`} role={tone === 'warning' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** A time as the server can show it, in UTC (no browser time zone here). */
const utcText = (iso: string) => formatDate(iso, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const statusTone = (row: HistoryRow) => (row.status === 'confirmed' || row.status === 'completed' ? 'done' : row.status === 'pending' || row.status === 'held' ? 'pending' : 'failed');

/** The customer's latest deposits (the history's first page), as a table on a wide screen and labelled cards on a phone. */
function RecentDeposits({ rows }: { rows: HistoryRow[] | null }) {
  return (
    <section className="recent-deposits" aria-labelledby="recent-deposits-title">
      <header>
        <h2 id="recent-deposits-title">Recent deposits</h2>
        <a href={paths.transactionHistory}>All transactions</a>
      </header>
      {rows === null ? (
        <Message>Your deposits could not be loaded just now.</Message>
      ) : rows.length === 0 ? (
        <p className="deposit-empty">No deposits yet.</p>
      ) : (
        <table className="deposit-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Method</th>
              <th scope="col">Reference</th>
              <th scope="col" className="number">
                Amount
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid="recent-deposit">
                <td data-label="Date">
                  <time dateTime={row.created_at}>{utcText(row.created_at)}</time>
                </td>
                <td data-label="Method">{row.method_label}</td>
                <td data-label="Reference">
                  <span className="mono">{row.reference}</span>
                </td>
                <td data-label="Amount" className="number">
                  {moneyExact(row.amount, row.currency)}
                </td>
                <td data-label="Status">
                  <span className={`deposit-status status-${statusTone(row)}`}>{row.status === 'confirmed' ? 'Credited' : row.status_label}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** `/main/deposit`: the methods and the latest deposits. */
export function DepositPage({ overview, deposits, ...frame }: Frame & { overview: FundingOverview | null; deposits: HistoryRow[] | null }) {
  return (
    <DepositFrame {...frame} overview={overview}>
      {overview?.account ? (
        <>
          <p className="deposit-intro">Choose how to add money to your Live account {overview.account.number}. Each method says how long it takes to be credited.</p>
          <RecentDeposits rows={deposits} />
        </>
      ) : null}
    </DepositFrame>
  );
}

export type CardStep = { kind: 'amount'; amount: string } | { kind: 'success'; deposit: HistoryRow } | { kind: 'cancelled'; deposit: HistoryRow } | { kind: 'unknown' };

/** `/main/deposit/card`: the amount ("Fund Account"), or the result when the provider sent the browser back. */
export function DepositCardPage({ overview, step, deposits, ...frame }: Frame & { overview: FundingOverview | null; step: CardStep; deposits?: number }) {
  const account = overview?.account;
  return (
    <DepositFrame {...frame} overview={overview} current="card" {...(deposits !== undefined ? { deposits } : {})}>
      {!overview || !account ? null : step.kind === 'success' ? (
        <StepPane title="Payment received by the provider" lead="Your card payment went through on the provider’s secure page." testId="card-result">
          <Island island={DepositCardResult} client="load" props={{ deposit: step.deposit }} />
        </StepPane>
      ) : step.kind === 'cancelled' ? (
        <StepPane title={step.deposit.status === 'failed' ? 'Payment failed' : 'Payment cancelled'} testId="card-result">
          <Message>
            {step.deposit.status === 'failed'
              ? `The payment did not go through${step.deposit.reason ? `: ${step.deposit.reason}` : '.'} Nothing was charged.`
              : 'Payment cancelled. Nothing was charged.'}
          </Message>
          <p className="deposit-actions">
            <a href={`${paths.deposit}/card?amount=${encodeURIComponent(step.deposit.amount)}`} role="button">
              Try again
            </a>
          </p>
        </StepPane>
      ) : step.kind === 'unknown' ? (
        <StepPane title="Card payment" testId="card-result">
          <Message>We could not find this payment. If you paid, it appears in your Transaction history once the provider confirms it.</Message>
          <p className="deposit-actions">
            <a href={paths.transactionHistory}>Transaction history</a>
            <a href={`${paths.deposit}/card`}>New card deposit</a>
          </p>
        </StepPane>
      ) : !overview.card.enabled ? (
        <StepPane title="Fund Account">
          <Message>Card payments are not available at the moment: please choose another method or contact support.</Message>
        </StepPane>
      ) : (
        <StepPane title="Fund Account" lead="Credit/Debit Card · credited instantly once the payment is taken">
          <Island
            island={DepositCard}
            client="load"
            props={{ currency: account.currency, min: overview.card.min, max: overview.card.max, quick: overview.card.quick, sandbox: overview.card.sandbox, amount: step.amount }}
          />
        </StepPane>
      )}
    </DepositFrame>
  );
}

/** `/main/deposit/bank`: the amount, then the broker's bank details and the reference to quote. */
export function DepositBankPage({ overview, pending, deposits, ...frame }: Frame & { overview: FundingOverview | null; pending: HistoryRow[]; deposits?: number }) {
  const account = overview?.account;
  return (
    <DepositFrame {...frame} overview={overview} current="bank" {...(deposits !== undefined ? { deposits } : {})}>
      {!overview || !account ? null : !overview.bank.enabled || !overview.bank.details ? (
        <StepPane title="Bank transfer">
          <Message>{customerFundingTexts.bankUnavailable}</Message>
        </StepPane>
      ) : (
        <StepPane title="Bank transfer" lead="Send money from your own bank account. Usually credited in 1–3 business days, once our staff see it arrive.">
          <Island island={DepositBank} client="load" props={{ currency: account.currency, min: overview.bank.min }} />
          {pending.length > 0 ? (
            <div className="pending-transfers">
              <h3>Transfers we are waiting for</h3>
              <ul>
                {pending.map((row) => (
                  <li key={row.key}>
                    <span>{moneyExact(row.amount, row.currency)}</span> with reference <span className="mono">{row.reference}</span>
                  </li>
                ))}
              </ul>
              <p>
                Pay to {overview.bank.details.account_name}, {overview.bank.details.bank_name}, IBAN <span className="mono">{overview.bank.details.iban}</span>, BIC{' '}
                <span className="mono">{overview.bank.details.bic}</span>, quoting the reference.
              </p>
            </div>
          ) : null}
        </StepPane>
      )}
    </DepositFrame>
  );
}

/** "Tether on Tron (TRC-20)", but "Bitcoin (Native SegWit)" where the network already names the coin. */
const networkOf = (channel: CryptoChannelView) => (channel.network_label.startsWith(channel.asset_name) ? channel.network_label : `${channel.asset_name} on ${channel.network_label}`);

function ChannelCard({ channel }: { channel: CryptoChannelView }) {
  return (
    <article className="channel-card" data-testid={`channel-${channel.slug}`}>
      <header>
        <h3>
          {channel.asset_name} ({channel.asset})
        </h3>
      </header>
      <dl className="deposit-facts">
        <div>
          <dt>Network</dt>
          <dd>{channel.network_label}</dd>
        </div>
        <div>
          <dt>Credited after</dt>
          <dd>{channel.confirmations} network confirmations</dd>
        </div>
        <div>
          <dt>Minimum</dt>
          <dd>
            {channel.min_deposit} {channel.asset}
          </dd>
        </div>
      </dl>
      <a href={`${paths.deposit}/${channel.slug}/${channel.wallet_id}`} role="button">
        Show my {channel.asset} address on {channel.network_label}
      </a>
    </article>
  );
}

/** `/main/deposit/{crypto}`: the asset and its network(s) (USDT alone: both), each with the button to this customer's address. */
export function DepositCryptoPage({
  overview,
  current,
  channels,
  deposits,
  ...frame
}: Frame & { overview: FundingOverview | null; current: string; channels: CryptoChannelView[]; deposits?: number }) {
  return (
    <DepositFrame {...frame} overview={overview} current={current} {...(deposits !== undefined ? { deposits } : {})}>
      {!overview?.account ? null : (
        <StepPane title="Deposit Cryptocurrency" lead="Select asset and network to generate a secure deposit address.">
          {!overview.crypto.enabled || channels.length === 0 ? (
            <Message>Crypto deposits are not available at the moment: please choose another method or contact support.</Message>
          ) : (
            <>
              {overview.crypto.demo ? (
                <p className="sandbox-note" role="note">
                  Sandbox chain: do not send real coins
                </p>
              ) : null}
              {channels.length > 1 ? <p className="step-intro">{channels[0]!.asset} travels on more than one network. Choose the network you will send on: each has its own address.</p> : null}
              <div className="channel-cards">
                {channels.map((channel) => (
                  <ChannelCard key={channel.slug} channel={channel} />
                ))}
              </div>
              <p className="step-intro">Your address is yours alone: anything sent to it is credited to your Live account automatically at the rate of the moment it is credited.</p>
            </>
          )}
        </StepPane>
      )}
    </DepositFrame>
  );
}

/** `/main/deposit/{crypto}/{walletId}`: the customer's address, its QR, and the payments seen on it, live. */
export function DepositWalletPage({ overview, wallet, deposits, ...frame }: Frame & { overview: FundingOverview | null; wallet: WalletView; deposits?: number }) {
  return (
    <DepositFrame {...frame} overview={overview} current={wallet.channel.slug} {...(deposits !== undefined ? { deposits } : {})}>
      <StepPane
        title={`${wallet.channel.asset} Deposit`}
        lead={`${networkOf(wallet.channel)}. Send from any wallet or exchange; credited after ${wallet.channel.confirmations} network confirmations.`}
        testId="wallet-pane"
      >
        <Island island={DepositWallet} client="load" props={{ wallet, currency: overview?.account?.currency ?? 'USD' }} />
        {wallet.channel.asset === 'USDT' ? (
          <p className="deposit-actions">
            <a href={`${paths.deposit}/usdt`}>USDT on another network</a>
          </p>
        ) : null}
      </StepPane>
    </DepositFrame>
  );
}
