import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteDataResponse } from '../../shared/api/data.schema';
import { settingsResponse } from '../../shared/api/settings.schema';
import { heartbeatResponse, userResponse } from '../../shared/api/user.schema';
import type { Database } from '../../server/trading/db/database';
import { addNotification } from '../../server/trading/db/notifications.repo';
import { openPglite } from '../../server/trading/db/pglite';
import { prepareDatabase } from '../../server/trading/setup/prepare';
import { createLogger } from '../../server/logger';
import { makeUser } from '../support/factories';
import { startTrading, tokenFor } from '../support/trading';
import { bearer } from '../support/bearer';

const quietLogger = createLogger({ level: 'silent', name: 'test' });

let app: Awaited<ReturnType<typeof startTrading>>['app'];
let database: Database;

beforeAll(async () => {
  ({ app, database } = await startTrading());
});
afterAll(() => database.close());

describe('GET /api/v1/settings', () => {
  it('when nobody is signed in, then it answers the site settings', async () => {
    const res = await request(app).get('/api/v1/settings');
    expect(res.status).toBe(200);
    const { data } = settingsResponse.parse(res.body);
    expect(data.status).toBe('enabled');
    expect(data.must_verify_account).toBe(true);
    expect(data.r_page).toBe('basic');
  });
});

describe('GET /api/v1/user', () => {
  it('when an active customer asks, then their user with a Live and a funded Demo account', async () => {
    const person = await makeUser(database.db);
    const res = await request(app)
      .get('/api/v1/user')
      .set(bearer(await tokenFor(app, person)));
    const { data } = userResponse.parse(res.body);
    expect(data.id).toBe(person.user.id);
    expect(data.accounts.find((a) => a.type === 'demo')?.balance).toBe('10000');
    expect(data.accounts.find((a) => a.type === 'live')?.balance).toBe('0');
    expect(data.balance).toBe('0');
    expect(data.account_type?.title).toBe('Basic');
    expect(data).not.toHaveProperty('password_hash');
    expect(JSON.stringify(data)).not.toContain('argon2');
  });
});

describe('POST /api/v1/user/heartbeat', () => {
  it('when a customer beats, then they show as online', async () => {
    const person = await makeUser(database.db);
    const token = await tokenFor(app, person);
    const before = userResponse.parse((await request(app).get('/api/v1/user').set(bearer(token))).body);
    expect(before.data.is_online).toBe(false);
    const beat = await request(app).post('/api/v1/user/heartbeat').set(bearer(token));
    expect(beat.status).toBe(200);
    expect(heartbeatResponse.parse(beat.body).data.is_online).toBe(true);
    const after = userResponse.parse((await request(app).get('/api/v1/user').set(bearer(token))).body);
    expect(after.data.is_online).toBe(true);
  });
});

describe('GET /api/v1/data', () => {
  it('when a customer asks, then the leverage map, currencies with rates, plans aligned with their features', async () => {
    const person = await makeUser(database.db);
    const res = await request(app)
      .get('/api/v1/data')
      .set(bearer(await tokenFor(app, person)));
    expect(res.status).toBe(200);
    const { data } = siteDataResponse.parse(res.body);
    // This customer's (Basic plan, 1:20) within each class's regulatory caps, the lowest in the class: forex 20
    // (majors 30, others 20), stocks 5, indices 10 (major 20, others 10), crypto 2, commodities 10, metals 10
    // (gold 20, others 10); and the same under each category's name, the original client's lookup key.
    const byClass = { forex: 20, stocks: 5, indices: 10, cryptos: 2, commodities: 10, metals: 10 };
    expect(data.leverage).toEqual({ ...byClass, Forex: 20, Stocks: 5, ETFs: 10, Crypto: 2, Commodities: 10, Metals: 10 });
    expect(data.currencies.map((c) => c.code)).toContain('USD');
    expect(data.currencies.find((c) => c.code === 'USD')?.rate).toMatch(/^1(\.0+)?$/);
    expect(data.plans.map((p) => p.title)).toEqual(['Basic', 'Pro', 'Premium']);
    expect(data.plans.find((p) => p.is_recommended)?.title).toBe('Pro');
    expect(data.plans.filter((p) => p.is_default).map((p) => p.title)).toEqual(['Basic']);
    for (const plan of data.plans) expect(plan.features).toHaveLength(data.plan_features.length);
    expect(data.expert_advisors.map((a) => a.name)).toEqual(['Trend Rider', 'RSI Reverter', 'Range Breakout', 'Capped Grid']);
  });
});

