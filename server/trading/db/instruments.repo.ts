import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from './database';
import { escapeLike } from './like';
import { assets } from './schema';

/** The instruments (the `assets` table): what is traded, its spreads, sizes and hours. */
export type AssetRow = typeof assets.$inferSelect;

/** Every instrument, listed or not, in the catalogue's order. */
export async function allAssets(db: Executor): Promise<AssetRow[]> {
  return db.select().from(assets).orderBy(asc(assets.sortOrder), asc(assets.id));
}

export async function assetById(db: Executor, id: number): Promise<AssetRow | undefined> {
  const [row] = await db.select().from(assets).where(eq(assets.id, id));
  return row;
}

/** The row, locked for an admin's change (docs/back-office.md#instruments). */
export async function lockAsset(tx: Tx, id: number): Promise<AssetRow | undefined> {
  const [row] = await tx.select().from(assets).where(eq(assets.id, id)).for('update');
  return row;
}

export async function updateAsset(tx: Tx, id: number, values: Partial<Pick<AssetRow, 'enabled' | 'buySpread' | 'sellSpread' | 'schedule'>>): Promise<AssetRow> {
  const [row] = await tx.update(assets).set(values).where(eq(assets.id, id)).returning();
  return row!;
}

/** The back office's instrument list: by symbol or name (contains), by class, in the catalogue's order. */
export async function assetPage(db: Executor, { q, assetClass, page, perPage }: { q: string | undefined; assetClass: string | undefined; page: number; perPage: number }) {
  const text = q?.trim() ? escapeLike(q.trim()) : undefined;
  const where: SQL | undefined = and(text ? or(ilike(assets.symbol, `%${text}%`), ilike(assets.name, `%${text}%`)) : undefined, assetClass ? eq(assets.assetClass, assetClass) : undefined);
  const [total] = await db.select({ n: count() }).from(assets).where(where);
  const rows = await db
    .select()
    .from(assets)
    .where(where)
    .orderBy(asc(assets.sortOrder), asc(assets.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: total?.n ?? 0 };
}
