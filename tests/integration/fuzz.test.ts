import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPrefix, type Endpoint } from '../../shared/api/endpoint';
import { api } from '../../shared/api/endpoints';
import { startSession } from '../../server/trading/auth/login';
import { linkOriginUnknown } from '../../server/trading/auth/link-origin';
import { closeServer, listen } from '../../server/listen';
import type { Database } from '../../server/trading/db/database';
import { openPostgres } from '../../server/trading/db/postgres';
import { hostile, inputFor, jsonText, pathParamsFor, percentEncode } from '../support/arbitraries';
import { testDriver } from '../support/database';
import { makeUser } from '../support/factories';
import { auditLedger, deposit, liveAccount } from '../support/money';
import { startTrading } from '../support/trading';

/**
 * Property-based fuzzing of every endpoint in `shared/api/endpoints.ts`, with inputs derived from its
 * own schemas (shaped values, wrong types, huge and non-finite numbers, NUL and control characters,
 * oversized text, ids beyond the integer range): never a 5xx; a refusal is a 4xx with a message; a
 * success has the endpoint's status and a body its response schema reads. FUZZ_RUNS sets the runs per
 * endpoint (fast-check prints the seed and the input of any failure).
 *
 * By default against a trading tier in this process. With FUZZ_BASE_URL (a deployed API's base that
 * serves /api/v1, e.g. the load balancer) and FUZZ_DATABASE_URL (that deployment's PostgreSQL, where the
 * people and tokens are made and the ledger is audited afterwards), against the deployment instead, once
 * (the integration:postgres project skips it then): docs/api.md#fuzzing-a-deployment.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 15);
const deployed = deployedTarget(process.env);

/** What the suite calls (an app in this process, or a URL) and the database behind it. */
interface FuzzTarget {
  /** The API's base address: the stack listening here, or a deployment's. */
  app: string;
  database: Database;
  close(): Promise<void>;
}
let target: FuzzTarget;

function deployedTarget(env: NodeJS.ProcessEnv): { baseUrl: string; databaseUrl: string } | undefined {
  const baseUrl = env.FUZZ_BASE_URL?.replace(/\/+$/, '');
  const databaseUrl = env.FUZZ_DATABASE_URL;
  if (!baseUrl && !databaseUrl) return undefined;
  if (!baseUrl || !databaseUrl) throw new Error('FUZZ_BASE_URL and FUZZ_DATABASE_URL go together: a deployed API and its own PostgreSQL.');
  return { baseUrl, databaseUrl };
}

async function openTarget(): Promise<FuzzTarget> {
  if (!deployed) {
    const stack = await startTrading();
    // Listening as a process listens (server/listen.ts), so what Node's parser refuses before Express is answered as ours.
    const { server, port } = await listen(stack.app, 0, '127.0.0.1');
    return {
      app: `http://127.0.0.1:${port}`,
      database: stack.database,
      async close() {
        await closeServer(server, 1_000);
        await stack.engine.stop();
        await stack.database.close();
      },
    };
  }
  const database = await openPostgres({ url: deployed.databaseUrl, poolMax: 4 });
  return { app: deployed.baseUrl, database, close: () => database.close() };
}

const runsHere = !(deployed && testDriver === 'postgres');

beforeAll(async () => {
  if (!runsHere) return;
  target = await openTarget();
  // A token made in that database must open that API: otherwise every call would be a 401, and pass.
  if (deployed) {
    const res = await request(target.app)
      .get(`${apiPrefix}/user`)
      .set('Authorization', `Bearer ${await tokenFor('customer')}`);
    if (res.status !== 200) throw new Error(`${deployed.baseUrl} refuses a token made in FUZZ_DATABASE_URL (GET /user answered ${res.status}): not one deployment?`);
  }
});
afterAll(async () => {
  if (!target) return;
  await auditLedger(target.database.db);
  await target.close();
});

/** A bearer token for a new person of the endpoint's kind, made without the (rate-limited) login route. */
async function tokenFor(access: Endpoint['access']): Promise<string | undefined> {
  if (access === 'public') return undefined;
  const person = await makeUser(target.database.db, { role: access === 'staff' || access === 'admin' ? access : 'customer' });
  if (access !== 'staff' && access !== 'admin') await deposit(target.database.db, (await liveAccount(target.database.db, person.user.id)).id, '10000.00');
  const { token } = await startSession({ database: target.database, tokenTtlHours: 1 }, person.user, { ip: null, userAgent: null });
  return token;
}

/** Path parameters go into the path as given (an already percent-encoded value as it is). */
function pathWith(e: Endpoint, params: Record<string, string>): string {
  return apiPrefix + e.path.replace(/:(\w+)/g, (_, name: string) => (params[name]!.startsWith('%') ? params[name]! : percentEncode(params[name]!)));
}

