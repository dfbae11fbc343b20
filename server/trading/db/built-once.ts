import type { Executor } from './database';

/**
 * A query drizzle builds into SQL once per database handle, then only binds and runs
 * (docs/operations.md#prepared-statements). Building a wide select walks every column and fragment on each call,
 * which on a hot read cost as much as running it; values come in as `sql.placeholder(name)`. Inside a transaction
 * the query is built for that transaction (a handle of its own), as before.
 */
export function builtOnce<Prepared>(name: string, build: (db: Executor) => { prepare(name: string): Prepared }): (db: Executor) => Prepared {
  const byHandle = new WeakMap<Executor, Prepared>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (!prepared) {
      prepared = build(db).prepare(name);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
