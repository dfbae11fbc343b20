import './tool-dialogs.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { Asset } from '../../shared/api/assets.schema';
import { Money } from '../../shared/money';
import { calculate, defaultLevels, underACent } from '../../shared/trading/calculator';
import { conversionRate } from '../../shared/trading/conversion';
import { pipSizeOf } from '../../shared/trading/market-watch';
import { positionTexts } from '../../shared/trading/terminal';
import { volumeInputOf } from '../../shared/trading/ticket';
import { signClass } from '../lib/format';
import { forexMid, quoteOf } from '../state/market';
import { displayMoney, loadSiteData, planFeatures, plans, siteDataFailed } from '../state/site-data';
import { terminalDialog } from '../state/terminal';
import { liveSummary, selectedAccount } from '../state/trading';
import { leverageOf } from '../state/orders';
import { Modal } from './modal';

const close = () => (terminalDialog.value = null);

/** Account Plans (docs/trade-room.md#account-plans): the plans side by side, the customer's own highlighted, the recommended one marked. */
export function PlansDialog({ currentPlanId }: { currentPlanId: number | null }) {
  useSignals();
  useEffect(() => void loadSiteData(), []);
  const list = plans.value;
  return (
    <Modal title="Account Plans" className="plans-dialog" onClose={close}>
      {!list || list.length === 0 ? (
        <p className="panel-empty">{list || siteDataFailed.value ? positionTexts.noPlans : 'Loading...'}</p>
      ) : (
        <div className="plans-table">
          <table>
            <thead>
              <tr>
                <th />
                {list.map((plan) => (
                  <th key={plan.id} className={plan.id === currentPlanId ? 'current-plan' : undefined} style={plan.color ? { borderTopColor: plan.color } : undefined}>
                    {plan.title}
                    {plan.is_recommended ? <small className="recommended">Recommended</small> : null}
                    {plan.id === currentPlanId ? <small className="your-plan">Your plan</small> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {planFeatures.value.map((label, row) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {list.map((plan) => (
                    <td key={plan.id} className={plan.id === currentPlanId ? 'current-plan' : undefined}>
                      {plan.features[row] ?? '—'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}

/** Profit Calculator (docs/trade-room.md#profit-calculator): P/L at TP and SL, ROE, pip value, margin and the largest position. */
export function CalculatorDialog({ asset }: { asset: Asset }) {
  useSignals();
  const quote = quoteOf(asset.id).value;
  const currency = selectedAccount.value?.currency ?? 'USD';
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const start = (quote ? quote.ask : asset.buy_price) ?? asset.rate;
  const [lots, setLots] = useState('0.01');
  const [entry, setEntry] = useState(new Money(start).toFixed(asset.digits));
  const [levels, setLevels] = useState(() => defaultLevels({ side: 'buy', entry: start, digits: asset.digits }));
  const leverage = leverageOf(asset);
  const conversion = conversionRate(asset.quote_currency, currency, forexMid);
  const volume = /^\d*\.?\d+$/.test(lots) ? new Money(lots).times(asset.contract_size).toFixed() : lots;
  const freeMargin = liveSummary.value?.freeMargin ?? null;
  const result = calculate({
    side,
    volume,
    entry,
    takeProfit: levels.takeProfit,
    stopLoss: levels.stopLoss,
    leverage,
    conversion: conversion ?? 1,
    pipSize: pipSizeOf(asset.digits),
    contractSize: asset.contract_size,
    freeMargin,
  });
  const errors = result.ok ? {} : result.errors;
  const changeSide = (next: 'buy' | 'sell') => {
    setSide(next);
    if (/^\d*\.?\d+$/.test(entry)) setLevels(defaultLevels({ side: next, entry, digits: asset.digits }));
  };
  const field = (id: string, label: string, value: string, set: (v: string) => void, error?: string) => (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} inputMode="decimal" value={value} onChange={(e) => set(e.target.value.replace(/[^\d.-]/g, ''))} aria-invalid={error ? true : undefined} />
      {error ? <small className="field-problem">{error}</small> : null}
    </div>
  );
  const out = (label: string, value: string, tone = '') => (
    <div>
      <dt>{label}</dt>
      <dd className={tone}>{value}</dd>
    </div>
  );
  return (
    <Modal title="Profit Calculator" className="calculator-dialog" onClose={close}>
      <p className="muted">
        {asset.symbol_display} · leverage 1:{leverage}
      </p>
      <div className="ticket-sides" role="group" aria-label="Side">
        {(['buy', 'sell'] as const).map((s) => (
          <button key={s} type="button" className={`side-${s}`} aria-pressed={side === s} onClick={() => changeSide(s)}>
            <span>{s.toUpperCase()}</span>
          </button>
        ))}
      </div>
      <div className="calculator-fields">
        {field('calc-lots', 'Volume (lots)', lots, (v) => setLots(volumeInputOf(v)), errors.volume)}
        {field('calc-entry', 'Entry price', entry, setEntry, errors.entry)}
        {field('calc-tp', 'Take profit', levels.takeProfit, (v) => setLevels({ ...levels, takeProfit: v }), errors.takeProfit)}
        {field('calc-sl', 'Stop loss', levels.stopLoss, (v) => setLevels({ ...levels, stopLoss: v }), errors.stopLoss)}
      </div>
      {!conversion ? (
        <p className="ticket-problem">
          No price converts {asset.quote_currency} into {currency} right now, so the figures cannot be worked out.
        </p>
      ) : null}
      {result.ok && conversion ? (
        <dl className="info-grid calculator-results">
          {out('Profit at take profit', displayMoney(result.profit, currency), signClass(result.profit))}
          {out('Loss at stop loss', displayMoney(result.loss, currency), signClass(result.loss))}
          {out('Return on margin (ROE)', `${result.roe}%`)}
          {/* Under a cent (a small crypto position) as worked out, where a money format would say 0.00. */}
          {out('Pip value', underACent(result.pipValue) ? `${result.pipValue} ${currency}` : displayMoney(result.pipValue, currency))}
          {out('Margin', displayMoney(result.margin, currency))}
          {out('Largest position', result.maxPosition ? `${displayMoney(result.maxPosition.value, currency)} (${result.maxPosition.lots} lots)` : '—')}
        </dl>
      ) : null}
    </Modal>
  );
}
