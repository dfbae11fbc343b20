import { io, type Socket } from 'socket.io-client';
import { feedEvents } from '../../../shared/api/feed.schema';
import { podman } from '../../../scripts/cluster/podman';
import { names, topology, type Topology } from '../../../scripts/cluster/topology';

/**
 * What the fault runs add to every app container: the load signs in and connects from this one machine, so
 * the per-address limits are raised for it (they are tested on their own, docs/operations.md#limits).
 */
export const faultClusterEnv: Record<string, string> = { LOGIN_RATE_LIMIT: '10000', SOCKETS_PER_ADDRESS: '5000' };

export const faultTopology = (): Topology => topology(process.env, faultClusterEnv);

/** The last thing a trading container said about the cluster lead: leading, following or lost. */
function leadStateOf(name: string): 'leading' | 'following' | 'unknown' {
  let logs: string;
  try {
    logs = podman(['logs', name]);
  } catch {
    return 'unknown';
  }
  const lines = logs.split('\n').filter((line) => line.includes('cluster lead') || line.includes('leading the cluster'));
  const last = lines.at(-1) ?? '';
  if (last.includes('leading the cluster')) return 'leading';
  return last ? 'following' : 'unknown';
}

export const leads = (name: string) => podman(['inspect', '--format', '{{.State.Running}}', name]) === 'true' && leadStateOf(name) === 'leading';

/** The trading container that leads the cluster now. */
export function leaderOf(t: Topology): string {
  const leader = t.ports.trading.map((_, i) => names.trading(i)).find(leads);
  if (!leader) throw new Error('no trading container leads the cluster');
  return leader;
}

/** When each app container's process started: unchanged across a fault means no process exited. */
export function startTimes(t: Topology): Record<string, string> {
  const all = [...t.ports.web.map((_, i) => names.web(i)), ...t.ports.trading.map((_, i) => names.trading(i))];
  return Object.fromEntries(all.map((name) => [name, podman(['inspect', '--format', '{{.State.StartedAt}} {{.State.Running}}', name])]));
}

/** A price-feed client through the site (HAProxy, the web tier's socket proxy): when it last received an update. */
export function watchPrices(origin: string): { socket: Socket; lastUpdateAt: () => number; updatesSince: (at: number) => number; nthUpdateAfter: (at: number, n: number) => number } {
  const times: number[] = [];
  const socket = io(origin, { path: '/socket.io', transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 1_000 });
  socket.on('connect', () => socket.emit(feedEvents.subscribeAll));
  socket.on(feedEvents.update, () => times.push(Date.now()));
  return {
    socket,
    lastUpdateAt: () => times.at(-1) ?? 0,
    updatesSince: (at) => times.filter((time) => time > at).length,
    nthUpdateAfter: (at, n) => times.filter((time) => time > at)[n - 1] ?? Infinity,
  };
}

/** A block of figures a person reads in the test output. */
export function printFigures(title: string, figures: Record<string, string | number>): void {
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  console.log([`\n== ${title}`, ...Object.entries(figures).map(([k, v]) => `   ${k.padEnd(width)}  ${v}`)].join('\n'));
}
