import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * How uploads are let in (docs/files.md#upload-limits). There is no pool shared by everyone: each
 * person and each address has its own few places, fewer for people nobody has approved yet (customers
 * awaiting approval, whose accounts cost nothing to make), and a body must keep arriving at a minimum
 * rate or it is cut off. Bodies stream to a temporary file, so an upload in flight holds a socket and a
 * little disk, not memory.
 */
export interface UploadLimits {
  /** Uploads one approved person (an active customer, staff) may have in flight at once. */
  perPerson: number;
  /** Uploads one person nobody has approved (a customer awaiting approval) may have in flight. */
  perPendingPerson: number;
  /** Uploads in flight from one address (an office or a mobile carrier may put many people behind one). */
  perAddress: number;
  /** Uploads in flight from one address by people nobody has approved. */
  perAddressPending: number;
  /** The slowest a body may arrive: fewer bytes than this rate over any `rateWindowMs` (from the first) and it is cut off with 408. */
  minBytesPerSecond: number;
  rateWindowMs: number;
  /**
   * However it arrives, a body not all in after this long is cut off with 408; a route taking larger files
   * allows the time its largest takes at the minimum rate (`totalMsFor`), so a slow but honest phone still gets through.
   */
  totalMs: number;
}

export const defaultUploadLimits: UploadLimits = {
  perPerson: 2,
  perPendingPerson: 1,
  perAddress: 8,
  perAddressPending: 2,
  // 8 KiB/s is 64 kbit/s: slower than any mobile data connection still in use, faster than a trickle.
  minBytesPerSecond: 8 * 1024,
  rateWindowMs: 5_000,
  totalMs: 120_000,
};

/** The longest a body of at most `maxBytes` may take: the floor `totalMs`, or the time its largest takes at the minimum rate and a window more. */
export const totalMsFor = (limits: UploadLimits, maxBytes: number): number => Math.max(limits.totalMs, Math.ceil((maxBytes / limits.minBytesPerSecond) * 1000) + limits.rateWindowMs);

/** Who is uploading: the person, whether anyone approved them, and the client address the API believes (API_TRUST_PROXY; an IPv6 one by its /56). */
export interface Uploader {
  userId: number;
  approved: boolean;
  address: string;
}

/** Why no place was given: the person already has their share in flight, or their address has. */
export type GateRefusal = 'person' | 'address';

/** The places uploads take while their bodies arrive and are checked. A place is taken before the body is read and given back once, whatever happens. */
export class UploadGate {
  readonly limits: UploadLimits;
  readonly #byPerson = new Map<number, number>();
  readonly #byAddress = new Map<string, number>();
  readonly #pendingByAddress = new Map<string, number>();
  #tempDir: string | undefined;
  readonly #tempParent: string;

  constructor({ limits = {}, tempParent = tmpdir() }: { limits?: Partial<UploadLimits>; tempParent?: string } = {}) {
    this.limits = { ...defaultUploadLimits, ...limits };
    this.#tempParent = tempParent;
  }

  /**
   * Where bodies are streamed while they arrive: a folder of this process's own (made on the first upload by
   * `mkdtemp`, so readable by this user only and shared with nobody), removed by `close`.
   */
  get tempDir(): string {
    this.#tempDir ??= mkdtempSync(join(this.#tempParent, 'cfd-uploads-'));
    return this.#tempDir;
  }

  /** Removes the temporary folder and whatever a stopped upload left in it. */
  close(): void {
    if (this.#tempDir) rmSync(this.#tempDir, { recursive: true, force: true });
    this.#tempDir = undefined;
  }

  /** A place for `who` (call the returned function to give it back), or why there is none. */
  take({ userId, approved, address }: Uploader): (() => void) | GateRefusal {
    const { perPerson, perPendingPerson, perAddress, perAddressPending } = this.limits;
    if (count(this.#byPerson, userId) >= (approved ? perPerson : perPendingPerson)) return 'person';
    if (count(this.#byAddress, address) >= perAddress) return 'address';
    if (!approved && count(this.#pendingByAddress, address) >= perAddressPending) return 'address';
    const counted: [Map<unknown, number>, unknown][] = [
      [this.#byPerson, userId],
      [this.#byAddress, address],
    ];
    if (!approved) counted.push([this.#pendingByAddress, address]);
    for (const [map, key] of counted) map.set(key, count(map, key) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      for (const [map, key] of counted) {
        const left = count(map, key) - 1;
        if (left > 0) map.set(key, left);
        else map.delete(key);
      }
    };
  }

  /** Uploads in flight: one person's, one address's, or everyone's. */
  inUse(of: { userId?: number; address?: string } = {}): number {
    if (of.userId !== undefined) return count(this.#byPerson, of.userId);
    if (of.address !== undefined) return count(this.#byAddress, of.address);
    return [...this.#byPerson.values()].reduce((sum, each) => sum + each, 0);
  }
}

const count = <K>(map: Map<K, number>, key: K) => map.get(key) ?? 0;
