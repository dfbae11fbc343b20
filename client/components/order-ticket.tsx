import './order-ticket.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type FormEvent } from 'react';
import type { Asset } from '../../shared/api/assets.schema';
import { tradingApi } from '../../shared/api/endpoints/trading';
import { Money } from '../../shared/money';
import { marginFor } from '../../shared/trading/account-maths';
import { conversionRate } from '../../shared/trading/conversion';
import { effectiveLeverage } from '../../shared/trading/leverage';
import { lotsProblem } from '../../shared/trading/sizing';
import { priceDecimals, ticketTexts } from '../../shared/trading/terminal';
import { convertVolume, orderLots, pendingKindOf, stepVolume, unitsOf, volumeInputOf, volumeUnits, type VolumeUnit } from '../../shared/trading/ticket';
import { displayMoney } from '../state/site-data';
import { call } from '../lib/call';
import { formatPrice } from '../lib/format';
import { playFailureTone, playSuccessTone } from '../lib/tones';
import { forexMid, quoteOf } from '../state/market';
import { formatUnits, placeMarketOrder } from '../state/orders';
import { liveSummary, refreshTrading, selectedAccount } from '../state/trading';
import { showToast } from '../state/toasts';

const newOrderId = () => crypto.randomUUID();

/** The leverage an order on this asset uses (the precedence of docs/trading.md#leverage, within the customer's caps). */
export const leverageOf = (asset: Asset) => effectiveLeverage({ assetLeverage: asset.leverage, regulatoryCap: asset.max_leverage });

/**
 * The order ticket (docs/trade-room.md#order-ticket): volume in lots, units or the account currency, converted as the
 * unit changes; margin shown (red above free margin, never blocking); optional TP/SL; "Processing"
 * while it runs; a new order id (the idempotency key) after every attempt; the tones and toasts.
 */