/** A query (or form) string: each value as text, arrays as repeated keys. */
function formText(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return percentEncode(String(value));
  const pairs: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    for (const one of Array.isArray(field) ? field : [field]) pairs.push(`${percentEncode(key)}=${percentEncode(typeof one === 'object' ? JSON.stringify(one) : String(one))}`);
  }
  return pairs.join('&');
}

const queryString = (query: unknown) => (formText(query) ? `?${formText(query)}` : '');

/** A multipart body as a browser would send it, or broken: no boundary, cut short, a hostile file name. */
const multipartBody = fc.record({
  name: fc.oneof(fc.constantFrom('photo.png', 'a\u0000b.pdf', '../x.png', 'report.pdf'), fc.string({ maxLength: 20 })),
  bytes: fc.uint8Array({ maxLength: 300 }),
  shape: fc.constantFrom('whole', 'cut', 'no-boundary', 'no-file'),
});

function sendMultipart(req: request.Test, { name, bytes, shape }: { name: string; bytes: Uint8Array; shape: string }) {
  const boundary = 'fuzzboundary';
  const part = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${shape === 'no-file' ? 'other' : 'file'}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const body = shape === 'cut' ? part.subarray(0, Math.floor(part.length / 2)) : part;
  return req.set('Content-Type', shape === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`).send(body);
}

describe.runIf(runsHere)('every endpoint, fed what its schemas take and what an attacker sends instead', () => {
  for (const [name, e] of Object.entries(api) as [string, Endpoint][]) {
    it(`${name}: ${e.method} ${e.path} answers 4xx with a message or a well-formed success, never 5xx`, async () => {
      // A token of the endpoint's kind (logout spends its own), sometimes none or a forged one.
      const token = name === 'logout' ? undefined : await tokenFor(e.access);
      const input = fc.record({
        params: pathParamsFor(e.params),
        query: inputFor(e.query),
        body: e.encoding === 'multipart' ? multipartBody : inputFor(e.body),
        auth: fc.constantFrom('token', 'token', 'token', 'token', 'none', 'forged'),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ params, query, body, auth }) => {
          const own = name === 'logout' ? await tokenFor(e.access) : token;
          const bearer = auth === 'token' ? own : auth === 'forged' ? 'A'.repeat(43) : undefined;
          const method = e.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
          let req = request(target.app)[method](pathWith(e, params) + queryString(query));
          if (bearer) req = req.set('Authorization', `Bearer ${bearer}`);
          const res =
            e.method === 'GET'
              ? await req
              : e.encoding === 'multipart'
                ? await sendMultipart(req, body as { name: string; bytes: Uint8Array; shape: string })
                : e.encoding === 'form'
                  ? await req.set('Content-Type', 'application/x-www-form-urlencoded').send(formText(body))
                  : await req.set('Content-Type', 'application/json').send(jsonText(body));
          const seen = `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
          // A deployment on a loopback origin (the local cluster) refuses to make links by design: its one 503.
          const refusesLinks = deployed !== undefined && res.status === 503 && res.body?.message === linkOriginUnknown;
          if (!refusesLinks) expect(res.status, seen).toBeLessThan(500);
          if (res.status >= 400) {
            expect(typeof res.body?.message, seen).toBe('string');
            expect(res.body.message.length, seen).toBeGreaterThan(0);
          } else if (e.response) {
            expect(res.status, seen).toBe(e.status ?? 200);
            const parsed = e.response.safeParse(res.body);
            expect(parsed.success, `${seen}\n${parsed.error?.message ?? ''}`).toBe(true);
          }
        }),
        { numRuns: runs },
      );
    });
  }

  it('a hostile value anywhere in a JSON body of a signed-in call is refused with a message', async () => {
    const token = await tokenFor('active');
    await fc.assert(
      fc.asyncProperty(hostile, async (value) => {
        const res = await request(target.app)
          .post(`${apiPrefix}/trades/store`)
          .set('Authorization', `Bearer ${token}`)
          .set('Content-Type', 'application/json')
          .send(jsonText({ type: 'buy', id: 1, volume: value, leverage: 1 }));
        expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body.message).toBe('string');
      }),
      { numRuns: runs * 2 },
    );
  });

  it('an address longer than the servers read (three 8,000-character values) is refused with a message, through a load balancer too', async () => {
    const long = 'x'.repeat(8_000);
    const res = await request(target.app)
      .get(`${apiPrefix}/funding/history?status=${long}&from=${long}&to=${long}`)
      .set('Authorization', `Bearer ${await tokenFor('active')}`);
    expect(res.status).toBe(431);
    expect(typeof res.body.message).toBe('string');
  });
});
