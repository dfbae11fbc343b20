import { readdirSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeServer, listen } from '../../server/listen';
import { defaultUploadLimits, totalMsFor, UploadGate } from '../../server/trading/files/upload-gate';
import { makeUser } from '../support/factories';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/**
 * Uploads cannot be held shut (docs/files.md#upload-limits): places per person and per address, fewer
 * for people nobody has approved, no pool shared by everyone, and a body below the minimum rate cut off
 * early. Driven over real sockets that send headers and then stall or trickle, as a spiteful client does;
 * addresses are given as a proxy the API trusts (loopback) says them.
 */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const boundary = 'sl0wb0undary';
const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
const fieldHead = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`);

/**
 * A short rate window and total time, so cut-offs come quickly; the places per person and address are the defaults.
 * Chat files of at most 4 KiB, so the total time is the floor's (a larger file allows what it takes at the minimum rate).
 */
const gate = new UploadGate({ limits: { rateWindowMs: 1_000, totalMs: 3_000 } });
const chatMaxBytes = 4_096;
let stack: TradingStack;
let port: number;
let closeApi: () => Promise<void>;
beforeAll(async () => {
  stack = await startTrading({ uploadGate: gate, uploadMaxBytes: chatMaxBytes });
  const served = await listen(stack.app, 0, '127.0.0.1');
  port = served.port;
  closeApi = () => closeServer(served.server, 100);
});
afterAll(async () => {
  await closeApi();
  await stack.engine.stop();
  await stack.database.close();
  gate.close();
});

interface Answer {
  status: number;
  body: { message?: string; errors?: Record<string, string[]> };
  headers: Record<string, string | string[] | undefined>;
  /** When the answer came, in ms since the upload started. */
  afterMs: number;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
}

interface Slow {
  /** From this address (X-Forwarded-For), else the socket's own. */
  address?: string;
  /** Send `chunk` bytes every `everyMs` (else nothing after the start). */
  everyMs?: number;
  chunk?: number;
  path?: string;
  /** Trickle into a text field rather than the file (a body's every byte counts against the rate and the time, not only the file's). */
  intoField?: boolean;
}

/** An upload that sends its headers and the start of the file, then trickles (or nothing). */
function slowUpload(token: string, { address, everyMs, chunk = 1, path = '/api/v1/chat/upload', intoField = false }: Slow = {}): { answer: Promise<Answer>; client: ClientRequest } {
  const started = Date.now();
  const client = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: {
      ...bearer(token),
      ...(address ? { 'X-Forwarded-For': address } : {}),
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(head.length + 60_000 + tail.length),
    },
  });
  client.on('error', () => undefined); // the server cuts the connection: expected
  client.write(intoField ? fieldHead : Buffer.concat([head, pdf.subarray(0, 8)]));
  const timer = everyMs ? setInterval(() => client.write(Buffer.alloc(chunk, 0x20)), everyMs) : undefined;
  const answer = new Promise<Answer>((resolve, reject) => {
    client.on('response', (res) => {
      clearInterval(timer);
      const closed = new Promise<void>((done) => res.socket.once('close', () => done()));
      const chunks: Buffer[] = [];
      res.on('data', (part: Buffer) => chunks.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: res.headers, afterMs: Date.now() - started, closed }));
    });
    client.on('close', () => {
      clearInterval(timer);
      reject(new Error('closed without an answer'));
    });
  });
  answer.catch(() => undefined);
  return { answer, client };
}

const upload = (token: string, address?: string) => {
  const req = request(`http://127.0.0.1:${port}`).post('/api/v1/chat/upload').set('Authorization', `Bearer ${token}`);
  return (address ? req.set('X-Forwarded-For', address) : req).attach('file', pdf, { filename: 'statement.pdf', contentType: 'application/pdf' });
};

