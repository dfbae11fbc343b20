import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogPage, auditTexts, type AuditLogPage } from '../../shared/api/audit.schema';
import { recordAudit } from '../../server/trading/db/audit.repo';
import type { AppDb } from '../../server/trading/db/database';
import { addToOutbox } from '../../server/trading/db/outbox.repo';
import { auditLog } from '../../server/trading/db/schema';
import { makeUser, type TestPerson } from '../support/factories';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';
import { csrfFrom, startWebStack, webAppFor, type WebStack } from '../support/web';
import { bearer } from '../support/bearer';

/** An entry written on a given day, as the server would have written it then. */
async function auditOn(db: AppDb, at: string, entry: { action: string; subjectId: number; actorId?: number | null; details?: Record<string, unknown> }) {
  await db
    .insert(auditLog)
    .values({ actorId: entry.actorId ?? null, action: entry.action, subjectType: 'user', subjectId: String(entry.subjectId), details: entry.details ?? {}, createdAt: new Date(at) });
}

describe('GET /api/v1/admin/audit', () => {
  let stack: TradingStack;
  let staff: TestPerson;
  let staffToken: string;

  beforeAll(async () => {
    stack = await startTrading();
    staff = await makeUser(stack.database.db, { role: 'staff' });
    staffToken = await tokenFor(stack.app, staff);
  });
  afterAll(async () => {
    await stack.engine.stop();
    await stack.database.close();
  });

  const read = async (query: Record<string, string | number> = {}): Promise<AuditLogPage> => {
    const res = await request(stack.app).get('/api/v1/admin/audit').query(query).set(bearer(staffToken));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return auditLogPage.parse(res.body);
  };

  it('when a customer or nobody asks, then 403 and 401; staff and admins read it', async () => {
    const customer = await makeUser(stack.database.db);
    const refused = await request(stack.app)
      .get('/api/v1/admin/audit')
      .set(bearer(await tokenFor(stack.app, customer)));
    expect(refused.status).toBe(403);
    expect((await request(stack.app).get('/api/v1/admin/audit')).status).toBe(401);
    const admin = await makeUser(stack.database.db, { role: 'admin' });
    const asAdmin = await request(stack.app)
      .get('/api/v1/admin/audit')
      .set(bearer(await tokenFor(stack.app, admin)));
    expect(asAdmin.status).toBe(200);
    expect(auditLogPage.safeParse(asAdmin.body).success).toBe(true);
  });

  it('when staff write to a customer and read the outbox, then both are in the log, newest first, with who, whom and what; reading the log adds nothing', async () => {
    const customer = await makeUser(stack.database.db);
    const sent = await request(stack.app).post(`/api/v1/admin/users/${customer.user.id}/notifications`).set(bearer(staffToken)).send({ message: 'x' });
    expect(sent.status).toBe(201);
    expect((await request(stack.app).get('/api/v1/admin/outbox').set(bearer(staffToken))).status).toBe(200);

    const log = await read({ actor: staff.email });
    expect(log.data.map((e) => e.action).slice(0, 2)).toEqual(['outbox.read', 'notification.sent']);
    const [outboxRead, notified] = log.data;
    expect(outboxRead!.subject_user).toBeNull();
    expect(notified).toMatchObject({
      actor: { id: staff.user.id, name: 'Test Staff', email: staff.email, role: 'staff' },
      subject_type: 'user',
      subject_id: String(customer.user.id),
      subject_user: { id: customer.user.id, name: 'Test Customer', email: customer.email },
      details: { title: 'Notification' },
    });
    expect(notified!.ip).toEqual(expect.any(String));
    expect(new Date(notified!.created_at).toISOString()).toBe(notified!.created_at);
    expect(log.actions).toEqual(expect.arrayContaining(['notification.sent', 'outbox.read']));
    expect([...log.actions].sort()).toEqual(log.actions);

    const again = await read();
    expect((await read()).meta.total).toBe(again.meta.total);
  });

  it('when filtered by action, customer (id or e-mail, any case) or actor (e-mail, id or system), then only those entries come', async () => {
    const customer = await makeUser(stack.database.db);
    const other = await makeUser(stack.database.db);
    await request(stack.app).post(`/api/v1/admin/users/${customer.user.id}/notifications`).set(bearer(staffToken)).send({ message: 'one' });
    await request(stack.app).post(`/api/v1/admin/users/${other.user.id}/notifications`).set(bearer(staffToken)).send({ message: 'two' });
    await recordAudit(stack.database.db, { actorId: null, action: 'autotrader.stopped', subjectType: 'user', subjectId: customer.user.id });

    const byId = await read({ customer: customer.user.id });
    expect(byId.data.map((e) => e.action)).toEqual(['autotrader.stopped', 'notification.sent']);
    expect(byId.data.every((e) => e.subject_user?.id === customer.user.id)).toBe(true);
    const byEmail = await read({ customer: `  ${customer.email.toUpperCase()} ` });
    expect(byEmail.data.map((e) => e.id)).toEqual(byId.data.map((e) => e.id));

    const notes = await read({ customer: customer.user.id, action: 'notification.sent' });
    expect(notes.meta.total).toBe(1);
    const byAction = await read({ action: 'notification.sent' });
    expect(byAction.data.every((e) => e.action === 'notification.sent')).toBe(true);
    expect(byAction.data.map((e) => e.subject_user?.id)).toEqual(expect.arrayContaining([customer.user.id, other.user.id]));

    const bySystem = await read({ customer: customer.user.id, actor: 'system' });
    expect(bySystem.data).toHaveLength(1);
    expect(bySystem.data[0]).toMatchObject({ actor: null, action: 'autotrader.stopped' });
    const byActorId = await read({ customer: customer.user.id, actor: staff.user.id });
    expect(byActorId.data.map((e) => e.action)).toEqual(['notification.sent']);

    // Names nobody: an unknown address, an id past what the column holds, a customer given as a word.
    const nobody: Record<string, string>[] = [{ actor: 'nobody@example.test' }, { customer: '99999999999999999999' }, { customer: 'someone' }, { action: 'no.such_action' }];
    for (const query of nobody) {
      const none = await read(query);
      expect(none.data, JSON.stringify(query)).toEqual([]);
      expect(none.meta).toMatchObject({ total: 0, last_page: 1 });
    }
  });

  it('when filtered by days, then both ends count whole UTC days', async () => {
    const customer = await makeUser(stack.database.db);
    await auditOn(stack.database.db, '2020-01-15T23:30:00Z', { action: 'user.status_changed', subjectId: customer.user.id, details: { from: 'pending', to: 'active' } });
    await auditOn(stack.database.db, '2020-01-16T00:00:00Z', { action: 'notification.sent', subjectId: customer.user.id });
    const within = async (from: string | undefined, to: string | undefined) => (await read({ customer: customer.user.id, ...(from ? { from } : {}), ...(to ? { to } : {}) })).data.map((e) => e.action);
    expect(await within('2020-01-15', '2020-01-15')).toEqual(['user.status_changed']);
    expect(await within('2020-01-16', '2020-01-16')).toEqual(['notification.sent']);
    expect(await within('2020-01-15', '2020-01-16')).toEqual(['notification.sent', 'user.status_changed']);
    expect(await within('2020-01-17', undefined)).toEqual([]);
    expect(await within(undefined, '2020-01-14')).toEqual([]);
    expect(await within('1000-01-01', '9999-12-31')).toHaveLength(2);
  });

  it('when the filters do not make sense, then 422 with the field’s message; blank filters are no filters', async () => {
    const refused = async (query: Record<string, string>) => {
      const res = await request(stack.app).get('/api/v1/admin/audit').query(query).set(bearer(staffToken));
      expect(res.status, JSON.stringify(query)).toBe(422);
      return res.body as { message: string; errors: Record<string, string[]> };
    };
    const range = await refused({ from: '2025-03-10', to: '2025-03-01' });
    expect(range.message).toBe(auditTexts.range);
    expect(range.errors.to).toEqual([auditTexts.range]);
    expect((await refused({ from: '2025-02-30' })).errors.from).toEqual([auditTexts.day('from')]);
    expect((await refused({ to: '10/03/2025' })).errors.to).toEqual([auditTexts.day('to')]);
    expect((await refused({ page: '0' })).errors.page).toEqual([auditTexts.page]);
    expect((await refused({ page: 'two' })).message).toBe(auditTexts.page);
    expect((await refused({ actor: 'a'.repeat(255) })).errors.actor).toEqual([auditTexts.actor]);
    expect((await refused({ action: 'a'.repeat(101) })).errors.action).toEqual([auditTexts.action]);

    const all = await read();
    const blank = await read({ actor: '', customer: ' ', action: '', from: '', to: '' });
    expect(blank.meta.total).toBe(all.meta.total);
  });

  it('when there are more than 25, then pages of 25 newest first, with next and previous links that keep the filters', async () => {
    const customer = await makeUser(stack.database.db);
    for (let i = 0; i < 30; i += 1) await recordAudit(stack.database.db, { actorId: staff.user.id, action: 'test.paged', subjectType: 'user', subjectId: customer.user.id, details: { n: i } });
    const first = await read({ customer: customer.user.id, action: 'test.paged' });
    expect(first.meta).toEqual({ current_page: 1, per_page: 25, last_page: 2, total: 30 });
    expect(first.data).toHaveLength(25);
    expect(first.data[0]!.details).toEqual({ n: 29 });
    expect(first.links.prev).toBeNull();
    expect(first.links.next).toBe(`/api/v1/admin/audit?page=2&customer=${customer.user.id}&action=test.paged`);

    const next = await request(stack.app).get(first.links.next!).set(bearer(staffToken));
    const second = auditLogPage.parse(next.body);
    expect(second.meta.current_page).toBe(2);
    expect(second.data.map((e) => e.details)).toEqual([4, 3, 2, 1, 0].map((n) => ({ n })));
    expect(second.links.next).toBeNull();
    expect(second.links.prev).toBe(`/api/v1/admin/audit?page=1&customer=${customer.user.id}&action=test.paged`);
    const ids = [...first.data, ...second.data].map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const beyond = await read({ customer: customer.user.id, action: 'test.paged', page: 9 });
    expect(beyond.data).toEqual([]);
    expect(beyond.links.prev).toBe(`/api/v1/admin/audit?page=2&customer=${customer.user.id}&action=test.paged`);
  });
});

