import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Executor } from '../../server/trading/db/database';
import { preparedStatements } from '../../server/trading/db/pglite-prepared';
import { createTestDatabase, testDriver } from '../support/database';

/** Statements are prepared once and then only bound and executed, on either driver (docs/operations.md#prepared-statements). */
/** The rows of one statement (drizzle types `execute` per driver). */
async function rowsOf<R>(db: Pick<Executor, 'execute'>, query: SQL): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

describe(`prepared statements (${testDriver})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table prepared_probe (id int primary key, label text not null, doc jsonb, at timestamptz, tags text[])`);
  });
  afterAll(() => database?.close());

  const row = (id: number) =>
    rowsOf<{ id: number; label: string; doc: unknown; at: string | Date | null; tags: string[] }>(database.db, sql`select id, label, doc, at, tags from prepared_probe where id = ${id}`);

  it('when one statement runs with different values, then each call answers for its own values, of every type', async () => {
    for (const id of [1, 2, 3]) {
      await database.db.execute(
        sql`insert into prepared_probe values (${id}, ${`label ${id}`}, ${JSON.stringify({ id })}::jsonb, ${new Date(Date.UTC(2026, 0, id)).toISOString()}::timestamptz, ${`{t${id},x}`}::text[])`,
      );
    }
    for (const id of [3, 1, 2, 1]) {
      const rows = await row(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id, label: `label ${id}`, doc: { id }, tags: [`t${id}`, 'x'] });
      expect(new Date(rows[0]!.at!).toISOString()).toBe(new Date(Date.UTC(2026, 0, id)).toISOString());
    }
    expect(await rowsOf(database.db, sql`select label from prepared_probe where id = ${null}`)).toEqual([]);
  });

  it('when a statement with values has run, then the session holds it prepared', async () => {
    const statement = 'select label from prepared_probe where id = $1';
    // One transaction is one connection on PostgreSQL: the statement and the look-up meet on it.
    const prepared = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select label from prepared_probe where id = ${1}`);
      return rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from pg_prepared_statements where statement = ${statement}`);
    });
    expect(prepared[0]!.n).toBe(1);
  });

  it('when a statement is refused, then the error carries the database code, and the next statement runs', async () => {
    const refused = await database.db.execute(sql`insert into prepared_probe values (${1}, ${'again'})`).then(
      () => undefined,
      (error: unknown) => error,
    );
    const cause = (refused as { cause?: { code?: string } }).cause ?? refused;
    expect((cause as { code?: string }).code).toBe('23505');
    expect((await row(2))[0]!.label).toBe('label 2');
  });

  it('when a transaction is rolled back, then its writes are gone and its statements still run', async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update prepared_probe set label = ${'changed'} where id = ${2}`);
        expect((await rowsOf<{ label: string }>(tx, sql`select label from prepared_probe where id = ${2}`))[0]!.label).toBe('changed');
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await row(2))[0]!.label).toBe('label 2');
    await database.db.transaction((tx) => tx.execute(sql`update prepared_probe set label = ${'kept'} where id = ${3}`));
    expect((await row(3))[0]!.label).toBe('kept');
  });

  it('when statements outside a transaction race one inside it, then each sees what it should', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = database.db.transaction(async (tx) => {
      await tx.execute(sql`update prepared_probe set label = ${'inside'} where id = ${1}`);
      await held;
      return (await rowsOf<{ label: string }>(tx, sql`select label from prepared_probe where id = ${1}`))[0]!.label;
    });
    const outside = Promise.all([row(1), row(2)]);
    release();
    expect(await inside).toBe('inside');
    const [one, two] = await outside;
    // PGlite runs a statement outside a transaction after it (one session); PostgreSQL may run it alongside and see the row before.
    expect(['inside', 'label 1']).toContain(one[0]!.label);
    expect(two[0]!.label).toBe('label 2');
    expect((await row(1))[0]!.label).toBe('inside');
  });
});

describe('PGlite statements beyond the cache', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
  });
  afterAll(() => client?.close());

  it('when more statement texts run than the cache holds, then the least recently used are closed and every answer is right', async () => {
    const db = drizzle({ client: preparedStatements(client, { capacity: 2 }) });
    for (let round = 0; round < 3; round++) {
      for (let width = 1; width <= 5; width++) {
        const values = Array.from({ length: width }, (_, i) => round * 10 + i);
        const { rows } = await db.execute<{ total: number }>(
          sql`select (${sql.join(
            values.map((v) => sql`${v}::int`),
            sql` + `,
          )}) as total`,
        );
        expect(rows[0]!.total).toBe(values.reduce((a, b) => a + b, 0));
      }
    }
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(rows[0]!.n).toBe(2);
  });
});
