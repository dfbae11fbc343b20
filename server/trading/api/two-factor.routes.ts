import { api } from '../../../shared/api/endpoints';
import { twoFactorTexts } from '../../../shared/api/two-factor.schema';
import { cancelEnrolment, confirmEnrolment, disableTwoFactor, regenerateRecoveryCodes, startEnrolment, twoFactorStatus } from '../auth/two-factor';
import type { ApiDeps } from '../deps';
import { authOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { ipRateLimit } from './rate-limits';
import { ipOf } from './request-client';

/** Two-factor sign-in: enrolment and recovery codes (docs/access.md#two-factor-sign-in); the login challenge is in auth.routes.ts. */
export function twoFactorRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  // Calls that check a code or the password: a person needs a few; a stolen session guessing is slowed.
  const checks = ipRateLimit({ name: 'two-factor-checks', limit: deps.loginRateLimit * 3, windowMs: 15 * 60_000, stores: deps.rateLimitStores });

  on(api.twoFactorStatus, async (_input, _req, res) => ({ data: await twoFactorStatus(deps, authOf(res).user.id) }));

  on(api.startTwoFactor, async (_input, _req, res) => ({ message: twoFactorTexts.enterCode, data: await startEnrolment(deps, authOf(res).user.id) }));

  on(api.cancelTwoFactorSetup, async (_input, _req, res) => {
    await cancelEnrolment(deps, authOf(res).user.id);
    return { message: twoFactorTexts.setupCancelled };
  });

  on(api.confirmTwoFactor, checks, async ({ body }, req, res) => {
    const codes = await confirmEnrolment(deps, authOf(res).user.id, body.code, ipOf(req));
    return { message: twoFactorTexts.enabled, data: { recovery_codes: codes } };
  });

  on(api.regenerateRecoveryCodes, checks, async ({ body }, req, res) => {
    const codes = await regenerateRecoveryCodes(deps, authOf(res).user.id, body.code, ipOf(req));
    return { message: twoFactorTexts.regenerated, data: { recovery_codes: codes } };
  });

  on(api.disableTwoFactor, checks, async ({ body }, req, res) => {
    await disableTwoFactor(deps, authOf(res).user.id, body, ipOf(req));
    return { message: twoFactorTexts.disabled };
  });

  return router;
}
