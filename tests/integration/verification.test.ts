import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyVerificationResponse, verificationCaseResponse, type VerificationCase } from '../../shared/api/verification.schema';
import { gateTexts } from '../../shared/texts';
import { auditLog, notifications, users, verificationDocuments } from '../../server/trading/db/schema';
import { updateSettings } from '../../server/trading/db/settings.repo';
import { profileTexts } from '../../shared/api/profile.schema';
import { makeUser, type TestPerson } from '../support/factories';
import { approveIdentity, tinyPng } from '../support/kyc';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';
import { signedInAgent, startWebStack, type WebStack } from '../support/web';
import { samePicture } from '../support/images';
import { bearer } from '../support/bearer';

let stack: TradingStack;
let staffToken: string;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  stack = await startTrading();
  await updateSettings(stack.database.db, { must_verify_account: true });
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
});
afterAll(async () => {
  await stack.trading.close();
  await stack.database.close();
});

const caseOf = async (token: string): Promise<VerificationCase> => verificationCaseResponse.parse((await request(stack.app).get('/api/v1/verification').set(bearer(token))).body).data;

/** One upload through the API, as the page sends it. */
function send(token: string, fields: Record<string, string>, file: Buffer = tinyPng, name = 'photo.png') {
  const req = request(stack.app).post('/api/v1/verification/documents').set(bearer(token));
  for (const [key, value] of Object.entries(fields)) void req.field(key, value);
  return req.attach('file', file, name);
}

const decide = (id: number, action: 'approve' | 'reject', body: object = {}) => request(stack.app).post(`/api/v1/admin/queues/documents/${id}/${action}`).set(bearer(staffToken)).send(body);

async function customer(status: 'active' | 'pending' = 'pending', birthDate?: string): Promise<TestPerson & { token: string }> {
  const person = await makeUser(stack.database.db, { status, ...(birthDate ? { birthDate } : {}) });
  return { ...person, token: await tokenFor(stack.app, person) };
}

