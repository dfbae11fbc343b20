import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatTexts } from '../../shared/api/chat.schema';
import { twoFactorTexts } from '../../shared/api/two-factor.schema';
import { authTexts, gateTexts, realtimeTexts } from '../../shared/texts';
import { channelAuth } from '../../server/trading/realtime/signature';
import { channelFamilies } from '../../server/trading/realtime/channel-rules';
import { identityKinds, makeIdentities, type Identity, type IdentityKind } from '../support/identities';
import { startTrading, testRealtimeCredentials, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/**
 * Who may join which realtime channel (docs/realtime.md#who-may-subscribe), through `POST
 * /broadcasting/auth`, for every channel family and every kind of caller, with staff two-factor
 * required: the table below is the rule as docs/access.md states it, and for the chat channels the
 * API's own answer for the same conversation (`GET /chat/messages`) must agree with the channel's.
 */

const families = ['private-notification', 'private-user', 'private-trade', 'private-chat.customer', 'presence-chat.customer'] as const;
type Family = (typeof families)[number];
const isChat = (family: Family) => family.endsWith('chat.customer');

type Verdict = { status: 200 } | { status: 401 | 403 | 404; message: string };
const granted: Verdict = { status: 200 };
const notYours: Verdict = { status: 403, message: realtimeTexts.channelNotYours };

const isTrade = (family: Family) => family === 'private-trade';

/**
 * The rule, written out: each family has its endpoint's access (notifications and the user: any signed-in
 * user; trades: a customer in good standing; chat: awaiting approval included, staff enrolled), then whose
 * channel it is (`own`: the caller's id; `customer`: the subject customer's).
 */
function expected(kind: IdentityKind, family: Family, target: 'own' | 'customer'): Verdict {
  const own = target === 'own' ? granted : notYours;
  switch (kind) {
    case 'anonymous':
      return { status: 401, message: authTexts.unauthenticated };
    case 'deactivated':
      return isChat(family) || isTrade(family) ? { status: 403, message: gateTexts.accountDisabled.body } : own;
    case 'pending':
      return isTrade(family) ? { status: 403, message: gateTexts.awaitingApproval.body } : own;
    case 'customer':
      return granted;
    case 'otherCustomer':
      return own;
    case 'unenrolledStaff':
    case 'unenrolledAdmin':
    case 'staff':
    case 'admin': {
      if (isTrade(family)) return { status: 403, message: authTexts.customersOnly };
      if (!isChat(family)) return own;
      if (kind === 'unenrolledStaff' || kind === 'unenrolledAdmin') return { status: 403, message: twoFactorTexts.staffMustEnrolAt('http://site.test/main/security') };
      // A staff member's own id names no customer: the chat API says the same (404).
      return target === 'customer' ? granted : { status: 404, message: chatTexts.customerNotFound };
    }
  }
}

let stack: TradingStack;
let who: Record<IdentityKind, Identity>;
let subject: Identity;
const socketId = '1234.5678';

beforeAll(async () => {
  stack = await startTrading({ staffTwoFactor: 'required' });
  who = await makeIdentities(stack.database);
  subject = who.customer;
  // Every conversation gets a message only its own readers may see, for the comparison with the API.
  for (const kind of ['customer', 'otherCustomer', 'pending'] as const) {
    const res = await request(stack.app)
      .post('/api/v1/chat/messages')
      .set(headersOf(who[kind]))
      .send({ message: markerOf(who[kind].user!.id) });
    expect(res.status).toBe(201);
  }
  const toDeactivated = await request(stack.app)
    .post('/api/v1/chat/messages')
    .set(headersOf(who.staff))
    .send({ customer_id: who.deactivated.user!.id, message: markerOf(who.deactivated.user!.id) });
  expect(toDeactivated.status).toBe(201);
});
afterAll(() => stack.trading.close().then(() => stack.database.close()));

/** An identity's token header (none for the anonymous caller). */
const headersOf = (identity: Identity): Record<string, string> => (identity.token ? bearer(identity.token) : {});
const markerOf = (customerId: number) => `only for conversation ${customerId}`;

const authorise = (identity: Identity, channel: string, path = '/broadcasting/auth') =>
  request(stack.app).post(path).set(headersOf(identity)).type('form').send({ socket_id: socketId, channel_name: channel });

/** The cases: each family for each kind of caller, on their own id and on the subject customer's. */
function cases(): { kind: IdentityKind; family: Family; target: 'own' | 'customer' }[] {
  const all: { kind: IdentityKind; family: Family; target: 'own' | 'customer' }[] = [];
  for (const family of families) {
    for (const kind of identityKinds) {
      all.push({ kind, family, target: 'customer' });
      if (kind !== 'anonymous' && kind !== 'customer') all.push({ kind, family, target: 'own' });
    }
  }
  return all;
}

const targetId = (kind: IdentityKind, target: 'own' | 'customer') => (target === 'own' ? who[kind].user!.id : subject.user!.id);

describe('POST /broadcasting/auth for every channel family and every kind of caller (staff two-factor required)', () => {
  it('when the families are listed, then the matrix covers each one the server knows', () => {
    expect(channelFamilies.map((f) => f.prefix).sort()).toEqual(families.map((f) => `${f}.`).sort());
    expect(cases()).toHaveLength(families.length * (identityKinds.length * 2 - 2));
  });

  it('when each caller asks for each channel, then the answer is the rule’s, and a success carries a valid signature', async () => {
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const { kind, family, target } of cases()) {
      const channel = `${family}.${targetId(kind, target)}`;
      const res = await authorise(who[kind], channel);
      const want = expected(kind, family, target);
      const label = `${kind} → ${family} (${target})`;
      wanted.push(`${label}: ${want.status} ${'message' in want ? want.message : ''}`);
      seen.push(`${label}: ${res.status} ${res.status === 200 ? '' : (res.body as { message?: string }).message}`);
      if (res.status === 200) {
        const body = res.body as { auth: string; channel_data?: string };
        expect(body.auth, label).toBe(channelAuth(testRealtimeCredentials, socketId, channel, body.channel_data));
        if (family.startsWith('presence-')) expect(JSON.parse(body.channel_data!), label).toMatchObject({ user_id: who[kind].user!.id });
      }
    }
    expect(seen).toEqual(wanted);
  });

  it('when the same question is put to the chat API, then it answers as the chat channels do', async () => {
    const disagreements: string[] = [];
    for (const { kind, target } of cases().filter((c) => c.family === 'private-chat.customer')) {
      const id = targetId(kind, target);
      const api = await request(stack.app).get(`/api/v1/chat/messages?customer_id=${id}`).set(headersOf(who[kind]));
      // The API grants this conversation when it answers with its messages (a customer asking for another's gets their own).
      const apiGrants = api.status === 200 && (api.body as { data: { message: string }[] }).data.some((m) => m.message === markerOf(id));
      for (const prefix of ['private-chat.customer', 'presence-chat.customer']) {
        const channel = await authorise(who[kind], `${prefix}.${id}`);
        const label = `${kind} → ${prefix}.${id} (${target}): API ${api.status}, channel ${channel.status}`;
        if (apiGrants !== (channel.status === 200)) disagreements.push(label);
        // A refusal by the API's guards (standing, enrolment, no such customer) is the channel's too, word for word.
        if (api.status >= 400 && (api.status !== channel.status || api.body.message !== channel.body.message)) disagreements.push(`${label}: ${api.body.message} / ${channel.body.message}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('when each caller reads their notifications, user and trades through the API, then their own channel of each answers the same', async () => {
    const disagreements: string[] = [];
    for (const [family, path] of [
      ['private-notification', '/notifications'],
      ['private-user', '/user'],
      ['private-trade', '/open/trades'],
    ] as const) {
      for (const kind of identityKinds.filter((k) => k !== 'anonymous')) {
        const api = await request(stack.app).get(`/api/v1${path}`).set(headersOf(who[kind]));
        const channel = await authorise(who[kind], `${family}.${who[kind].user!.id}`);
        const same = api.status === channel.status && (api.status === 200 || api.body.message === channel.body.message);
        if (!same) disagreements.push(`${kind} ${path} ${api.status} ${api.body.message ?? ''} / ${family} ${channel.status} ${channel.body.message ?? ''}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('when called under /api/v1 as the original client does, then the answer is the same', async () => {
    const res = await authorise(who.unenrolledAdmin, `private-chat.customer.${subject.user!.id}`, '/api/v1/broadcasting/auth');
    expect([res.status, res.body.message]).toEqual([403, twoFactorTexts.staffMustEnrolAt('http://site.test/main/security')]);
  });
});

describe('POST /api/v1/broadcasting/auth/batch: a page’s channels signed in one request', () => {
  it('when each caller asks for every channel at once, then each channel’s answer is the one it gets alone', async () => {
    const differences: string[] = [];
    for (const kind of identityKinds.filter((k) => k !== 'anonymous')) {
      const channels = cases()
        .filter((c) => c.kind === kind)
        .map(({ family, target }) => `${family}.${targetId(kind, target)}`);
      const batch = await request(stack.app).post('/api/v1/broadcasting/auth/batch').set(headersOf(who[kind])).send({ socket_id: socketId, channel_names: channels });
      expect(batch.status, kind).toBe(200);
      const answers = (batch.body as { channels: Record<string, { auth?: string; channel_data?: string; refused?: string }> }).channels;
      expect(Object.keys(answers).sort(), kind).toEqual([...new Set(channels)].sort());
      for (const channel of new Set(channels)) {
        const alone = await authorise(who[kind], channel);
        const answer = answers[channel]!;
        const same = alone.status === 200 ? answer.auth === alone.body.auth && answer.channel_data === alone.body.channel_data : answer.refused === alone.body.message && answer.auth === undefined;
        if (!same) differences.push(`${kind} ${channel}: alone ${alone.status} ${JSON.stringify(alone.body)}, in the batch ${JSON.stringify(answer)}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('when nobody is signed in, or the batch is empty, too long or names a malformed channel, then it is refused whole', async () => {
    const channel = `private-user.${subject.user!.id}`;
    const batch = (identity: Identity, body: object) => request(stack.app).post('/api/v1/broadcasting/auth/batch').set(headersOf(identity)).send(body);
    expect((await batch(who.anonymous, { socket_id: socketId, channel_names: [channel] })).status).toBe(401);
    expect((await batch(subject, { socket_id: socketId, channel_names: [] })).status).toBe(422);
    expect((await batch(subject, { socket_id: socketId, channel_names: Array.from({ length: 21 }, (_, i) => `private-user.${i + 1}`) })).status).toBe(422);
    expect((await batch(subject, { socket_id: socketId, channel_names: [channel, 'private user'] })).status).toBe(422);
    expect((await batch(subject, { socket_id: 'not-a-socket', channel_names: [channel] })).status).toBe(422);
  });
});

describe('the customer access kind', () => {
  it('when staff or an admin call a customer-only endpoint, then 403 says it is for customers', async () => {
    for (const kind of ['staff', 'admin'] as const) {
      const res = await request(stack.app).get('/api/v1/accounts/overview').set(headersOf(who[kind]));
      expect([res.status, res.body.message]).toEqual([403, authTexts.customersOnly]);
    }
    expect((await request(stack.app).get('/api/v1/accounts/overview').set(headersOf(who.customer))).status).toBe(200);
  });
});
