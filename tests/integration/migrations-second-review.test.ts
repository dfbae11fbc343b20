import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradedFrom } from '../support/migrations';

/**
 * Migrations 0032 and 0033 on a database that already holds what earlier releases wrote: every stored file
 * recorded with its purpose and owner (docs/files.md#purposes), chain transaction ids in their chain's one
 * spelling (docs/funding.md#money-from-outside), staff's waiting orders cancelled and their accounts taking
 * no new money (docs/accounts-and-ledger.md#whose-accounts).
 */
const uuid = (n: number) => `0b7e3f2a-1111-4222-8333-${String(n).padStart(12, '0')}`;
const hex = (c: string) => c.repeat(64);

let database: Awaited<ReturnType<typeof upgradedFrom>>;

const rows = <T>(query: string) => database.rows<T>(query);

beforeAll(async () => {
  database = await upgradedFrom('0031_light_terminal', async (release) => {
    await release.exec(`
    insert into users (email, password_hash, first_name, last_name, role, status, avatar) values
      ('cust@x.test', 'x', 'C', 'C', 'customer', 'active', '/api/v1/profile/photos/${uuid(1)}.webp'),
      ('staff@x.test', 'x', 'S', 'S', 'staff', 'active', null);
    insert into trading_accounts (user_id, type, currency) values (1, 'live', 'USD'), (2, 'live', 'USD');
    update site_settings set logo = '/api/v1/site-images/${uuid(2)}.png', favicon = '/api/v1/site-images/${uuid(3)}.ico' where id = 1;
    insert into chat_files (id, uploader_id, customer_id, file_name, mime, size) values ('${uuid(4)}', 2, 1, 'a.pdf', 'application/pdf', 10);
    insert into verification_documents (user_id, kind, file_id, file_name, mime, size) values (1, 'proof_of_address', '${uuid(5)}', 'b.pdf', 'application/pdf', 20);
    insert into crypto_wallets (user_id, channel, derivation_index, address) values (1, 'eth', 1, '0xabc'), (1, 'btc', 1, 'tb1q');
    insert into deposits (user_id, account_id, method, reference, currency, details) values
      (1, 1, 'crypto', 'CRY-A', 'USD', '{"tx_id": "${hex('A')}"}'),
      (1, 1, 'crypto', 'CRY-B', 'USD', '{"tx_id": "0X${hex('b')}"}');
    insert into crypto_payments (wallet_id, tx_id, amount, deposit_id) values
      (1, '${hex('A')}', 1, 1), (2, '0X${hex('b')}', 1, 2), (1, 'not-a-hash', 1, null), (1, '0x${hex('c')}', 1, null), (1, '${hex('C')}', 1, null);
  `);
    const [asset] = await release.rows<{ id: number }>(`select id from assets where symbol = 'EURUSD'`);
    await release.exec(
      `insert into pending_orders (account_id, asset_id, side, kind, price, units, lots, leverage) values (2, ${asset!.id}, 'buy', 'limit', 1, 1000, 0.01, 20), (1, ${asset!.id}, 'buy', 'limit', 1, 1000, 0.01, 20)`,
    );
  });
});
afterAll(() => database.close());

describe('when this release migrates a database earlier releases wrote', () => {
  it('then every file a row names is recorded with its purpose and owner, and a file no row names is not', async () => {
    const files = await rows<{ id: string; purpose: string; owner_id: number | null; mime: string }>('select id, purpose, owner_id, mime from stored_files order by id');
    expect(files).toEqual([
      { id: uuid(1), purpose: 'profile_photo', owner_id: 1, mime: 'image/webp' },
      { id: uuid(2), purpose: 'site_image', owner_id: null, mime: 'image/png' },
      { id: uuid(3), purpose: 'site_image', owner_id: null, mime: 'image/x-icon' },
      { id: uuid(4), purpose: 'chat_attachment', owner_id: 2, mime: 'application/pdf' },
      { id: uuid(5), purpose: 'identity_document', owner_id: 1, mime: 'application/pdf' },
    ]);
  });

  it('then chain transaction ids take their chain’s spelling where nothing collides, and their deposits say the same', async () => {
    const payments = await rows<{ wallet_id: number; tx_id: string }>('select wallet_id, tx_id from crypto_payments order by id');
    expect(payments).toEqual([
      { wallet_id: 1, tx_id: `0x${hex('a')}` },
      { wallet_id: 2, tx_id: hex('b') },
      // Not a transaction's shape: left as written.
      { wallet_id: 1, tx_id: 'not-a-hash' },
      { wallet_id: 1, tx_id: `0x${hex('c')}` },
      // The same transaction recorded twice before: both rows kept for staff, the second in its old spelling.
      { wallet_id: 1, tx_id: hex('C') },
    ]);
    const deposits = await rows<{ reference: string; tx: string }>(`select reference, details->>'tx_id' as tx from deposits order by id`);
    expect(deposits).toEqual([
      { reference: 'CRY-A', tx: `0x${hex('a')}` },
      { reference: 'CRY-B', tx: hex('b') },
    ]);
  });

  it('then staff’s waiting orders are cancelled, customers’ wait on, and staff’s accounts take no new money', async () => {
    const orders = await rows<{ account_id: number; status: string }>('select account_id, status from pending_orders order by id');
    expect(orders).toEqual([
      { account_id: 2, status: 'cancelled' },
      { account_id: 1, status: 'pending' },
    ]);
    await expect(database.exec(`insert into ledger_entries (account_id, kind, amount, reference) values (2, 'deposit', 5, 'x')`)).rejects.toThrow(/customers' accounts only/);
    await database.exec(`insert into ledger_entries (account_id, kind, amount, reference) values (2, 'realized_pnl', 5, 'trade:1')`);
    await database.exec(`insert into ledger_entries (account_id, kind, amount, reference) values (1, 'deposit', 5, 'deposit:1')`);
  });
});