export function OrderTicket({ asset, side, onSide, onDone }: { asset: Asset; side: 'buy' | 'sell'; onSide: (side: 'buy' | 'sell') => void; onDone: () => void }) {
  useSignals();
  const quote = quoteOf(asset.id).value;
  const account = selectedAccount.value;
  const summary = liveSummary.value;
  const currency = account?.currency ?? 'USD';
  const [unit, setUnit] = useState<VolumeUnit>('lots');
  const [volume, setVolume] = useState('0.01');
  const [protect, setProtect] = useState(false);
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [orderId, setOrderId] = useState(newOrderId);
  /** Empty is "Current": a market order; a price makes it a pending limit or stop order. */
  const [pendingPrice, setPendingPrice] = useState('');
  const [busy, setBusy] = useState(false);

  const marketPrice = quote ? (side === 'buy' ? quote.ask : quote.bid) : null;
  const pending = pendingPrice !== '' && Number(pendingPrice) > 0;
  const price = pending ? pendingPrice : marketPrice;
  const kind = pending && quote ? pendingKindOf({ side, price: pendingPrice, bid: quote.bid, ask: quote.ask }) : null;
  const point = new Money(1).dividedBy(new Money(10).pow(asset.digits));
  const stepPrice = (direction: 1 | -1) => {
    const next = new Money(pending ? pendingPrice : (marketPrice ?? asset.rate)).plus(point.times(direction));
    setPendingPrice((next.lte(0) ? point : next).toFixed(asset.digits));
  };
  // Without a price that converts the quote currency into the account's, money figures are not shown rather than guessed.
  const rate = conversionRate(asset.quote_currency, currency, forexMid);
  const context = { contractSize: asset.contract_size, price: price ?? asset.rate, conversion: rate ?? 1 };
  const units = unit === 'currency' && !rate ? null : unitsOf(volume, unit, context);
  const lots = units ? orderLots(units, asset.contract_size) : null;
  const orderUnits = lots ? lots.times(asset.contract_size) : null;
  const leverage = leverageOf(asset);
  const margin = orderUnits && price && rate ? marginFor({ units: orderUnits, price, leverage, conversion: rate }) : null;
  const overMargin = Boolean(margin && summary && margin.gt(summary.freeMargin));
  // Lots and units are checked as typed (0.015 lots is refused, not quietly rounded); an amount of money is sized down to whole steps.
  const sizeProblem = units ? lotsProblem(unit === 'currency' ? lots! : units.dividedBy(asset.contract_size)) : null;

  const changeSide = (next: 'buy' | 'sell') => {
    setPendingPrice('');
    onSide(next);
  };
  const changeUnit = (next: VolumeUnit) => {
    setVolume(convertVolume(volume, unit, next, context));
    setUnit(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!price || !lots || !orderUnits) return;
    setBusy(true);
    try {
      if (pending && kind) return await placePending(kind);
      const result = await placeMarketOrder({ asset, side, units: orderUnits, lots, leverage, price, takeProfit: protect ? takeProfit : '', stopLoss: protect ? stopLoss : '' });
      if (result.ok) onDone();
    } finally {
      setOrderId(newOrderId());
      setBusy(false);
    }
  }

  async function placePending(orderKind: 'limit' | 'stop') {
    const result = await call(tradingApi.placePending, {
      body: {
        type: side,
        kind: orderKind,
        id: asset.id,
        price: pendingPrice,
        volume: orderUnits!.toFixed(),
        leverage,
        order_id: orderId,
        ...(account ? { account_id: account.id } : {}),
        ...(protect && takeProfit ? { take_profit: takeProfit } : {}),
        ...(protect && stopLoss ? { stop_loss: stopLoss } : {}),
      },
    });
    if (result.ok) {
      playSuccessTone();
      showToast({ kind: 'success', title: ticketTexts.pendingPlaced, description: `${side === 'buy' ? 'Buy' : 'Sell'} ${orderKind} ${lots!.toFixed(2)} lots at ${pendingPrice}` });
      void refreshTrading();
      onDone();
    } else {
      playFailureTone();
      showToast({ kind: 'error', title: ticketTexts.failed, description: result.message ?? ticketTexts.failedBody });
    }
  }

  const levelInput = (id: string, label: string, value: string, set: (v: string) => void) => (
    <label htmlFor={id}>
      {label}
      <input id={id} inputMode="decimal" value={value} placeholder={formatPrice(price, asset.digits)} onChange={(e) => set(volumeInputOf(e.target.value))} />
    </label>
  );

  return (
    <form className={`order-ticket ticket-${side}`} onSubmit={submit} aria-label={`${side === 'buy' ? 'Buy' : 'Sell'} ${asset.symbol_display}`}>
      <div className="ticket-sides" role="group" aria-label="Side">
        {(['sell', 'buy'] as const).map((s) => (
          <button key={s} type="button" className={`side-${s}`} aria-pressed={side === s} onClick={() => changeSide(s)}>
            <span>{s === 'buy' ? 'BUY' : 'SELL'}</span>
            <strong>{formatPrice(quote ? (s === 'buy' ? quote.ask : quote.bid) : null, priceDecimals.ticket)}</strong>
          </button>
        ))}
      </div>
      <div className="ticket-volume">
        <label htmlFor="ticket-volume">Volume</label>
        <div className="stepper">
          <button type="button" aria-label="Decrease volume" onClick={() => setVolume(stepVolume(volume, unit, -1))}>
            −
          </button>
          <input id="ticket-volume" inputMode="decimal" value={volume} onChange={(e) => setVolume(volumeInputOf(e.target.value))} aria-invalid={sizeProblem ? true : undefined} />
          <button type="button" aria-label="Increase volume" onClick={() => setVolume(stepVolume(volume, unit, 1))}>
            +
          </button>
          <select aria-label="Volume unit" value={unit} onChange={(e) => changeUnit(e.target.value as VolumeUnit)}>
            {volumeUnits.map((u) => (
              <option key={u} value={u}>
                {u === 'lots' ? 'Lots' : u === 'units' ? 'Units' : currency}
              </option>
            ))}
          </select>
        </div>
      </div>
      <dl className="ticket-figures">
        <div>
          <dt>Size</dt>
          <dd>
            {lots ? lots.toFixed(2) : '—'} lots · {orderUnits ? formatUnits(orderUnits) : '—'} units
          </dd>
        </div>
        <div>
          <dt>Leverage</dt>
          <dd>1:{leverage}</dd>
        </div>
        <div>
          <dt>Margin</dt>
          <dd className={overMargin ? 'loss' : undefined}>{margin ? displayMoney(margin.toFixed(2), currency) : '—'}</dd>
        </div>
        <div>
          <dt>Free margin</dt>
          <dd>{summary ? displayMoney(summary.freeMargin, currency) : '—'}</dd>
        </div>
      </dl>
      {sizeProblem ? <p className="ticket-problem">{sizeProblem}</p> : null}
      {!rate ? (
        <p className="ticket-problem">
          No price converts {asset.quote_currency} into {currency} right now, so the margin cannot be shown.
        </p>
      ) : null}
      <div className="ticket-pending">
        <label htmlFor="ticket-price">Price</label>
        <div className="stepper">
          <button type="button" aria-label="Price down" onClick={() => stepPrice(-1)}>
            −
          </button>
          <input id="ticket-price" inputMode="decimal" placeholder="Current" value={pendingPrice} onChange={(e) => setPendingPrice(volumeInputOf(e.target.value))} />
          <button type="button" aria-label="Price up" onClick={() => stepPrice(1)}>
            +
          </button>
        </div>
        {pending ? (
          <p className="ticket-kind">
            {side === 'buy' ? 'Buy' : 'Sell'} {kind} order: it opens when the price reaches {pendingPrice}.{' '}
            <button type="button" className="link-like" onClick={() => setPendingPrice('')}>
              Revert to Market Price
            </button>
          </p>
        ) : null}
      </div>
      <label className="ticket-protect">
        <input type="checkbox" checked={protect} onChange={(e) => setProtect(e.target.checked)} />
        Take profit / stop loss
      </label>
      {protect ? (
        <div className="ticket-levels">
          {levelInput('ticket-tp', 'Take profit', takeProfit, setTakeProfit)}
          {levelInput('ticket-sl', 'Stop loss', stopLoss, setStopLoss)}
        </div>
      ) : null}
      <button type="submit" className={`ticket-submit side-${side}`} disabled={busy || !price || !units || Boolean(sizeProblem)} aria-busy={busy || undefined}>
        {busy ? ticketTexts.processing : `${side === 'buy' ? 'Buy' : 'Sell'} ${kind ? `${kind} ` : ''}${lots ? lots.toFixed(2) : ''} at ${formatPrice(price, priceDecimals.ticket)}`}
      </button>
    </form>
  );
}
