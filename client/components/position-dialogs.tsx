import './order-ticket.css';
import { useSignals } from '@preact/signals-react/runtime';
import type { FormEvent } from 'react';
import type { Asset } from '../../shared/api/assets.schema';
import type { FieldErrors } from '../../shared/api/common.schema';
import { tradingApi } from '../../shared/api/endpoints/trading';
import { Money } from '../../shared/money';
import { conversionRate } from '../../shared/trading/conversion';
import { lotsProblem } from '../../shared/trading/sizing';
import { positionTexts } from '../../shared/trading/terminal';
import { normaliseLevel, stopBehindTrail } from '../../shared/trading/levels';
import { levelInputOf, stepLevel, volumeInputOf } from '../../shared/trading/ticket';
import { checkTexts, levelProblems, pnlAtLevel, trailingInputOf, trailingNote, trailingPointsOf, typedLevel } from '../../shared/trading/ticket-checks';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { displayMoney } from '../state/site-data';
import { formatLots, formatPrice, signClass } from '../lib/format';
import { forexMid } from '../state/market';
import { liveOpenTrades, refreshTrading, selectedAccount, type LiveTrade } from '../state/trading';
import { LevelField, pnlNote } from './level-field';
import { Modal } from './modal';

/** A close, whole or part, ends the same way whether the server took it: the trades read again, the dialog closed. */
const closeOptions = (onClose: () => void) => ({
  failureTitle: positionTexts.closeFailed,
  fallback: positionTexts.closeFailedBody,
  after: async () => {
    await refreshTrading();
    onClose();
  },
});

/** Close position (docs/trade-room.md#close-dialogs): confirm, "Closing...", reload the trades; the dialog closes either way. */
export function CloseDialog({ trade: opened, onClose }: { trade: LiveTrade; onClose: () => void }) {
  useSignals();
  // The figures keep moving while the dialog is open.
  const trade = liveOpenTrades.value.find((t) => t.id === opened.id) ?? opened;
  const form = useEndpointForm(tradingApi.closeTrade, {
    ...closeOptions(onClose),
    initial: {},
    request: () => ({ params: { id: opened.id }, body: {} }),
    done: () => ({ kind: 'success', title: positionTexts.closed, placement: 'bottom-left' }),
  });
  return (
    <Modal title="Close position" onClose={form.busy ? () => undefined : onClose}>
      <p>
        Close {trade.trade_type.toUpperCase()} {formatLots(trade.lots)} lots of {trade.asset_symbol} at about {formatPrice(trade.livePrice, 5)}? Its P/L now is{' '}
        <strong className={signClass(trade.livePnl)}>{displayMoney(trade.livePnl, selectedAccount.value?.currency ?? 'USD')}</strong>.
      </p>
      <footer>
        <button type="button" className="secondary" disabled={form.busy} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="danger" disabled={form.busy} aria-busy={form.busy || undefined} onClick={() => form.submit()}>
          {form.busy ? 'Closing...' : 'Close position'}
        </button>
      </footer>
    </Modal>
  );
}

/** Part of a position closed at the market: the rest stays open with the same levels. */
export function PartialCloseDialog({ trade, asset, onClose }: { trade: LiveTrade; asset: Asset | undefined; onClose: () => void }) {
  const contractSize = asset?.contract_size ?? new Money(trade.volume).dividedBy(trade.lots).toString();
  const problemOf = (lots: string) => lotsProblem(lots) ?? (new Money(lots || '0').gte(trade.lots) ? `Less than the ${formatLots(trade.lots)} lots open` : null);
  const form = useEndpointForm(tradingApi.closeTrade, {
    ...closeOptions(onClose),
    initial: { lots: '0.01' },
    request: ({ lots }) => ({ params: { id: trade.id }, body: problemOf(lots) ? {} : { volume: new Money(lots).times(contractSize).toFixed() } }),
    check: ({ lots }): FieldErrors => {
      const problem = problemOf(lots);
      return problem ? { lots: [problem] } : {};
    },
    done: (_answer, { lots }) => ({ kind: 'success', title: positionTexts.partlyClosed, description: `${lots} of ${formatLots(trade.lots)} lots closed` }),
  });
  const problem = problemOf(form.values.lots);
  return (
    <Modal title="Close part of the position" onClose={form.busy ? () => undefined : onClose}>
      <form onSubmit={form.submit}>
        <label htmlFor="partial-lots">
          Lots to close (of {formatLots(trade.lots)})
          <input
            id="partial-lots"
            inputMode="decimal"
            value={form.values.lots}
            onChange={(e) => form.set({ lots: volumeInputOf(e.target.value) })}
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
          <button type="button" className="secondary" disabled={form.busy} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={form.busy || Boolean(problem)} aria-busy={form.busy || undefined}>
            {form.busy ? 'Closing...' : 'Close part'}
          </button>
        </footer>
      </form>
    </Modal>
  );
}

/** The TP & SL dialog as typed; the stop loss counts only once edited (`stop_edited`), else it is the live trade's. */
type LevelValues = { take_profit: string; stop_loss: string; stop_edited: boolean; trailing_stop: string };
type LevelKey = 'take_profit' | 'stop_loss' | 'trailing_stop';

/** The server's field keys and the TP & SL dialog's inputs that show them. */
const levelIds: Record<LevelKey, string> = { take_profit: 'levels-tp', stop_loss: 'levels-sl', trailing_stop: 'levels-trailing' };

/**
 * The TP & SL dialog's rules over what was typed, with the server's rules against the live trade: the stop loss
 * shown, each level's problem, and the body of only what changed.
 */
