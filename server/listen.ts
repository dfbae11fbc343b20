import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/** Sockets taken over by websocket upgrades: the HTTP server no longer tracks them, so we do. */
const upgradedSockets = new WeakMap<Server, Set<Duplex>>();

/**
 * A request the HTTP parser refuses before any route sees it (an address or headers over Node's 16 KB, a request line
 * it cannot read) still gets a 4xx with a message, as every refusal does; Node's own answer has no body.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLong = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({ message: tooLong ? 'The address or headers of this request are too long.' : 'This request could not be read.' });
  const status = tooLong ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

export async function listen(handler: RequestListener, port: number, host: string): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  server.on('clientError', answerClientError);
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
