import type Decimal from 'decimal.js';
import { Money } from '../../../shared/money';
import { chargesCommission, commissionCharge } from '../../../shared/trading/conditions';
import type { Tx } from '../db/database';
import { postEntries, type LedgerPosting } from '../ledger/ledger';
import type { Instrument } from '../market/instruments';
import type { Market } from '../market/market';
import type { AccountRow } from './accounts';

/**
 * One side's commission on a position (docs/trading.md#trading-conditions): by the account's plan's conditions for the
 * instrument, on `lots` and the notional `units × price`, in the account currency to the cent (zero where none is set).
 */
export function commissionOf(
  market: Market,
  { account, instrument, lots, units, price }: { account: Pick<AccountRow, 'planId' | 'currency'>; instrument: Instrument; lots: Decimal.Value; units: Decimal.Value; price: Decimal.Value },
): Decimal {
  const { commission } = market.conditions.of(market.groupOf(account.planId), instrument);
  if (!chargesCommission(commission)) return new Money(0);
  const notionalUsd = new Money(units).times(price).times(market.conversion(instrument.quoteCurrency, 'USD'));
  return commissionCharge({ commission, lots, notionalUsd, usdToAccount: market.conversion('USD', account.currency) });
}

/** A commission's ledger entry: one per side of a trade, referenced by the side and the trade. */
export function commissionPosting({ accountId, amount, side, tradeId, symbol }: { accountId: number; amount: Decimal; side: 'open' | 'close'; tradeId: number; symbol: string }): LedgerPosting {
  return { accountId, kind: 'commission', amount: amount.negated().toFixed(2), reference: `${side}:${tradeId}`, memo: `Commission, ${side === 'open' ? 'opening' : 'closing'} ${symbol}` };
}

/** Books the commissions that charge anything, in one statement. */
export async function bookCommissions(tx: Tx, postings: readonly LedgerPosting[]): Promise<void> {
  const charged = postings.filter((p) => !new Money(p.amount).isZero());
  if (charged.length > 0) await postEntries(tx, charged);
}
