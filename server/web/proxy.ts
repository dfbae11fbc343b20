import { apiPrefix } from '../../shared/api/endpoint';
import { Agent as HttpAgent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { feedKeyHeader } from '../../shared/api/feed.schema';
import { realtimePathPrefix } from '../../shared/realtime';
import type { Request } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { authTexts } from '../../shared/texts';
import { requestIdOf, type Logger } from '../logger';
import { signOut, tokenOf, type TokenSealer } from './session';

/**
 * `/api/v1/*` and `/broadcasting/auth` from the browser go to the trading API with the session's token as a bearer token.
 * The browser's own cookie and Authorization headers are not passed on. A 401 from the API ends the
 * session (the client then goes to `/`: docs/access.md#api-proxy).
 */
/** Where a page's calls to the trading API go: the API itself, and the realtime channels' sign-in as pusher-js sends it. */
export const broadcastingAuthPath = '/broadcasting/auth';

export function apiProxy({ target, sealer, timeoutMs }: { target: string; sealer: TokenSealer; timeoutMs: number }) {
  return createProxyMiddleware<Request, ServerResponse>({
    target,
    pathFilter: [apiPrefix, broadcastingAuthPath],
    changeOrigin: true,
    proxyTimeout: timeoutMs,
    // Without a keep-alive agent every proxied call opens a new connection to the API; in a bare
    // http-proxy-middleware test on this machine that meant ~1,200 req/s at p50 810 ms, and with it
    // ~3,200 req/s at p50 2 ms.
    agent: new HttpAgent({ keepAlive: true, maxSockets: 256 }),
    on: {
      proxyReq(proxyReq, req) {
        proxyReq.removeHeader('cookie');
        proxyReq.removeHeader('authorization');
        const token = tokenOf(req, sealer);
        if (token) proxyReq.setHeader('authorization', `Bearer ${token}`);
        if (req.ip) proxyReq.setHeader('x-forwarded-for', req.ip);
        // The address the customer used, for links back to the site from outside (server/trading/api/request-origin.ts).
        if (req.host) proxyReq.setHeader('x-forwarded-host', req.host);
        proxyReq.setHeader('x-forwarded-proto', req.protocol);
        proxyReq.setHeader('x-request-id', String(req.id));
      },
      proxyRes(proxyRes, req) {
        if (proxyRes.statusCode === 401) signOut(req, sealer);
      },
      error(error, req, res) {
        const response = res as ServerResponse;
        (req as Request).log?.warn({ err: error }, 'trading API proxy error');
        if (!('headersSent' in response) || response.headersSent) return;
        response.writeHead(502, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ message: authTexts.serviceUnreachable }));
      },
    },
  });
}

/**
 * The payment provider's webhooks (docs/funding.md#card-deposits), passed to the API untouched: no session,
 * no CSRF token (the provider has neither), the raw body as sent (its signature covers those bytes).
 */
export function webhookProxy({ target, timeoutMs }: { target: string; timeoutMs: number }) {
  return createProxyMiddleware<Request, ServerResponse>({
    target,
    pathFilter: (path, req) => req.method === 'POST' && path.startsWith(`${apiPrefix}/payments/webhook/`),
    changeOrigin: true,
    proxyTimeout: timeoutMs,
    on: {
      proxyReq(proxyReq, req) {
        proxyReq.removeHeader('cookie');
        proxyReq.removeHeader('authorization');
        if (req.ip) proxyReq.setHeader('x-forwarded-for', req.ip);
        proxyReq.setHeader('x-request-id', String(req.id));
      },
    },
  });
}

/**
 * The sockets browsers open to the API, proxied: the price feed (`/socket.io`, websocket only, with the
 * feed's api key added here so browsers never hold it) and the realtime server (`/app/{key}`, Pusher
 * protocol: its channels are guarded by signatures from `/broadcasting/auth`). Cookies are not passed
 * on, and upgrades from another site's pages are refused. The feed is told who is signed in (the session's token as a
 * bearer token, as the page's API calls are), so it sends them their plan's quotes (docs/trading.md#trading-conditions).
 */
export function socketProxy({
  target,
  feedApiKey,
  publicOrigin,
  sessionToken,
  logger,
}: {
  target: string;
  feedApiKey: string;
  publicOrigin: string | undefined;
  /** The API token of the session the upgrade's cookie holds. */
  sessionToken?: (req: IncomingMessage) => string | undefined;
  logger?: Logger;
}) {
  const feed = createProxyMiddleware<Request, ServerResponse>({
    target,
    pathFilter: '/socket.io',
    ws: true,
    changeOrigin: true,
    on: {
      proxyReqWs(proxyReq, req) {
        const token = sessionToken?.(req);
        proxyReq.removeHeader('cookie');
        proxyReq.setHeader(feedKeyHeader, feedApiKey);
        if (token) proxyReq.setHeader('authorization', `Bearer ${token}`);
      },
    },
  });
  const realtime = createProxyMiddleware<Request, ServerResponse>({
    target,
    pathFilter: realtimePathPrefix,
    ws: true,
    changeOrigin: true,
    on: {
      proxyReqWs(proxyReq) {
        proxyReq.removeHeader('cookie');
        // The API checks origins only when it knows the public one; here the browser's was checked already.
        proxyReq.removeHeader('origin');
      },
    },
  });
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = req.url ?? '';
    const proxy = url.startsWith('/socket.io/') ? feed : url.startsWith(realtimePathPrefix) ? realtime : undefined;
    if (!proxy) return socket.destroy();
    const origin = req.headers.origin;
    const expected = publicOrigin ?? `http://${req.headers.host}`;
    if (origin !== undefined && origin !== expected && origin !== expected.replace(/^http:/, 'https:')) return socket.destroy();
    // Upgrades pass no request logger: the id is given here, so the API's log of the socket names the same one.
    const id = requestIdOf(req);
    req.headers['x-request-id'] = id;
    logger?.debug({ req: { id, method: req.method, url: req.url?.split('?')[0] } }, 'socket upgrade proxied');
    proxy.upgrade(req as Request, socket as Socket, head);
  };
}