describe('account standing', () => {
  it('when a pending customer signs in, then they read their user and the settings, and everything else is 403', async () => {
    const person = await makeUser(database.db, { status: 'pending' });
    const token = await tokenFor(app, person);
    expect((await request(app).get('/api/v1/user').set(bearer(token))).status).toBe(200);
    expect((await request(app).get('/api/v1/settings').set(bearer(token))).status).toBe(200);
    const data = await request(app).get('/api/v1/data').set(bearer(token));
    expect(data.status).toBe(403);
    expect(data.body.message).toBe('Your account is awaiting approval from the Client Management Team');
    expect((await request(app).post('/api/v1/user/heartbeat').set(bearer(token))).status).toBe(403);
    expect((await request(app).post('/api/v1/auth/logout').set(bearer(token))).status).toBe(200);
  });

  it('when a deactivated customer signs in, then every call beyond user and settings is 403 with the disabled text', async () => {
    const person = await makeUser(database.db, { status: 'deactivated' });
    const token = await tokenFor(app, person);
    expect(userResponse.parse((await request(app).get('/api/v1/user').set(bearer(token))).body).data.status).toBe('deactivated');
    const data = await request(app).get('/api/v1/data').set(bearer(token));
    expect(data.status).toBe(403);
    expect(data.body.message).toBe('Your account is currently disabled, please contact support.');
  });
});

