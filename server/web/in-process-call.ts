import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import type { InProcessApi } from './proxy';

/** Who the API is told is asking, as its own request's `ip`, `protocol` and `host`. */
export interface InProcessClient {
  ip: string | undefined;
  ips?: string[];
  protocol: string;
  host: string | undefined;
}

/**
 * Gives a request handed to the API's app in this process the client the web tier found, as the app's own `req.ip`,
 * `ips`, `protocol`, `host` and `hostname`, whatever the app's trust-proxy setting says of its socket. Own properties
 * win over the getters of the app's request prototype, which Express puts under `req` next.
 */
export function presentAs(req: IncomingMessage, { ip, ips = [], protocol, host }: InProcessClient): void {
  const own = { ip, ips, protocol, host, hostname: host?.replace(/:\d+$/, '') };
  for (const [name, value] of Object.entries(own)) Object.defineProperty(req, name, { value, configurable: true, enumerable: true });
}

export interface InProcessAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * One call of the API's app in this process with no socket under it (docs/operations.md#one-process): a request made
 * in memory, its answer collected as the app writes it. The app sees an ordinary request: its middleware, guards,
 * logging and metrics run as for a call over loopback, which cost the undici client, two HTTP parsers and the kernel's
 * socket on every call of every page.
 */
export function callInProcess(
  api: InProcessApi,
  { method, path, headers, body, client }: { method: string; path: string; headers: Record<string, string>; body: string | undefined; client: InProcessClient },
): Promise<InProcessAnswer> {
  return new Promise((resolve) => {
    const req = new IncomingMessage(new Socket());
    Object.assign(req, { method, url: path, httpVersion: '1.1', httpVersionMajor: 1, httpVersionMinor: 1 });
    req.headers = { ...headers, ...(client.host ? { host: client.host } : {}), ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) };
    presentAs(req, client);
    if (body !== undefined) req.push(body);
    req.push(null);

    const res = new ServerResponse(req);
    const chunks: Buffer[] = [];
    const collect = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    };
    // Own properties too: the app's response prototype replaces ServerResponse's, not these. Headers are stored (and
    // the app's on-headers listeners run) as the first bytes go, as on a socket.
    const write = (chunk: unknown, encoding?: unknown) => {
      if (!res.headersSent) res.writeHead(res.statusCode);
      collect(chunk, encoding);
      return true;
    };
    const end = (chunk?: unknown, encoding?: unknown) => {
      if (res.writableEnded) return res;
      write(chunk, encoding);
      res.finished = true;
      resolve({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) });
      res.emit('prefinish');
      res.emit('finish');
      res.emit('close');
      return res;
    };
    Object.assign(res, { write, end });
    api(req, res);
  });
}
