import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradedFrom } from '../support/migrations';

/** Migration 0042 on a database with a trading history: each account's record (docs/accounts-and-ledger.md#the-user-object). */
let database: Awaited<ReturnType<typeof upgradedFrom>>;

const recordOf = async (accountId: number) =>
  database.rows<{ closed: number; wins: number; losses: number; pnl: string; deposits: string }>(
    `select closed, wins, losses, pnl::numeric(20,2)::text as pnl, deposits::numeric(20,2)::text as deposits from account_records where account_id = ${accountId}`,
  );

beforeAll(async () => {
  database = await upgradedFrom('0041_trade_dividends', async (release) => {
    const [eurusd] = await release.rows<{ id: number }>(`select id from assets where symbol = 'EURUSD'`);
    const closed = (pnl: string) => `(1, ${eurusd!.id}, 'buy', 1000, 0.01, 100, 1.1, 1.2, 11, 'closed', 'manual', ${pnl}, now())`;
    await release.exec(`
    insert into users (email, password_hash, first_name, last_name, role, status) values ('cust@x.test', 'x', 'C', 'C', 'customer', 'active');
    insert into trading_accounts (user_id, type, currency) values (1, 'live', 'USD'), (1, 'demo', 'USD');
    insert into trades (account_id, asset_id, side, units, lots, leverage, open_price, close_price, margin, status, close_reason, realized_pnl, closed_at) values
      ${closed('50.00')}, ${closed('-20.00')}, ${closed('0.00')};
    insert into trades (account_id, asset_id, side, units, lots, leverage, open_price, margin) values (1, ${eurusd!.id}, 'buy', 1000, 0.01, 100, 1.1, 11);
    insert into ledger_entries (account_id, kind, amount, reference, memo) values
      (1, 'deposit', 1000, 'seed', null), (1, 'deposit', 500, 'seed-2', null),
      (1, 'realized_pnl', 50, 'trade:1', null), (1, 'realized_pnl', -20, 'trade:2', null), (1, 'realized_pnl', 0, 'trade:3', null);
  `);
  });
});
afterAll(() => database.close());

describe('when this release migrates a database with a trading history', () => {
  it('then each account with one has its record, and one without none', async () => {
    expect(await recordOf(1)).toEqual([{ closed: 3, wins: 1, losses: 1, pnl: '30.00', deposits: '1500.00' }]);
    expect(await recordOf(2)).toEqual([]);
  });

  it('then the record follows a trade that closes and the entry that books it', async () => {
    await database.exec(`
      update trades set status = 'closed', close_price = 1.3, close_reason = 'manual', realized_pnl = 12.00, closed_at = now() where id = 4;
      insert into ledger_entries (account_id, kind, amount, reference, memo) values (1, 'realized_pnl', 12, 'trade:4', null), (1, 'withdrawal', -100, 'out', null);
    `);
    expect(await recordOf(1)).toEqual([{ closed: 4, wins: 2, losses: 1, pnl: '42.00', deposits: '1500.00' }]);
  });
});
