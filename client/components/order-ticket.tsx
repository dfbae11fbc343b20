import { bookedFinancing, nightlyAtNetRates } from '../../shared/trading/financing';
import './order-ticket.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type FormEvent } from 'react';
import type { Asset } from '../../shared/api/assets.schema';
import { pendingPriceWaits } from '../../shared/trading/levels';
import { closingPrice } from '../../shared/trading/prices';
import { priceDecimals, ticketTexts } from '../../shared/trading/terminal';
import { pendingTexts } from '../../shared/trading/texts';
import { checkTexts, levelProblems, pnlAtLevel, refusalOf, typedLevel } from '../../shared/trading/ticket-checks';
import { convertVolume, levelInputOf, orderTypeTexts, stepLevel, type OrderType, type VolumeUnit } from '../../shared/trading/ticket';
import { formatPrice } from '../lib/format';
import { clock, marketStateOf, quoteOf } from '../state/market';
import { placeMarketOrder, placePendingOrder } from '../state/orders';
import { liveSummary, selectedAccount } from '../state/trading';
import { LevelField, pnlNote } from './level-field';
import { OrderTypeChoice, submitLabel, TicketFigures, TicketSides, ticketCosts, ticketSize, VolumeField } from './order-ticket-parts';

type Refusal = { fields: Record<string, string>; alert: string | null };
const noRefusal: Refusal = { fields: {}, alert: null };
/** The server's field keys and the ticket's inputs that show them. */
const fieldIds: Record<string, string> = { volume: 'ticket-volume', price: 'ticket-price', take_profit: 'ticket-tp', stop_loss: 'ticket-sl' };

/**
 * The order ticket (docs/trade-room.md#order-ticket): the order type as the trader chooses it (Market, Limit or Stop,
 * never derived from the live price); volume in lots, units or the account currency, converted as the unit changes;
 * margin shown (red above free margin, never blocking); a limit's or stop's price, checked as typed against the live
 * quote for the chosen type; optional TP/SL checked the same way, each with its projected P/L; "Processing" while it
 * runs. A refusal shows inside the ticket: at its field, else on a line above the submit; toasts only for success.
 * While the market is closed a market order cannot be sent (the submit says when it opens); a pending one can.
 */
