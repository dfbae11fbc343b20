import type { Access } from '../../../shared/api/endpoint';
import { twoFactorTexts } from '../../../shared/api/two-factor.schema';
import type { Role } from '../../../shared/api/user.schema';
import { authTexts, gateTexts } from '../../../shared/texts';
import { paths } from '../../../shared/routes';
import { getSettings } from '../db/settings.repo';
import type { UserRow } from '../db/users.repo';
import type { TradingDeps } from '../deps';
import { standingOf } from '../engine/standing';
import { refusal, type Refusal } from '../errors';
import { blockedFromBackOffice, type StaffTwoFactor } from './two-factor';

export type AccessDeps = Pick<TradingDeps, 'database' | 'realtime' | 'siteOrigin'> & { staffTwoFactor?: StaffTwoFactor | undefined };

/**
 * What each kind of access asks of a signed-in user (docs/access.md#who-may-do-what), checked in this
 * order: their standing (`any`; `awaiting` lets a customer awaiting approval through, never a
 * deactivated user; `good`), their role, and staff's two-factor enrolment while it is required.
 */
interface AccessRule {
  standing: 'any' | 'awaiting' | 'good';
  roles?: readonly Role[];
  /** The refusal of a role the rule is not for. */
  roleRefusal?: string;
  staffEnrolled: boolean;
}

const rules: Record<Exclude<Access, 'public'>, AccessRule> = {
  'signed-in': { standing: 'any', staffEnrolled: false },
  // Staff reach customers' conversations through these too: the same enrolment rule as the back office.
  'pending-ok': { standing: 'awaiting', staffEnrolled: true },
  active: { standing: 'good', staffEnrolled: false },
  customer: { standing: 'good', roles: ['customer'], roleRefusal: authTexts.customersOnly, staffEnrolled: false },
  staff: { standing: 'good', roles: ['staff', 'admin'], staffEnrolled: true },
  admin: { standing: 'good', roles: ['admin'], staffEnrolled: true },
};

/**
 * The one access rule: why this signed-in user may not have what an `access` kind guards, or null when
 * they may. The HTTP guards (`accessGuards`) and the realtime channels (`channelRefusal`) both ask it,
 * so an endpoint and the channel carrying the same data cannot disagree. `public` and `signed-in`
 * never refuse a signed-in user (whether there is one is the caller's first check: 401).
 */
export async function accessRefusal(deps: AccessDeps, user: UserRow, access: Access): Promise<Refusal | null> {
  if (access === 'public') return null;
  const rule = rules[access];
  if (rule.standing !== 'any') {
    const standing = await standingOf(user.status, async () => (await getSettings(deps.database.db)).must_verify_account);
    if (standing === 'deactivated') return refusal.forbidden(gateTexts.accountDisabled.body);
    if (standing === 'awaiting_approval' && rule.standing === 'good') return refusal.forbidden(gateTexts.awaitingApproval.body);
  }
  if (rule.roles && !rule.roles.includes(user.role)) return refusal.forbidden(rule.roleRefusal ?? authTexts.notForYourRole);
  // Staff and admins without two-factor sign-in, while it is required (docs/access.md#two-factor-sign-in). The message
  // carries our Security page's address: a client without such a page (the original's back office) shows it as it is.
  if (rule.staffEnrolled && (await blockedFromBackOffice(deps, user))) return refusal.forbidden(twoFactorTexts.staffMustEnrolAt(`${deps.siteOrigin()}${paths.security}`));
  return null;
}
