import { useId } from 'react';
import type { Asset } from '../../shared/api/assets.schema';
import { Money as MoneyValue, type Money } from '../../shared/money';
import { commissionCharge } from '../../shared/trading/conditions';
import { marginFor } from '../../shared/trading/account-maths';
import { conversionRate } from '../../shared/trading/conversion';
import { lotsProblem } from '../../shared/trading/sizing';
import { priceDecimals } from '../../shared/trading/terminal';
import { orderLots, orderTypes, orderTypeTexts, stepVolume, unitsOf, volumeInputOf, volumeUnits, type OrderType, type VolumeUnit } from '../../shared/trading/ticket';
import { formatPrice, signClass } from '../lib/format';
import { forexMid, type Quote } from '../state/market';
import { formatUnits, leverageOf } from '../state/orders';
import { displayMoney } from '../state/site-data';

/** The ticket's parts (docs/trade-room.md#order-ticket): its sizing, and pieces that show what it worked out and report the trader's choices back. */

/**
 * An order's size and margin as typed: units and lots from the volume in its unit, the margin at `price` (the
 * market's until a pending order has its own). Without a price that converts the quote currency into the
 * account's, money figures are not worked out rather than guessed. Lots and units are checked as typed (0.015
 * lots is refused, not quietly rounded); an amount of money is sized down to whole steps.
 */
export function ticketSize({
  asset,
  currency,
  unit,
  volume,
  price,
  freeMargin,
}: {
  asset: Asset;
  currency: string;
  unit: VolumeUnit;
  volume: string;
  price: string | null;
  freeMargin: string | null;
}) {
  const rate = conversionRate(asset.quote_currency, currency, forexMid);
  const context = { contractSize: asset.contract_size, price: price ?? asset.rate, conversion: rate ?? 1 };
  const units = unit === 'currency' && !rate ? null : unitsOf(volume, unit, context);
  const lots = units ? orderLots(units, asset.contract_size) : null;
  const orderUnits = lots ? lots.times(asset.contract_size) : null;
  const leverage = leverageOf(asset);
  const margin = orderUnits && price && rate ? marginFor({ units: orderUnits, price, leverage, conversion: rate }) : null;
  const overMargin = Boolean(margin && freeMargin !== null && margin.gt(freeMargin));
  const sizeProblem = units ? lotsProblem(unit === 'currency' ? lots! : units.dividedBy(asset.contract_size)) : null;
  return { rate, context, units, lots, orderUnits, leverage, margin, overMargin, sizeProblem };
}

/**
 * What the order costs before it moves, in the account's currency (docs/trading.md#trading-conditions): crossing the
 * spread now ((ask − bid) × units), and the plan's commission on each side (charged at the open and again at the close).
 */
export function ticketCosts({
  asset,
  currency,
  quote,
  lots,
  orderUnits,
  price,
  rate,
}: {
  asset: Asset;
  currency: string;
  quote: Quote | null;
  lots: Money | null;
  orderUnits: Money | null;
  price: string | null;
  rate: Money | null;
}): { spreadCost: Money | null; commission: Money | null } {
  const spreadCost = quote && orderUnits && rate ? new MoneyValue(quote.ask).minus(quote.bid).times(orderUnits).times(rate).toDecimalPlaces(2) : null;
  const toAccount = conversionRate('USD', currency, forexMid);
  const quoteToUsd = conversionRate(asset.quote_currency, 'USD', forexMid);
  const commission =
    lots && orderUnits && price && toAccount && quoteToUsd
      ? commissionCharge({
          commission: { kind: asset.commission_type, rate: asset.commission_rate, minimum: asset.commission_min },
          lots,
          notionalUsd: orderUnits.times(price).times(quoteToUsd),
          usdToAccount: toAccount,
        })
      : null;
  return { spreadCost, commission };
}

/** SELL and BUY with their prices: the side the ticket is on. */
export function TicketSides({ quote, marketOpen, side, onSide }: { quote: Quote | null; marketOpen: boolean; side: 'buy' | 'sell'; onSide: (side: 'buy' | 'sell') => void }) {
  return (
    <div className={marketOpen ? 'ticket-sides' : 'ticket-sides market-closed'} role="group" aria-label="Side">
      {(['sell', 'buy'] as const).map((s) => (
        <button key={s} type="button" className={`side-${s}`} aria-pressed={side === s} onClick={() => onSide(s)}>
          <span>{s === 'buy' ? 'BUY' : 'SELL'}</span>
          <strong>{formatPrice(quote ? (s === 'buy' ? quote.ask : quote.bid) : null, priceDecimals.ticket)}</strong>
        </button>
      ))}
    </div>
  );
}

