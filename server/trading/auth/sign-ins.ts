import type { Bus } from '../bus';
import type { Executor } from '../db/database';
import { findUserByTokenHash } from '../db/tokens.repo';
import type { UserRow } from '../db/users.repo';

export interface AuthContext {
  tokenId: number;
  /** Who is asking and their standing, as read up to a few seconds ago: answers that show the user read it afresh. */
  user: UserRow;
}

/**
 * Who each bearer token belongs to, kept in memory for a few seconds, so a busy customer's requests (an
 * order, above all) do not each pay a database lookup first. Logging out, deactivation and any other
 * change to a user's standing publish `access.changed` (a plan change `plan.changed`), which drops that user's entries at once, on
 * every process the bus reaches; the short lifetime bounds what a missed event could leave behind.
 */
export class SignIns {
  private readonly entries = new Map<string, { auth: AuthContext; until: number }>();
  /** Bumped by every forget: a lookup that started before one does not store what it read. */
  private generation = 0;
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly db: Executor,
    bus: Bus,
    private readonly options: { ttlMs: number; maxEntries: number } = { ttlMs: 5_000, maxEntries: 100_000 },
  ) {
    this.unsubscribe = [bus.subscribe('access.changed', ({ userId }) => this.forgetUser(userId)), bus.subscribe('plan.changed', ({ userId }) => this.forgetUser(userId))];
  }

  async find(tokenHash: string): Promise<AuthContext | undefined> {
    const now = Date.now();
    const hit = this.entries.get(tokenHash);
    if (hit && hit.until > now) return hit.auth;
    this.entries.delete(tokenHash);

    const generation = this.generation;
    const found = await findUserByTokenHash(this.db, tokenHash);
    if (!found) return undefined;
    const auth = { tokenId: found.tokenId, user: found.user };
    if (generation === this.generation) {
      if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(tokenHash, { auth, until: Math.min(now + this.options.ttlMs, found.expiresAt.getTime()) });
    }
    return auth;
  }

  forgetUser(userId: number): void {
    this.generation += 1;
    for (const [hash, { auth }] of this.entries) if (auth.user.id === userId) this.entries.delete(hash);
  }

  close(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }
}
