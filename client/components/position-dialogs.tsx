import './order-ticket.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type FormEvent } from 'react';
import type { Asset } from '../../shared/api/assets.schema';
import { tradingApi } from '../../shared/api/endpoints/trading';
import { Money } from '../../shared/money';
import { lotsProblem } from '../../shared/trading/sizing';
import { positionTexts } from '../../shared/trading/terminal';
import { volumeInputOf } from '../../shared/trading/ticket';
import { displayMoney } from '../state/site-data';
import { call } from '../lib/call';
import { formatLots, formatPrice, signClass } from '../lib/format';
import { liveOpenTrades, refreshTrading, selectedAccount, type LiveTrade } from '../state/trading';
import { showToast } from '../state/toasts';
import { Modal } from './modal';

/** Close position (docs/trade-room.md#close-dialogs): confirm, "Closing...", reload the trades; the dialog closes either way. */
export function CloseDialog({ trade: opened, onClose }: { trade: LiveTrade; onClose: () => void }) {
  useSignals();
  const [busy, setBusy] = useState(false);
  // The figures keep moving while the dialog is open.
  const trade = liveOpenTrades.value.find((t) => t.id === opened.id) ?? opened;
  async function confirm() {
    setBusy(true);
    const result = await call(tradingApi.closeTrade, { params: { id: trade.id }, body: {} });
    if (result.ok) showToast({ kind: 'success', title: positionTexts.closed, placement: 'bottom-left', durationMs: 3_000 });
    else showToast({ kind: 'error', title: positionTexts.closeFailed, description: result.message ?? positionTexts.closeFailedBody, durationMs: 5_000 });
    await refreshTrading();
    onClose();
  }
  return (
    <Modal title="Close position" onClose={busy ? () => undefined : onClose}>
      <p>
        Close {trade.trade_type.toUpperCase()} {formatLots(trade.lots)} lots of {trade.asset_symbol} at about {formatPrice(trade.livePrice, 5)}? Its P/L now is{' '}
        <strong className={signClass(trade.livePnl)}>{displayMoney(trade.livePnl, selectedAccount.value?.currency ?? 'USD')}</strong>.
      </p>
      <footer>
        <button type="button" className="secondary" disabled={busy} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="danger" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
          {busy ? 'Closing...' : 'Close position'}
        </button>
      </footer>
    </Modal>
  );
}

/** Part of a position closed at the market: the rest stays open with the same levels. */
export function PartialCloseDialog({ trade, asset, onClose }: { trade: LiveTrade; asset: Asset | undefined; onClose: () => void }) {
  const [lots, setLots] = useState('0.01');
  const [busy, setBusy] = useState(false);
  const contractSize = asset?.contract_size ?? new Money(trade.volume).dividedBy(trade.lots).toString();
  const problem = lotsProblem(lots) ?? (new Money(lots || '0').gte(trade.lots) ? `Less than the ${formatLots(trade.lots)} lots open` : null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (problem) return;
    setBusy(true);
    const units = new Money(lots).times(contractSize).toFixed();
    const result = await call(tradingApi.closeTrade, { params: { id: trade.id }, body: { volume: units } });
    if (result.ok) showToast({ kind: 'success', title: positionTexts.partlyClosed, description: `${lots} of ${formatLots(trade.lots)} lots closed` });
    else showToast({ kind: 'error', title: positionTexts.closeFailed, description: result.message ?? positionTexts.closeFailedBody });
    await refreshTrading();
    onClose();
  }
  return (
    <Modal title="Close part of the position" onClose={busy ? () => undefined : onClose}>
      <form onSubmit={submit}>
        <label htmlFor="partial-lots">
          Lots to close (of {formatLots(trade.lots)})
          <input id="partial-lots" inputMode="decimal" value={lots} onChange={(e) => setLots(volumeInputOf(e.target.value))} aria-invalid={problem ? true : undefined} />
        </label>
        {problem ? <small className="field-problem">{problem}</small> : null}
        <footer>
          <button type="button" className="secondary" disabled={busy} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={busy || Boolean(problem)} aria-busy={busy || undefined}>
            {busy ? 'Closing...' : 'Close part'}
          </button>
        </footer>
      </form>
    </Modal>
  );
}

/**
 * TP & SL of an open position (docs/trade-room.md#tp-and-sl-dialog): prices at the instrument's digits (the
 * original design's two decimals would break 5-digit prices), a stepper by one point that never goes below 0, empty clears.
 */
export function LevelsDialog({ trade, asset, onClose }: { trade: LiveTrade; asset: Asset | undefined; onClose: () => void }) {
  const digits = asset?.digits ?? 5;
  const [takeProfit, setTakeProfit] = useState(trade.take_profit ?? '');
  const [stopLoss, setStopLoss] = useState(trade.stop_loss ?? '');
  const [busy, setBusy] = useState(false);
  const point = new Money(1).dividedBy(new Money(10).pow(digits));
  const start = trade.livePrice ?? trade.opening_price;
  const step = (value: string, direction: 1 | -1) => {
    const next = new Money(value || start).plus(point.times(direction));
    return (next.isNegative() ? new Money(0) : next).toFixed(digits);
  };
  const tidy = (text: string) => {
    const kept = volumeInputOf(text);
    const [whole, fraction] = kept.split('.');
    return fraction !== undefined ? `${whole}.${fraction.slice(0, digits)}` : kept;
  };
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await call(tradingApi.changeProtection, { params: { id: trade.id }, body: { take_profit: takeProfit || null, stop_loss: stopLoss || null } });
    setBusy(false);
    if (!result.ok) return showToast({ kind: 'error', title: 'Could not save the levels', description: result.message ?? positionTexts.closeFailedBody });
    showToast({ kind: 'success', title: positionTexts.levelsSaved });
    await refreshTrading();
    onClose();
  }
  const field = (id: string, label: string, value: string, set: (v: string) => void) => (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <div className="stepper">
        <button type="button" aria-label={`${label} down`} onClick={() => set(step(value, -1))}>
          −
        </button>
        <input id={id} inputMode="decimal" value={value} placeholder="None" onChange={(e) => set(tidy(e.target.value))} />
        <button type="button" aria-label={`${label} up`} onClick={() => set(step(value, 1))}>
          +
        </button>
      </div>
    </div>
  );
  return (
    <Modal title="TP & SL" onClose={onClose}>
      <form onSubmit={submit}>
        <p className="muted">
          {trade.trade_type.toUpperCase()} {formatLots(trade.lots)} {trade.asset_symbol} from {formatPrice(trade.opening_price, digits)}, now {formatPrice(trade.livePrice, digits)}
        </p>
        {field('levels-tp', 'Take profit', takeProfit, setTakeProfit)}
        {field('levels-sl', 'Stop loss', stopLoss, setStopLoss)}
        <footer>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={busy} aria-busy={busy || undefined}>
            Save
          </button>
        </footer>
      </form>
    </Modal>
  );
}
