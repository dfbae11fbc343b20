import type Decimal from 'decimal.js';
import { Money } from '../../../shared/money';
import { marginFor } from '../../../shared/trading/account-maths';
import { effectiveLeverage } from '../../../shared/trading/leverage';
import { leverageKeyOf, leverageKeys, type LeverageKey } from '../../../shared/constants';
import type { Plan } from '../../../shared/api/data.schema';
import type { Side } from '../../../shared/trading/prices';
import { lotsFromUnits, lotsProblem } from '../../../shared/trading/sizing';
import { tradeTexts } from '../../../shared/trading/texts';
import type { Bus } from '../bus';
import { refusal, type Refusal } from '../errors';
import type { AppDb, Tx } from '../db/database';
import { insertTrade, type NewTrade, type TradeRow } from '../db/trades.repo';
import type { UserRow } from '../db/users.repo';
import type { Instrument } from '../market/instruments';
import type { Market } from '../market/market';
import { exposureFromTotals, openTotalsOf, type AccountRow, type OpenTotal } from './accounts';
import { bookCommissions, commissionOf, commissionPosting } from './commission';

/** What every order states, market or pending, in the domain's words (the API maps the wire's fields to it). */
export interface OrderTerms {
  assetId: number;
  side: Side;
  /** How much, in units of the instrument (lots × contract size): a decimal string. */
  units: string;
  leverage: number;
  /** Null, absent or 0: none. */
  takeProfit?: string | null | undefined;
  stopLoss?: string | null | undefined;
  /** One of the customer's accounts; their Live account when absent. */
  accountId?: number | undefined;
}

/** A market order: its terms, and the price the customer saw (a fill that moved too far from it is requoted). */
export interface MarketOrder extends OrderTerms {
  seenPrice?: string | undefined;
}

/** A buy/sell limit or stop order waiting at `price`. */
export interface PendingOrder extends OrderTerms {
  kind: 'limit' | 'stop';
  price: string;
}

export interface OrderDeps {
  database: { db: AppDb };
  market: Market;
  bus: Bus;
}

/**
 * The leverage of the customer's plan (account type), if they have one, as the site data lists it: what pages show
 * (the dashboard's "up to", the leverage map, the instruments' list). Orders read the plan afresh as they lock the
 * account (`lockCustomerAccounts`).
 */
export function planLeverageOf(plans: readonly Pick<Plan, 'id' | 'leverage'>[], user: Pick<UserRow, 'planId'>): number | undefined {
  return user.planId === null ? undefined : plans.find((plan) => plan.id === user.planId)?.leverage;
}

/** The most leverage this customer may use on this instrument (the precedence of docs/trading.md#leverage, within the plan's and the regulatory caps). */
export function maxLeverageFor({ instrument, classLeverage, planLeverage }: { instrument: Instrument; classLeverage: number; planLeverage: number | undefined }): number {
  return effectiveLeverage({ assetLeverage: classLeverage, planLeverage, regulatoryCap: instrument.regulatoryCap });
}

/** What a customer's leverage figures are made of: the catalogue, each class's leverage, their plan's (none: undefined). */
interface CustomerLeverageInputs {
  instruments: readonly Instrument[];
  classLeverage: Record<LeverageKey, number>;
  planLeverage: number | undefined;
}

/**
 * The most leverage any enabled instrument takes under a plan's leverage (`undefined`: no plan): the figure an
 * "up to 1:N" may say, since an instrument that takes it exists and none takes more (docs/trading.md#leverage).
 */
export function highestLeverage({ instruments, classLeverage, planLeverage }: CustomerLeverageInputs): number {
  let most = 1;
  for (const instrument of instruments) {
    if (instrument.enabled) most = Math.max(most, maxLeverageFor({ instrument, classLeverage: classLeverage[leverageKeyOf(instrument.assetClass)], planLeverage }));
  }
  return most;
}

/** A customer's "up to 1:N" (the dashboard, the accounts page): `highestLeverage` under their plan; null without one. */
export function advertisedLeverage(user: Pick<UserRow, 'planId'>, { instruments, classLeverage, plans }: Omit<CustomerLeverageInputs, 'planLeverage'> & { plans: readonly Plan[] }): number | null {
  const planLeverage = planLeverageOf(plans, user);
  return planLeverage === undefined ? null : highestLeverage({ instruments, classLeverage, planLeverage });
}

