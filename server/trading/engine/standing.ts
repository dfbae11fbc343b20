import type { UserStatus } from '../../../shared/api/user.schema';

/**
 * A user's standing (docs/access.md#the-gate): in good standing, awaiting approval (pending while the
 * site requires verification), or deactivated. The one rule behind the API's `accessRefusal` (every
 * call but the gate's own, and so every order, market or pending) and the user object's
 * `can_open_trade` and `accounts[].status`, so what the user is told and what the API does cannot differ.
 */
export type Standing = 'good' | 'awaiting_approval' | 'deactivated';

/** The standing of a user; `mustVerifyAccount` (the site setting) is asked only for a pending user. */
export async function standingOf(status: UserStatus, mustVerifyAccount: () => boolean | Promise<boolean>): Promise<Standing> {
  if (status === 'deactivated') return 'deactivated';
  if (status === 'pending' && (await mustVerifyAccount())) return 'awaiting_approval';
  return 'good';
}

/**
 * Whether the customer may open trades (market and pending orders): exactly when in good standing. An
 * order may still be refused for itself (margin, market hours, size, leverage); that is not a refusal
 * of the customer. Closing is never taken away by standing.
 */
export const mayOpenTrades = (standing: Standing): boolean => standing === 'good';