async function timedUpload(token: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await upload(token);
  return { status: res.status, ms: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const person = async (status: 'active' | 'pending' = 'active', role: 'customer' | 'staff' = 'customer') => {
  const made = await makeUser(stack.database.db, { status, role });
  return { id: made.user.id, token: await tokenFor(stack.app, made) };
};
const ownTurn = 'Your other files are still uploading. Wait for one to finish, then try again.';
const tooSlow = 'The file arrived too slowly, so the upload was stopped. Please try again.';

describe('uploads under a trickle attack', () => {
  it('when 10 accounts nobody approved trickle 20 uploads a byte every 8 s, then an active customer’s upload is not delayed by more than a second, and the trickles are cut off early', async () => {
    const active = await person();
    await timedUpload(active.token); // warm-up
    const alone = [];
    for (let i = 0; i < 5; i += 1) alone.push(await timedUpload(active.token));
    expect(alone.map((each) => each.status)).toEqual([201, 201, 201, 201, 201]);

    const pending = await Promise.all(Array.from({ length: 10 }, () => person('pending')));
    // Each account from an address of its own, so the limits per address do not help.
    const attack = pending.flatMap(({ token }, i) => [0, 1].map(() => slowUpload(token, { everyMs: 8_000, address: `198.51.100.${i + 1}` })));
    try {
      // One place each (they are not approved): ten taken, ten refused at once.
      await vi.waitFor(() => expect(gate.inUse()).toBe(10), { timeout: 5_000 });
      const under = [];
      for (let i = 0; i < 5; i += 1) under.push(await timedUpload(active.token));
      const delay = median(under.map((each) => each.ms)) - median(alone.map((each) => each.ms));
      console.log(
        `active customer's upload: ${median(alone.map((each) => each.ms)).toFixed(0)} ms alone, ${median(under.map((each) => each.ms)).toFixed(0)} ms under 20 trickles (delay ${delay.toFixed(0)} ms)`,
      );
      expect(under.map((each) => each.status)).toEqual([201, 201, 201, 201, 201]);
      expect(delay).toBeLessThan(1_000);

      const answers = await Promise.all(attack.map(({ answer }) => answer));
      expect(answers.filter((each) => each.status === 429)).toHaveLength(10);
      const cut = answers.filter((each) => each.status === 408);
      expect(cut).toHaveLength(10);
      // Within the first rate window or two (1 s here, 5 s by default), not at the total deadline.
      expect(Math.max(...cut.map((each) => each.afterMs))).toBeLessThan(2_500);
      await vi.waitFor(() => expect(gate.inUse()).toBe(0), { timeout: 5_000 });
    } finally {
      for (const { client } of attack) client.destroy();
    }
  });
});

describe('places per person and per address', () => {
  it('when a person nobody approved has an upload in flight, then their next is refused on every upload route, while an approved person has two and staff upload', async () => {
    const pending = await person('pending');
    const held = [slowUpload(pending.token, { everyMs: 100, chunk: 2_000, intoField: true })];
    try {
      await vi.waitFor(() => expect(gate.inUse({ userId: pending.id })).toBe(1), { timeout: 5_000 });
      const again = await upload(pending.token);
      expect([again.status, again.body.message, again.headers['retry-after'], again.headers.connection]).toEqual([429, ownTurn, '2', 'close']);
      // One gate for every route: a document does not get a place of its own.
      const document = await request(`http://127.0.0.1:${port}`)
        .post('/api/v1/verification/documents')
        .set('Authorization', `Bearer ${pending.token}`)
        .field('kind', 'proof_of_address')
        .attach('file', pdf, 'bill.pdf');
      expect([document.status, document.body.message]).toEqual([429, ownTurn]);

      const active = await person();
      held.push(slowUpload(active.token, { everyMs: 100, chunk: 2_000, intoField: true }), slowUpload(active.token, { everyMs: 100, chunk: 2_000, intoField: true }));
      await vi.waitFor(() => expect(gate.inUse({ userId: active.id })).toBe(2), { timeout: 5_000 });
      expect((await upload(active.token)).status).toBe(429);
      const staff = await person('active', 'staff');
      expect((await upload(staff.token)).status).toBe(201);
    } finally {
      for (const { client } of held) client.destroy();
    }
  });

  it('when people nobody approved upload from one address, then two are taken and the next refused, while an approved customer there still uploads', async () => {
    const address = '203.0.113.7';
    const [first, second, third] = await Promise.all([person('pending'), person('pending'), person('pending')]);
    const held = [first!, second!].map(({ token }) => slowUpload(token, { address, everyMs: 100, chunk: 2_000, intoField: true }));
    try {
      await vi.waitFor(() => expect(gate.inUse({ address })).toBe(2), { timeout: 5_000 });
      const refused = await upload(third!.token, address);
      expect([refused.status, refused.body.message]).toEqual([429, 'Too many files are being uploaded from your network right now. Please try again in a moment.']);
      expect((await upload((await person()).token, address)).status).toBe(201);
    } finally {
      for (const { client } of held) client.destroy();
    }
  });

  it('when people nobody approved upload from addresses of one IPv6 /56 (one customer router’s), then they count as one address', async () => {
    const [first, second, third] = await Promise.all([person('pending'), person('pending'), person('pending')]);
    const held = [
      slowUpload(first!.token, { address: '2001:db8:abcd:1200::1', everyMs: 100, chunk: 2_000, intoField: true }),
      slowUpload(second!.token, { address: '2001:db8:abcd:12ff:1:2:3:4', everyMs: 100, chunk: 2_000, intoField: true }),
    ];
    try {
      await vi.waitFor(() => expect(gate.inUse({ userId: second!.id })).toBe(1), { timeout: 5_000 });
      const refused = await upload(third!.token, '2001:db8:abcd:1234::9');
      expect(refused.status).toBe(429);
      expect((await upload(third!.token, '2001:db8:abcd:1300::1')).status).toBe(201);
    } finally {
      for (const { client } of held) client.destroy();
    }
  });
});

describe('the original client’s profile update with its photo inside', () => {
  it('when a large JSON body to POST /update trickles, then it takes an upload place like any upload and is cut off with 408', async () => {
    const dana = await person();
    const client = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/update',
      headers: { ...bearer(dana.token), 'Content-Type': 'application/json', 'Content-Length': String(6 * 1024 * 1024) },
    });
    client.on('error', () => undefined);
    client.write('{"avatar":"data:image/png;base64,');
    const answer = new Promise<number>((resolve) => client.on('response', (res) => resolve(res.statusCode ?? 0)));
    try {
      await vi.waitFor(() => expect(gate.inUse({ userId: dana.id })).toBe(1), { timeout: 5_000 });
      expect(await answer).toBe(408);
      expect(gate.inUse({ userId: dana.id })).toBe(0);
    } finally {
      client.destroy();
    }
    // A small profile update does not touch the gate.
    const small = await request(`http://127.0.0.1:${port}`).post('/api/v1/update').set('Authorization', `Bearer ${dana.token}`).send({ first_name: 'Dana' });
    expect(small.status, JSON.stringify(small.body)).toBe(200);
  });
});

