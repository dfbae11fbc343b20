import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradedFrom } from '../support/migrations';

/** Migration 0041 on a database whose dividends were booked before positions kept them (docs/trading.md#dividends). */
let database: Awaited<ReturnType<typeof upgradedFrom>>;

beforeAll(async () => {
  database = await upgradedFrom('0040_dividends', async (release) => {
    const [aapl] = await release.rows<{ id: number }>(`select id from assets where symbol = 'AAPL'`);
    await release.exec(`
    insert into users (email, password_hash, first_name, last_name, role, status) values ('cust@x.test', 'x', 'C', 'C', 'customer', 'active');
    insert into trading_accounts (user_id, type, currency) values (1, 'live', 'USD');
    insert into trades (account_id, asset_id, side, units, lots, leverage, open_price, margin) values
      (1, ${aapl!.id}, 'buy', 100, 1, 5, 200, 4000), (1, ${aapl!.id}, 'sell', 40, 0.4, 5, 200, 1600), (1, ${aapl!.id}, 'buy', 10, 0.1, 5, 200, 400);
    insert into ledger_entries (account_id, kind, amount, reference, memo) values
      (1, 'deposit', 10000, 'seed', null),
      (1, 'dividend', 21.25, 'dividend:1:1', 'Dividend AAPL ex 2026-11-18'),
      (1, 'dividend', -10.00, 'dividend:1:2', 'Dividend AAPL ex 2026-11-18'),
      (1, 'dividend', 5.10, 'dividend:2:1', 'Dividend AAPL ex 2026-11-25');
  `);
  });
});
afterAll(() => database.close());

describe('when this release migrates a database with dividends booked', () => {
  it('then each position carries the sum of its entries, and one without entries none', async () => {
    expect(await database.rows<{ id: string; dividends: string }>('select id::text, dividends::text from trades order by id')).toEqual([
      { id: '1', dividends: '26.35' },
      { id: '2', dividends: '-10.00' },
      { id: '3', dividends: '0.00' },
    ]);
  });
});