/**
 * The leverage map the customer's site data gives (docs/trading.md#leverage): per asset class (the original
 * client's keys) and per category (the original client looks up `leverage[asset.category]`), the most every
 * enabled instrument in it takes for this customer, so an order sent with it is never refused for its
 * leverage. A class without instruments gives its class leverage within the plan's.
 */
export function customerLeverageMap({ instruments, classLeverage, planLeverage }: CustomerLeverageInputs): Record<string, number> {
  const map: Record<string, number> = {};
  for (const key of leverageKeys) map[key] = Math.max(1, Math.min(classLeverage[key], planLeverage ?? classLeverage[key]));
  const seen = new Set<string>();
  for (const instrument of instruments.filter((i) => i.enabled)) {
    const applied = maxLeverageFor({ instrument, classLeverage: classLeverage[leverageKeyOf(instrument.assetClass)], planLeverage });
    for (const key of [leverageKeyOf(instrument.assetClass), instrument.category]) {
      map[key] = seen.has(key) ? Math.min(map[key]!, applied) : applied;
      seen.add(key);
    }
  }
  return map;
}

/** Size and leverage checks every order passes, market or pending; the lots on success. */
export function checkTerms({
  instrument,
  units,
  leverage,
  classLeverage,
  planLeverage,
}: {
  instrument: Instrument;
  units: string;
  leverage: number;
  classLeverage: number;
  planLeverage: number | undefined;
}): { refusal: Refusal } | { lots: Decimal; leverage: number } {
  const lots = lotsFromUnits({ units, contractSize: instrument.contractSize });
  const sizeProblem = lotsProblem(lots);
  if (sizeProblem) return { refusal: refusal.invalid(sizeProblem, 'volume') };
  // The leverage asked is a ceiling, as an account's leverage is in MetaTrader: applied up to this customer's maximum
  // on the instrument, and the answer carries the leverage and margin used (docs/trading.md#leverage).
  return { lots, leverage: Math.min(leverage, maxLeverageFor({ instrument, classLeverage, planLeverage })) };
}

/** What a new position is: a market order or a filled pending order, priced. */
export interface PositionTerms {
  account: AccountRow;
  instrument: Instrument;
  side: Side;
  units: string;
  lots: Decimal;
  leverage: number;
  price: string;
  takeProfit: string | null;
  stopLoss: string | null;
}

export type { NewTrade };

/**
 * The new trade's row if its margin and its opening commission fit in the free margin the account's open `totals`
 * leave (less `charged`: commissions this transaction took that the account row does not show yet), else the refusal;
 * with the row, the total it adds and the commission it pays (for the next order on the account in the same transaction).
 */
export function positionFits(
  market: Market,
  p: PositionTerms,
  totals: readonly OpenTotal[],
  charged: Decimal.Value = 0,
): { values: NewTrade; total: OpenTotal; commission: Decimal } | { refusal: Refusal } {
  const conversion = market.conversion(p.instrument.quoteCurrency, p.account.currency);
  const margin = marginFor({ units: p.units, price: p.price, leverage: p.leverage, conversion });
  const commission = commissionOf(market, { account: p.account, instrument: p.instrument, lots: p.lots, units: p.units, price: p.price });
  const { freeMargin } = exposureFromTotals(market, p.account, totals);
  if (margin.plus(commission).gt(freeMargin.minus(charged))) return { refusal: refusal.invalid(tradeTexts.insufficientMargin, 'volume') };
  const units = new Money(p.units).toString();
  const base = { assetId: p.instrument.id, side: p.side, units, margin: margin.toFixed(2) };
  return {
    values: {
      ...base,
      accountId: p.account.id,
      lots: p.lots.toFixed(2),
      leverage: p.leverage,
      openPrice: p.price,
      takeProfit: p.takeProfit,
      stopLoss: p.stopLoss,
      paidCommission: commission.toFixed(2),
    },
    total: { ...base, cost: new Money(units).times(p.price).toString() },
    commission,
  };
}

/** Opens a position if its margin fits (the caller holds the account lock), booking its opening commission: how a filled pending order becomes a trade. */
export async function openPosition(tx: Tx, p: PositionTerms & { market: Market }): Promise<{ trade: TradeRow } | { refusal: Refusal }> {
  const totals = (await openTotalsOf(tx, [p.account.id])).get(p.account.id) ?? [];
  const fits = positionFits(p.market, p, totals);
  if ('refusal' in fits) return fits;
  const trade = await insertTrade(tx, fits.values);
  await bookCommissions(tx, [commissionPosting({ accountId: p.account.id, amount: fits.commission, side: 'open', tradeId: trade.id, symbol: p.instrument.symbol })]);
  return { trade };
}