export function OrderTicket({
  asset,
  side,
  onSide,
  onDone,
  initialType = 'market',
}: {
  asset: Asset;
  side: 'buy' | 'sell';
  onSide: (side: 'buy' | 'sell') => void;
  onDone: () => void;
  /** The type the ticket opens on (a pending order's ticket, a closed market: `limit`). */
  initialType?: OrderType;
}) {
  useSignals();
  const quote = quoteOf(asset.id).value;
  const market = marketStateOf(asset, clock.value);
  const summary = liveSummary.value;
  const currency = selectedAccount.value?.currency ?? 'USD';
  const [unit, setUnit] = useState<VolumeUnit>('lots');
  const [volume, setVolume] = useState('0.01');
  const [protect, setProtect] = useState(false);
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [orderType, setOrderType] = useState<OrderType>(initialType);
  /** A limit's or stop's price as typed (a market order has none). */
  const [pendingPrice, setPendingPrice] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>(noRefusal);

  // The price a buy or sell would get now, which is the price a buy or sell pending order watches.
  const marketPrice = quote ? (side === 'buy' ? quote.ask : quote.bid) : null;
  const kind = orderType === 'market' ? null : orderType;
  const pending = kind !== null;
  // The order price as the server takes it (at the instrument's digits); null while none is typed, undefined when not a number.
  const typedPrice = pending ? typedLevel(pendingPrice, asset.digits) : null;
  const price = pending ? (typedPrice ?? null) : marketPrice;
  // The chosen type must wait at its price: on the wrong side of the quote (or at it) it would fill at once (the server's rule).
  const wrongSide = Boolean(kind && price && quote && !pendingPriceWaits({ side, kind, price, bid: quote.bid, ask: quote.ask }));
  // Until a pending order has its price, its size and margin are shown at the market's.
  const sizingPrice = price ?? marketPrice;
  const { rate, context, units, lots, orderUnits, leverage, margin, overMargin, sizeProblem } = ticketSize({
    asset,
    currency,
    unit,
    volume,
    price: sizingPrice,
    freeMargin: summary?.freeMargin ?? null,
  });
  // What a night held costs (or earns) at the customer's plan's rates, in the account's currency (docs/trading.md#overnight-financing).
  const overnight =
    orderUnits && lots && sizingPrice && rate
      ? bookedFinancing(
          nightlyAtNetRates(
            { side, units: orderUnits, lots, contractSize: asset.contract_size, digits: asset.digits, price: sizingPrice },
            { type: asset.swap_type === 'points' ? 'points' : 'rate', long: asset.swap_long, short: asset.swap_short },
          ).times(rate),
        )
      : null;
  const { spreadCost, commission } = ticketCosts({ asset, currency, quote, lots, orderUnits, price: sizingPrice, rate: rate ?? null });
  // TP and SL against the price the position would close at now (a buy at the sell price), or a pending order's price: the server's rule, live.
  const reference = pending ? price : quote ? closingPrice({ side, quote }) : null;
  const levelErrors = protect ? levelProblems({ side, digits: asset.digits, price: reference, against: pending ? 'order' : 'current', takeProfit, stopLoss }) : {};
  const closedForMarket = !market.open && !pending;
  const pnlAt = (level: string) => (orderUnits && price ? pnlAtLevel({ side, units: orderUnits, opening: price, level, digits: asset.digits, conversion: rate }) : null);
  const typedProblems: Record<string, string | null | undefined> = {
    volume: sizeProblem,
    price: !kind ? null : typedPrice === undefined ? pendingTexts.price : wrongSide ? pendingTexts.priceSide(side, kind) : null,
    take_profit: levelErrors.take_profit?.[0],
    stop_loss: levelErrors.stop_loss?.[0],
  };
  const problemOf = (key: string) => typedProblems[key] ?? refusal.fields[key] ?? null;
  const blocked = busy || !price || !units || closedForMarket || Object.values(typedProblems).some(Boolean);
  // Under the price while it is fine: where the chosen type must be, against the live price, and how it fills.
  const priceNote = kind && marketPrice ? orderTypeTexts.where(side, kind, formatPrice(marketPrice, asset.digits)) : null;

  /** An edit clears what the server said about that field, and the line about the order as a whole. */
  const edited = (key: string, set: (text: string) => void) => (text: string) => {
    set(text);
    setRefusal((r) => (r.alert === null && !(key in r.fields) ? r : { fields: Object.fromEntries(Object.entries(r.fields).filter(([k]) => k !== key)), alert: null }));
  };
  const setPrice = edited('price', setPendingPrice);
  const stepPrice = (direction: 1 | -1) => setPrice(stepLevel(pendingPrice, asset.digits, direction, marketPrice ?? asset.rate));
  const changeSide = (next: 'buy' | 'sell') => {
    setPendingPrice('');
    setRefusal(noRefusal);
    onSide(next);
  };
  // The price stays as typed: it is checked again for the new type (a limit's price is a stop's wrong side).
  const changeType = (next: OrderType) => {
    setOrderType(next);
    setRefusal(noRefusal);
  };
  const changeUnit = (next: VolumeUnit) => {
    setVolume(convertVolume(volume, unit, next, context));
    setUnit(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blocked || !price || !lots || !orderUnits) return;
    setBusy(true);
    setRefusal(noRefusal);
    // Sent as checked: at the instrument's digits, as the server rounds them.
    const levels = protect ? { takeProfit: typedLevel(takeProfit, asset.digits) ?? '', stopLoss: typedLevel(stopLoss, asset.digits) ?? '' } : {};
    const order = { asset, side, units: orderUnits, lots, leverage, ...levels };
    const result = kind ? await placePendingOrder({ ...order, kind, price }) : await placeMarketOrder({ ...order, price }, { toastFailure: false });
    setBusy(false);
    if (result.ok) return onDone();
    const shown = ['volume', ...(pending ? ['price'] : []), ...(protect ? ['take_profit', 'stop_loss'] : [])];
    const laidOut = result.status === 409 ? { fields: {}, alert: checkTexts.requoted(formatPrice(marketPrice, priceDecimals.ticket)) } : refusalOf(result, shown, ticketTexts.failedBody);
    setRefusal(laidOut);
    const first = Object.keys(laidOut.fields)[0];
    if (first) document.getElementById(fieldIds[first]!)?.focus();
  }

  const levelField = (key: string, id: string, label: string, value: string, set: (text: string) => void) => (
    <LevelField
      id={id}
      label={label}
      value={value}
      onChange={edited(key, (text) => set(levelInputOf(text, asset.digits)))}
      placeholder={formatPrice(sizingPrice, asset.digits)}
      problem={problemOf(key)}
      note={pnlNote(pnlAt(value), currency, checkTexts.pnlAt)}
    />
  );

  return (
    <form className={`order-ticket ticket-${side}`} onSubmit={submit} aria-label={`${side === 'buy' ? 'Buy' : 'Sell'} ${asset.symbol_display}`}>
      <TicketSides quote={quote} marketOpen={market.open} side={side} onSide={changeSide} />
      <OrderTypeChoice value={orderType} onChange={changeType} />
      <VolumeField volume={volume} unit={unit} currency={currency} problem={problemOf('volume')} onVolume={edited('volume', setVolume)} onUnit={changeUnit} />
      {kind ? (
        <LevelField
          id="ticket-price"
          label={orderTypeTexts.priceLabel[kind]}
          value={pendingPrice}
          onChange={(text) => setPrice(levelInputOf(text, asset.digits))}
          placeholder={formatPrice(marketPrice, asset.digits)}
          problem={problemOf('price')}
          note={priceNote}
          onStep={stepPrice}
        />
      ) : closedForMarket ? (
        <p className="ticket-kind">{checkTexts.pendingWhileClosed}</p>
      ) : null}
      <TicketFigures
        lots={lots}
        units={orderUnits}
        leverage={leverage}
        margin={margin}
        overMargin={overMargin}
        freeMargin={summary?.freeMargin ?? null}
        overnight={overnight}
        tripleDay={asset.swap_triple_day}
        spreadCost={spreadCost}
        commission={commission}
        currency={currency}
      />
      {!rate ? <p className="ticket-problem">{checkTexts.noConversion(asset.quote_currency, currency)}</p> : null}
      <label className="ticket-protect">
        <input type="checkbox" checked={protect} onChange={(e) => setProtect(e.target.checked)} />
        Take profit / stop loss
      </label>
      {protect ? (
        <div className="ticket-levels">
          {levelField('take_profit', 'ticket-tp', 'Take profit', takeProfit, setTakeProfit)}
          {levelField('stop_loss', 'ticket-sl', 'Stop loss', stopLoss, setStopLoss)}
        </div>
      ) : null}
      {refusal.alert ? (
        <p role="alert" className="ticket-alert">
          {refusal.alert}
        </p>
      ) : null}
      <button type="submit" className={`ticket-submit side-${side}`} disabled={blocked} aria-busy={busy || undefined}>
        {busy ? ticketTexts.processing : closedForMarket ? checkTexts.marketClosed(market.opensAt) : submitLabel({ side, kind, lots, price })}
      </button>
    </form>
  );
}
