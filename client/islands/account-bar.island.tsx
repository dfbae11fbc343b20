import './account-bar.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { useDismiss } from '../lib/use-dismiss';
import * as z from 'zod/mini';
import type { AccountSummaryView } from '../../shared/api/trades.schema';
import { positionLayoutTexts } from '../../shared/trading/position-texts';
import { formatFigure, signClass } from '../lib/format';
import { chooseDisplayCurrency, currencies, displayCurrency, displayMoney, loadSiteData, shownCurrency } from '../state/site-data';
import { defineIsland } from '../runtime/define-island';
import { startMarket } from '../state/market';
import { currentUser, realtimeKey } from '../state/session';
import { accounts, liveSummary, selectAccount, selectedAccount, startTrading } from '../state/trading';

const level = (value: string) => (value === '∞' ? '∞' : `${formatFigure(value)}%`);

function AccountChoice({ account, selected, onPick }: { account: AccountSummaryView; selected: boolean; onPick: () => void }) {
  return (
    <li>
      <button type="button" className="account-choice" aria-current={selected || undefined} onClick={onPick}>
        <strong>
          {account.title} <small>#{account.number}</small>
        </strong>
        <dl>
          <dt>Balance</dt>
          <dd>{displayMoney(account.balance, account.currency)}</dd>
          <dt>Profit</dt>
          <dd className={signClass(account.pnl)}>{displayMoney(account.pnl, account.currency)}</dd>
          <dt>Equity</dt>
          <dd>{displayMoney(account.equity, account.currency)}</dd>
          <dt>Margin</dt>
          <dd>{displayMoney(account.margin, account.currency)}</dd>
          <dt>Margin level</dt>
          <dd>{level(account.marginLevel)}</dd>
          <dt>Free margin</dt>
          <dd>{displayMoney(account.freeMargin, account.currency)}</dd>
        </dl>
      </button>
    </li>
  );
}

/**
 * The bottom bar (docs/trade-room.md#account-bar): BALANCE, EQUITY, MARGIN, FREE MARGIN, P/L and MARGIN LEVEL at
 * live prices, the account switch and the display currency, saved on the user
 * (docs/accounts-and-ledger.md#display-currency). Where the bar is too narrow for all of it (phones), it
 * shows EQUITY and P/L and opens the rest above it on a tap (account-bar.css).
 */
function AccountBar() {
  useSignals();
  const [menu, setMenu] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const switcher = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useDismiss(menu, switcher, () => setMenu(false));
  useDismiss(expanded && !menu, bar, () => setExpanded(false));
  useEffect(() => {
    void startMarket();
    const user = currentUser.value;
    if (user) void startTrading(user.id, realtimeKey.value);
    void loadSiteData();
  }, []);
  const summary = liveSummary.value;
  const account = selectedAccount.value;
  const currency = account?.currency ?? '';
  const converted = currency !== '' && shownCurrency(currency) !== currency;
  const figure = (label: string, value: string | undefined, tone = '') => (
    <div className="account-figure" data-name={label}>
      <span>{label}</span>
      <strong className={tone} data-figure={label}>
        {value === undefined ? '—' : displayMoney(value, currency)}
      </strong>
    </div>
  );
  return (
    <div className={expanded ? 'account-bar expanded' : 'account-bar'} ref={bar}>
      <button type="button" className="account-bar-toggle" aria-expanded={expanded} aria-controls="account-more" onClick={() => setExpanded(!expanded)}>
        <span className="visually-hidden">{positionLayoutTexts.accountDetails}</span>
        <span aria-hidden="true">{expanded ? '▾' : '▴'}</span>
      </button>
      {figure('EQUITY', summary?.equity)}
      {figure('P/L', summary?.pnl, signClass(summary?.pnl))}
      <div className="account-more" id="account-more">
        <div className="account-switch" ref={switcher}>
          <button type="button" aria-expanded={menu} onClick={() => setMenu(!menu)}>
            {account ? (
              <>
                {account.title} <small>#{account.number}</small>
              </>
            ) : (
              'Account'
            )}{' '}
            ▴
          </button>
          {menu ? (
            <ul className="account-menu" aria-label="Accounts">
              {accounts.value.map((a) => (
                <AccountChoice
                  key={a.id}
                  account={a}
                  selected={a.id === account?.id}
                  onPick={() => {
                    selectAccount(a.id);
                    setMenu(false);
                  }}
                />
              ))}
            </ul>
          ) : null}
        </div>
        {currencies.value.length > 0 ? (
          <label className="currency-choice" title={converted ? `Converted from ${currency} at the site's reference rate: an estimate, not your account's own figures.` : undefined}>
            <span className={converted ? 'converted-note' : undefined}>{converted ? `≈ in ${shownCurrency(currency)}` : 'CURRENCY'}</span>
            <select className="currency-select" aria-label="Display currency" value={displayCurrency.value ?? currency} onChange={(e) => void chooseDisplayCurrency(e.target.value)}>
              {currencies.value
                .filter((c) => c.display || c.code === displayCurrency.value || c.code === currency)
                .map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code}
                  </option>
                ))}
            </select>
          </label>
        ) : null}
        {figure('BALANCE', summary?.balance)}
        {figure('MARGIN', summary?.margin)}
        {figure('FREE MARGIN', summary?.freeMargin)}
        <div className="account-figure" data-name="MARGIN LEVEL">
          <span>MARGIN LEVEL</span>
          <strong>{summary ? level(summary.marginLevel) : '—'}</strong>
        </div>
      </div>
    </div>
  );
}

export default defineIsland({ name: 'account-bar', component: AccountBar, props: z.object({}) });
