import type Echo from 'laravel-echo';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatMessagePage, chatMessageSchema, type ChatMessage } from '../../shared/api/chat.schema';
import { realtimeEvents } from '../../shared/realtime';
import { makeUser, type TestPerson } from '../support/factories';
import { browserSession, echoFor, nextEvent, startRealtimeStack, type RealtimeStack } from '../support/realtime';
import { samePicture } from '../support/images';

/**
 * Chat as the original client uses it, with the real pusher-js and laravel-echo through the web tier:
 * the recipient's fetch (a page, or polling with `after`) reads the messages and the sender hears
 * `.message.read`; an attachment's `download_url` opens with no header, through the web tier too.
 */
type Session = { cookie: string; csrf: string };
let stack: RealtimeStack;
let customer: TestPerson & { session: Session };
let staff: TestPerson & { session: Session };
const open: Echo<'pusher'>[] = [];

// A real 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function person(role: 'customer' | 'staff') {
  const made = await makeUser(stack.database.db, { role });
  return { ...made, session: await browserSession(stack.webUrl, made) };
}

/** The conversation's channel as a page joins it, once the subscription succeeded. */
async function chatChannel(who: { session: Session }, customerId: number) {
  const client = echoFor(stack, who.session);
  open.push(client);
  const channel = client.private(`chat.customer.${customerId}`);
  await nextEvent<void>((deliver) => void channel.subscribed(() => deliver()));
  return channel;
}

/** A call through the web tier, as the page makes it (session cookie and CSRF token). */
const call = (who: { session: Session }, method: string, path: string, body?: unknown) =>
  fetch(`${stack.webUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: who.session.cookie, 'X-CSRF-Token': who.session.csrf },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  stack = await startRealtimeStack();
  [customer, staff] = [await person('customer'), await person('staff')];
});
afterEach(() => {
  for (const client of open.splice(0)) client.disconnect();
});
afterAll(() => stack.close());

describe('chat with pusher-js and laravel-echo, through the web tier', () => {
  it('tells the sender `.message.read` when the recipient fetches the conversation, by page or by polling with `after`', async () => {
    const customerSide = await chatChannel(customer, customer.user.id);
    const staffSide = await chatChannel(staff, customer.user.id);

    const question = chatMessageSchema.parse(((await (await call(customer, 'POST', '/api/v1/chat/messages', { message: 'Is my card verified?' })).json()) as { data: unknown }).data);
    const toCustomer = nextEvent<{ message_id: number }>((deliver) => customerSide.listen(`.${realtimeEvents.messageRead}`, deliver));
    const opened = await call(staff, 'GET', `/api/v1/chat/messages?page=1&customer_id=${customer.user.id}`);
    expect(opened.status).toBe(200);
    expect(await toCustomer).toEqual({ message_id: question.id });

    const reply = chatMessageSchema.parse(
      ((await (await call(staff, 'POST', '/api/v1/chat/messages', { message: 'Yes, since this morning.', customer_id: customer.user.id })).json()) as { data: unknown }).data,
    );
    const toStaff = nextEvent<{ message_id: number }>((deliver) => staffSide.listen(`.${realtimeEvents.messageRead}`, deliver));
    // The customer's page polls (its backup path); fetching is reading there too.
    const polled = await call(customer, 'GET', `/api/v1/chat/messages?after=${encodeURIComponent(question.created_at)}`);
    expect(chatMessagePage.parse(await polled.json()).data.map((m) => m.id)).toContain(reply.id);
    expect(await toStaff).toEqual({ message_id: reply.id });
    const unread = (await (await call(customer, 'GET', '/api/v1/chat/unread-count')).json()) as { unread_count: number };
    expect(unread.unread_count).toBe(0);
  });

  it('opens an attachment’s download_url through the web tier with no cookie or header, as a plain <img src> would', async () => {
    const staffSide = await chatChannel(staff, customer.user.id);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'card.png');
    const uploaded = await fetch(`${stack.webUrl}/api/v1/chat/upload`, { method: 'POST', headers: { Cookie: customer.session.cookie, 'X-CSRF-Token': customer.session.csrf }, body: form });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const heard = nextEvent<{ message: ChatMessage }>((deliver) => staffSide.listen(`.${realtimeEvents.messageSent}`, deliver));
    expect((await call(customer, 'POST', '/api/v1/chat/messages', { message: 'my card', attachments: [url] })).status).toBe(201);
    const [attachment] = (await heard).message.attachments;
    expect(attachment).toMatchObject({ file_name: 'card.png', is_image: true });

    const image = await fetch(`${stack.webUrl}${attachment!.download_url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await samePicture(Buffer.from(await image.arrayBuffer()), png)).toBe(true);
    // Tampered: refused with a message, and no session is touched.
    const tampered = await fetch(`${stack.webUrl}${attachment!.download_url.replace(/signature=./, (s) => (s.endsWith('A') ? 'signature=B' : 'signature=A'))}`);
    expect(tampered.status).toBe(403);
    expect(((await tampered.json()) as { message: string }).message).toMatch(/not valid/);
  });
});
