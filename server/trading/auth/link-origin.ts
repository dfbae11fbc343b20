import type { Logger } from '../../logger';
import type { Database } from '../db/database';
import { fail, refusal } from '../errors';

export interface LinkOriginDeps {
  siteOrigin: () => string;
  database: Pick<Database, 'driver'>;
  logger: Pick<Logger, 'error'>;
}

export const linkOriginUnknown = 'Links cannot be sent now: this site does not know its public address. Please try again later or contact support.';

/** localhost, *.localhost, 127.0.0.0/8, ::1 (also IPv4-mapped) and the unspecified addresses: nobody but this machine reaches them. */
export function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d+\.\d+\.\d+$/.test(host) || host === '0.0.0.0') return true;
  return host === '::1' || host === '::' || /^::ffff:(127\.|7f[0-9a-f]{2}:)/.test(host);
}

/**
 * The origin for a link in a mail or handed to staff (reset, sign-in, e-mail confirmation). A loopback origin is
 * refused outside the embedded mode (PGlite: one process on this machine, whose user is at the loopback address):
 * a mail would carry a link nobody can open. Refused before any token is made, so nothing is half-done; the
 * caller gets a 503 with a message and the log says what the operator must set.
 */
export function linkOrigin(deps: LinkOriginDeps): string {
  const origin = deps.siteOrigin();
  if (deps.database.driver === 'pglite' || !isLoopbackOrigin(origin)) return origin;
  deps.logger.error({ origin }, `refusing to send a link to ${origin}: set PUBLIC_ORIGIN to the address customers reach the site at (a loopback origin works only for the embedded single process)`);
  // 'busy' is the refusal answered 503: nothing was done, and it works once the operator fixes the configuration.
  return fail(refusal.busy(linkOriginUnknown));
}