/** Signs a person in through the web tier's login form (staff are sent on to the back office, so no page is read after). */
async function webAgent(web: Express, person: { email: string; password: string }) {
  const agent = request.agent(web);
  const csrf = csrfFrom((await agent.get('/')).text);
  const res = await agent.post('/session').set('X-CSRF-Token', csrf).set('Accept', 'application/json').send({ email: person.email, password: person.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

describe('the audit log and outbox pages', () => {
  let stack: WebStack;
  let staff: TestPerson;
  let customer: TestPerson;

  beforeAll(async () => {
    stack = await startWebStack();
    staff = await makeUser(stack.database.db, { role: 'staff' });
    customer = await makeUser(stack.database.db);
  });
  afterAll(() => stack.close());

  it('when staff open the audit log, then a table of entries with the actor or System, the subject linked, the change and the details', async () => {
    await auditOn(stack.database.db, '2024-06-01T10:00:00Z', {
      action: 'user.status_changed',
      subjectId: customer.user.id,
      actorId: staff.user.id,
      details: { from: 'pending', to: 'active', tokens_revoked: 0 },
    });
    await auditOn(stack.database.db, '2024-06-02T10:00:00Z', { action: 'autotrader.stopped', subjectId: customer.user.id, details: { reason: 'Margin too low' } });
    const agent = await webAgent(stack.web, staff);
    const page = await agent.get('/admin/audit').query({ customer: customer.user.id });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Audit log</h1>');
    expect(page.text).toMatch(/<form class="audit-filters"[^>]* action="\/admin\/audit" method="get">/);
    expect(page.text).toContain(`href="/admin/customers/${customer.user.id}"`);
    expect(page.text).toContain('<span class="audit-system">System</span>');
    expect(page.text).toMatch(/<span>pending<\/span><span aria-label="changed to"> → <\/span><span>active<\/span>/);
    expect(page.text).toContain('<dt>tokens revoked</dt><dd>0</dd>');
    expect(page.text).toContain('<dt>reason</dt><dd>Margin too low</dd>');
    expect(page.text).toContain('<option value="user.status_changed">user.status_changed</option>');
    const [newer, older] = [page.text.indexOf('autotrader.<wbr/>stopped</code>'), page.text.indexOf('user.<wbr/>status_<wbr/>changed</code>')];
    expect(newer).toBeGreaterThan(0);
    expect(older).toBeGreaterThan(newer);

    const none = await agent.get('/admin/audit').query({ customer: customer.user.id, action: 'settings.updated' });
    expect(none.status).toBe(200);
    expect(none.text).toContain(auditTexts.empty);
  });

  it('when the filters are refused, then the page answers 422 with the message at the form, the filters kept', async () => {
    const agent = await webAgent(stack.web, staff);
    const page = await agent.get('/admin/audit').query({ from: '2025-03-10', to: '2025-03-01', actor: staff.email });
    expect(page.status).toBe(422);
    expect(page.text).toContain('<p class="audit-form-error" role="alert">The “from” date must not be after the “to” date.</p>');
    expect(page.text).toContain('id="audit-to-error"');
    expect(page.text).toContain(`value="${staff.email}"`);
    expect(page.text).not.toContain('<table');
  });

  it('when there are more entries than a page, then the links to other pages keep the filters', async () => {
    for (let i = 0; i < 26; i += 1) await recordAudit(stack.database.db, { actorId: null, action: 'test.pages', subjectType: 'user', subjectId: customer.user.id });
    const agent = await webAgent(stack.web, staff);
    const page = await agent.get('/admin/audit').query({ action: 'test.pages', customer: String(customer.user.id) });
    expect(page.text).toContain(`href="/admin/audit?customer=${customer.user.id}&amp;action=test.pages&amp;page=2" rel="next"`);
    const second = await agent.get(`/admin/audit?customer=${customer.user.id}&action=test.pages&page=2`);
    expect(second.text).toContain(`href="/admin/audit?customer=${customer.user.id}&amp;action=test.pages" rel="prev"`);
    expect(second.text).toContain('Page 2 of 2');
  });

  it('when a customer asks for the back office pages, then the not-found page', async () => {
    const agent = await webAgent(stack.web, customer);
    for (const path of ['/admin/audit', '/admin/outbox']) {
      const page = await agent.get(path);
      expect(page.status).toBe(404);
      expect(page.text).toContain('Page not found');
    }
  });

  it('when staff open the outbox, then the mail to customers with its text, and a search by address', async () => {
    await addToOutbox(stack.database.db, { to: customer.email, subject: 'Reset your password', text: 'Hello,\nopen this link.' });
    const agent = await webAgent(stack.web, staff);
    const page = await agent.get('/admin/outbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Outbox</h1>');
    expect(page.text).toContain('Reset your password');
    expect(page.text).toContain('<summary>Show text</summary><pre>Hello,\nopen this link.</pre>');
    const mine = await agent.get('/admin/outbox').query({ to: ` ${customer.email} ` });
    expect(mine.text).toContain('Reset your password');
    const other = await agent.get('/admin/outbox').query({ to: 'other@example.test' });
    expect(other.text).toContain(auditTexts.outboxEmptyTo('other@example.test'));
    const long = await agent.get('/admin/outbox').query({ to: `${'a'.repeat(250)}@example.test` });
    expect(long.status).toBe(422);
    expect(long.text).toContain('An e-mail address has at most 254 characters.');
    // Each read of the outbox is audited.
    const reads = await agent.get('/admin/audit').query({ action: 'outbox.read' });
    expect(reads.text.match(/outbox\.<wbr\/>read<\/code>/g)?.length).toBeGreaterThanOrEqual(3);
  });

  describe('when the API fails the audit log call', () => {
    let failing: Server;
    let web: Express;

    beforeAll(async () => {
      // In front of the API: everything passes but the audit log, which answers 502.
      failing = createServer((req, res) => {
        if (req.url?.startsWith('/api/v1/admin/audit')) return void res.writeHead(502).end();
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
          void fetch(`${stack.apiUrl}${req.url}`, { method: req.method!, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : null }).then(async (answer) => {
            const body = Buffer.from(await answer.arrayBuffer());
            res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(body);
          });
        });
      });
      await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
      web = webAppFor(`http://127.0.0.1:${(failing.address() as AddressInfo).port}`);
    });
    afterAll(() => new Promise<void>((resolve) => failing.close(() => resolve())));

    it('then the page says it could not be loaded, with the form still there', async () => {
      const agent = await webAgent(web, staff);
      const page = await agent.get('/admin/audit');
      expect(page.status).toBe(503);
      expect(page.text).toContain(auditTexts.loadFailed);
      expect(page.text).toContain('class="audit-filters"');
    });
  });
});
