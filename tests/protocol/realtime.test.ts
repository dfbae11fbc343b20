import { randomUUID } from 'node:crypto';
import type Echo from 'laravel-echo';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nothingSentSince, realtimeEvents, socketIdPattern, tierClockSkewMs, type ChannelHistory } from '../../shared/realtime';
import { makeUser, type TestPerson } from '../support/factories';
import { deposit, liveAccount } from '../support/money';
import { browserSession, echoFor, nextEvent, startRealtimeStack, type RealtimeStack } from '../support/realtime';
import { testRealtimeCredentials } from '../support/trading';
import { sleep } from '../support/wait';

let stack: RealtimeStack;
let alice: TestPerson & { session: { cookie: string; csrf: string } };
let bob: TestPerson & { session: { cookie: string; csrf: string } };
let staff: TestPerson & { session: { cookie: string; csrf: string } };
const open: Echo<'pusher'>[] = [];
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

async function person(role: 'customer' | 'staff' = 'customer') {
  const made = await makeUser(stack.database.db, { role });
  if (role === 'customer') await deposit(stack.database.db, (await liveAccount(stack.database.db, made.user.id)).id, '10000');
  return { ...made, session: await browserSession(stack.webUrl, made) };
}

function echo(who: { session: { cookie: string; csrf: string } }) {
  const client = echoFor(stack, who.session);
  open.push(client);
  return client;
}

const connected = (client: Echo<'pusher'>) =>
  nextEvent<string>((deliver) => {
    const connection = client.connector.pusher.connection;
    if (connection.state === 'connected') deliver(connection.socket_id);
    else connection.bind('connected', () => deliver(connection.socket_id));
  });

/** Resolves once the channel's subscription succeeded (events before that would be missed). */
const subscribed = (channel: { subscribed(callback: () => void): unknown }) => nextEvent<void>((deliver) => void channel.subscribed(() => deliver()));

