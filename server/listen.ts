import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/** Sockets taken over by websocket upgrades: the HTTP server no longer tracks them, so we do. */
const upgradedSockets = new WeakMap<Server, Set<Duplex>>();

export async function listen(handler: RequestListener, port: number, host: string): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  // Longer than a typical load balancer's idle timeout, so it never reuses a socket we just closed.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const upgraded = new Set<Duplex>();
  upgradedSockets.set(server, upgraded);
  server.on('upgrade', (_req, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server, port: (server.address() as AddressInfo).port };
}

/**
 * Stops accepting connections, lets HTTP requests in flight finish (up to `graceMs`), closes idle
 * keep-alive sockets, and ends websocket connections still open (their clients reconnect elsewhere;
 * protocol servers say goodbye properly before this runs).
 */
export function closeServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
    for (const socket of upgradedSockets.get(server) ?? []) socket.destroy();
  });
}
