import { apiPrefix } from '../../shared/api/endpoint';
import { Agent as HttpAgent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { feedKeyHeader } from '../../shared/api/feed.schema';
import { realtimePathPrefix } from '../../shared/realtime';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import onHeaders from 'on-headers';
import { authTexts } from '../../shared/texts';
import { requestIdOf, type Logger } from '../logger';
import { presentAs } from './in-process-call';
import { signOut, tokenOf, type TokenSealer } from './session';

/**
 * `/api/v1/*` and `/broadcasting/auth` from the browser go to the trading API with the session's token as a bearer token.
 * The browser's own cookie and Authorization headers are not passed on. A 401 from the API ends the
 * session (the client then goes to `/`: docs/access.md#api-proxy).
 */
/** Where a page's calls to the trading API go: the API itself, and the realtime channels' sign-in as pusher-js sends it. */
export const broadcastingAuthPath = '/broadcasting/auth';

/** The trading API's own request handler when it runs in this process (`ROLE=both`): calls are handed to it, no socket between. */
export type InProcessApi = (req: IncomingMessage, res: ServerResponse) => void;

/** What the API is told of a page's call in place of the browser's cookie and Authorization: the session's token and who asked. */
function forwardedHeaders(req: Request, sealer: TokenSealer): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = tokenOf(req, sealer);
  if (token) headers.authorization = `Bearer ${token}`;
  if (req.ip) headers['x-forwarded-for'] = req.ip;
  // The address the customer used, for links back to the site from outside (server/trading/api/request-origin.ts).
  if (req.host) headers['x-forwarded-host'] = req.host;
  headers['x-forwarded-proto'] = req.protocol;
  headers['x-request-id'] = String(req.id);
  return headers;
}

export function apiProxy({ target, sealer, timeoutMs, inProcess }: { target: string; sealer: TokenSealer; timeoutMs: number; inProcess?: InProcessApi | undefined }): RequestHandler {
  if (inProcess) return apiHandoff(inProcess, sealer);
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
        for (const [name, value] of Object.entries(forwardedHeaders(req, sealer))) proxyReq.setHeader(name, value);
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
  }) as unknown as RequestHandler;
}

/**
 * `apiProxy` in one process: the browser's request and response are handed to the API's app as they are (the body still
 * unread, streamed to the API's parser), with the same headers replaced. The client is who the web tier found
 * (WEB_TRUST_PROXY): the API reads it as `req.ip` as it would a trusted proxy's forwarded address, whatever its own
 * API_TRUST_PROXY says of the socket (docs/access.md#api-proxy). Proxied over loopback, an order cost the process more CPU
 * in the proxy than the API spent answering it (docs/operations.md#one-process).
 */
function apiHandoff(api: InProcessApi, sealer: TokenSealer): RequestHandler {
  return (req, res) => {
    const client = { ip: req.ip, ips: req.ips, protocol: req.protocol, host: req.host };
    const headers = forwardedHeaders(req, sealer);
    delete req.headers.cookie;
    delete req.headers.authorization;
    Object.assign(req.headers, headers);
    presentAs(req, client);
    // Before cookie-session writes its cookie (on-headers runs the newest listener first): a 401 ends the session.
    onHeaders(res, () => {
      if (res.statusCode === 401) signOut(req, sealer);
    });
    api(req, res);
  };
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
