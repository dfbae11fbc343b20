import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { Asset } from '../../shared/api/assets.schema';
import { tradingApi } from '../../shared/api/endpoints/trading';
import { chartTexts } from '../../shared/trading/chart-texts';
import { conversionRate } from '../../shared/trading/conversion';
import { call } from '../lib/call';
import { liveOwner, moveBody, moveProblem, ownerText, projectedPnl, type LineOwner, type MovedLevel } from '../lib/chart-lines';
import { signClass } from '../lib/format';
import { forexMid, quoteOf } from '../state/market';
import { displayMoney } from '../state/site-data';
import { openTrades, refreshTrading, selectedAccount } from '../state/trading';
import { showToast } from '../state/toasts';
import { Modal } from './modal';

export interface LineMove {
  owner: LineOwner;
  level: MovedLevel;
  /** The level where the line was released, at the instrument's digits. */
  to: string;
}

/**
 * Confirms a line dragged on the chart (docs/trade-room.md#chart): "Move stop loss of BUY 0.10 EUR/USD to 1.08412?",
 * the P/L at the new level, and what the server would refuse, checked as the price moves with the same shared
 * rules; the server's own message in the dialog if it refuses all the same. Closes when moved or cancelled.
 */
export function ChartMoveDialog({ move, asset, onClose }: { move: LineMove; asset: Asset; onClose: () => void }) {
  useSignals();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { level, to } = move;
  // The trade as it is now: a trailing stop may have moved past the dropped level while the dialog is open.
  const owner = liveOwner(move.owner, openTrades.value.items);
  const quote = quoteOf(asset.id).value;
  const currency = selectedAccount.value?.currency ?? 'USD';
  const problem = moveProblem(owner, level, to, quote);
  const pnl = projectedPnl(owner, level, to, conversionRate(asset.quote_currency, currency, forexMid));

  async function confirm() {
    setBusy(true);
    setRefusal(null);
    const result =
      owner.type === 'trade'
        ? await call(tradingApi.changeProtection, { params: { id: owner.trade.id }, body: level === 'tp' ? { take_profit: to } : { stop_loss: to } })
        : await call(tradingApi.changePending, { params: { id: owner.order.id }, body: moveBody(level, to) });
    if (!result.ok) {
      setBusy(false);
      const fieldMessage = Object.values(result.errors).flat()[0];
      return setRefusal(result.message ?? fieldMessage ?? chartTexts.failedBody);
    }
    showToast({ kind: 'success', title: chartTexts.moved[level] });
    await refreshTrading();
    onClose();
  }

  return (
    <Modal title={chartTexts.moveTitle[level]} onClose={busy ? () => undefined : onClose} className="chart-move">
      <p>{chartTexts.question(level, ownerText(owner, asset.symbol_display), to)}</p>
      {pnl ? (
        <p className="muted">
          {chartTexts.projected}: <strong className={signClass(pnl.toFixed(2))}>{displayMoney(pnl.toFixed(2), currency)}</strong>
        </p>
      ) : null}
      {problem || refusal ? (
        <p className="field-problem" role="alert">
          {refusal && refusal !== problem ? refusal : problem}
        </p>
      ) : null}
      <footer>
        <button type="button" className="secondary" disabled={busy} onClick={onClose}>
          {chartTexts.cancel}
        </button>
        <button type="button" disabled={busy || Boolean(problem)} aria-busy={busy || undefined} onClick={() => void confirm()}>
          {busy ? chartTexts.moving : chartTexts.confirm}
        </button>
      </footer>
    </Modal>
  );
}
