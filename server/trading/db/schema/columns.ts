import { sql } from 'drizzle-orm';
import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers shared by the schema files. */

/** Money: NUMERIC(20,2) in the account's currency; read back as a decimal string, never a float. */
export const money = (name: string) => numeric(name, { precision: 20, scale: 2 });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
