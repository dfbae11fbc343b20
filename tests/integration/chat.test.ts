import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessagePage, chatMessageSchema, chatUserList, type ChatMessage } from '../../shared/api/chat.schema';
import type { BusEvents } from '../../server/trading/bus';
import { fileLinkLifetimeMs, fileLinks, fileLinkStepMs } from '../../server/trading/chat/file-links';
import { orphanAfterMs, sweepOrphanFiles } from '../../server/trading/chat/orphan-sweeper';
import { makeUser, type TestPerson } from '../support/factories';
import { startTrading, testRealtimeCredentials, tokenFor, type TradingStack } from '../support/trading';
import { samePicture } from '../support/images';
import { bearer } from '../support/bearer';

let stack: TradingStack;
let staffToken: string;

beforeAll(async () => {
  stack = await startTrading();
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
});
afterAll(async () => {
  await stack.engine.stop();
  await stack.database.close();
});

async function customer(): Promise<TestPerson & { token: string }> {
  const person = await makeUser(stack.database.db);
  return { ...person, token: await tokenFor(stack.app, person) };
}

const send = (token: string, body: object) => request(stack.app).post('/api/v1/chat/messages').set(bearer(token)).send(body);
const page = async (token: string, query: string) => chatMessagePage.parse((await request(stack.app).get(`/api/v1/chat/messages?${query}`).set(bearer(token)).expect(200)).body);