/** Market, Limit or Stop: the trader's explicit choice, as radio buttons (arrow keys move between them). */
export function OrderTypeChoice({ value, onChange }: { value: OrderType; onChange: (type: OrderType) => void }) {
  const name = useId();
  return (
    <fieldset className="ticket-type">
      <legend className="visually-hidden">{orderTypeTexts.legend}</legend>
      {orderTypes.map((t) => (
        <label key={t}>
          <input type="radio" name={name} value={t} checked={value === t} onChange={() => onChange(t)} />
          <span>{orderTypeTexts.label[t]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The volume with its steppers and unit (lots, units or the account currency), and its problem under it. */
export function VolumeField({
  volume,
  unit,
  currency,
  problem,
  onVolume,
  onUnit,
}: {
  volume: string;
  unit: VolumeUnit;
  currency: string;
  problem: string | null;
  onVolume: (text: string) => void;
  onUnit: (unit: VolumeUnit) => void;
}) {
  return (
    <div className="ticket-volume">
      <label htmlFor="ticket-volume">Volume</label>
      <div className="stepper">
        <button type="button" aria-label="Decrease volume" onClick={() => onVolume(stepVolume(volume, unit, -1))}>
          −
        </button>
        <input
          id="ticket-volume"
          inputMode="decimal"
          value={volume}
          onChange={(e) => onVolume(volumeInputOf(e.target.value))}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'ticket-volume-message' : undefined}
        />
        <button type="button" aria-label="Increase volume" onClick={() => onVolume(stepVolume(volume, unit, 1))}>
          +
        </button>
        <select aria-label="Volume unit" value={unit} onChange={(e) => onUnit(e.target.value as VolumeUnit)}>
          {volumeUnits.map((u) => (
            <option key={u} value={u}>
              {u === 'lots' ? 'Lots' : u === 'units' ? 'Units' : currency}
            </option>
          ))}
        </select>
      </div>
      {problem ? (
        <small id="ticket-volume-message" className="field-message field-error">
          {problem}
        </small>
      ) : null}
    </div>
  );
}

/** Size, leverage, margin (red above free margin) and free margin; a figure that cannot be worked out is a dash. */
export function TicketFigures({
  lots,
  units,
  leverage,
  margin,
  overMargin,
  freeMargin,
  overnight,
  tripleDay,
  spreadCost,
  commission,
  currency,
}: {
  lots: Money | null;
  units: Money | null;
  leverage: number;
  margin: Money | null;
  overMargin: boolean;
  freeMargin: string | null;
  /** The overnight financing of one night held, signed (negative is a charge), in the account's currency. */
  overnight: Money | null;
  /** The weekday three nights are charged, or null (crypto: every night). */
  tripleDay: string | null;
  /** Crossing the spread now, and the commission of each side (`ticketCosts`). */
  spreadCost: Money | null;
  commission: Money | null;
  currency: string;
}) {
  return (
    <dl className="ticket-figures">
      <div>
        <dt>Size</dt>
        <dd>
          {lots ? lots.toFixed(2) : '—'} lots · {units ? formatUnits(units) : '—'} units
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
        <dd>{freeMargin !== null ? displayMoney(freeMargin, currency) : '—'}</dd>
      </div>
      <div>
        <dt>
          <abbr title="What crossing the spread costs at today's prices: the difference between the buy and sell price, on this size">Spread cost</abbr>
        </dt>
        <dd>{spreadCost ? displayMoney(spreadCost.toFixed(2), currency) : '—'}</dd>
      </div>
      <div>
        <dt>
          <abbr title="Your plan's commission, charged when the position opens and again when it closes">Commission</abbr>
        </dt>
        <dd>
          {commission ? (
            commission.isZero() ? (
              'None'
            ) : (
              <>
                {displayMoney(commission.toFixed(2), currency)} <small>each side</small>
              </>
            )
          ) : (
            '—'
          )}
        </dd>
      </div>
      <div>
        <dt>
          <abbr title="Overnight financing for each night the position is held at the daily rollover">Swap a night</abbr>
        </dt>
        <dd className={overnight ? signClass(overnight.toFixed(2)) : undefined}>
          {overnight ? displayMoney(overnight.toFixed(2), currency) : '—'}
          {overnight && tripleDay ? <small> · ×3 on {tripleDay}s</small> : null}
        </dd>
      </div>
    </dl>
  );
}

/** What the submit says: "Place Sell Limit 0.01 at 67547.31" for a pending order, "Buy 0.01 at 1.08512" at the market. */
export function submitLabel({ side, kind, lots, price }: { side: 'buy' | 'sell'; kind: 'limit' | 'stop' | null; lots: Money | null; price: string | null }): string {
  const size = lots ? lots.toFixed(2) : '';
  return kind ? orderTypeTexts.place({ side, kind, lots: size, price }) : `${side === 'buy' ? 'Buy' : 'Sell'} ${size} at ${formatPrice(price, priceDecimals.ticket)}`;
}
