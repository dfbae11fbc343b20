import type Echo from 'laravel-echo';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { realtimeEvents } from '../../shared/realtime';
import { makeIdentities, makeIdentity, type Identity, type IdentityKind } from '../support/identities';
import { browserSession, echoFor, echoWithBearer, nextEvent, startRealtimeStack, type RealtimeStack } from '../support/realtime';
import { bearer } from '../support/bearer';

/**
 * The realtime channels' access rules as real pusher-js and laravel-echo clients meet them
 * (docs/realtime.md#who-may-subscribe), with staff two-factor required: a refused subscription carries
 * nothing, and a subscription never outlives its user's access.
 */
let stack: RealtimeStack;
let who: Record<IdentityKind, Identity>;
const open: Echo<'pusher'>[] = [];

beforeAll(async () => {
  stack = await startRealtimeStack({}, { staffTwoFactor: 'required' });
  who = await makeIdentities(stack.database);
});
afterEach(() => {
  for (const client of open.splice(0)) client.disconnect();
});
afterAll(() => stack.close());

const track = (client: Echo<'pusher'>) => (open.push(client), client);
const subscribed = (channel: { subscribed(callback: () => void): unknown }) => nextEvent<void>((deliver) => void channel.subscribed(() => deliver()));
const refused = (channel: { error(callback: (error: { error: string }) => void): unknown }) => nextEvent<{ error: string }>((deliver) => void channel.error(deliver));
const customerId = () => who.customer.user!.id;

/** Every application event a client hears (the protocol's own `pusher:` events left out). */
function heardBy(client: Echo<'pusher'>): string[] {
  const heard: string[] = [];
  client.connector.pusher.bind_global((event: string) => {
    if (!event.startsWith('pusher:') && !event.startsWith('pusher_internal:')) heard.push(event);
  });
  return heard;
}

const sendAsCustomer = (message: string) => request(stack.apiUrl).post('/api/v1/chat/messages').set(bearer(who.customer.token!)).send({ message });

describe('an admin without two-factor sign-in, through the web tier as their browser', () => {
  it('when they subscribe to a customer’s chat (private and presence), then both are refused and no message reaches them, while enrolled staff hear it', async () => {
    const admin = track(echoFor(stack, await browserSession(stack.webUrl, { email: who.unenrolledAdmin.email!, password: who.unenrolledAdmin.password! })));
    const heard = heardBy(admin);
    expect(await refused(admin.private(`chat.customer.${customerId()}`))).toMatchObject({ error: 'auth 403' });
    expect(await refused(admin.join(`chat.customer.${customerId()}`))).toMatchObject({ error: 'auth 403' });

    const staffChannel = track(echoWithBearer(stack, who.staff.token!)).private(`chat.customer.${customerId()}`);
    await subscribed(staffChannel);
    const toStaff = nextEvent<{ message: { message: string } }>((deliver) => staffChannel.listen(`.${realtimeEvents.messageSent}`, deliver));
    expect((await sendAsCustomer('My card number is on the attached statement')).status).toBe(201);
    expect((await toStaff).message.message).toBe('My card number is on the attached statement');
    expect(heard).toEqual([]);
    expect(admin.connector.pusher.channel(`private-chat.customer.${customerId()}`)?.subscribed).toBe(false);
  });
});

describe('a subscription never outlives its user’s access', () => {
  it('when a staff member listening only to a customer’s chat is deactivated, then their socket is closed and the channel refused to it afresh', async () => {
    const member = await makeIdentity(stack.database, 'staff');
    const client = track(echoWithBearer(stack, member.token!));
    const heard = heardBy(client);
    // No own channel on this socket: only the signature's user names whose it is.
    const channel = client.private(`chat.customer.${customerId()}`);
    await subscribed(channel);
    const dropped = nextEvent<void>((deliver) => {
      client.connector.pusher.connection.bind('state_change', ({ current }: { current: string }) => {
        if (current !== 'connected') deliver();
      });
    });
    const again = refused(channel);

    const change = await request(stack.apiUrl).patch(`/api/v1/admin/staff/${member.user!.id}`).set(bearer(who.admin.token!)).send({ status: 'deactivated', reason: 'Left the firm' });
    expect(change.status).toBe(200);
    await dropped;
    // pusher-js reconnects at once and asks again: the revoked token is refused.
    expect(await again).toMatchObject({ error: 'auth 401' });

    const staffChannel = track(echoWithBearer(stack, who.staff.token!)).private(`chat.customer.${customerId()}`);
    await subscribed(staffChannel);
    const toStaff = nextEvent<unknown>((deliver) => staffChannel.listen(`.${realtimeEvents.messageSent}`, deliver));
    expect((await sendAsCustomer('Anyone there?')).status).toBe(201);
    await toStaff;
    expect(heard).toEqual([]);
  });
});
