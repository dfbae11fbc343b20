import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNamePattern, socketIdPattern } from '../../shared/realtime';
import { channelFamilies } from '../../server/trading/realtime/channel-rules';
import { channelAuth } from '../../server/trading/realtime/signature';
import { hostile, jsonText, percentEncode } from '../support/arbitraries';
import { identityKinds, makeIdentities, type Identity, type IdentityKind } from '../support/identities';
import { startTrading, testRealtimeCredentials, type TradingStack } from '../support/trading';

/**
 * Property-based fuzzing of `POST /broadcasting/auth` (docs/realtime.md#who-may-subscribe) as every kind
 * of caller, with staff two-factor required: socket ids and channel names of every family, valid-looking
 * or not (ids of the callers, of no one, beyond the id column, with leading zeros, NUL, unicode, huge),
 * form-encoded, as JSON, or broken. Never a 5xx; a refusal is a 4xx with a message; a success is a valid
 * signature for exactly what was asked, and only where the rule grants it; a well-formed request the
 * rule grants succeeds. FUZZ_RUNS (15 by default) × 10 runs per kind of caller.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 15) * 10;

let stack: TradingStack;
let who: Record<IdentityKind, Identity>;
let ids: string[];
let customerIds: Set<number>;

beforeAll(async () => {
  stack = await startTrading({ staffTwoFactor: 'required' });
  who = await makeIdentities(stack.database);
  const people = identityKinds.flatMap((kind) => (who[kind].user ? [who[kind].user] : []));
  ids = people.map((user) => String(user.id));
  customerIds = new Set(people.filter((user) => user.role === 'customer').map((user) => user.id));
});
afterAll(() => stack.trading.close().then(() => stack.database.close()));

const prefixes = channelFamilies.map((family) => family.prefix);
const maxUserId = 2_147_483_647;

/**
 * The rule as docs/realtime.md states it: whether this caller may join this channel. Each family has its
 * endpoint's access: notifications and the user any signed-in caller's own; trades a customer's own in good
 * standing; a conversation its customer's (awaiting approval included) and enrolled staff's.
 */
function grants(caller: IdentityKind | 'forged', channel: string): boolean {
  if (caller === 'forged' || caller === 'anonymous') return false;
  const prefix = prefixes.find((p) => channel.startsWith(p));
  const rest = prefix ? channel.slice(prefix.length) : '';
  if (!prefix || !/^[1-9]\d*$/.test(rest) || Number(rest) > maxUserId) return false;
  const id = Number(rest);
  const self = who[caller].user!.id;
  if (prefix === 'private-trade.') return (caller === 'customer' || caller === 'otherCustomer') && id === self;
  if (!prefix.includes('chat.customer.')) return id === self;
  if (caller === 'deactivated' || caller === 'unenrolledStaff' || caller === 'unenrolledAdmin') return false;
  return caller === 'staff' || caller === 'admin' ? customerIds.has(id) : id === self;
}

/** An id as text: the caller's own most, the other callers', small ones, and what no column holds. */
const idText = (own: string | undefined) =>
  fc.oneof(
    { arbitrary: fc.constant(own ?? '1'), weight: 4 },
    { arbitrary: fc.constantFrom(...ids), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: 60 }).map(String), weight: 1 },
    {
      arbitrary: fc.constantFrom('0', '-1', '007', '01', '2147483647', '2147483648', '999999999999', '99999999999999999999', '1e3', '1.5', ' 1', '1 ', '١', '𝟙', 'NaN', ''),
      weight: 2,
    },
  );

const channelName = (own: string | undefined) =>
  fc.oneof(
    { arbitrary: fc.tuple(fc.constantFrom(...prefixes), idText(own)).map(([prefix, id]) => prefix + id), weight: 8 },
    {
      arbitrary: fc.constantFrom(
        'private-admin.all',
        'presence-lobby',
        'news',
        'private-',
        'presence-',
        'private-user',
        'private-chat.customer',
        'private-user.1 OR 1=1',
        'private-user.1,2',
        'private-user.1;2',
        'PRIVATE-user.1',
        'private-user.1.2',
        'private-chat.customer.1.notification',
        'presence-notification.1',
        'private-chat.staff.1',
        `private-user.${'1'.repeat(150)}`,
        'x'.repeat(5_000),
      ),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...prefixes), fc.constantFrom(...ids), fc.constantFrom('\u0000', '\ud800', '\u202e', '\u00e9', '\uff11', '%00', '\n'))
        .map(([prefix, id, odd]) => prefix + id + odd),
      weight: 1,
    },
    { arbitrary: hostile, weight: 1 },
  );

