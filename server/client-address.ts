import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from './config';

/**
 * The client address of a socket's handshake as Express would give `req.ip` with the same `trust proxy`
 * (WEB_TRUST_PROXY on the web tier, API_TRUST_PROXY on the API): X-Forwarded-For is believed only from trusted hops, so a client cannot name another address.
 */
export function clientAddressOf(trust: TrustProxy): (req: IncomingMessage) => string {
  const trusted =
    trust === true ? () => true : typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : proxyAddr.compile(trust === false ? [] : trust.split(',').map((part) => part.trim()));
  return (req) => proxyAddr(req, trusted);
}