describe('chat messages', () => {
  it('when a customer and staff write, then each sees the conversation, newest first, and the bus carries every message', async () => {
    const alice = await customer();
    const heard: BusEvents['chat.message'][] = [];
    const off = stack.bus.subscribe('chat.message', (event) => heard.push(event));
    const first = await send(alice.token, { message: '  Hello, I need help with a deposit  ' });
    expect(first.status).toBe(201);
    const mine = chatMessageSchema.parse(first.body.data);
    expect(mine).toMatchObject({ customer_id: alice.user.id, sender_id: alice.user.id, is_admin: false, message: 'Hello, I need help with a deposit', read_at: null, attachments: [] });
    const reply = await send(staffToken, { message: 'Happy to help.', customer_id: alice.user.id });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ customer_id: alice.user.id, is_admin: true });
    off();
    expect(heard.map((e) => [e.customerId, e.message.message])).toEqual([
      [alice.user.id, 'Hello, I need help with a deposit'],
      [alice.user.id, 'Happy to help.'],
    ]);
    const asCustomer = await page(alice.token, 'page=1');
    const asStaff = await page(staffToken, `page=1&customer_id=${alice.user.id}`);
    expect(asCustomer.data.map((m) => m.message)).toEqual(['Happy to help.', 'Hello, I need help with a deposit']);
    // The same messages; each side's fetch read the other side's (docs/chat.md#read-receipts).
    const unreadFlag = ({ read_at, ...rest }: ChatMessage) => ({ ...rest, read: read_at !== null });
    expect(asStaff.data.map(unreadFlag)).toEqual(asCustomer.data.map((m) => ({ ...unreadFlag(m), read: true })));
    expect(asCustomer.data.map((m) => m.read_at !== null)).toEqual([true, false]);
    expect(asCustomer.next_page_url).toBeNull();
  });

  it('when a customer names someone else’s conversation, then they still only reach their own', async () => {
    const alice = await customer();
    const mallory = await customer();
    await send(alice.token, { message: 'private to Alice' });
    const seen = await page(mallory.token, `page=1&customer_id=${alice.user.id}`);
    expect(seen.data).toEqual([]);
    const posted = await send(mallory.token, { message: 'hi', customer_id: alice.user.id });
    expect(posted.body.data.customer_id).toBe(mallory.user.id);
    expect((await page(alice.token, 'page=1')).data.map((m) => m.message)).toEqual(['private to Alice']);
  });

  it('when staff leave out the customer or name a stranger or a colleague, then 422 or 404', async () => {
    expect((await request(stack.app).get('/api/v1/chat/messages').set(bearer(staffToken))).status).toBe(422);
    expect((await send(staffToken, { message: 'to nobody' })).body.errors.customer_id).toEqual(['Choose the customer this conversation is with.']);
    expect((await send(staffToken, { message: 'x', customer_id: 999_999 })).status).toBe(404);
    const colleague = await makeUser(stack.database.db, { role: 'staff' });
    expect((await send(staffToken, { message: 'x', customer_id: colleague.user.id })).status).toBe(404);
  });

  it('when a message is blank, too long or names attachments that are not the sender’s uploads, then 422 with the reason and nothing is stored', async () => {
    const bob = await customer();
    expect((await send(bob.token, { message: '   ' })).body.errors).toEqual({ message: ['Type a message or attach a file.'] });
    expect((await send(bob.token, {})).status).toBe(422);
    expect((await send(bob.token, { message: 'x'.repeat(5001) })).body.errors).toEqual({ message: ['A message can be at most 5,000 characters.'] });
    expect((await send(bob.token, { message: 'see file', attachments: ['/files/1'] })).status).toBe(422);
    expect((await send(bob.token, { message: 'see file', attachments: ['/api/v1/chat/files/00000000-0000-4000-8000-000000000000'] })).body.errors).toEqual({
      attachments: ['An attachment was not found among your uploads.'],
    });
    expect((await page(bob.token, 'page=1')).data).toEqual([]);
  });

  it('when a conversation is long, then pages go back in time and `after` returns only what is newer', async () => {
    const carol = await customer();
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 35; i++) sent.push(chatMessageSchema.parse((await send(carol.token, { message: `m${i}` })).body.data));
    const first = await page(carol.token, 'page=1');
    expect(first.data.map((m) => m.message)).toEqual(Array.from({ length: 30 }, (_, i) => `m${35 - i}`));
    expect(first.next_page_url).toBe('/api/v1/chat/messages?page=2');
    const second = await page(carol.token, 'page=2');
    expect(second.data.map((m) => m.message)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
    expect(second.next_page_url).toBeNull();
    // The last message held comes again (ids tell it apart), so nothing sent in the same millisecond is missed.
    const from = (message: ChatMessage) => Date.parse(message.created_at);
    const newer = await page(carol.token, `after=${encodeURIComponent(sent[32]!.created_at)}`);
    expect(newer.data.map((m) => m.message).slice(-3)).toEqual(['m33', 'm34', 'm35']);
    expect(newer.data.every((m) => from(m) >= from(sent[32]!))).toBe(true);
    const byMillis = await page(carol.token, `after=${from(sent[33]!)}`);
    expect(byMillis.data.map((m) => m.message).slice(-2)).toEqual(['m34', 'm35']);
    expect(byMillis.data.every((m) => from(m) >= from(sent[33]!))).toBe(true);
    expect((await request(stack.app).get('/api/v1/chat/messages?after=yesterday').set(bearer(carol.token))).status).toBe(422);
  });
});

// A real 1×1 PNG and the start of a real PDF: recognised by their bytes.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// `filepath` sends the name as given (form-data would otherwise cut folders off before it leaves).
const upload = (token: string, data: Buffer, name: string, type = 'application/octet-stream') => {
  const options = { filename: name, filepath: name, contentType: type };
  return request(stack.app).post('/api/v1/chat/upload').set(bearer(token)).attach('file', data, options);
};

