import { and, desc, eq } from 'drizzle-orm';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffMemberSchema } from '../../shared/api/staff-accounts.schema';
import { auditLog, outbox, users } from '../../server/trading/db/schema';
import { DomainError } from '../../server/trading/errors';
import { changeStaffAccount } from '../../server/trading/users/staff-accounts';
import { makeUser, type TestPerson } from '../support/factories';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';
import { csrfFrom, startWebStack, type WebStack } from '../support/web';
import { bearer } from '../support/bearer';

let stack: TradingStack;
let admin: TestPerson;
let adminToken: string;
const list = (token = adminToken) => request(stack.app).get('/api/v1/admin/staff').set(bearer(token));
const invite = (body: object, token = adminToken) => request(stack.app).post('/api/v1/admin/staff').set(bearer(token)).send(body);
const change = (id: number, body: object, token = adminToken, app = stack.app) => request(app).patch(`/api/v1/admin/staff/${id}`).set(bearer(token)).send(body);
const auditsOf = (db: TradingStack['database']['db'], userId: number, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(userId)), eq(auditLog.action, action)))
    .orderBy(auditLog.id);
const userRow = async (id: number) => (await stack.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const linkIn = (text: string) => /http:\/\/site\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const unique = () => Math.random().toString(36).slice(2, 8);

/** Signs a person in through the web tier's login form (staff are sent on to the back office, so no page is read after). */
async function webAgent(web: Express, person: { email: string; password: string }) {
  const agent = request.agent(web);
  const csrf = csrfFrom((await agent.get('/')).text);
  const res = await agent.post('/session').set('X-CSRF-Token', csrf).set('Accept', 'application/json').send({ email: person.email, password: person.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

beforeAll(async () => {
  stack = await startTrading();
  admin = await makeUser(stack.database.db, { role: 'admin' });
  adminToken = await tokenFor(stack.app, admin);
});
afterAll(() => stack.database.close());

describe('who may manage staff accounts', () => {
  it('refuses customers and staff with 403 on every staff-accounts call, and serves admins', async () => {
    const customer = await makeUser(stack.database.db);
    const staff = await makeUser(stack.database.db, { role: 'staff' });
    const other = await makeUser(stack.database.db, { role: 'staff' });
    for (const person of [customer, staff]) {
      const token = await tokenFor(stack.app, person);
      const answers = [
        await list(token),
        await invite({ email: `x-${unique()}@example.test`, first_name: 'Eve', last_name: 'Intruder', role: 'admin' }, token),
        await change(other.user.id, { role: 'admin' }, token),
        await change(other.user.id, { status: 'deactivated' }, token),
      ];
      expect(
        answers.map((a) => a.status),
        person.user.role,
      ).toEqual([403, 403, 403, 403]);
    }
    expect((await userRow(other.user.id)).role).toBe('staff');
    expect(await stack.database.db.select().from(users).where(eq(users.firstName, 'Eve'))).toEqual([]);

    const rows = (await list()).body.data.map((row: unknown) => staffMemberSchema.parse(row));
    const ids = rows.map((row: { id: number }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([admin.user.id, staff.user.id, other.user.id]));
    expect(ids).not.toContain(customer.user.id);
    expect(rows.find((row: { id: number }) => row.id === staff.user.id)).toMatchObject({ role: 'staff', status: 'active', email: staff.email, name: 'Test Staff' });
  });
});

describe('invitations', () => {
  it('creates the member with the role and a mailed link that sets their password; then they sign in', async () => {
    const email = `New.Staff-${unique()}@Example.test`;
    const made = await invite({ email: ` ${email} `, first_name: 'Nia', last_name: 'Newcomer', role: 'staff' });
    expect(made.status).toBe(201);
    const member = staffMemberSchema.parse(made.body.data);
    expect(member).toMatchObject({ email: email.toLowerCase(), role: 'staff', status: 'active', name: 'Nia Newcomer', last_seen_at: null });
    expect(made.body.message).toContain(email.toLowerCase());

    // Nobody knows the password it was made with.
    const guess = await request(stack.app).post('/api/v1/auth/login').send({ email, password: 'correct-horse-9' });
    expect(guess.status).toBe(422);

    const [mail] = await stack.database.db.select().from(outbox).where(eq(outbox.to, email.toLowerCase())).orderBy(desc(outbox.id));
    expect(mail!.subject).toMatch(/^You have been invited to the .+ back office$/);
    expect(mail!.text).toMatch(/You have been invited to the .+ back office as a member of staff/);
    expect(mail!.text).toContain('within the next 48 hours');
    const token = linkIn(mail!.text)!;
    expect(token).toBeDefined();

    const set = await request(stack.app).post('/api/v1/auth/reset-password').send({ token, password: 'my-own-password', password_confirmation: 'my-own-password' });
    expect(set.status).toBe(200);
    const signedIn = await request(stack.app).post('/api/v1/auth/login').send({ email, password: 'my-own-password' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user).toMatchObject({ role: 'staff' });
    expect((await request(stack.app).get('/api/v1/admin/overview').set(bearer(signedIn.body.data.token))).status).toBe(200);
    // The link worked once.
    const again = await request(stack.app).post('/api/v1/auth/reset-password').send({ token, password: 'another-password', password_confirmation: 'another-password' });
    expect(again.status).toBe(422);

    const [audit] = await auditsOf(stack.database.db, member.id, 'staff.invited');
    expect(audit).toMatchObject({ actorId: admin.user.id });
    expect(audit!.details).toMatchObject({ role: 'staff', email: email.toLowerCase() });
  });

  it('invites an admin, who may then manage staff accounts', async () => {
    const email = `admin-${unique()}@example.test`;
    const made = await invite({ email, first_name: 'Ada', last_name: 'Admin', role: 'admin' });
    expect(made.status).toBe(201);
    const [mail] = await stack.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mail!.text).toContain('as an admin');
    await request(stack.app)
      .post('/api/v1/auth/reset-password')
      .send({ token: linkIn(mail!.text), password: 'admin-password', password_confirmation: 'admin-password' });
    const token = await tokenFor(stack.app, { email, password: 'admin-password' });
    expect((await list(token)).status).toBe(200);
  });

  it('refuses an address already registered (customer or staff) with 422 on email, and bad fields with theirs', async () => {
    const customer = await makeUser(stack.database.db);
    for (const email of [customer.email, admin.email.toUpperCase()]) {
      const taken = await invite({ email, first_name: 'Dup', last_name: 'Licate', role: 'staff' });
      expect(taken.status, email).toBe(422);
      expect(taken.body.errors.email).toEqual(['A user with this e-mail address exists already (a customer or a staff member).']);
    }
    expect((await userRow(customer.user.id)).role).toBe('customer');
    const bad = await invite({ email: 'not-an-address', first_name: ' ', last_name: 'X', role: 'owner' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'first_name', 'role']);
    expect(bad.body.errors.role).toEqual(['Choose staff or admin.']);
    // Two invitations of one address at once: one member.
    const email = `race-${unique()}@example.test`;
    const both = await Promise.all([0, 1].map(() => invite({ email, first_name: 'Rae', last_name: 'Race', role: 'staff' })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await stack.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe('roles and standing', () => {
  it('changes a role with the audit before and after; the same role again changes nothing', async () => {
    const staff = await makeUser(stack.database.db, { role: 'staff' });
    const staffToken = await tokenFor(stack.app, staff);
    expect((await list(staffToken)).status).toBe(403);

    const promoted = await change(staff.user.id, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ changed: true, data: { id: staff.user.id, role: 'admin' } });
    expect((await userRow(staff.user.id)).role).toBe('admin');
    // Their token holds the new role at once (access.changed dropped the cached sign-in).
    expect((await list(staffToken)).status).toBe(200);

    const same = await change(staff.user.id, { role: 'admin' });
    expect(same.body).toMatchObject({ changed: false, message: 'Nothing changed: Test Staff is an admin already.' });
    const demoted = await change(staff.user.id, { role: 'staff' });
    expect(demoted.status).toBe(200);
    expect((await list(staffToken)).status).toBe(403);

    const audits = await auditsOf(stack.database.db, staff.user.id, 'staff.role_changed');
    expect(audits.map((a) => a.details)).toEqual([expect.objectContaining({ from: 'staff', to: 'admin' }), expect.objectContaining({ from: 'admin', to: 'staff' })]);
    expect(audits.every((a) => a.actorId === admin.user.id)).toBe(true);
  });

  it('disables a member (their tokens revoked, their set-password link ended) and enables them again, audited before and after', async () => {
    const staff = await makeUser(stack.database.db, { role: 'staff' });
    const token = await tokenFor(stack.app, staff);
    expect((await request(stack.app).get('/api/v1/user').set(bearer(token))).status).toBe(200);
    await request(stack.app).post('/api/v1/auth/forgot-password').send({ email: staff.email });
    const resetMail = await vi.waitUntil(async () => (await stack.database.db.select().from(outbox).where(eq(outbox.to, staff.email)))[0], { timeout: 1_000, interval: 10 });

    const disabled = await change(staff.user.id, { status: 'deactivated', reason: 'Left the company' });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ changed: true, data: { status: 'deactivated' } });
    expect((await request(stack.app).get('/api/v1/user').set(bearer(token))).status).toBe(401);
    const link = linkIn(resetMail.text)!;
    const reset = await request(stack.app).post('/api/v1/auth/reset-password').send({ token: link, password: 'sneaky-password', password_confirmation: 'sneaky-password' });
    expect(reset.status).toBe(422);
    // Signing in again shows the disabled account: the back office answers 403.
    const again = await tokenFor(stack.app, staff);
    expect((await request(stack.app).get('/api/v1/admin/overview').set(bearer(again))).status).toBe(403);

    expect((await change(staff.user.id, { status: 'deactivated' })).body.changed).toBe(false);
    const enabled = await change(staff.user.id, { status: 'active' });
    expect(enabled.body).toMatchObject({ changed: true, data: { status: 'active' } });
    expect(
      (
        await request(stack.app)
          .get('/api/v1/admin/overview')
          .set(bearer(await tokenFor(stack.app, staff)))
      ).status,
    ).toBe(200);

    const audits = await auditsOf(stack.database.db, staff.user.id, 'staff.status_changed');
    expect(audits.map((a) => a.details)).toEqual([
      expect.objectContaining({ from: 'active', to: 'deactivated', reason: 'Left the company', tokens_revoked: 1 }),
      expect.objectContaining({ from: 'deactivated', to: 'active', reason: null }),
    ]);
  });

  it('refuses an admin changing their own account (403), a customer or unknown id (404), and a body with no change or two (422)', async () => {
    for (const body of [{ role: 'staff' }, { status: 'deactivated' }]) {
      const own = await change(admin.user.id, body);
      expect(own.status).toBe(403);
      expect(typeof own.body.message).toBe('string');
    }
    expect(await userRow(admin.user.id)).toMatchObject({ role: 'admin', status: 'active' });
    const customer = await makeUser(stack.database.db);
    for (const id of [customer.user.id, 99_999_999]) {
      const res = await change(id, { status: 'deactivated' });
      expect(res.status, String(id)).toBe(404);
      expect(res.body.message).toBe('Staff member not found.');
    }
    expect((await userRow(customer.user.id)).status).toBe('active');
    const staff = await makeUser(stack.database.db, { role: 'staff' });
    for (const body of [{}, { role: 'admin', status: 'deactivated' }, { role: 'customer' }, { status: 'pending' }, { role: 'admin', extra: 1 }]) {
      expect((await change(staff.user.id, body)).status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('the last active admin', () => {
  it('is neither demoted nor disabled, also when two admins demote or disable each other at once', async () => {
    // A database of its own, where each round's two admins are the only active ones.
    const own = await startTrading();
    try {
      const db = own.database.db;
      const rounds: [object, object][] = [
        [{ role: 'staff' }, { role: 'staff' }],
        [{ status: 'deactivated' }, { status: 'deactivated' }],
        [{ role: 'staff' }, { status: 'deactivated' }],
        [{ role: 'staff' }, { role: 'staff' }],
      ];
      for (const [first, second] of rounds) {
        const a = await makeUser(db, { role: 'admin' });
        const b = await makeUser(db, { role: 'admin' });
        const [tokenA, tokenB] = [await tokenFor(own.app, a), await tokenFor(own.app, b)];
        const answers = await Promise.all([change(b.user.id, first, tokenA, own.app), change(a.user.id, second, tokenB, own.app)]);
        const statuses = answers.map((r) => r.status);
        expect(
          statuses.filter((s) => s === 200),
          JSON.stringify(statuses),
        ).toHaveLength(1);
        // The other is refused: the last admin (409), or its caller no longer an admin by the time it runs
        // (403), or signed out by being disabled (401).
        const refused = answers.find((r) => r.status !== 200)!;
        expect([401, 403, 409]).toContain(refused.status);
        if (refused.status === 409) expect(refused.body.message).toMatch(/is the last active admin and cannot be (made staff|disabled)/);
        const admins = await db
          .select()
          .from(users)
          .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
        expect(admins.map((u) => u.id)).toHaveLength(1);
        expect([a.user.id, b.user.id]).toContain(admins[0]!.id);

        // The one left cannot be demoted or disabled by the other, who is no longer an active admin.
        const gone = admins[0]!.id === a.user.id ? b : a;
        const goneToken = await tokenFor(own.app, gone);
        for (const body of [{ role: 'staff' }, { status: 'deactivated' }]) expect((await change(admins[0]!.id, body, goneToken, own.app)).status).toBe(403);
        // The next round starts with no admins but its own.
        await db.update(users).set({ role: 'staff' }).where(eq(users.role, 'admin'));
      }
    } finally {
      await own.database.close();
    }
  });

  it('is refused with 409 and a clear message when the caller’s own row no longer counts as an admin', async () => {
    // In the domain: the caller signed in as an admin and was demoted since; the target is the only active admin.
    const caller = await makeUser(stack.database.db, { role: 'admin' });
    const target = await makeUser(stack.database.db, { role: 'admin' });
    await stack.database.db.update(users).set({ role: 'staff' }).where(eq(users.role, 'admin'));
    await stack.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, target.user.id));
    try {
      for (const body of [{ role: 'staff' as const }, { status: 'deactivated' as const }]) {
        const refused = await changeStaffAccount(stack.database.db, { id: caller.user.id, role: 'admin', ip: null }, target.user.id, body).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(DomainError);
        expect((refused as DomainError).refusal).toMatchObject({ kind: 'conflict' });
        expect((refused as DomainError).message).toMatch(/^Test Staff is the last active admin and cannot be (made staff|disabled): make someone else an admin first\.$/);
      }
      expect(await userRow(target.user.id)).toMatchObject({ role: 'admin', status: 'active' });
      // A staff member as target with the caller no longer an admin: 403.
      const staff = await makeUser(stack.database.db, { role: 'staff' });
      const refused = await changeStaffAccount(stack.database.db, { id: caller.user.id, role: 'admin', ip: null }, staff.user.id, { role: 'admin' }).catch((error: unknown) => error);
      expect((refused as DomainError).refusal).toMatchObject({ kind: 'forbidden', message: 'Only an active admin can change staff accounts.' });
    } finally {
      // The file's admin comes back for the tests that follow.
      await stack.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    }
  });
});

describe('the staff accounts page', () => {
  let web: WebStack;
  beforeAll(async () => {
    web = await startWebStack();
  });
  afterAll(() => web.close());

  it('shows admins every staff member and admin with their role, status, last seen and creation; staff and customers get not-found', async () => {
    const pageAdmin = await makeUser(web.database.db, { role: 'admin' });
    const staff = await makeUser(web.database.db, { role: 'staff' });
    const gone = await makeUser(web.database.db, { role: 'staff', status: 'deactivated' });
    const customer = await makeUser(web.database.db);
    const agent = await webAgent(web.web, pageAdmin);
    const page = await agent.get('/admin/staff');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Staff accounts</h1>');
    for (const person of [pageAdmin, staff, gone]) expect(page.text).toContain(person.email);
    expect(page.text).not.toContain(customer.email);
    expect(page.text).toContain('<span class="status-badge status-deactivated">Disabled</span>');
    expect(page.text).toContain('Never');
    expect(page.text).toContain('Another admin changes your account.');
    // Two islands, the Invite button and the list; in the list, every member but the admin looking has their row's actions.
    expect(page.text.match(/<app-island name="staff-accounts"/g)).toHaveLength(2);
    expect(page.text.match(/<div class="staff-row-actions">/g)).toHaveLength(2);
    expect(page.text).toContain('aria-label="Disable Test Staff"');
    expect(page.text).toContain('aria-label="Enable Test Staff"');

    for (const person of [staff, customer]) {
      const refused = await (await webAgent(web.web, person)).get('/admin/staff');
      expect(refused.status, person.user.role).toBe(404);
      expect(refused.text).toContain('Page not found');
    }
  });
});