describe('the verification case', () => {
  it('a pending customer sends a national ID (front and back) and a proof of address; once staff approve both kinds they become active, audited and told', async () => {
    const person = await customer('pending');
    expect(await caseOf(person.token)).toMatchObject({
      status: 'unverified',
      kinds: { identity: 'unverified', proof_of_address: 'unverified', selfie: 'unverified' },
      may_withdraw: false,
      provider: 'manual',
      documents: [],
    });
    // Elsewhere the API still refuses them (the gate), but they can ask support.
    expect((await request(stack.app).get('/api/v1/funding').set(bearer(person.token))).status).toBe(403);
    expect((await request(stack.app).get('/api/v1/chat/unread-count').set(bearer(person.token))).status).toBe(200);

    // The date of birth and the address the documents must show, given in the wizard (Personal information is behind the gate).
    const details = await request(stack.app).post('/api/v1/verification/details').set(bearer(person.token)).send({ birth_date: '1991-07-30', address: '4 Quay Street, Galway' });
    expect([details.status, details.body.data.birth_date, details.body.data.address]).toEqual([200, '1991-07-30', '4 Quay Street, Galway']);
    expect((await request(stack.app).post('/api/v1/verification/details').set(bearer(person.token)).send({ address: 'x' })).body.errors.address).toEqual([profileTexts.address]);
    const front = await send(person.token, { kind: 'identity', id_type: 'national_id', side: 'front' }, tinyPng, 'id-front.png');
    expect(front.status).toBe(201);
    expect(front.body.data).toMatchObject({ kind: 'identity', id_type: 'national_id', side: 'front', label: 'National ID · Front', status: 'pending', file_name: 'id-front.png', current: true });
    const back = await send(person.token, { kind: 'identity', id_type: 'national_id', side: 'back' });
    const address = await send(person.token, { kind: 'proof_of_address' }, pdf, 'bill.pdf');
    expect([back.status, address.status, address.body.data.mime]).toEqual([201, 201, 'application/pdf']);
    expect(address.body.case).toMatchObject({ status: 'pending', kinds: { identity: 'pending', proof_of_address: 'pending' } });

    // One side approved is not an identity yet.
    expect((await decide(front.body.data.id, 'approve')).status).toBe(200);
    expect((await caseOf(person.token)).kinds.identity).toBe('pending');
    await decide(back.body.data.id, 'approve');
    expect((await caseOf(person.token)).kinds.identity).toBe('approved');
    const [still] = await stack.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(still!.status).toBe('pending');

    const events: string[] = [];
    const off = stack.bus.subscribe('user.updated', ({ userId }) => userId === person.user.id && events.push('user.updated'));
    const offAccess = stack.bus.subscribe('access.changed', ({ userId }) => userId === person.user.id && events.push('access.changed'));
    expect((await decide(address.body.data.id, 'approve')).status).toBe(200);
    off();
    offAccess();
    expect(events).toEqual(['user.updated', 'access.changed']);
    const [after] = await stack.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(after!.status).toBe('active');
    const [entry] = await stack.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.status_changed'), eq(auditLog.subjectId, String(person.user.id))));
    expect(entry!.details).toMatchObject({ from: 'pending', to: 'active', automatic: true });
    const told = await stack.database.db.select().from(notifications).where(eq(notifications.userId, person.user.id));
    expect(told.map((n) => n.title)).toContain('Account approved');
    // The API now serves them as any active customer; withdrawals are open.
    expect((await request(stack.app).get('/api/v1/funding').set(bearer(person.token))).status).toBe(200);
    expect(await caseOf(person.token)).toMatchObject({ status: 'approved', may_withdraw: true });
  });

  it('refuses what is not a document, or not the right one: 422 with the field, 409 for a slot already waiting; nothing is kept', async () => {
    const person = await customer('active');
    const cases: [Record<string, string>, Buffer, string, string][] = [
      [{ kind: 'identity' }, tinyPng, 'id_type', 'Choose the kind of identity document.'],
      [{ kind: 'identity', id_type: 'driving_licence' }, tinyPng, 'side', 'Say which side of the document this is.'],
      [{ kind: 'identity', id_type: 'passport', side: 'back' }, tinyPng, 'side', 'A passport is one page: send its photo page.'],
      [{ kind: 'proof_of_address', side: 'front' }, tinyPng, 'kind', 'Only an identity document has a type and a side.'],
      [{ kind: 'tax_return' }, tinyPng, 'kind', 'Choose which document this is.'],
      [{ kind: 'proof_of_address' }, Buffer.from('<html><script>alert(1)</script></html>'), 'file', 'Send a photo (JPEG, PNG or WebP) or a PDF.'],
      [{ kind: 'selfie' }, pdf, 'file', 'A selfie is a photo: send a JPEG, PNG or WebP image.'],
    ];
    for (const [fields, file, field, message] of cases) {
      const res = await send(person.token, fields, file);
      expect(res.status, message).toBe(422);
      expect(res.body.errors[field], message).toEqual([message]);
    }
    const none = await request(stack.app).post('/api/v1/verification/documents').set(bearer(person.token)).field('kind', 'selfie');
    expect(none.status).toBe(422);
    expect((await caseOf(person.token)).documents).toEqual([]);

    expect((await send(person.token, { kind: 'identity', id_type: 'passport' })).status).toBe(201);
    const twice = await send(person.token, { kind: 'identity', id_type: 'passport', side: 'front' });
    expect([twice.status, twice.body.message]).toEqual([409, 'This document is already waiting for review. Send a new one once it has been reviewed.']);
    expect((await caseOf(person.token)).documents).toHaveLength(1);
  });

  it("a rejection shows staff's reason; a new document replaces it and the refused one stays as history; the original's read-back says the same", async () => {
    const person = await customer('pending');
    const first = await send(person.token, { kind: 'proof_of_address' }, tinyPng, 'old-bill.png');
    expect((await decide(first.body.data.id, 'reject', { reason: 'address_too_old', note: 'It is from 2021.' })).status).toBe(200);
    let kase = await caseOf(person.token);
    expect(kase).toMatchObject({ status: 'rejected', kinds: { proof_of_address: 'rejected' } });
    expect(kase.documents[0]).toMatchObject({ status: 'rejected', reason: 'The proof of address is older than three months. It is from 2021.', current: true });
    const legacy = legacyVerificationResponse.parse((await request(stack.app).get('/api/v1/user/verification').set(bearer(person.token))).body).data;
    expect(legacy.find((row) => row.type === 'proof_of_address')).toMatchObject({ status: 'rejected', reason: 'The proof of address is older than three months. It is from 2021.' });
    expect(legacy.map((row) => row.type)).toEqual(['id', 'proof_of_address', 'selfie']);

    const again = await send(person.token, { kind: 'proof_of_address' }, tinyPng, 'new-bill.png');
    expect(again.status).toBe(201);
    kase = await caseOf(person.token);
    expect(kase.kinds.proof_of_address).toBe('pending');
    expect(kase.documents.map((doc) => [doc.file_name, doc.status, doc.current])).toEqual([
      ['new-bill.png', 'pending', true],
      ['old-bill.png', 'rejected', false],
    ]);
    // A refusal a newer document replaced no longer makes the case "rejected".
    await decide(again.body.data.id, 'approve');
    expect((await caseOf(person.token)).status).toBe('unverified');
  });

  it("a customer opens their own files, and nobody else's (404); staff's queue shows the ID's type and side", async () => {
    const owner = await customer('active');
    const other = await customer('active');
    const doc = (await send(owner.token, { kind: 'identity', id_type: 'driving_licence', side: 'back' })).body.data as { id: number; file_url: string };
    const own = await request(stack.app).get(doc.file_url).set(bearer(owner.token)).buffer(true);
    expect([own.status, own.headers['content-type'], own.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    expect(await samePicture(own.body as Buffer, tinyPng)).toBe(true);
    expect((await request(stack.app).get(doc.file_url).set(bearer(other.token))).status).toBe(404);
    expect((await request(stack.app).get('/api/v1/verification/documents/999999999/file').set(bearer(owner.token))).status).toBe(404);
    const queue = (
      await request(stack.app)
        .get(`/api/v1/admin/queues/documents?q=${encodeURIComponent(owner.email)}`)
        .set(bearer(staffToken))
    ).body.data;
    expect(queue[0]).toMatchObject({ id: doc.id, id_type: 'driving_licence', side: 'back', label: "Driver's License · Back", provider: 'manual' });
  });

  it('a document name with text-direction controls is shown to staff and its owner without them, also from a row kept before names were cleaned', async () => {
    const owner = await customer('active');
    const sent = await send(owner.token, { kind: 'proof_of_address' }, pdf, 'bill\u202eFDP.exe\u2066.pdf');
    expect(sent.body.data.file_name).toBe('billFDP.exe.pdf');
    const id = sent.body.data.id as number;
    await stack.database.db.update(verificationDocuments).set({ fileName: 'invoice\u202efdp.exe\u061c\u200f' }).where(eq(verificationDocuments.id, id));
    const queue = await request(stack.app)
      .get(`/api/v1/admin/queues/documents?q=${encodeURIComponent(owner.email)}`)
      .set(bearer(staffToken));
    expect(queue.body.data.map((doc: { file_name: string }) => doc.file_name)).toEqual(['invoicefdp.exe']);
    expect((await decide(id, 'approve')).body.data.file_name).toBe('invoicefdp.exe');
    expect((await caseOf(owner.token)).documents.map((doc) => doc.file_name)).toEqual(['invoicefdp.exe']);
  });

  it("the original client's POST /update/kyc: type and id_front, id_back or document", async () => {
    const person = await customer('pending', '1985-03-21');
    const legacy = (fields: Record<string, string>, field: string) => {
      const req = request(stack.app).post('/api/v1/update/kyc').set(bearer(person.token));
      for (const [key, value] of Object.entries(fields)) void req.field(key, value);
      return req.attach(field, tinyPng, 'scan.png');
    };
    expect((await legacy({ type: 'id' }, 'id_front')).status).toBe(200);
    expect((await legacy({ type: 'id' }, 'id_back')).status).toBe(200);
    expect((await legacy({ type: 'proof_of_address' }, 'document')).body.message).toMatch(/uploaded/);
    expect((await legacy({ type: 'id' }, 'document')).status).toBe(422);
    expect((await legacy({ type: 'selfie' }, 'id_front')).status).toBe(422);
    expect((await legacy({ type: 'passport' }, 'document')).status).toBe(422);
    const kase = await caseOf(person.token);
    expect(kase.documents.map((doc) => [doc.kind, doc.side])).toEqual([
      ['proof_of_address', null],
      ['identity', 'back'],
      ['identity', 'front'],
    ]);
    for (const doc of kase.documents) await decide(doc.id, 'approve');
    expect((await caseOf(person.token)).status).toBe('approved');
  });

  it('a customer staff put back under review stays pending when another of their documents is approved', async () => {
    const person = await customer('pending');
    await approveIdentity(stack.database.db, person.user.id);
    const selfie = await send(person.token, { kind: 'selfie' });
    expect(selfie.status).toBe(201);
    expect((await decide(selfie.body.data.id, 'approve')).status).toBe(200);
    const [row] = await stack.database.db.select({ status: users.status }).from(users).where(eq(users.id, person.user.id));
    expect(row!.status).toBe('pending');
  });

  it('a deactivated customer may not send documents', async () => {
    const person = await makeUser(stack.database.db, { status: 'active' });
    const token = await tokenFor(stack.app, person);
    await stack.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, person.user.id));
    stack.bus.publish('access.changed', { userId: person.user.id });
    expect((await send(token, { kind: 'selfie' })).status).toBe(403);
  });
});