describe('attachments', () => {
  it('when a customer sends an image and a PDF, then the message carries them and only that conversation’s people can download them, as attachments', async () => {
    const frank = await customer();
    const other = await customer();
    const image = await upload(frank.token, png, 'screenshot.png', 'image/png');
    expect(image.status).toBe(201);
    expect(image.body.data).toMatchObject({ file_name: 'screenshot.png', is_image: true });
    const document = await upload(frank.token, pdf, 'statement.pdf', 'application/pdf');
    expect(document.body.data).toMatchObject({ file_name: 'statement.pdf', is_image: false });
    const sent = await send(frank.token, { message: '', attachments: [image.body.url, document.body.url] });
    expect(sent.status).toBe(201);
    expect(sent.body.data.attachments.map((a: { file_name: string }) => a.file_name).sort()).toEqual(['screenshot.png', 'statement.pdf']);
    expect((await page(frank.token, 'page=1')).data[0]!.attachments).toHaveLength(2);

    const mine = await request(stack.app).get(document.body.url).set(bearer(frank.token)).buffer(true);
    expect(mine.status).toBe(200);
    expect(Buffer.from(mine.body as Buffer).equals(pdf)).toBe(true);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toMatch(/^attachment; filename="statement.pdf"/);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['content-security-policy']).toContain('sandbox');
    expect((await request(stack.app).get(document.body.url).set(bearer(staffToken))).status).toBe(200);
    expect((await request(stack.app).get(document.body.url).set(bearer(other.token))).status).toBe(404);
    expect((await send(other.token, { message: 'mine now?', attachments: [image.body.url] })).status).toBe(422);
  });

  it('when a file is not what it claims, is an SVG with script, or is one byte over the limit, then it is refused with a clear message', async () => {
    const grace = await customer();
    const html = await upload(grace.token, Buffer.from('<!doctype html><script>alert(1)</script>'), 'photo.png', 'image/png');
    expect(html.status).toBe(422);
    expect(html.body.errors).toEqual({ file: ['Only images, PDF, Word and Excel files can be sent.'] });
    const svg = await upload(grace.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml');
    expect(svg.status).toBe(422);
    const big = Buffer.concat([png, Buffer.alloc(64 * 1024 + 1 - png.length)]);
    const tooBig = await upload(grace.token, big, 'big.png', 'image/png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('The file is larger than 0.1 MB.');
    const fits = await upload(grace.token, big.subarray(0, 64 * 1024), 'fits.png', 'image/png');
    expect(fits.status).toBe(201);
    expect((await request(stack.app).post('/api/v1/chat/upload').set(bearer(grace.token))).body.errors).toEqual({ file: ['Choose a file to upload.'] });
    const pathLike = await upload(grace.token, pdf, '../../etc/statement.pdf', 'application/pdf');
    expect(pathLike.status).toBe(422);
    expect(pathLike.body.errors).toEqual({ file: ['The file name must not contain folders.'] });
    expect((await upload(grace.token, pdf, 'C:\\Users\\me\\statement.pdf')).status).toBe(422);
    // A compound file that is neither Word nor Excel (an installer, an Outlook mail) is refused too.
    const cfb = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
    expect((await upload(grace.token, cfb, 'statement.doc')).status).toBe(422);
  });

  it('when a file’s name claims another type or hides its real end, then it is named for what it is', async () => {
    const ivan = await customer();
    const renamed = await upload(ivan.token, pdf, 'x.html', 'text/html');
    expect(renamed.body.data.file_name).toBe('x.pdf');
    const reversed = await upload(ivan.token, pdf, 'invoice\u202Efdp.exe');
    expect(reversed.body.data.file_name).toBe('invoicefdp.pdf');
    expect(
      (
        await request(stack.app)
          .get(`/api/v1/chat/files/${'-'.repeat(36)}`)
          .set(bearer(ivan.token))
      ).status,
    ).toBe(404);
    const download = await request(stack.app).get(renamed.body.url).set(bearer(ivan.token));
    expect(download.headers['content-disposition']).toMatch(/filename="x.pdf"/);
  });

  it('when staff attach a file for a customer, then that customer can download it and another cannot', async () => {
    const henry = await customer();
    const stranger = await customer();
    const statement = await upload(staffToken, pdf, 'statement-october.pdf');
    expect((await request(stack.app).get(statement.body.url).set(bearer(henry.token))).status).toBe(404);
    const sent = await send(staffToken, { message: 'Your statement', attachments: [statement.body.url], customer_id: henry.user.id });
    expect(sent.status).toBe(201);
    expect((await request(stack.app).get(statement.body.url).set(bearer(henry.token))).status).toBe(200);
    expect((await request(stack.app).get(statement.body.url).set(bearer(stranger.token))).status).toBe(404);
  });
});

describe('signed download links', () => {
  /** Links as the server makes them (the test stack's realtime secret), at any time. */
  const links = fileLinks(testRealtimeCredentials.secret);
  const withParams = (url: string, change: (params: URLSearchParams) => void) => {
    const [path, search] = url.split('?') as [string, string];
    const params = new URLSearchParams(search);
    change(params);
    return `${path}?${params.toString()}`;
  };

  it('when anyone opens an attachment’s download_url with no header, then they get its bytes with the safe headers, until the link expires', async () => {
    const kim = await customer();
    const image = await upload(kim.token, png, 'chart.png', 'image/png');
    const sent = await send(kim.token, { message: 'see chart', attachments: [image.body.url] });
    const attachment = chatMessageSchema.parse(sent.body.data).attachments[0]!;
    expect(attachment.download_url).toMatch(new RegExp(`^/api/v1/chat/files/${attachment.id}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));
    const expires = Number(new URL(attachment.download_url, 'http://x').searchParams.get('expires')) * 1000;
    expect(expires - Date.now()).toBeGreaterThanOrEqual(fileLinkLifetimeMs - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(fileLinkLifetimeMs + fileLinkStepMs);
    expect(expires % fileLinkStepMs).toBe(0);

    const res = await request(stack.app).get(attachment.download_url).buffer(true);
    expect(res.status).toBe(200);
    expect(await samePicture(res.body as Buffer, png)).toBe(true);
    expect(res.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="chart.png"/);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    // The page's and the staff's copies of the message carry links that work the same way.
    const staffCopy = (await page(staffToken, `page=1&customer_id=${kim.user.id}`)).data[0]!.attachments[0]!;
    expect((await request(stack.app).get(staffCopy.download_url)).status).toBe(200);
    // A forged token beside a good link changes nothing: the link is the permission.
    expect(
      (
        await request(stack.app)
          .get(attachment.download_url)
          .set(bearer('A'.repeat(43)))
      ).status,
    ).toBe(200);
    // The upload's own answer has a working link too (a preview before sending).
    expect((await request(stack.app).get(image.body.data.download_url)).status).toBe(200);

    const file = { id: attachment.id, customerId: kim.user.id };
    const old = await request(stack.app).get(links.urlOf(file, Date.now() - fileLinkLifetimeMs - fileLinkStepMs - 1_000));
    expect(old.status).toBe(403);
    expect(old.body.message).toBe('This file link has expired. Open the file from the conversation again.');
    expect((await request(stack.app).get(links.urlOf(file))).status).toBe(200);
  });

  it('when a link is tampered with, made for another conversation or file, or incomplete, then 403 or 404 with a message, never the bytes', async () => {
    const lee = await customer();
    const other = await customer();
    const document = await upload(lee.token, pdf, 'contract.pdf');
    await send(lee.token, { message: '', attachments: [document.body.url] });
    const good = (await page(lee.token, 'page=1')).data[0]!.attachments[0]!.download_url;
    const refused = async (url: string, status = 403) => {
      const res = await request(stack.app).get(url);
      expect(res.status, url).toBe(status);
      expect(res.body.message, url).toMatch(status === 403 ? /^This file link is not valid\./ : /^File not found\.$/);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    };
    const signature = new URLSearchParams(good.split('?')[1]).get('signature')!;
    await refused(withParams(good, (p) => p.set('signature', (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1))));
    await refused(withParams(good, (p) => p.set('expires', String(Number(p.get('expires')) + 3600))));
    await refused(withParams(good, (p) => p.delete('signature')));
    await refused(withParams(good, (p) => p.delete('expires')));
    await refused(withParams(good, (p) => p.set('signature', 'not base64url!')));
    await refused(withParams(good, (p) => p.set('expires', '-1')));
    // Signed for another conversation (with the server's own key), or as a staff upload not yet sent.
    await refused(links.urlOf({ id: document.body.data.id, customerId: other.user.id }));
    await refused(links.urlOf({ id: document.body.data.id, customerId: null }));
    // Another file's signature on this path.
    const theirs = await upload(other.token, png, 'x.png', 'image/png');
    await refused(`/api/v1/chat/files/${document.body.data.id}?${theirs.body.data.download_url.split('?')[1]}`);
    // A well-formed link to no file, or to a path that cannot be a file.
    await refused(links.urlOf({ id: '00000000-0000-4000-8000-000000000000', customerId: lee.user.id }), 404);
    await refused(`/api/v1/chat/files/..%2F..%2Fetc?${good.split('?')[1]}`, 404);
    // Signed with another secret.
    await refused(fileLinks('another-secret-that-is-long-enough-0123').urlOf({ id: document.body.data.id, customerId: lee.user.id }));
    // No link and no token: the API's usual 401.
    expect((await request(stack.app).get(document.body.url)).status).toBe(401);
  });

  it('when a staff upload is sent, then its upload-time link stops and the message’s link works for the customer', async () => {
    const mia = await customer();
    const statement = await upload(staffToken, pdf, 'statement.pdf');
    expect((await request(stack.app).get(statement.body.data.download_url)).status).toBe(200);
    const sent = chatMessageSchema.parse((await send(staffToken, { message: 'Statement', attachments: [statement.body.data.download_url], customer_id: mia.user.id })).body.data);
    expect((await request(stack.app).get(statement.body.data.download_url)).status).toBe(403);
    expect((await request(stack.app).get(sent.attachments[0]!.download_url)).status).toBe(200);
  });
});

describe('unsent uploads', () => {
  it('when an upload is not sent within a day, then the sweep takes back its row and its bytes, and leaves sent files alone', async () => {
    const jane = await customer();
    const lost = await upload(jane.token, pdf, 'draft.pdf');
    const kept = await upload(jane.token, pdf, 'sent.pdf');
    await send(jane.token, { message: 'here', attachments: [kept.body.url] });
    const dayLater = new Date(Date.now() + orphanAfterMs + 60_000);
    expect(await sweepOrphanFiles({ db: stack.database.db, files: stack.files, now: dayLater })).toBeGreaterThanOrEqual(1);
    expect((await request(stack.app).get(lost.body.url).set(bearer(jane.token))).status).toBe(404);
    expect(await stack.files.open(lost.body.data.id)).toBeNull();
    expect((await request(stack.app).get(kept.body.url).set(bearer(jane.token))).status).toBe(200);
  });
});

describe('reading and unread counts', () => {
  it('when the customer reads the staff replies, then they are marked read, the count drops, and each read is announced', async () => {
    const dave = await customer();
    await send(dave.token, { message: 'question' });
    await send(staffToken, { message: 'answer 1', customer_id: dave.user.id });
    await send(staffToken, { message: 'answer 2', customer_id: dave.user.id });
    const unread = () => request(stack.app).get('/api/v1/chat/unread-count').set(bearer(dave.token));
    expect((await unread()).body).toEqual({ unread_count: 2 });
    const heard: BusEvents['chat.read'][] = [];
    const off = stack.bus.subscribe('chat.read', (event) => heard.push(event));
    const read = await request(stack.app).post('/api/v1/chat/messages/read').set(bearer(dave.token)).send({});
    off();
    expect(read.body.data.read).toHaveLength(2);
    expect(heard).toEqual([{ customerId: dave.user.id, messageIds: read.body.data.read, origin: undefined }]);
    expect((await unread()).body).toEqual({ unread_count: 0 });
    const messages = (await page(dave.token, 'page=1')).data;
    expect(messages.filter((m) => m.is_admin).every((m) => m.read_at !== null)).toBe(true);
    expect(messages.find((m) => !m.is_admin)!.read_at).toBeNull();
    expect((await request(stack.app).post('/api/v1/chat/messages/read').set(bearer(dave.token)).send({})).body.data.read).toEqual([]);
  });

  it('when the recipient fetches the conversation, by page or by polling, then the other side’s messages are read, the sender is told, and the counts drop', async () => {
    const nora = await customer();
    const unread = (token: string) => request(stack.app).get('/api/v1/chat/unread-count').set(bearer(token));
    const heard: BusEvents['chat.read'][] = [];
    const off = stack.bus.subscribe('chat.read', (event) => heard.push(event));
    try {
      const question = chatMessageSchema.parse((await send(nora.token, { message: 'Where is my bonus?' })).body.data);
      const answer = chatMessageSchema.parse((await send(staffToken, { message: 'Checking now', customer_id: nora.user.id })).body.data);
      expect((await unread(nora.token)).body).toEqual({ unread_count: 1 });
      const staffBefore = (await unread(staffToken)).body.unread_count as number;

      // Staff open the conversation: the customer's message is read, and the customer's side hears it.
      const asStaff = await request(stack.app).get(`/api/v1/chat/messages?page=1&customer_id=${nora.user.id}`).set(bearer(staffToken)).set('X-Socket-Id', '123.456');
      expect(asStaff.status).toBe(200);
      expect(heard).toEqual([{ customerId: nora.user.id, messageIds: [question.id], origin: '123.456' }]);
      expect(chatMessagePage.parse(asStaff.body).data.find((m) => m.id === question.id)!.read_at).not.toBeNull();
      expect(chatMessagePage.parse(asStaff.body).data.find((m) => m.id === answer.id)!.read_at).toBeNull();
      expect((await unread(staffToken)).body.unread_count).toBe(staffBefore - 1);
      expect((await unread(nora.token)).body).toEqual({ unread_count: 1 });

      // The customer polls with `after` (the backup path): fetching is reading there too.
      const polled = await page(nora.token, `after=${encodeURIComponent(answer.created_at)}`);
      expect(polled.data.map((m) => m.id)).toEqual([answer.id]);
      expect(polled.data[0]!.read_at).not.toBeNull();
      expect(heard.at(-1)).toEqual({ customerId: nora.user.id, messageIds: [answer.id], origin: undefined });
      expect((await unread(nora.token)).body).toEqual({ unread_count: 0 });

      // Fetching again reads nothing new and announces nothing; the explicit read call still answers.
      const count = heard.length;
      await page(nora.token, 'page=1');
      await page(staffToken, `page=1&customer_id=${nora.user.id}`);
      expect(heard).toHaveLength(count);
      expect((await request(stack.app).post('/api/v1/chat/messages/read').set(bearer(nora.token)).send({})).body.data.read).toEqual([]);

      // A customer naming another conversation reads only their own.
      const other = await customer();
      await send(staffToken, { message: 'For the other customer', customer_id: other.user.id });
      await page(nora.token, `page=1&customer_id=${other.user.id}`);
      expect((await unread(other.token)).body).toEqual({ unread_count: 1 });
    } finally {
      off();
    }
  });

  it('when staff list the customers, then each has its unread count, account and online state; customers may not list them', async () => {
    const erin = await customer();
    const quiet = await customer();
    expect((await request(stack.app).post('/api/v1/user/heartbeat').set(bearer(erin.token))).status).toBe(200);
    await send(erin.token, { message: 'one' });
    await send(erin.token, { message: 'two' });
    const list = chatUserList.parse((await request(stack.app).get('/api/v1/admin/users').set(bearer(staffToken)).expect(200)).body);
    const row = list.data.find((u) => u.id === erin.user.id)!;
    expect(row).toMatchObject({ email: erin.email, unread_count: 2, is_online: true });
    expect(row.account_id).toMatch(/^\d+$/);
    expect(list.data.find((u) => u.id === quiet.user.id)).toMatchObject({ is_online: false, unread_count: 0, last_message_at: null });
    expect(row.last_message_at).not.toBeNull();
    expect(list.data[0]!.last_message_at).not.toBeNull();
    expect(list.data.every((u) => !u.email.startsWith('staff-'))).toBe(true);
    expect((await request(stack.app).get('/api/v1/admin/users').set(bearer(erin.token))).status).toBe(403);
    const staffUnread = await request(stack.app).get('/api/v1/chat/unread-count').set(bearer(staffToken));
    expect(staffUnread.body.unread_count).toBeGreaterThanOrEqual(2);
  });
});