describe('staff actions', () => {
  it('when a customer calls a staff endpoint, then 403 and nothing changes', async () => {
    const person = await makeUser(database.db);
    const res = await request(app)
      .patch('/api/v1/admin/settings')
      .set(bearer(await tokenFor(app, person)))
      .send({ status: 'disabled' });
    expect(res.status).toBe(403);
    expect(settingsResponse.parse((await request(app).get('/api/v1/settings')).body).data.status).toBe('enabled');
  });

  it('when staff approve a pending customer, then the customer may trade at once and finds an “Account approved” notification', async () => {
    const staff = await makeUser(database.db, { role: 'staff' });
    const person = await makeUser(database.db, { status: 'pending' });
    const token = await tokenFor(app, person);
    expect((await request(app).get('/api/v1/user').set(bearer(token))).body.data.notifications).toEqual([]);
    const res = await request(app)
      .patch(`/api/v1/admin/users/${person.user.id}`)
      .set(bearer(await tokenFor(app, staff)))
      .send({ status: 'active' });
    expect(res.status).toBe(200);
    const user = userResponse.parse((await request(app).get('/api/v1/user').set(bearer(token))).body).data;
    expect(user.status).toBe('active');
    expect(user.notifications.map((n) => [n.title, n.color])).toEqual([['Account approved', 'success']]);
    expect((await request(app).get('/api/v1/data').set(bearer(token))).status).toBe(200);
  });

  it('when a customer has many notifications, then /user lists the 20 oldest unread in order and leaves out the read ones', async () => {
    const person = await makeUser(database.db);
    for (let i = 1; i <= 23; i++) await addNotification(database.db, { userId: person.user.id, title: `Notice ${i}`, message: `Body ${i}`, color: 'info' });
    const token = await tokenFor(app, person);
    const first = userResponse.parse((await request(app).get('/api/v1/user').set(bearer(token))).body).data;
    expect(first.notifications.map((n) => n.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Notice ${i + 1}`));
    expect(first.notifications[0]).toMatchObject({ message: 'Body 1', color: 'info', read: false, read_at: null });
    expect((await request(app).post(`/api/v1/notifications/${first.notifications[0]!.id}/read`).set(bearer(token))).status).toBe(200);
    const after = userResponse.parse((await request(app).get('/api/v1/user').set(bearer(token))).body).data;
    expect(after.notifications.map((n) => n.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Notice ${i + 2}`));
    expect(after.accounts.map((a) => a.type)).toEqual(['live', 'demo']);
  });

  it('when staff deactivate a customer, then the customer’s tokens stop working and the change is audited', async () => {
    const staff = await makeUser(database.db, { role: 'staff' });
    const person = await makeUser(database.db);
    const customerToken = await tokenFor(app, person);
    expect((await request(app).get('/api/v1/user').set(bearer(customerToken))).status).toBe(200);
    const res = await request(app)
      .patch(`/api/v1/admin/users/${person.user.id}`)
      .set(bearer(await tokenFor(app, staff)))
      .send({ status: 'deactivated', reason: 'Compliance review' });
    expect(res.status).toBe(200);
    expect(userResponse.parse(res.body).data.status).toBe('deactivated');
    expect((await request(app).get('/api/v1/user').set(bearer(customerToken))).status).toBe(401);
    const audit = await database.db.query.auditLog.findMany();
    expect(audit.some((row) => row.action === 'user.status_changed' && row.subjectId === String(person.user.id) && row.actorId === staff.user.id)).toBe(true);
  });

  it('when staff try to change their own or another staff account, then 403; staff accounts change only on the Staff page, admins included', async () => {
    const staff = await makeUser(database.db, { role: 'staff' });
    const other = await makeUser(database.db, { role: 'staff' });
    const admin = await makeUser(database.db, { role: 'admin' });
    const staffToken = await tokenFor(app, staff);
    const self = await request(app).patch(`/api/v1/admin/users/${staff.user.id}`).set(bearer(staffToken)).send({ status: 'active' });
    expect(self.status).toBe(403);
    const colleague = await request(app).patch(`/api/v1/admin/users/${other.user.id}`).set(bearer(staffToken)).send({ status: 'deactivated', reason: 'Compliance review' });
    expect(colleague.status).toBe(403);
    expect((await request(app).patch(`/api/v1/admin/users/${admin.user.id}`).set(bearer(staffToken)).send({ status: 'deactivated', reason: 'Compliance review' })).status).toBe(403);
    const adminToken = await tokenFor(app, admin);
    const byAdmin = await request(app).patch(`/api/v1/admin/users/${other.user.id}`).set(bearer(adminToken)).send({ status: 'deactivated', reason: 'Compliance review' });
    expect([byAdmin.status, byAdmin.body.message]).toEqual([403, 'Staff accounts are changed on the Staff page (PATCH /admin/staff/{id}).']);
    expect((await request(app).patch(`/api/v1/admin/staff/${other.user.id}`).set(bearer(adminToken)).send({ status: 'deactivated' })).status).toBe(200);
  });

  it('when staff send an unknown status or field, then 422 and nothing changes', async () => {
    const staff = await makeUser(database.db, { role: 'staff' });
    const token = await tokenFor(app, staff);
    const person = await makeUser(database.db);
    const bad = await request(app).patch(`/api/v1/admin/users/${person.user.id}`).set(bearer(token)).send({ status: 'banned' });
    expect(bad.status).toBe(422);
    const admin = await tokenFor(app, await makeUser(database.db, { role: 'admin' }));
    const unknown = await request(app).patch('/api/v1/admin/settings').set(bearer(admin)).send({ colour: 'red' });
    expect(unknown.status).toBe(422);
    const missing = await request(app).patch('/api/v1/admin/users/999999').set(bearer(token)).send({ status: 'active' });
    expect(missing.status).toBe(404);
  });

  it('when staff (not an admin) change a site setting, then 403 and nothing changes (docs/back-office.md#roles)', async () => {
    const token = await tokenFor(app, await makeUser(database.db, { role: 'staff' }));
    const res = await request(app).patch('/api/v1/admin/settings').set(bearer(token)).send({ status: 'disabled' });
    expect(res.status).toBe(403);
    expect(settingsResponse.parse((await request(app).get('/api/v1/settings')).body).data.status).toBe('enabled');
  });

  it('when an admin switches the site off and on, then the public settings follow', async () => {
    const token = await tokenFor(app, await makeUser(database.db, { role: 'admin' }));
    const off = await request(app).patch('/api/v1/admin/settings').set(bearer(token)).send({ status: 'disabled', maintenanceMessage: 'Back at 18:00 UTC' });
    expect(off.status).toBe(200);
    const seen = settingsResponse.parse((await request(app).get('/api/v1/settings')).body).data;
    expect(seen).toMatchObject({ status: 'disabled', maintenanceMessage: 'Back at 18:00 UTC' });
    await request(app).patch('/api/v1/admin/settings').set(bearer(token)).send({ status: 'enabled', maintenanceMessage: null });
  });

  it('when an admin chooses the display currencies, then /data marks only those (and USD) as offered, every currency still listed', async () => {
    const token = await tokenFor(app, await makeUser(database.db, { role: 'admin' }));
    const patch = (body: object) => request(app).patch('/api/v1/admin/settings').set(bearer(token)).send(body);
    expect((await patch({ display_currencies: ['eur'] })).status).toBe(422);
    expect((await patch({ display_currencies: ['EUR', 'GBP'] })).status).toBe(200);
    try {
      const customer = await tokenFor(app, await makeUser(database.db));
      // The site data is kept for a few seconds per process: wait for it to follow.
      await vi.waitFor(
        async () => {
          const shown = Object.fromEntries(
            ((await request(app).get('/api/v1/data').set(bearer(customer))).body.data.currencies as { code: string; display: boolean }[]).map((c) => [c.code, c.display]),
          );
          expect(shown).toMatchObject({ USD: true, EUR: true, GBP: true, JPY: false, CHF: false });
        },
        { timeout: 8_000, interval: 250 },
      );
    } finally {
      await patch({ display_currencies: null });
    }
  });

  it('when an admin sets the review score, then it is kept whole from 1 to 5 stars and cleared with null', async () => {
    const token = await tokenFor(app, await makeUser(database.db, { role: 'admin' }));
    const patch = (body: object) => request(app).patch('/api/v1/admin/settings').set(bearer(token)).send(body);
    for (const bad of [{ review_stars: 6 }, { review_stars: 0 }, { review_stars: 4.5 }, { review_count: -1 }, { reviews_url: 'javascript:alert(1)' }]) {
      expect((await patch(bad)).status, JSON.stringify(bad)).toBe(422);
    }
    expect((await patch({ review_stars: 4, review_count: 1196, reviews_url: 'https://reviews.example/meridian' })).status).toBe(200);
    const seen = settingsResponse.parse((await request(app).get('/api/v1/settings')).body).data;
    expect(seen).toMatchObject({ review_stars: 4, review_count: 1196, reviews_url: 'https://reviews.example/meridian' });
    expect((await patch({ review_stars: null, review_count: null, reviews_url: null })).status).toBe(200);
    expect(settingsResponse.parse((await request(app).get('/api/v1/settings')).body).data).toMatchObject({ review_stars: null, review_count: null, reviews_url: null });
  });
});