describe('the minimum rate', () => {
  it('when a body stalls after its headers, then 408 with a message within a rate window or two, the connection closed and the place free again', async () => {
    const bob = await person();
    const answer = await slowUpload(bob.token).answer;
    expect([answer.status, answer.body]).toEqual([408, { message: tooSlow, errors: { file: [tooSlow] } }]);
    expect(answer.headers.connection).toBe('close');
    expect(answer.afterMs).toBeLessThan(2_500);
    await answer.closed;
    expect(gate.inUse({ userId: bob.id })).toBe(0);
    expect((await upload(bob.token)).status).toBe(201);
  });

  it('when a body keeps above the rate but is not all in by the total time, then it is cut off then', async () => {
    const carol = await person();
    // About 13 KB/s into a text field: above 8 KiB/s, and 60 KB would take 4.5 s.
    const answer = await slowUpload(carol.token, { everyMs: 150, chunk: 2_000, intoField: true }).answer;
    expect(answer.status).toBe(408);
    expect(answer.afterMs).toBeGreaterThanOrEqual(2_900);
    expect(answer.afterMs).toBeLessThan(4_000);
  });

  it('when uploads are done, refused or cut off, then no temporary file is left behind', async () => {
    await vi.waitFor(() => expect(readdirSync(gate.tempDir)).toEqual([]), { timeout: 5_000 });
  });

  it('when the largest file a route takes would need longer than the floor at the minimum rate, then it is given that long', () => {
    expect(totalMsFor(defaultUploadLimits, 512 * 1024)).toBe(120_000);
    // 10 MB at 8 KiB/s is 1,280 s, and a rate window more.
    expect(totalMsFor(defaultUploadLimits, 10 * 1024 * 1024)).toBe(1_285_000);
  });
});
