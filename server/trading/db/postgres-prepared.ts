import type pg from 'pg';

/**
 * Statements with values run as named prepared statements on each connection (docs/operations.md#prepared-statements):
 * node-postgres parses a named statement once per connection and then only binds and executes it, so PostgreSQL
 * may keep its plan instead of planning it on every call. drizzle names a statement only when asked to, and then
 * only per query object; here every statement with values gets the name its text has in this process.
 *
 * A statement without values stays as it was: node-postgres sends those as simple queries, which may hold several
 * statements (migrations) that a prepared statement cannot. Names are bounded: past `capacity` texts (texts vary
 * with the length of a list of values), a new text runs unnamed, as before.
 */
export function prepareStatementsOf(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  (client as { query: typeof query }).query = (config, values, callback) => query(names.named(config, values), values, callback);
}

export class StatementNames {
  readonly #byText = new Map<string, string>();

  constructor(private readonly capacity = 1_000) {}

  named(config: unknown, values: unknown): unknown {
    if (typeof config !== 'object' || config === null || 'submit' in config) return config;
    const { text, name } = config as pg.QueryConfig;
    const given = Array.isArray(values) ? values : (config as pg.QueryConfig).values;
    if (name || typeof text !== 'string' || !given?.length) return config;
    const known = this.#byText.get(text) ?? this.#add(text);
    return known ? { ...config, name: known } : config;
  }

  #add(text: string): string | undefined {
    if (this.#byText.size >= this.capacity) return undefined;
    const name = `s${this.#byText.size + 1}`;
    this.#byText.set(text, name);
    return name;
  }
}
