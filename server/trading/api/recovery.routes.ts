import { api } from '../../../shared/api/endpoints';
import { recoveryTexts } from '../../../shared/texts';
import { linkOrigin } from '../auth/link-origin';
import { mailResetLink, resetPassword } from '../auth/recovery';
import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';
import { ipRateLimit } from './rate-limits';

/** Forgotten passwords (docs/access.md#password-recovery): a single-use link by mail, and the reset that revokes every session. */
export function recoveryRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);

  // Per IP only: a limit per address would let anyone keep a chosen customer out of recovery. Mails per
  // account are capped quietly in `mailResetLink` instead.
  on(api.forgotPassword, ipRateLimit({ name: 'forgot-password', limit: deps.loginRateLimit * 3, windowMs: 15 * 60_000, stores: deps.rateLimitStores }), ({ body: { email } }, _req, res) => {
    // A site that may not send links says so (503) before anything else: a fact of its configuration, the same
    // for every address. Otherwise the same answer, at the same moment, whether or not the address is
    // registered: the lookup and the mail happen after it, so neither the words nor the timing tell who has an account.
    linkOrigin(deps);
    res.json({ message: recoveryTexts.linkSent });
    void mailResetLink(deps, email).catch((error: unknown) => deps.logger.error({ err: error }, 'password reset mail failed'));
  });

  on(api.resetPassword, ipRateLimit({ name: 'reset-password', limit: deps.loginRateLimit * 3, windowMs: 15 * 60_000, stores: deps.rateLimitStores }), async ({ body }) => {
    await resetPassword(deps, { token: body.token, password: body.password });
    return { message: recoveryTexts.passwordReset };
  });

  return router;
}
