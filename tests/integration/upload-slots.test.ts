import { request as httpRequest, type ClientRequest, type Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeServer, listen } from '../../server/listen';
import { UploadLimiter } from '../../server/trading/files/upload-limiter';
import { makeUser } from '../support/factories';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';

/**
 * Chat uploads take a slot before their body arrives: so many per person and per process, given back
 * when the body is in and checked, or cut off as too slow. Driven over real sockets that send headers
 * and then stall, as a slow (or spiteful) client does.
 */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const boundary = 'sl0wb0undary';
const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);

let stack: TradingStack;
beforeAll(async () => {
  stack = await startTrading();
});
afterAll(async () => {
  await stack.engine.stop();
  await stack.database.close();
});

async function serve(limiter: UploadLimiter): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const { app } = await startTrading({ database: stack.database, uploadLimiter: limiter });
  const { server, port } = await listen(app, 0, '127.0.0.1');
  return { server, port, close: () => closeServer(server, 100) };
}

interface Answer {
  status: number;
  body: { message?: string; errors?: Record<string, string[]> };
  headers: Record<string, string | string[] | undefined>;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
}

/** An upload that sends its headers and the start of the file, then nothing more (or a byte every `trickleMs`). */
function slowUpload(port: number, token: string, { trickleMs }: { trickleMs?: number } = {}): { answer: Promise<Answer>; client: ClientRequest } {
  const client = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/chat/upload',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(head.length + 60_000 + tail.length),
    },
  });
  client.on('error', () => undefined); // the server cuts the connection: expected
  client.write(Buffer.concat([head, pdf.subarray(0, 8)]));
  const trickle = trickleMs ? setInterval(() => client.write('x'), trickleMs) : undefined;
  const answer = new Promise<Answer>((resolve, reject) => {
    client.on('response', (res) => {
      clearInterval(trickle);
      const closed = new Promise<void>((done) => res.socket.once('close', () => done()));
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: res.headers, closed }));
    });
    client.on('close', () => {
      clearInterval(trickle);
      reject(new Error('closed without an answer'));
    });
  });
  answer.catch(() => undefined);
  return { answer, client };
}

const upload = (port: number, token: string, name = 'statement.pdf') =>
  request(`http://127.0.0.1:${port}`).post('/api/v1/chat/upload').set('Authorization', `Bearer ${token}`).attach('file', pdf, { filename: name, contentType: 'application/pdf' });

async function customer() {
  const person = await makeUser(stack.database.db);
  return { ...person, token: await tokenFor(stack.app, person) };
}

describe('upload slots', () => {
  it('when one customer holds uploads open, then their next one is refused, and another customer and staff still upload', async () => {
    const limiter = new UploadLimiter({ perUser: 2, total: 4, idleMs: 30_000, totalMs: 60_000 });
    const api = await serve(limiter);
    const mallory = await customer();
    const alice = await customer();
    const staff = await makeUser(stack.database.db, { role: 'staff' });
    const staffToken = await tokenFor(stack.app, staff);
    const held = [slowUpload(api.port, mallory.token), slowUpload(api.port, mallory.token)];
    try {
      await vi.waitFor(() => expect(limiter.inUse(mallory.user.id)).toBe(2), { timeout: 5_000 });

      const third = await upload(api.port, mallory.token);
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ message: 'Your other files are still uploading. Wait for one to finish, then try again.' });
      expect(third.headers['retry-after']).toBe('2');

      const fromAlice = await upload(api.port, alice.token);
      expect(fromAlice.status).toBe(201);
      expect(fromAlice.body.data.file_name).toBe('statement.pdf');
      expect((await upload(api.port, staffToken)).status).toBe(201);
      expect(limiter.inUse()).toBe(2);

      // The process keeps a cap of its own: with it reached, the next upload is 503, whoever sends it.
      const more = [slowUpload(api.port, alice.token), slowUpload(api.port, alice.token)];
      held.push(...more);
      await vi.waitFor(() => expect(limiter.inUse()).toBe(4), { timeout: 5_000 });
      const busy = await upload(api.port, staffToken);
      expect(busy.status).toBe(503);
      expect(busy.body.message).toBe('Too many files are being uploaded right now. Please try again in a moment.');
    } finally {
      for (const { client } of held) client.destroy();
      await vi.waitFor(() => expect(limiter.inUse()).toBe(0), { timeout: 5_000 });
      await api.close();
    }
  });

  it('when a body stalls after its headers, then 408 with a message within the idle timeout, the connection is closed and the slot is free again', async () => {
    const limiter = new UploadLimiter({ perUser: 1, idleMs: 150, totalMs: 60_000 });
    const api = await serve(limiter);
    const bob = await customer();
    try {
      const started = Date.now();
      const stalled = slowUpload(api.port, bob.token);
      const answer = await stalled.answer;
      expect(answer.status).toBe(408);
      expect(answer.body).toEqual({
        message: 'The file arrived too slowly, so the upload was stopped. Please try again.',
        errors: { file: ['The file arrived too slowly, so the upload was stopped. Please try again.'] },
      });
      expect(answer.headers.connection).toBe('close');
      await answer.closed;
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(limiter.inUse(bob.user.id)).toBe(0);
      // Their one slot is theirs again.
      expect((await upload(api.port, bob.token)).status).toBe(201);
    } finally {
      await api.close();
    }
  });

  it('when a body trickles in a byte at a time, then it is cut off at the overall deadline', async () => {
    const limiter = new UploadLimiter({ idleMs: 200, totalMs: 400 });
    const api = await serve(limiter);
    const carol = await customer();
    try {
      const started = Date.now();
      const answer = await slowUpload(api.port, carol.token, { trickleMs: 20 }).answer;
      expect(answer.status).toBe(408);
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
      expect(Date.now() - started).toBeLessThan(1_000);
      await vi.waitFor(() => expect(limiter.inUse()).toBe(0), { timeout: 5_000 });
    } finally {
      await api.close();
    }
  });
});
