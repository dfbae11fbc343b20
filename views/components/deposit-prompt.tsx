import type { User } from '../../shared/api/user.schema';
import { isStaffRole } from '../../shared/api/user.schema';
import { Money } from '../../shared/money';
import DepositPromptIsland from '../../client/islands/deposit-prompt.island';
import { Island } from '../island';

/**
 * The funding hint for a customer whose Live account holds nothing and who has made no deposit (the
 * island shows it once a browser session). `deposits` is how many deposits the page knows of; left out,
 * the island asks.
 */
export function DepositPrompt({ user, deposits }: { user: User; deposits?: number }) {
  if (isStaffRole(user.role)) return null;
  const live = user.accounts.find((account) => account.type === 'live');
  if (!live || !new Money(live.balance).isZero()) return null;
  if (deposits !== undefined && deposits > 0) return null;
  return <Island island={DepositPromptIsland} client="idle" props={{ check: deposits === undefined }} />;
}
