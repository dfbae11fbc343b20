import type { Server } from 'node:http';
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { closeServer, listen } from '../../server/listen';
import { bridgeToChannels } from '../../server/trading/realtime/bridge';
import { PusherServer, type PusherServerOptions } from '../../server/trading/realtime/pusher-server';
import { keepPresence, userChannelPrefix } from '../../server/trading/realtime/presence';
import { silentLogger, startTrading, testRealtimeCredentials, type TradingStack } from './trading';
import { webAppFor } from './web';

export interface RealtimeStack extends TradingStack {
  webUrl: string;
  webPort: number;
  realtime(): PusherServer;
  /** Stops the realtime server (clients hear 4200) and starts a fresh one in its place. */
  restartRealtime(): Promise<void>;
  close(): Promise<void>;
}

/** The trading API with our Pusher server on a real port, and the web tier in front of it proxying both. */
export async function startRealtimeStack(options: Partial<PusherServerOptions> = {}): Promise<RealtimeStack> {
  const trading = await startTrading();
  const api = await listen(trading.app, 0, '127.0.0.1');
  const presence = keepPresence({ db: trading.database.db, logger: silentLogger, connectedChannels: () => realtime.channelsStartingWith(userChannelPrefix) });
  const start = () => new PusherServer({ credentials: testRealtimeCredentials, logger: silentLogger, onSubscribed: presence.subscribed, ...options });
  let realtime = start();
  let unbridge = bridgeToChannels(trading.bus, realtime);
  api.server.on('upgrade', (req, socket, head) => realtime.handleUpgrade(req, socket, head));
  const disconnectRevoked = trading.bus.subscribe('access.changed', ({ userId }) => realtime.disconnectUser(userId));
  const web = webAppFor(`http://127.0.0.1:${api.port}`);
  const front = await listen(web, 0, '127.0.0.1');
  front.server.on('upgrade', web.handleUpgrade);
  return {
    ...trading,
    webUrl: `http://127.0.0.1:${front.port}`,
    webPort: front.port,
    realtime: () => realtime,
    async restartRealtime() {
      unbridge();
      await realtime.close();
      realtime = start();
      unbridge = bridgeToChannels(trading.bus, realtime);
    },
    async close() {
      disconnectRevoked();
      presence.stop();
      unbridge();
      await realtime.close();
      await closeServer(front.server as Server, 100);
      await closeServer(api.server as Server, 100);
      await trading.database.close();
    },
  };
}

/** A signed-in browser session on the web tier: its cookie and its page's CSRF token. */
export async function browserSession(webUrl: string, person: { email: string; password: string }): Promise<{ cookie: string; csrf: string }> {
  const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const csrfOf = (html: string) => /"csrfToken":"([^"]+)"/.exec(html)?.[1] ?? '';
  const page = await fetch(`${webUrl}/`);
  const csrf = csrfOf(await page.text());
  const res = await fetch(`${webUrl}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrf, Cookie: cookiesOf(page) },
    body: JSON.stringify(person),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const cookie = cookiesOf(res);
  const dashboard = await fetch(`${webUrl}/main/dashboard`, { headers: { Cookie: cookie } });
  return { cookie, csrf: csrfOf(await dashboard.text()) };
}

/**
 * Laravel Echo on pusher-js, connected through the web tier as a page would be. Channel authorisation
 * posts pusher-js's form to `/broadcasting/auth` with the session cookie (Node's XHR may not send
 * cookies, so the request is made here the way the browser makes it).
 */
export function echoFor(stack: Pick<RealtimeStack, 'webUrl' | 'webPort'>, session: { cookie: string; csrf: string }) {
  return new Echo({
    broadcaster: 'pusher',
    key: testRealtimeCredentials.key,
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: stack.webPort,
    forceTLS: false,
    enabledTransports: ['ws'],
    Pusher,
    channelAuthorization: {
      endpoint: '/broadcasting/auth',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }: { socketId: string; channelName: string }, callback: (error: Error | null, data: { auth: string; channel_data?: string } | null) => void) => {
        fetch(`${stack.webUrl}/broadcasting/auth`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: session.cookie, 'X-CSRF-Token': session.csrf },
          body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }),
        })
          .then(async (res) => (res.ok ? callback(null, (await res.json()) as { auth: string; channel_data?: string }) : callback(Object.assign(new Error(`auth ${res.status}`), { status: res.status }), null)))
          .catch((error: Error) => callback(error, null));
      },
    },
  });
}

/** Resolves with the first value `register` hands to its callback, or rejects after `ms`. */
export function nextEvent<T>(register: (deliver: (value: T) => void) => void, ms = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event within the time allowed')), ms);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
