import { useSignals } from '@preact/signals-react/runtime';
import type { Asset } from '../../shared/api/assets.schema';
import { tradingApi } from '../../shared/api/endpoints/trading';
import type { PendingOrderView, TradeView } from '../../shared/api/trades.schema';
import { chartTexts } from '../../shared/trading/chart-texts';
import { conversionRate } from '../../shared/trading/conversion';
import { useEndpointForm, type EndpointForm } from '../forms/use-endpoint-form';
import { liveOwner, moveBody, moveProblem, ownerText, projectedPnl, type LineOwner, type MovedLevel } from '../lib/chart-lines';
import { signClass } from '../lib/format';
import { forexMid, quoteOf } from '../state/market';
import { displayMoney } from '../state/site-data';
import { openTrades, refreshTrading, selectedAccount } from '../state/trading';
import { Modal } from './modal';

export interface LineMove {
  owner: LineOwner;
  level: MovedLevel;
  /** The level where the line was released, at the instrument's digits. */
  to: string;
}
interface Props {
  move: LineMove;
  asset: Asset;
  onClose: () => void;
}

/**
 * Confirms a line dragged on the chart (docs/trade-room.md#chart): "Move stop loss of BUY 0.10 EUR/USD to 1.08412?",
 * the P/L at the new level, and what the server would refuse, checked as the price moves with the same shared
 * rules; the server's own message in the dialog if it refuses all the same. Closes when moved or cancelled.
 */
export function ChartMoveDialog({ move, ...rest }: Props) {
  return move.owner.type === 'trade' ? <TradeLineMove move={move} trade={move.owner.trade} {...rest} /> : <OrderLineMove move={move} order={move.owner.order} {...rest} />;
}

/** What both moves do once sent: say so, read the trades again, then close. */
const moved = ({ move, onClose }: Pick<Props, 'move' | 'onClose'>) => ({
  initial: {},
  fallback: chartTexts.failedBody,
  done: () => ({ kind: 'success' as const, title: chartTexts.moved[move.level] }),
  onDone: async () => {
    await refreshTrading();
    onClose();
  },
});

/** An open trade's take profit or stop loss. */
function TradeLineMove({ trade, ...props }: Props & { trade: TradeView }) {
  const { level, to } = props.move;
  const form = useEndpointForm(tradingApi.changeProtection, { ...moved(props), request: () => ({ params: { id: trade.id }, body: level === 'tp' ? { take_profit: to } : { stop_loss: to } }) });
  return <MoveConfirm {...props} form={form} />;
}

/** A waiting order's price, take profit or stop loss. */
function OrderLineMove({ order, ...props }: Props & { order: PendingOrderView }) {
  const form = useEndpointForm(tradingApi.changePending, { ...moved(props), request: () => ({ params: { id: order.id }, body: moveBody(props.move.level, props.move.to) }) });
  return <MoveConfirm {...props} form={form} />;
}

function MoveConfirm({ move, asset, onClose, form }: Props & { form: Pick<EndpointForm, 'busy' | 'problem' | 'submit'> }) {
  useSignals();
  const { level, to } = move;
  // The trade as it is now: a trailing stop may have moved past the dropped level while the dialog is open.
  const owner = liveOwner(move.owner, openTrades.value.items);
  const quote = quoteOf(asset.id).value;
  const currency = selectedAccount.value?.currency ?? 'USD';
  const problem = moveProblem(owner, level, to, quote);
  const pnl = projectedPnl(owner, level, to, conversionRate(asset.quote_currency, currency, forexMid));
  return (
    <Modal title={chartTexts.moveTitle[level]} onClose={form.busy ? () => undefined : onClose} className="chart-move">
      <p>{chartTexts.question(level, ownerText(owner, asset.symbol_display), to)}</p>
      {pnl ? (
        <p className="muted">
          {chartTexts.projected}: <strong className={signClass(pnl.toFixed(2))}>{displayMoney(pnl.toFixed(2), currency)}</strong>
        </p>
      ) : null}
      {problem || form.problem ? (
        <p className="field-problem" role="alert">
          {form.problem && form.problem !== problem ? form.problem : problem}
        </p>
      ) : null}
      <footer>
        <button type="button" className="secondary" disabled={form.busy} onClick={onClose}>
          {chartTexts.cancel}
        </button>
        <button type="button" disabled={form.busy || Boolean(problem)} aria-busy={form.busy || undefined} onClick={() => form.submit()}>
          {form.busy ? chartTexts.moving : chartTexts.confirm}
        </button>
      </footer>
    </Modal>
  );
}
