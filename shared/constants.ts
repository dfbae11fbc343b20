/** Business constants and timings. */

export const timing = {
  requestTimeoutMs: 15_000,
  heartbeatMs: 60_000,
  retryDelayMs: 5_000,
  translationRecoveryMs: 1_000,
  toastSuccessMs: 3_000,
  toastErrorMs: 5_000,
  toastDefaultMs: 4_000,
} as const;

export const maxVisibleToasts = 3;

/** A user counts as online while their last heartbeat is younger than two heartbeat periods. */
export const onlineWindowMs = 2 * timing.heartbeatMs;
/** Online: seen (a heartbeat, an open realtime connection) within the window. */
export const isOnline = (lastSeenAt: Date | null, now: number): boolean => lastSeenAt !== null && now - lastSeenAt.getTime() < onlineWindowMs;

export const demoOpeningBalance = '10000.00';
export const defaultCurrency = 'USD';

/** Asset classes (the Asset `type` values) and the key each uses in the site-data leverage map. */
export const assetClasses = ['forex', 'stocks', 'indices', 'crypto', 'commodities', 'metals'] as const;
export type AssetClass = (typeof assetClasses)[number];
export const leverageKeys = ['cryptos', 'stocks', 'indices', 'commodities', 'metals', 'forex'] as const;
export type LeverageKey = (typeof leverageKeys)[number];
export function leverageKeyOf(assetClass: AssetClass): LeverageKey {
  return assetClass === 'crypto' ? 'cryptos' : assetClass;
}

/** The trading logic's last-resort leverage (docs/trading.md#leverage). */
export const defaultLeverage = 20;
/** The per-class leverage site data gives when staff have set none (docs/trading.md#leverage). */
export const defaultClassLeverage = 100;

/**
 * How many accounts of each type one customer may hold, the sign-up ones included
 * (docs/customer-area.md#accounts): more are opened from the Accounts page up to these.
 */
export const accountLimits = { live: 5, demo: 3 } as const;
