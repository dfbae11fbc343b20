import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { Lifecycle } from '../../server/compose/lifecycle';
import type { TradingOverrides } from '../../server/compose/trading';
import type { PusherServer, PusherServerOptions } from '../../server/trading/realtime/pusher-server';
import { startTrading, testRealtimeCredentials, type TradingStack } from './trading';
import { composeTestWeb } from './web';
import { bearer } from './bearer';

export interface RealtimeStack extends TradingStack {
  webUrl: string;
  webPort: number;
  /** The trading API itself, where the original client connects (docs/compatibility.md). */
  apiUrl: string;
  apiPort: number;
  realtime(): PusherServer;
  /** Stops the realtime server (clients hear 4200) and starts a fresh one in its place. */
  restartRealtime(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The trading API with its price feed and realtime sockets on a real port, and the web tier in front
 * of it proxying them: both composed and stopped as a process does it.
 */
export async function startRealtimeStack(options: Partial<PusherServerOptions> = {}, trading: TradingOverrides = {}): Promise<RealtimeStack> {
  const lifecycle = new Lifecycle();
  const stack = await startTrading({ ...trading, lifecycle, realtimeOptions: options });
  const api = await stack.trading.listen(0, '127.0.0.1');
  const front = await composeTestWeb(`http://127.0.0.1:${api.port}`, { lifecycle }).listen(0, '127.0.0.1');
  const sockets = stack.trading.realtime!;
  return {
    ...stack,
    webUrl: `http://127.0.0.1:${front.port}`,
    webPort: front.port,
    apiUrl: `http://127.0.0.1:${api.port}`,
    apiPort: api.port,
    realtime: () => sockets.server(),
    restartRealtime: () => sockets.restart(),
    async close() {
      await lifecycle.stop({ graceMs: 100 });
      await stack.database.close();
    },
  };
}

export { browserSession } from './browser-session';

/**
 * Laravel Echo on pusher-js, connected through the web tier as a page would be. Channel authorisation
 * posts pusher-js's form to `/broadcasting/auth` with the session cookie (Node's XHR may not send
 * cookies, so the request is made here the way the browser makes it).
 */
export function echoFor(stack: Pick<RealtimeStack, 'webUrl' | 'webPort'>, session: { cookie: string; csrf: string }, key = testRealtimeCredentials.key) {
  return echoAt(stack.webUrl, stack.webPort, '/broadcasting/auth', { Cookie: session.cookie, 'X-CSRF-Token': session.csrf }, key);
}

/** Echo as the original client makes it: straight to the API's realtime server, channels signed with its Bearer token. */
export function echoWithBearer(stack: Pick<RealtimeStack, 'apiUrl' | 'apiPort'>, token: string) {
  return echoAt(stack.apiUrl, stack.apiPort, '/api/v1/broadcasting/auth', bearer(token));
}

function echoAt(baseUrl: string, port: number, authPath: string, headers: Record<string, string>, key = testRealtimeCredentials.key) {
  return new Echo({
    broadcaster: 'pusher',
    key,
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    wssPort: port,
    forceTLS: baseUrl.startsWith('https:'),
    enabledTransports: ['ws'],
    Pusher,
    channelAuthorization: {
      endpoint: authPath,
      transport: 'ajax',
      customHandler: ({ socketId, channelName }: { socketId: string; channelName: string }, callback: (error: Error | null, data: { auth: string; channel_data?: string } | null) => void) => {
        fetch(`${baseUrl}${authPath}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }),
        })
          .then(async (res) =>
            res.ok ? callback(null, (await res.json()) as { auth: string; channel_data?: string }) : callback(Object.assign(new Error(`auth ${res.status}`), { status: res.status }), null),
          )
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
