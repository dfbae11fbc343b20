import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ledgerEntries, trades } from './schema';

/**
 * An account's trading record (the user object's `trades_summary`, docs/accounts-and-ledger.md#the-user-object),
 * summed in the database:
 * - `pnl`: the account's realized P/L entries in the ledger (every close, whole or part, books one);
 * - `deposits`: its deposit entries in the ledger (withdrawals are not taken off; credit is no deposit);
 * - `count`: its closed trades, each part of a partial close counted as the closed trade it is (the
 *   closed-trades list's total); `wins` those with a realized P/L above 0.00, `losses` below; a
 *   break-even close is neither.
 * Amounts are decimal strings with the currency's 2 decimals.
 */
export interface TradeRecord {
  pnl: string;
  deposits: string;
  count: number;
  wins: number;
  losses: number;
}

/** The record as the database's JSON gives it. */
export type TradeRecordJson = Omit<TradeRecord, 'count' | 'wins' | 'losses'> & { count: number | string; wins: number | string; losses: number | string };

const ledgerSum = (accountId: SQLWrapper, kind: 'realized_pnl' | 'deposit') =>
  sql`(select coalesce(sum(${ledgerEntries.amount}), 0)::numeric(20,2)::text from ${ledgerEntries} where ${ledgerEntries.accountId} = ${accountId} and ${ledgerEntries.kind} = ${kind})`;

/**
 * The record of the account whose id `accountId` gives (a column of the enclosing query, or a value) as
 * one JSON value, for a query that reads it beside other things in the same statement (`loadProfile`).
 * Counts run over `trades_account_status` and sums over `ledger_entries_account`.
 */
export function tradeRecordSql(accountId: SQLWrapper): SQL<TradeRecordJson> {
  return sql<TradeRecordJson>`(select json_build_object(
    'pnl', ${ledgerSum(accountId, 'realized_pnl')},
    'deposits', ${ledgerSum(accountId, 'deposit')},
    'count', count(*),
    'wins', count(*) filter (where ${trades.realizedPnl} > 0),
    'losses', count(*) filter (where ${trades.realizedPnl} < 0)
  ) from ${trades} where ${trades.accountId} = ${accountId} and ${trades.status} = 'closed')`;
}

/** The JSON of `tradeRecordSql` as numbers and decimal strings (a driver may give counts as text). */
export function tradeRecordOf(json: TradeRecordJson): TradeRecord {
  return { pnl: json.pnl, deposits: json.deposits, count: Number(json.count), wins: Number(json.wins), losses: Number(json.losses) };
}
