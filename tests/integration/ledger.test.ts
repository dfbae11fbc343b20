import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/trading/db/database';
import { ledgerEntries, tradingAccounts } from '../../server/trading/db/schema';
import { postEntry } from '../../server/trading/ledger/ledger';
import { makeUser } from '../support/factories';
import { createTestDatabase } from '../support/database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function liveAccountOf(userId: number) {
  const [row] = await database.db
    .select()
    .from(tradingAccounts)
    .where(sql`${tradingAccounts.userId} = ${userId} and ${tradingAccounts.type} = 'live'`);
  if (!row) throw new Error('no live account');
  return row;
}

async function sumOfEntries(accountId: number): Promise<string> {
  const [row] = await database.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::numeric(20,2)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return row?.total ?? 'missing';
}

describe('ledger', () => {
  it('when entries are posted, then the balance is their exact sum with running totals, to the cent', async () => {
    const { user } = await makeUser(database.db);
    const account = await liveAccountOf(user.id);
    const results = await database.db.transaction(async (tx) => [
      await postEntry(tx, { accountId: account.id, kind: 'deposit', amount: '0.10', reference: 'd1' }),
      await postEntry(tx, { accountId: account.id, kind: 'deposit', amount: '0.20', reference: 'd2' }),
      await postEntry(tx, { accountId: account.id, kind: 'withdrawal', amount: '-0.05', reference: 'w1' }),
    ]);
    expect(results.map((r) => r.balanceAfter)).toEqual(['0.10', '0.30', '0.25']);
    expect((await liveAccountOf(user.id)).balance).toBe('0.25');
    expect(await sumOfEntries(account.id)).toBe('0.25');
  });

  it('when many deposits land at once, then none is lost', async () => {
    const { user } = await makeUser(database.db);
    const account = await liveAccountOf(user.id);
    await Promise.all(Array.from({ length: 20 }, (_, i) => database.db.transaction((tx) => postEntry(tx, { accountId: account.id, kind: 'deposit', amount: '12.34', reference: `c${i}` }))));
    expect((await liveAccountOf(user.id)).balance).toBe('246.80');
    expect(await sumOfEntries(account.id)).toBe('246.80');
  });

  it('when the same reference is posted twice, then the second is refused and the balance counts it once', async () => {
    const { user } = await makeUser(database.db);
    const account = await liveAccountOf(user.id);
    await database.db.transaction((tx) => postEntry(tx, { accountId: account.id, kind: 'deposit', amount: '50', reference: 'same' }));
    await expect(database.db.transaction((tx) => postEntry(tx, { accountId: account.id, kind: 'deposit', amount: '50', reference: 'same' }))).rejects.toThrow();
    expect((await liveAccountOf(user.id)).balance).toBe('50.00');
  });

  it('when an amount has more than two decimals, then it is refused rather than rounded', async () => {
    const { user } = await makeUser(database.db);
    const account = await liveAccountOf(user.id);
    await expect(database.db.transaction((tx) => postEntry(tx, { accountId: account.id, kind: 'deposit', amount: '1.004' }))).rejects.toThrow(/more than 2 decimals/);
    expect((await liveAccountOf(user.id)).balance).toBe('0.00');
  });

  it('when a balance is changed directly right after a posting in the same transaction, then the database still refuses', async () => {
    const { user } = await makeUser(database.db);
    const account = await liveAccountOf(user.id);
    await expect(
      database.db.transaction(async (tx) => {
        await postEntry(tx, { accountId: account.id, kind: 'deposit', amount: '5', reference: 'then-edit' });
        await tx.update(tradingAccounts).set({ balance: '500' }).where(eq(tradingAccounts.id, account.id));
      }),
    ).rejects.toThrow();
    expect((await liveAccountOf(user.id)).balance).toBe('0.00');
  });

  it('when code tries to edit a balance or an entry directly, then the database refuses', async () => {
    const { user } = await makeUser(database.db);
    const account = await liveAccountOf(user.id);
    await expect(database.db.update(tradingAccounts).set({ balance: '1000000' }).where(eq(tradingAccounts.id, account.id))).rejects.toThrow();
    const [entry] = await database.db.select().from(ledgerEntries).limit(1);
    expect(entry).toBeDefined();
    await expect(database.db.update(ledgerEntries).set({ amount: '1' }).where(eq(ledgerEntries.id, entry!.id))).rejects.toThrow();
    await expect(database.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry!.id))).rejects.toThrow();
    await expect(database.db.execute(sql`truncate ledger_entries cascade`)).rejects.toThrow();
    expect((await liveAccountOf(user.id)).balance).toBe('0.00');
  });
});
