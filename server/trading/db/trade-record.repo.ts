import { sql, type SQL } from 'drizzle-orm';
import { accountRecords } from './schema';

/**
 * An account's trading record (the user object's `trades_summary`, docs/accounts-and-ledger.md#the-user-object),
 * kept by the database as trades close and entries are booked:
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

/**
 * The record of the account an enclosing query joined `account_records` for, as one JSON value, for a query that reads
 * it beside other things in the same statement (`loadProfile`). The triggers keep the row (migration 0042); an account
 * that has closed nothing and received no deposit has none, and its record is all zeros.
 */
export function tradeRecordSql(): SQL<TradeRecordJson> {
  return sql<TradeRecordJson>`json_build_object(
    'pnl', coalesce(${accountRecords.pnl}, 0)::numeric(20,2)::text,
    'deposits', coalesce(${accountRecords.deposits}, 0)::numeric(20,2)::text,
    'count', coalesce(${accountRecords.closed}, 0),
    'wins', coalesce(${accountRecords.wins}, 0),
    'losses', coalesce(${accountRecords.losses}, 0)
  )`;
}

/** The JSON of `tradeRecordSql` as numbers and decimal strings (a driver may give counts as text). */
export function tradeRecordOf(json: TradeRecordJson): TradeRecord {
  return { pnl: json.pnl, deposits: json.deposits, count: Number(json.count), wins: Number(json.wins), losses: Number(json.losses) };
}
