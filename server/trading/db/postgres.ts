import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { dbPoolAcquireDuration, sampled } from '../../metrics';
import { migrationsDir } from '../../paths';
import { pingDb, schema, type AppDb, type Database } from './database';
import { prepareStatementsOf, StatementNames } from './postgres-prepared';

/** Keeps NUMERIC as a string (pg's default) and makes BIGINT ids numbers (they stay far below 2^53). */
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** Any fixed number: every process that prepares the database takes the same advisory lock first. */
const preparationLockKey = 727_001;
/** Held by the process that runs the cluster's single jobs. */
const leadershipLockKey = 727_002;

export async function openPostgres({ url, poolMax }: { url: string; poolMax: number }): Promise<Database & { pool: pg.Pool }> {
  const max = Math.max(2, poolMax);
  // A database host that drops packets must not hang requests: connecting gives up after 5 s (a 503), and
  // TCP keep-alive notices a dead connection in an idle client.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, keepAlive: true });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight still fail loudly.
  });
  // A client lent out (mid-transaction) whose connection drops emits 'error' too; unheard, Node would end the
  // process. Its query in flight still fails (a 503 to the caller) and the pool drops the client on release.
  const statementNames = new StatementNames();
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    prepareStatementsOf(client, statementNames);
  });
  timeAcquisitions(pool);
  const unsample = [
    sampled.dbPoolConnections.add(() => pool.totalCount),
    sampled.dbPoolIdle.add(() => pool.idleCount),
    sampled.dbPoolWaiting.add(() => pool.waitingCount),
    sampled.dbPoolMax.add(() => max),
  ];
  const db = drizzle({ client: pool, schema }) as unknown as AppDb;
  let closed = false;
  return {
    driver: 'postgres',
    db,
    pool,
    async migrate() {
      await migrate(drizzle({ client: pool, schema }), { migrationsFolder: migrationsDir });
    },
    async exclusive(fn) {
      // The lock lives on its own connection for as long as `fn` runs; `fn` uses the rest of the pool.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [preparationLockKey]);
        return await fn();
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [preparationLockKey]).catch(() => undefined);
        lock.release();
      }
    },
    async tryLead() {
      // A client of its own, not the pool's: the lock lives exactly as long as this connection.
      const client = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [leadershipLockKey]);
      if (!rows[0]?.ok) {
        await client.end();
        return undefined;
      }
      let released = false;
      let markLost: () => void = () => undefined;
      const lost = new Promise<void>((resolve) => (markLost = resolve));
      client.on('error', () => markLost());
      client.on('end', () => {
        if (!released) markLost();
      });
      // A half-open connection raises nothing: ask the server every few seconds, and give up the lead if it
      // does not answer (the lock is as good as gone; another process may hold it soon).
      const check = setInterval(() => {
        const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), 5_000).unref());
        Promise.race([client.query('select 1'), timeout]).catch(() => {
          markLost();
          void client.end().catch(() => undefined);
        });
      }, 5_000);
      check.unref();
      return {
        lost,
        async release() {
          released = true;
          clearInterval(check);
          await client.end().catch(() => undefined);
        },
      };
    },
    ping: () => pingDb(db),
    async close() {
      if (closed) return;
      closed = true;
      for (const remove of unsample) remove();
      await pool.end();
    },
  };
}

/**
 * Times every wait for a pool connection (cfd_db_pool_acquire_seconds): `pool.query` and drizzle's
 * transactions both take theirs through `connect`, with a callback or as a promise.
 */
function timeAcquisitions(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: (error: Error | undefined, client: pg.PoolClient, done: (release?: unknown) => void) => void) => Promise<pg.PoolClient> | void;
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    const end = dbPoolAcquireDuration.startTimer();
    if (callback) {
      return connect((error, client, done) => {
        end();
        callback(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).finally(() => end());
  }) as typeof pool.connect;
}
