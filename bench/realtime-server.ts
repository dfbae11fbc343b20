/**
 * Our realtime server for the fan-out benchmark, as a process of its own: the trading tier as a process
 * composes it (its realtime sockets attached to the API's HTTP server), with public channels opened and
 * `POST /publish` ({channel, event, data}) as the way events come in (the peer, soketi, gets them
 * through the Pusher HTTP API). Prints its port; on SIGTERM, its CPU time.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { benchTrading } from './support';

const { trading } = await benchTrading({
  realtime: { key: process.env.KEY ?? 'bench-key', secret: 'bench-secret-0123456789abcdef0123456789' },
  realtimeOptions: { publicChannels: true },
  // Nothing but the events published here: no prices, no engine.
  leaderJobs: [],
});
const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/publish') {
    trading.app(req, res);
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const { channel, event, data } = JSON.parse(Buffer.concat(chunks).toString()) as { channel: string; event: string; data: unknown };
    trading.realtime!.server().publish(channel, event, data);
    res.writeHead(200).end('{}');
  });
});
trading.attach(server);
server.listen(0, '127.0.0.1', () => console.log(`port ${(server.address() as AddressInfo).port}`));
// The benchmark asks for a collection before it reads the memory, so it sees what connections keep, not garbage.
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  console.log(`collected ${process.memoryUsage().heapUsed}`);
});
process.on('SIGTERM', () => {
  const { user, system } = process.cpuUsage();
  console.log(`cpu ${(user + system) / 1e6}`);
  process.exit(0);
});