/** A call through the web tier, as the page makes it (session cookie, CSRF token, and its socket id when given). */
const call = (who: { session: { cookie: string; csrf: string } }, method: string, path: string, body?: unknown, socketId?: string) =>
  fetch(`${stack.webUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: who.session.cookie, 'X-CSRF-Token': who.session.csrf, ...(socketId ? { 'X-Socket-Id': socketId } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  stack = await startRealtimeStack({ activityTimeoutS: 1, pongTimeoutS: 1 });
  stack.prices.set({ [idOf('EURUSD')]: '1.10000' });
  [alice, bob, staff] = [await person(), await person(), await person('staff')];
});
afterEach(() => {
  for (const client of open.splice(0)) client.disconnect();
});
afterAll(() => stack.close());

describe('pusher-js and laravel-echo against our realtime server, through the web tier', () => {
  it('connects with a socket id, and a customer hears their own trades, user and notifications under the contract’s event names', async () => {
    const client = echo(alice);
    expect(await connected(client)).toMatch(socketIdPattern);
    const trades = client.private(`trade.${alice.user.id}`);
    const users = client.private(`user.${alice.user.id}`);
    const notices = client.private(`notification.${alice.user.id}`);
    await Promise.all([subscribed(trades), subscribed(users), subscribed(notices)]);

    const opened = nextEvent<{ trade: { id: number; status: string } }>((deliver) => trades.listen(`.${realtimeEvents.tradeUpdated}`, deliver));
    const refreshed = nextEvent<{ user_id: number }>((deliver) => users.listen(`.${realtimeEvents.userUpdated}`, deliver));
    const order = await call(alice, 'POST', '/api/v1/trades/store', { type: 'buy', id: idOf('EURUSD'), volume: '10000', leverage: 20, take_profit: '1.10100', order_id: randomUUID() });
    expect(order.status).toBe(201);
    const { data } = (await order.json()) as { data: { id: number } };
    expect((await opened).trade).toMatchObject({ id: data.id, status: 'open' });
    expect((await refreshed).user_id).toBe(alice.user.id);

    // The take profit is reached: the engine closes the trade and tells the customer, with the stored notification's id.
    const closed = nextEvent<{ trade: { id: number; status: string } }>((deliver) => trades.listen(`.${realtimeEvents.tradeUpdated}`, deliver));
    const notice = nextEvent<{ id: string; title: string; color: string }>((deliver) => notices.listen(`.${realtimeEvents.notification}`, deliver));
    stack.prices.set({ [idOf('EURUSD')]: '1.10200' });
    expect((await closed).trade).toMatchObject({ id: data.id, status: 'closed' });
    expect(await notice).toMatchObject({ title: 'Take profit hit', color: 'success', id: expect.stringMatching(/^\d+$/) });
    stack.prices.set({ [idOf('EURUSD')]: '1.10000' });
  });

  it('tells each subscription when the channel last carried an event, so a page current since then reads nothing again (docs/realtime.md#catching-up)', async () => {
    const historyOf = (client: Echo<'pusher'>, channel: string) => nextEvent<ChannelHistory>((deliver) => void client.private(channel).on('pusher:subscription_succeeded', deliver));
    const pageRead = Date.now() + tierClockSkewMs;
    const quiet = await historyOf(echo(bob), `trade.${bob.user.id}`);
    expect(quiet.last_event_at).toBeNull();
    expect(nothingSentSince(quiet, pageRead)).toBe(true);

    // An event on the channel after the page's data was read (before it subscribed): the first subscription catches up.
    const order = await call(bob, 'POST', '/api/v1/trades/store', { type: 'buy', id: idOf('EURUSD'), volume: '1000', leverage: 20, order_id: randomUUID() });
    expect(order.status).toBe(201);
    await sleep(200);
    const busy = await historyOf(echo(bob), `trade.${bob.user.id}`);
    expect(busy.last_event_at).toBeGreaterThan(pageRead - tierClockSkewMs - 1);
    expect(nothingSentSince(busy, pageRead)).toBe(false);
    // A page whose data was read after that event (the clocks' disagreement past) has nothing to catch up on.
    expect(nothingSentSince(busy, busy.last_event_at! + tierClockSkewMs + 1)).toBe(true);
    // Nor can the server vouch for a page older than it remembers, or unknown.
    expect(nothingSentSince(busy, busy.known_since - 1)).toBe(false);
    expect(nothingSentSince(busy, null)).toBe(false);
    expect(nothingSentSince({}, pageRead)).toBe(false);
  });

  it('refuses another customer’s channels: the subscription fails with 403 and nothing of theirs arrives', async () => {
    const client = echo(bob);
    await connected(client);
    const refused = nextEvent<{ type: string; error: string }>((deliver) => void client.private(`trade.${alice.user.id}`).error(deliver));
    expect(await refused).toMatchObject({ type: 'AuthError', error: 'auth 403' });
    expect(client.connector.pusher.channel(`private-trade.${alice.user.id}`)?.subscribed).toBe(false);
  });

  it('lets staff and the customer, but no other customer, into the customer’s chat channel', async () => {
    const chat = `chat.customer.${alice.user.id}`;
    await Promise.all([subscribed(echo(staff).private(chat)), subscribed(echo(alice).private(chat))]);
    const other = echo(bob);
    expect(await nextEvent<{ error: string }>((deliver) => void other.private(chat).error(deliver))).toMatchObject({ error: 'auth 403' });
  });

  it('carries chat messages and read receipts to the customer and staff on the conversation’s channel', async () => {
    const chat = `chat.customer.${alice.user.id}`;
    const staffChannel = echo(staff).private(chat);
    const aliceChannel = echo(alice).private(chat);
    await Promise.all([subscribed(staffChannel), subscribed(aliceChannel)]);
    const toStaff = nextEvent<{ message: { id: number; message: string; is_admin: boolean } }>((deliver) => staffChannel.listen(`.${realtimeEvents.messageSent}`, deliver));
    expect((await call(alice, 'POST', '/api/v1/chat/messages', { message: 'Is my withdrawal on its way?' })).status).toBe(201);
    const sent = await toStaff;
    expect(sent.message).toMatchObject({ message: 'Is my withdrawal on its way?', is_admin: false });
    const receipt = nextEvent<{ message_id: number }>((deliver) => aliceChannel.listen(`.${realtimeEvents.messageRead}`, deliver));
    expect((await call(staff, 'POST', '/api/v1/chat/messages/read', { customer_id: alice.user.id })).status).toBe(200);
    expect(await receipt).toEqual({ message_id: sent.message.id });
  });

  it('does not echo a request’s own event to the socket that named itself, while the customer’s other tabs hear it', async () => {
    const [sender, otherTab] = [echo(alice), echo(alice)];
    const senderId = await connected(sender);
    await connected(otherTab);
    const [mine, theirs] = [sender.private(`trade.${alice.user.id}`), otherTab.private(`trade.${alice.user.id}`)];
    await Promise.all([subscribed(mine), subscribed(theirs)]);
    const heardBySender: unknown[] = [];
    mine.listen(`.${realtimeEvents.tradeUpdated}`, (event: unknown) => heardBySender.push(event));
    const heard = nextEvent<{ trade: { id: number } }>((deliver) => theirs.listen(`.${realtimeEvents.tradeUpdated}`, deliver));
    const order = await call(alice, 'POST', '/api/v1/trades/store', { type: 'sell', id: idOf('EURUSD'), volume: '1000', leverage: 10 }, senderId);
    expect(order.status).toBe(201);
    expect((await heard).trade.id).toBe(((await order.json()) as { data: { id: number } }).data.id);
    await sleep(200);
    expect(heardBySender).toEqual([]);
  });

  it('when a user’s access changes (logout, status, password), their sockets are closed, to be authorised afresh', async () => {
    const client = echo(alice);
    const before = await connected(client);
    await subscribed(client.private(`user.${alice.user.id}`));
    const dropped = nextEvent<void>((deliver) => {
      client.connector.pusher.connection.bind('state_change', ({ current }: { current: string }) => {
        if (current !== 'connected') deliver();
      });
    });
    stack.bus.publish('access.changed', { userId: alice.user.id });
    await dropped;
    expect(await connected(client)).not.toBe(before);
  });

  it('keeps a connection alive past the activity timeout with pings', async () => {
    const client = echo(alice);
    const socketId = await connected(client);
    await sleep(3_500);
    expect(client.connector.pusher.connection.state).toBe('connected');
    expect(client.connector.pusher.connection.socket_id).toBe(socketId);
  });

  it('when the server restarts, clients reconnect and resubscribe by themselves, and hear events again', async () => {
    const client = echo(alice);
    const before = await connected(client);
    const users = client.private(`user.${alice.user.id}`);
    await subscribed(users);
    const reconnected = nextEvent<string>((deliver) => {
      client.connector.pusher.connection.bind('state_change', ({ current }: { current: string }) => {
        if (current === 'connected') deliver(client.connector.pusher.connection.socket_id);
      });
    }, 10_000);
    const resubscribed = subscribed(users);
    await stack.restartRealtime();
    expect(await reconnected).not.toBe(before);
    await resubscribed; // the resubscription's own auth round trip
    const heard = nextEvent<{ user_id: number }>((deliver) => users.listen(`.${realtimeEvents.userUpdated}`, deliver));
    stack.bus.publish('user.updated', { userId: alice.user.id });
    expect((await heard).user_id).toBe(alice.user.id);
  });
});

describe('presence and staff notifications', () => {
  const userOf = async (who: { session: { cookie: string; csrf: string } }) =>
    ((await (await call(who, 'GET', '/api/v1/user')).json()) as { data: { is_online: boolean; notifications: { id: string; title: string }[] } }).data;

  it('a customer with an open connection shows as online, without any heartbeat', async () => {
    const carol = await person();
    expect((await userOf(carol)).is_online).toBe(false);
    const client = echo(carol);
    await subscribed(client.private(`user.${carol.user.id}`));
    await nextEvent<void>((deliver) => {
      const poll = async () => ((await userOf(carol)).is_online ? deliver() : setTimeout(poll, 50));
      void poll();
    });
  });

  it('staff write to a customer: the notification is stored, pushed live with its id, and listed with the user', async () => {
    const client = echo(alice);
    const notices = client.private(`notification.${alice.user.id}`);
    await subscribed(notices);
    const pushed = nextEvent<{ id: string; title: string; message: string; color: string }>((deliver) => notices.listen(`.${realtimeEvents.notification}`, deliver));
    const sent = await call(staff, 'POST', `/api/v1/admin/users/${alice.user.id}/notifications`, { title: 'Documents received', message: 'We are checking your documents.', color: 'info' });
    expect(sent.status).toBe(201);
    const { data } = (await sent.json()) as { data: { id: string } };
    expect(await pushed).toMatchObject({ id: data.id, title: 'Documents received', message: 'We are checking your documents.', color: 'info' });
    expect((await userOf(alice)).notifications.map((n) => n.id)).toContain(data.id);

    const blank = await call(staff, 'POST', `/api/v1/admin/users/${alice.user.id}/notifications`, { message: '  ' });
    expect(blank.status).toBe(422);
    expect(((await blank.json()) as { message: string }).message).toBe('The message field is required.');
    expect((await call(bob, 'POST', `/api/v1/admin/users/${alice.user.id}/notifications`, { message: 'hello' })).status).toBe(403);
    expect((await call(staff, 'POST', `/api/v1/admin/users/${staff.user.id}/notifications`, { message: 'hello' })).status).toBe(404);
  });
});

describe('the protocol, spoken by hand', () => {
  /** A raw socket straight to the API's realtime server, with its messages queued. */
  async function raw(path = `/app/${testRealtimeCredentials.key}?protocol=7&client=js&version=8.6.0`) {
    const ws = new WebSocket(`ws://127.0.0.1:${stack.webPort}${path}`);
    const messages: { event: string; channel?: string; data: unknown }[] = [];
    const waiting: (() => void)[] = [];
    ws.on('message', (data) => {
      messages.push(JSON.parse(data.toString()));
      for (const wake of waiting.splice(0)) wake();
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const next = async (event: string) => {
      for (;;) {
        const found = messages.findIndex((m) => m.event === event);
        if (found >= 0) return messages.splice(found, 1)[0]!;
        await nextEvent<void>((deliver) => waiting.push(() => deliver()));
      }
    };
    return { ws, next, closed, send: (message: unknown) => ws.send(JSON.stringify(message)) };
  }

  it('refuses a wrong app key with 4001, so the client does not retry', async () => {
    const socket = await raw('/app/not-our-key?protocol=7');
    expect(((await socket.next('pusher:error')).data as { code: number }).code).toBe(4001);
    expect(await socket.closed).toBe(4001);
  });

  it('answers a ping, and refuses a forged signature with a subscription error', async () => {
    const socket = await raw();
    const { data } = await socket.next('pusher:connection_established');
    expect(JSON.parse(data as string)).toMatchObject({ socket_id: expect.stringMatching(socketIdPattern), activity_timeout: 1 });
    socket.send({ event: 'pusher:ping', data: {} });
    await socket.next('pusher:pong');
    socket.send({ event: 'pusher:subscribe', data: { channel: `private-user.${alice.user.id}`, auth: `${testRealtimeCredentials.key}:${'0'.repeat(64)}` } });
    const refused = await socket.next('pusher:subscription_error');
    expect(refused.channel).toBe(`private-user.${alice.user.id}`);
    expect(refused.data).toMatchObject({ status: 401 });
    socket.ws.close();
  });

  it('survives malformed paths and messages, and serves only signed channels, each refusal naming its channel', async () => {
    const broken = await raw('/app/%E0%A4%A?protocol=7');
    expect(await broken.closed).toBe(4001);
    const socket = await raw();
    await socket.next('pusher:connection_established');
    socket.ws.send('null');
    expect(((await socket.next('pusher:error')).data as { message: string }).message).toBe('Messages must be JSON objects');
    socket.send({ event: 'pusher:subscribe', data: null });
    await socket.next('pusher:subscription_error');
    socket.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    expect(await socket.next('pusher:subscription_error')).toMatchObject({ channel: 'news', data: { status: 403 } });
    socket.send({ event: 'pusher:subscribe', data: { channel: 'bad name!' } });
    expect(await socket.next('pusher:subscription_error')).toMatchObject({ channel: 'bad name!', data: { status: 400 } });
    socket.send({ event: 'pusher:ping', data: {} });
    await socket.next('pusher:pong');
    socket.ws.close();
  });

  it('closes a flooding client after repeated warnings', async () => {
    const socket = await raw();
    await socket.next('pusher:connection_established');
    for (let i = 0; i < 80; i += 1) socket.send({ event: 'pusher:ping', data: {} });
    expect(await socket.closed).toBe(4100);
  });

  it('pings a silent client and closes it with 4201 when no pong comes', async () => {
    const socket = await raw();
    await socket.next('pusher:connection_established');
    await socket.next('pusher:ping');
    expect(await socket.closed).toBe(4201);
  });

  it('joins presence channels with members, added and removed per user', async () => {
    const channel = `chat.customer.${alice.user.id}`;
    const first = echo(alice).join(channel);
    const members = await nextEvent<{ id: number }[]>((deliver) => void first.here(deliver));
    expect(members.map((m) => m.id)).toEqual([alice.user.id]);
    const joined = nextEvent<{ id: number; is_admin: boolean }>((deliver) => void first.joining(deliver));
    const second = echo(staff);
    second.join(channel);
    expect(await joined).toMatchObject({ id: staff.user.id, is_admin: true });
    const left = nextEvent<{ id: number }>((deliver) => void first.leaving(deliver));
    second.disconnect();
    expect((await left).id).toBe(staff.user.id);
  });
});

