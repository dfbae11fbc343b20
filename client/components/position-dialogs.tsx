import './order-ticket.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type FormEvent } from 'react';
import type { Asset } from '../../shared/api/assets.schema';
import { tradingApi } from '../../shared/api/endpoints/trading';
import { Money } from '../../shared/money';
import { conversionRate } from '../../shared/trading/conversion';
import { lotsProblem } from '../../shared/trading/sizing';
import { positionTexts } from '../../shared/trading/terminal';
import { normaliseLevel } from '../../shared/trading/levels';
import { levelInputOf, stepLevel, volumeInputOf } from '../../shared/trading/ticket';
import { stopBehindTrail } from '../../shared/trading/levels';
import { checkTexts, levelProblems, pnlAtLevel, refusalOf, trailingInputOf, trailingNote, trailingPointsOf, typedLevel } from '../../shared/trading/ticket-checks';
import { displayMoney } from '../state/site-data';
import { call } from '../lib/call';
import { formatLots, formatPrice, signClass } from '../lib/format';
import { forexMid } from '../state/market';
import { liveOpenTrades, refreshTrading, selectedAccount, type LiveTrade } from '../state/trading';
import { showToast } from '../state/toasts';
import { LevelField, pnlNote } from './level-field';
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
          <input
            id="partial-lots"
            inputMode="decimal"
            value={lots}
            onChange={(e) => setLots(volumeInputOf(e.target.value))}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'partial-lots-message' : undefined}
          />
        </label>
        {problem ? (
          <small id="partial-lots-message" className="field-problem">
            {problem}
          </small>
        ) : null}
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
 * original design's two decimals would break 5-digit prices), a stepper by one point that never goes below one point, empty
 * clears. A trailing stop loss shows (and is compared with) the live trade's stop until it is edited. Checked as typed against the live closing price with the server's rules; each level shows the P/L the
 * position would close with there, live; a trailing stop distance in points. Only what changed is sent; a refusal
 * shows at its field or above the buttons, inside the dialog.
 */
