import { eq, sql } from 'drizzle-orm';
import type { Executor } from './database';
import { users } from './schema';

export interface PreferenceColumns {
  displayCurrency: string | null;
  language: string | null;
  soundsEnabled: boolean;
  oneClickTradingAt: Date | null;
  watchDigits: 'fixed' | 'instrument';
  terminal: 'classic' | 'light';
  notificationPrefs: Record<string, boolean>;
}

/** The user's stored settings (docs/customer-area.md#settings), locked for a change when `forUpdate`. */
export async function readPreferenceColumns(db: Executor, userId: number, { forUpdate = false } = {}): Promise<PreferenceColumns | undefined> {
  const query = db
    .select({
      displayCurrency: users.displayCurrency,
      language: users.language,
      soundsEnabled: users.soundsEnabled,
      oneClickTradingAt: users.oneClickTradingAt,
      watchDigits: users.watchDigits,
      terminal: users.terminal,
      notificationPrefs: users.notificationPrefs,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function writePreferenceColumns(db: Executor, userId: number, values: Partial<PreferenceColumns>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
