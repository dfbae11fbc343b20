import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignIns } from '../../server/trading/auth/sign-ins';
import { newToken } from '../../server/trading/db/opaque-tokens';
import { LocalBus } from '../../server/trading/bus';
import type { Database } from '../../server/trading/db/database';
import { users } from '../../server/trading/db/schema';
import { insertToken } from '../../server/trading/db/tokens.repo';
import { createTestDatabase } from '../support/database';
import { makeUser } from '../support/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A customer with a token, and a way to change their status behind the cache's back. */
async function signedIn(expiresInMs = 3_600_000) {
  const { user } = await makeUser(database.db);
  const { tokenHash } = newToken();
  await insertToken(database.db, { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + expiresInMs), ip: null, userAgent: null });
  const setStatusQuietly = (status: 'active' | 'deactivated') => database.db.update(users).set({ status }).where(eq(users.id, user.id));
  return { user, tokenHash, setStatusQuietly };
}

describe('sign-ins kept in memory', () => {
  it('serves a token from memory until access.changed names its user, then reads the database again', async () => {
    const bus = new LocalBus();
    const signIns = new SignIns(database.db, bus);
    const { user, tokenHash, setStatusQuietly } = await signedIn();
    expect((await signIns.find(tokenHash))?.user.status).toBe('active');
    await setStatusQuietly('deactivated');
    expect((await signIns.find(tokenHash))?.user.status).toBe('active');
    bus.publish('access.changed', { userId: user.id + 1_000_000 });
    expect((await signIns.find(tokenHash))?.user.status).toBe('active');
    bus.publish('access.changed', { userId: user.id });
    expect((await signIns.find(tokenHash))?.user.status).toBe('deactivated');
    signIns.close();
  });

  it('does not keep what a lookup read if access changed while it was reading', async () => {
    const bus = new LocalBus();
    const signIns = new SignIns(database.db, bus);
    const { user, tokenHash, setStatusQuietly } = await signedIn();
    const reading = signIns.find(tokenHash);
    bus.publish('access.changed', { userId: user.id });
    expect((await reading)?.user.status).toBe('active');
    await setStatusQuietly('deactivated');
    expect((await signIns.find(tokenHash))?.user.status).toBe('deactivated');
    signIns.close();
  });

  it('forgets entries after their time, and never keeps a token past its expiry', async () => {
    const bus = new LocalBus();
    const signIns = new SignIns(database.db, bus, { ttlMs: 50, maxEntries: 10 });
    const { tokenHash, setStatusQuietly } = await signedIn();
    await signIns.find(tokenHash);
    await setStatusQuietly('deactivated');
    await new Promise((r) => setTimeout(r, 60));
    expect((await signIns.find(tokenHash))?.user.status).toBe('deactivated');

    const longLived = new SignIns(database.db, bus);
    const brief = await signedIn(300);
    expect(await longLived.find(brief.tokenHash)).toBeDefined();
    await new Promise((r) => setTimeout(r, 350));
    expect(await longLived.find(brief.tokenHash)).toBeUndefined();
    signIns.close();
    longLived.close();
  });
});
