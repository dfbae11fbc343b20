import type Echo from 'laravel-echo';
import { realtimeTiming } from '../../shared/realtime';
import { realtimeTexts, realtimeToastMs } from '../../shared/texts';
import { connection, socketId } from '../state/realtime';
import { showToast } from '../state/toasts';
import { countMessagesOf } from './traffic';
import { batchedChannelSignIn } from './channel-sign-in';
import { pathOf } from '../../shared/api/endpoint';
import { siteApi } from '../../shared/api/endpoints/site';

let shared: Promise<Echo<'pusher'>> | undefined;

/**
 * The page's one realtime connection (pusher-js with laravel-echo), made on
 * first use and shared by every island. It connects to our own origin (the web tier proxies `/app/…`
 * and the channel sign-ins under `/api/v1`), and reports its state in the `connection` signal and the connection toasts (docs/realtime.md#connection-toasts).
 */
export function realtime(key: string): Promise<Echo<'pusher'>> {
  shared ??= connect(key).catch((error: unknown) => {
    const message = error instanceof Error && error.message ? error.message : realtimeTexts.connectionFailed;
    connection.value = { status: 'failed', error: message };
    showToast({ kind: 'error', title: realtimeTexts.failed(message), durationMs: realtimeToastMs.failed });
    shared = undefined;
    throw error;
  });
  return shared;
}

async function connect(key: string): Promise<Echo<'pusher'>> {
  connection.value = { status: 'connecting', error: null };
  const [{ default: Pusher }, { default: EchoClient }] = await Promise.all([import('pusher-js'), import('laravel-echo')]);
  countPusherTraffic(Pusher.Runtime);
  const secure = window.location.protocol === 'https:';
  const port = Number(window.location.port) || (secure ? 443 : 80);
  const echo = new EchoClient({
    broadcaster: 'pusher',
    key,
    cluster: 'mt1',
    wsHost: window.location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: secure,
    enabledTransports: ['ws', 'wss'],
    Pusher,
    activityTimeout: realtimeTiming.activityTimeoutS * 1000,
    pongTimeout: realtimeTiming.pongTimeoutS * 1000,
    unavailableTimeout: realtimeTiming.unavailableTimeoutS * 1000,
    // pusher-js wants an address; the handler sends every sign-in of a moment there in one request.
    channelAuthorization: { endpoint: pathOf(siteApi.broadcastingAuthBatch), transport: 'ajax', customHandler: batchedChannelSignIn() },
  });
  const pusher = echo.connector.pusher.connection;
  let outage = false;
  pusher.bind('state_change', ({ current }: { current: string }) => {
    switch (current) {
      case 'connected':
        socketId.value = pusher.socket_id;
        connection.value = { status: 'connected', error: null };
        if (outage) showToast({ kind: 'success', title: realtimeTexts.connected, durationMs: realtimeToastMs.connected });
        outage = false;
        break;
      case 'connecting':
      case 'unavailable':
        socketId.value = null;
        if (connection.value.status === 'connected' && !outage) {
          outage = true;
          showToast({ kind: 'warning', title: realtimeTexts.reconnecting });
        }
        connection.value = { status: 'connecting', error: null };
        break;
      case 'failed':
        socketId.value = null;
        connection.value = { status: 'failed', error: realtimeTexts.connectionFailed };
        showToast({ kind: 'error', title: realtimeTexts.failed(null), durationMs: realtimeToastMs.failed });
        break;
      case 'disconnected':
        socketId.value = null;
        connection.value = { status: 'disconnected', error: null };
        break;
    }
  });
  return echo;
}

const countedRuntimes = new WeakSet<object>();

/**
 * The status bar's traffic (client/realtime/traffic.ts): every WebSocket pusher-js opens is made by
 * `Pusher.Runtime.createWebSocket`, part of its typed public API (`Runtime` in pusher-js's index.d.ts); wrapping it
 * sees each socket as it is made, before pusher-js sets its `onmessage`, without reaching into the connection's
 * private fields (which change between versions) or replacing the browser's `WebSocket`. Only `ws`/`wss` transports
 * are enabled, so every socket it makes is this connection's.
 */
export function countPusherTraffic(runtime: { createWebSocket(url: string): unknown }): void {
  if (countedRuntimes.has(runtime)) return;
  countedRuntimes.add(runtime);
  const create = runtime.createWebSocket.bind(runtime);
  runtime.createWebSocket = (url: string) => countMessagesOf(create(url), 'realtime');
}