describe('the pages', () => {
  let web: WebStack;
  beforeAll(async () => {
    web = await startWebStack();
    await updateSettings(web.database.db, { must_verify_account: true });
  });
  afterAll(() => web.close());

  it('a pending customer gets the gate with links to verification, support chat and sign-out; verification and chat open; /main/kyc leads to verification', async () => {
    const person = await makeUser(web.database.db, { status: 'pending' });
    const { agent } = await signedInAgent(web.web, person);
    const gate = await agent.get('/main/dashboard');
    expect(gate.status).toBe(403);
    expect(gate.text).toContain(gateTexts.awaitingApproval.title);
    expect(gate.text).toContain('href="/main/verification"');
    expect(gate.text).toContain('href="/main/chat"');
    expect(gate.text).toContain('action="/session/logout"');
    expect((await agent.get('/main/withdrawal')).status).toBe(403);
    const page = await agent.get('/main/verification');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Verify identity');
    expect(page.text).toContain('Passport Page');
    expect((await agent.get('/main/chat')).status).toBe(200);
    const kyc = await agent.get('/main/kyc');
    expect([kyc.status, kyc.headers.location]).toEqual([302, '/main/verification']);
  });

  it('an active verified-less customer sees the page too, and the API refuses a cross-site upload', async () => {
    const person = await makeUser(web.database.db, { status: 'active' });
    const { agent } = await signedInAgent(web.web, person);
    const page = await agent.get('/main/verification');
    expect(page.status).toBe(200);
    const noCsrf = await agent.post('/api/v1/verification/documents').field('kind', 'selfie').attach('file', tinyPng, 'me.png');
    expect(noCsrf.status).toBe(403);
  });
});