function levelRules(opened: LiveTrade, trade: LiveTrade, digits: number) {
  const side = trade.trade_type;
  const stopOf = (v: LevelValues) => (v.stop_edited ? v.stop_loss : (trade.stop_loss ?? ''));
  const stopChanged = (v: LevelValues) => typedLevel(stopOf(v), digits) !== normaliseLevel(trade.stop_loss, digits);
  const pointsOf = (v: LevelValues) => trailingPointsOf(v.trailing_stop) || null;
  const trailOf = (v: LevelValues) => trailingNote(v.trailing_stop, digits, { side, closing: trade.livePrice, stopLoss: typedLevel(stopOf(v), digits) });
  const problemsOf = (v: LevelValues): Record<LevelKey, string | null | undefined> => {
    const stopLoss = stopOf(v);
    const levelErrors = levelProblems({ side, digits, price: trade.livePrice, takeProfit: v.take_profit, stopLoss, kept: { takeProfit: opened.take_profit, stopLoss: trade.stop_loss } });
    // The server's rule while trailing stays on: the stop only moves the customer's way from where the engine has taken it.
    const behind = stopChanged(v)
      ? stopBehindTrail({ side, stopLoss: typedLevel(stopLoss, digits) ?? null, liveStop: trade.stop_loss, trailing: pointsOf(v) !== null && Boolean(trade.trailing_stop) })
      : null;
    return { take_profit: levelErrors.take_profit?.[0], stop_loss: levelErrors.stop_loss?.[0] ?? behind, trailing_stop: trailOf(v).problem };
  };
  const bodyOf = (v: LevelValues) => ({
    ...(v.take_profit !== (opened.take_profit ?? '') ? { take_profit: v.take_profit || null } : {}),
    ...(stopChanged(v) ? { stop_loss: stopOf(v) || null } : {}),
    // Sent again with a changed stop loss: a removed stop would otherwise end trailing (the server's rule), and the distance shown restarts it.
    ...(pointsOf(v) !== (opened.trailing_stop || null) || stopChanged(v) ? { trailing_stop: pointsOf(v) } : {}),
  });
  const check = (v: LevelValues): FieldErrors => Object.fromEntries(Object.entries(problemsOf(v)).flatMap(([key, problem]) => (problem ? [[key, [problem]]] : [])));
  return { stopOf, trailOf, problemsOf, bodyOf, check };
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
  const rules = levelRules(opened, trade, digits);
  const form = useEndpointForm(tradingApi.changeProtection, {
    initial: (): LevelValues => ({ take_profit: opened.take_profit ?? '', stop_loss: '', stop_edited: false, trailing_stop: opened.trailing_stop ? String(opened.trailing_stop) : '' }),
    request: (v) => ({ params: { id: opened.id }, body: rules.bodyOf(v) }),
    check: rules.check,
    fallback: checkTexts.levelsFailed,
    done: () => ({ kind: 'success', title: positionTexts.levelsSaved }),
    onDone: async () => {
      await refreshTrading();
      onClose();
    },
  });
  const typed = rules.problemsOf(form.values);
  const problemOf = (key: LevelKey) => typed[key] ?? form.error(key) ?? null;
  const wrong = Object.values(typed).some(Boolean);
  const submit = (event: FormEvent) => {
    if (wrong || Object.keys(rules.bodyOf(form.values)).length > 0) return form.submit(event);
    event.preventDefault();
    onClose();
  };
  const start = trade.livePrice ?? trade.opening_price;
  const conversion = asset ? conversionRate(asset.quote_currency, currency, forexMid) : undefined;
  const pnlAt = (level: string) => pnlAtLevel({ side: trade.trade_type, units: trade.volume, opening: trade.opening_price, level, digits, conversion });
  const level = (key: 'take_profit' | 'stop_loss', label: string, value: string, set: (text: string) => void) => (
    <LevelField
      id={levelIds[key]}
      label={label}
      value={value}
      placeholder="None"
      onChange={(text) => set(levelInputOf(text, digits))}
      onStep={(direction) => set(stepLevel(value, digits, direction, start))}
      problem={problemOf(key)}
      note={pnlNote(pnlAt(value), currency, checkTexts.pnlAt)}
    />
  );
  return (
    <Modal title="TP & SL" onClose={form.busy ? () => undefined : onClose}>
      <form className="levels-form" onSubmit={submit}>
        <p className="muted">
          {trade.trade_type.toUpperCase()} {formatLots(trade.lots)} {trade.asset_symbol} from {formatPrice(trade.opening_price, digits)}, now {formatPrice(trade.livePrice, digits)} · P/L{' '}
          <strong className={signClass(trade.livePnl)}>{displayMoney(trade.livePnl, currency)}</strong>
        </p>
        {level('take_profit', 'Take profit', form.values.take_profit, (text) => form.set({ take_profit: text }))}
        {level('stop_loss', trade.trailing_stop ? 'Stop loss (trailing)' : 'Stop loss', rules.stopOf(form.values), (text) => form.set({ stop_loss: text, stop_edited: true }))}
        <LevelField
          id={levelIds.trailing_stop}
          label="Trailing stop (points)"
          inputMode="numeric"
          value={form.values.trailing_stop}
          placeholder="Off"
          onChange={(text) => form.set({ trailing_stop: trailingInputOf(text) })}
          problem={problemOf('trailing_stop')}
          note={rules.trailOf(form.values).note}
        />
        {form.problem ? (
          <p role="alert" className="ticket-alert">
            {form.problem}
          </p>
        ) : null}
        <footer>
          <button type="button" className="secondary" disabled={form.busy} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={form.busy || wrong} aria-busy={form.busy || undefined}>
            Save
          </button>
        </footer>
      </form>
    </Modal>
  );
}