describe('health', () => {
  it('when the database answers, then /healthz and /readyz are 200', async () => {
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(200);
    expect((await request(app).get('/api/v1/healthz')).status).toBe(200);
  });

  it('when the process is shutting down, then /readyz is 503', async () => {
    const { app: closing, database: db } = await startTrading({ isAcceptingWork: () => false });
    try {
      expect((await request(closing).get('/readyz')).status).toBe(503);
    } finally {
      await db.close();
    }
  });

  it('when Redis does not answer, then /readyz is 503 naming it; when it answers, ready', async () => {
    const { app: cut, database: db } = await startTrading({ pingRedis: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')) });
    const { app: fine, database: db2 } = await startTrading({ pingRedis: async () => 'PONG' });
    try {
      const down = await request(cut).get('/readyz');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ status: 'redis unavailable' });
      expect((await request(fine).get('/readyz')).body).toMatchObject({ status: 'ready', redis: 'ok' });
    } finally {
      await db.close();
      await db2.close();
    }
  });

  it('when migrations are their own step, then a server on a current schema starts and on an older one refuses, naming the command', async () => {
    const { database: migrated } = await startTrading();
    const empty = await openPglite();
    try {
      await expect(prepareDatabase(migrated, { seedDemo: 'never', logger: quietLogger, migrate: false })).resolves.toEqual({ hasDemoPeople: false });
      await expect(prepareDatabase(empty, { seedDemo: 'never', logger: quietLogger, migrate: false })).rejects.toThrow(/run `npm run db:migrate` once/);
    } finally {
      await migrated.close();
      await empty.close();
    }
  });

  it('when metrics are scraped from this machine, then they are served; with a token set, only to its holder', async () => {
    const local = await request(app).get('/metrics');
    expect(local.status).toBe(200);
    expect(local.text).toContain('http_request_duration_seconds');
    const { app: guarded, database: db } = await startTrading({ metricsToken: 'metrics-token-0123456789' });
    try {
      expect((await request(guarded).get('/metrics')).status).toBe(404);
      expect((await request(guarded).get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789')).status).toBe(404);
      expect((await request(guarded).get('/metrics').set('Authorization', 'Bearer metrics-token-0123456789')).status).toBe(200);
    } finally {
      await db.close();
    }
  });

  it('when a path is unknown, then 404 with a message', async () => {
    const res = await request(app).get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not Found.' });
  });
});
