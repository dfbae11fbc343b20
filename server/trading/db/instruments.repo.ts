import { asc } from 'drizzle-orm';
import type { Executor } from './database';
import { assets } from './schema';

/** The instruments (the `assets` table): what is traded, its spreads, sizes and hours. */
export type AssetRow = typeof assets.$inferSelect;

/** Every instrument, listed or not, in the catalogue's order. */
export async function allAssets(db: Executor): Promise<AssetRow[]> {
  return db.select().from(assets).orderBy(asc(assets.sortOrder), asc(assets.id));
}
