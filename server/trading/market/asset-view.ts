import { Money } from '../../../shared/money';
import type { Asset } from '../../../shared/api/assets.schema';
import { changeOf, spreadOf } from '../../../shared/trading/prices';
import { netSwapRates, tripleDayOf, weekdayNames, type FinancingRates } from '../../../shared/trading/financing';
import type { Instrument } from './instruments';
import type { Group } from './conditions';
import type { Market } from './market';

const pairLike = new Set(['forex', 'crypto', 'metals']);

export function displaySymbol(instrument: Instrument): string {
  if (!pairLike.has(instrument.assetClass) || !instrument.baseCurrency) return instrument.symbol;
  return `${instrument.baseCurrency}/${instrument.quoteCurrency}`;
}

/**
 * An instrument with its live quote, in the contract's shape; `leverage` is what the engine applies for this customer
 * there, `financing` the overnight rates their plan gets.
 */
export function presentAsset(market: Market, instrument: Instrument, { leverage, financing, group }: { leverage: number; financing: FinancingRates; group: Group }): Asset {
  const swap = netSwapRates(instrument.assetClass, financing);
  const tripleDay = tripleDayOf(instrument.assetClass);
  const quote = market.quoteFor(instrument.id, group)!;
  const { spreadMarkup, commission } = market.conditions.of(group, instrument);
  const { change, percent } = changeOf({ price: quote.mid, open: quote.open24h, digits: instrument.digits });
  return {
    id: instrument.id,
    asset_id: instrument.symbol,
    name: instrument.name,
    symbol: instrument.symbol,
    symbol_display: displaySymbol(instrument),
    sy: instrument.shortKey,
    type: instrument.assetClass,
    category: instrument.category,
    image: instrument.image,
    tv_symbol: instrument.tvSymbol,
    rate: quote.mid,
    change,
    change_percent: percent,
    price_low: quote.low24h,
    price_high: quote.high24h,
    volume: quote.volume24h,
    spread: spreadOf(quote),
    buy_spread: new Money(instrument.spread.buySpread).toString(),
    sell_spread: new Money(instrument.spread.sellSpread).toString(),
    buy_price: quote.ask,
    sell_price: quote.bid,
    contract_size: new Money(instrument.contractSize).toString(),
    position: new Money(instrument.contractSize).times('0.01').toString(),
    leverage,
    max_leverage: leverage,
    digits: instrument.digits,
    swap_type: swap.type === 'points' ? 'points' : 'percent',
    swap_long: swap.long.toFixed(),
    swap_short: swap.short.toFixed(),
    swap_triple_day: tripleDay === null ? null : weekdayNames[tripleDay]!,
    spread_markup: spreadMarkup,
    commission_type: commission.kind,
    commission_rate: new Money(commission.rate).toString(),
    commission_min: new Money(commission.minimum).toString(),
    quote_currency: instrument.quoteCurrency,
    trading_hours: { id: instrument.schedule.id, label: instrument.schedule.label },
    market_open: market.isOpen(instrument),
    seq: quote.seq,
    updated_at: new Date(quote.time).toISOString(),
  };
}
