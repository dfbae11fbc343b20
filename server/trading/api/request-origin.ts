import { hostname, networkInterfaces } from 'node:os';
import type { Request } from 'express';
import { isLoopbackOrigin } from '../auth/link-origin';
import type { TradingDeps } from '../deps';

/** A host name or address of this machine: loopback, its name, or an address of one of its interfaces. */
function isThisMachine(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (isLoopbackOrigin(`http://${host}`) || bare === hostname().toLowerCase()) return true;
  return Object.values(networkInterfaces()).some((addresses) => addresses?.some((address) => address.address.toLowerCase() === bare));
}

/**
 * The site's address for a link the customer follows back to us from outside (a card provider's return, docs/funding.md#return-addresses).
 * A deployment's is PUBLIC_ORIGIN. In the embedded mode it is the address the customer's request came on, as the web tier
 * forwards it (X-Forwarded-Host from a trusted proxy, Express's `req.host`), when that is one the site answers to: this
 * machine's name or one of its addresses, on the web tier's port. Anything else gets the site's own address.
 */
export function returnOriginOf(req: Request, deps: Pick<TradingDeps, 'siteOrigin' | 'publicOriginFixed'>): string {
  const site = deps.siteOrigin();
  // Without the header, req.host is this API's own address, which no customer uses.
  if (deps.publicOriginFixed !== false || !req.get('x-forwarded-host') || !req.host) return site;
  let used: URL;
  try {
    used = new URL(`${req.protocol}://${req.host}`);
  } catch {
    return site;
  }
  return used.port === new URL(site).port && isThisMachine(used.hostname) ? used.origin : site;
}