export function LevelsDialog({ trade: opened, asset, onClose }: { trade: LiveTrade; asset: Asset | undefined; onClose: () => void }) {
  useSignals();
  // The price and P/L keep moving while the dialog is open, and so does a trailing stop.
  const trade = liveOpenTrades.value.find((t) => t.id === opened.id) ?? opened;
  const digits = asset?.digits ?? 5;
  const currency = selectedAccount.value?.currency ?? 'USD';
  // The stop loss is the live trade's until the customer edits it: one the engine trails must not be sent back at its old level.
  const was = { takeProfit: opened.take_profit ?? '', stopLoss: trade.stop_loss ?? '', trailing: opened.trailing_stop ? String(opened.trailing_stop) : '' };
  const [takeProfit, setTakeProfit] = useState(was.takeProfit);
  const [typedStop, setTypedStop] = useState<string | null>(null);
  const stopLoss = typedStop ?? was.stopLoss;
  const [trailing, setTrailing] = useState(was.trailing);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ fields: Record<string, string>; alert: string | null }>({ fields: {}, alert: null });
  const start = trade.livePrice ?? trade.opening_price;
  const conversion = asset ? conversionRate(asset.quote_currency, currency, forexMid) : undefined;
  const pnlAt = (level: string) => pnlAtLevel({ side: trade.trade_type, units: trade.volume, opening: trade.opening_price, level, digits, conversion });
  const levelErrors = levelProblems({ side: trade.trade_type, digits, price: trade.livePrice, takeProfit, stopLoss, kept: { takeProfit: opened.take_profit, stopLoss: trade.stop_loss } });
  const points = trailingPointsOf(trailing) || null;
  const stopChanged = typedLevel(stopLoss, digits) !== normaliseLevel(trade.stop_loss, digits);
  const trail = trailingNote(trailing, digits, { side: trade.trade_type, closing: trade.livePrice, stopLoss: typedLevel(stopLoss, digits) });
  // The server's rule while trailing stays on: the stop only moves the customer's way from where the engine has taken it.
  const behind = stopChanged
    ? stopBehindTrail({ side: trade.trade_type, stopLoss: typedLevel(stopLoss, digits) ?? null, liveStop: trade.stop_loss, trailing: points !== null && Boolean(trade.trailing_stop) })
    : null;
  const typedProblems: Record<string, string | null | undefined> = { take_profit: levelErrors.take_profit?.[0], stop_loss: levelErrors.stop_loss?.[0] ?? behind, trailing_stop: trail.problem };
  const problemOf = (key: string) => typedProblems[key] ?? refusal.fields[key] ?? null;
  /** An edit clears what the server said about that field, and the line about the whole. */
  const edited = (key: string, set: (text: string) => void) => (text: string) => {
    set(text);
    setRefusal((r) => ({ fields: Object.fromEntries(Object.entries(r.fields).filter(([k]) => k !== key)), alert: null }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.values(typedProblems).some(Boolean)) return;
    const body = {
      ...(takeProfit !== was.takeProfit ? { take_profit: takeProfit || null } : {}),
      ...(stopChanged ? { stop_loss: stopLoss || null } : {}),
      // Sent again with a changed stop loss: a removed stop would otherwise end trailing (the server's rule), and the distance shown restarts it.
      ...(points !== (opened.trailing_stop || null) || stopChanged ? { trailing_stop: points } : {}),
    };
    if (Object.keys(body).length === 0) return onClose();
    setBusy(true);
    const result = await call(tradingApi.changeProtection, { params: { id: trade.id }, body });
    setBusy(false);
    if (!result.ok) {
      const laidOut = refusalOf(result, ['take_profit', 'stop_loss', 'trailing_stop'], checkTexts.levelsFailed);
      setRefusal(laidOut);
      const first = Object.keys(laidOut.fields)[0];
      if (first) document.getElementById(levelIds[first]!)?.focus();
      return;
    }
    showToast({ kind: 'success', title: positionTexts.levelsSaved });
    await refreshTrading();
    onClose();
  }
  const field = (key: 'take_profit' | 'stop_loss', label: string, value: string, set: (v: string) => void) => (
    <LevelField
      id={levelIds[key]!}
      label={label}
      value={value}
      placeholder="None"
      onChange={edited(key, (text) => set(levelInputOf(text, digits)))}
      onStep={(direction) => edited(key, set)(stepLevel(value, digits, direction, start))}
      problem={problemOf(key)}
      note={pnlNote(pnlAt(value), currency, checkTexts.pnlAt)}
    />
  );
  return (
    <Modal title="TP & SL" onClose={busy ? () => undefined : onClose}>
      <form className="levels-form" onSubmit={submit}>
        <p className="muted">
          {trade.trade_type.toUpperCase()} {formatLots(trade.lots)} {trade.asset_symbol} from {formatPrice(trade.opening_price, digits)}, now {formatPrice(trade.livePrice, digits)} · P/L{' '}
          <strong className={signClass(trade.livePnl)}>{displayMoney(trade.livePnl, currency)}</strong>
        </p>
        {field('take_profit', 'Take profit', takeProfit, setTakeProfit)}
        {field('stop_loss', trade.trailing_stop ? 'Stop loss (trailing)' : 'Stop loss', stopLoss, setTypedStop)}
        <LevelField
          id={levelIds.trailing_stop!}
          label="Trailing stop (points)"
          inputMode="numeric"
          value={trailing}
          placeholder="Off"
          onChange={edited('trailing_stop', (text) => setTrailing(trailingInputOf(text)))}
          problem={problemOf('trailing_stop')}
          note={trail.note}
        />
        {refusal.alert ? (
          <p role="alert" className="ticket-alert">
            {refusal.alert}
          </p>
        ) : null}
        <footer>
          <button type="button" className="secondary" disabled={busy} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={busy || Object.values(typedProblems).some(Boolean)} aria-busy={busy || undefined}>
            Save
          </button>
        </footer>
      </form>
    </Modal>
  );
}

/** The server's field keys and the TP & SL dialog's inputs that show them. */
const levelIds: Record<string, string> = { take_profit: 'levels-tp', stop_loss: 'levels-sl', trailing_stop: 'levels-trailing' };