const socketId = () =>
  fc.oneof(
    { arbitrary: fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `${a}.${b}`), weight: 6 },
    { arbitrary: fc.constantFrom('1.2', '0.0', `${'1'.repeat(19)}.1`, `${'1'.repeat(20)}.1`, '1.2.3', '1', '.', '-1.2', '1.2\u0000', '１.２', ' 1.2', '1.2 ', '1.2\ud800'), weight: 2 },
    { arbitrary: hostile, weight: 1 },
  );

/** Built once the callers exist (their ids are among the values). */
const inputs = (own: string | undefined) =>
  fc.record({
    body: fc.record({
      socket_id: fc.option(socketId(), { nil: undefined, freq: 10 }),
      channel_name: fc.option(channelName(own), { nil: undefined, freq: 10 }),
      extra: fc.option(hostile, { nil: undefined, freq: 2 }),
    }),
    encoding: fc.constantFrom('form', 'form', 'form', 'json', 'json', 'form-repeated', 'text', 'oversized'),
    path: fc.constantFrom('/broadcasting/auth', '/api/v1/broadcasting/auth'),
  });

type Body = { socket_id?: unknown; channel_name?: unknown; extra?: unknown };

const fieldText = (value: unknown) => percentEncode(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
function formText(body: Body, repeated: boolean): string {
  const pairs = Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  if (repeated && body.socket_id !== undefined) pairs.push(`socket_id=${fieldText(body.socket_id)}`);
  return pairs.join('&');
}

function send(caller: IdentityKind | 'forged', { body, encoding, path }: { body: Body; encoding: string; path: string }) {
  let req = request(stack.app).post(path);
  const token = caller === 'forged' ? 'A'.repeat(43) : who[caller].token;
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  switch (encoding) {
    case 'json':
      return req.set('Content-Type', 'application/json').send(jsonText(body));
    case 'text':
      return req.set('Content-Type', 'text/plain').send(formText(body, false));
    case 'oversized':
      return req.set('Content-Type', 'application/x-www-form-urlencoded').send(`${formText(body, false)}&pad=${'p'.repeat(5_000)}`);
    default:
      return req.set('Content-Type', 'application/x-www-form-urlencoded').send(formText(body, encoding === 'form-repeated'));
  }
}

describe('POST /broadcasting/auth, fed socket ids and channel names of every family by every kind of caller', () => {
  for (const caller of [...identityKinds, 'forged'] as const) {
    it(`as ${caller}: 4xx with a message, or a valid signature only where the rule grants the channel`, async () => {
      const own = caller === 'forged' ? undefined : who[caller].user?.id.toString();
      let signed = 0;
      await fc.assert(
        fc.asyncProperty(inputs(own), async (sent) => {
          const res = await send(caller, sent);
          const seen = `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
          expect(res.status, seen).toBeLessThan(500);
          // Valid: both fields as strings matching their patterns; well-formed: those alone, in an encoding a client uses.
          // A form carries every value as text: a number sent in a form arrives as its digits (0.5 as "0.5").
          const asSent = (value: unknown) => (sent.encoding === 'form' && value !== undefined && typeof value !== 'string' ? JSON.stringify(value) : value);
          const [socket_id, channel_name] = [asSent(sent.body.socket_id), asSent(sent.body.channel_name)];
          const valid = typeof socket_id === 'string' && socketIdPattern.test(socket_id) && typeof channel_name === 'string' && channelNamePattern.test(channel_name);
          const granted = valid && grants(caller, channel_name);
          const wellFormed = valid && sent.body.extra === undefined && (sent.encoding === 'form' || sent.encoding === 'json');
          if (res.status >= 400) {
            expect(typeof res.body?.message, seen).toBe('string');
            expect(res.body.message.length, seen).toBeGreaterThan(0);
            expect(wellFormed && granted, `refused what the rule grants: ${seen}`).toBe(false);
            return;
          }
          expect(res.status, seen).toBe(200);
          expect(granted, `granted what the rule refuses: ${seen}`).toBe(true);
          const { auth, channel_data } = res.body as { auth: string; channel_data: string };
          expect(auth).toBe(channelAuth(testRealtimeCredentials, socket_id as string, channel_name as string, channel_data));
          expect((JSON.parse(channel_data) as { user_id: number }).user_id).toBe(who[caller as IdentityKind].user!.id);
          signed += 1;
        }),
        { numRuns: runs },
      );
      // Not a rule that refuses everything: a caller the rule grants channels was signed into some.
      if (own !== undefined && !['deactivated', 'unenrolledStaff', 'unenrolledAdmin'].includes(caller)) expect(signed).toBeGreaterThan(0);
    });
  }
});
