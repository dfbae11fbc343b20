/** How many uploads may be received at once, and how long a body may take to arrive. */
export interface UploadLimits {
  /** Uploads one user (customer or staff) may have in flight: one person's slow uploads never take everyone's. */
  perUser: number;
  /** Uploads in flight in this process (each is held in memory while it is checked). */
  total: number;
  /** An upload whose body sends nothing for this long is cut off (408). */
  idleMs: number;
  /** An upload whose body has not all arrived after this long is cut off (408), however it trickles. */
  totalMs: number;
}

export const defaultUploadLimits: UploadLimits = { perUser: 2, total: 8, idleMs: 10_000, totalMs: 60_000 };

/** Why no slot was given: the user already has their share in flight, or the process has none free. */
export type SlotRefusal = 'user' | 'busy';

/**
 * The slots uploads take while their bodies arrive and are checked: so many per user, so many per
 * process. A slot is taken before the body is read and given back once, whatever happens to it.
 */
export class UploadLimiter {
  readonly limits: UploadLimits;
  readonly #byUser = new Map<number, number>();
  #total = 0;

  constructor(limits: Partial<UploadLimits> = {}) {
    this.limits = { ...defaultUploadLimits, ...limits };
  }

  /** A slot for `userId` (call the returned function to give it back), or why there is none. */
  take(userId: number): (() => void) | SlotRefusal {
    const mine = this.#byUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser) return 'user';
    if (this.#total >= this.limits.total) return 'busy';
    this.#byUser.set(userId, mine + 1);
    this.#total += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#total -= 1;
      const left = (this.#byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.#byUser.set(userId, left);
      else this.#byUser.delete(userId);
    };
  }

  /** Slots in use by `userId`, or by everyone. */
  inUse(userId?: number): number {
    return userId === undefined ? this.#total : (this.#byUser.get(userId) ?? 0);
  }
}