describe('POST /broadcasting/auth', () => {
  const form = (who: { session: { cookie: string; csrf: string } }, body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${stack.webUrl}/broadcasting/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: who.session.cookie, 'X-CSRF-Token': who.session.csrf, ...headers },
      body: new URLSearchParams(body),
    });

  it('signs pusher-js’s form for the customer’s own channel, and refuses malformed socket ids and channel names with 422', async () => {
    const ok = await form(alice, { socket_id: '123.456', channel_name: `private-user.${alice.user.id}` });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { auth: string }).auth).toMatch(new RegExp(`^${testRealtimeCredentials.key}:[0-9a-f]{64}$`));
    const badSocket = await form(alice, { socket_id: '123', channel_name: `private-user.${alice.user.id}` });
    expect(badSocket.status).toBe(422);
    expect(((await badSocket.json()) as { message: string }).message).toBe('Invalid socket id.');
    const badChannel = await form(alice, { socket_id: '123.456', channel_name: 'private-user.1 OR 1=1' });
    expect(badChannel.status).toBe(422);
    expect((await form(alice, { socket_id: '123.456', channel_name: 'private-admin.all' })).status).toBe(403);
  });

  it('refuses a request without the page’s CSRF token, and one without a session', async () => {
    expect((await form(alice, { socket_id: '123.456', channel_name: `private-user.${alice.user.id}` }, { 'X-CSRF-Token': 'wrong' })).status).toBe(403);
    const anonymous = await fetch(`${stack.webUrl}/broadcasting/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'socket_id=1.2&channel_name=private-user.1',
    });
    expect([401, 403]).toContain(anonymous.status);
  });
});
