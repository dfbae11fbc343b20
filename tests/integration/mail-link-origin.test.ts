import { eq } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { oneTimeTokens, outbox, users } from '../../server/trading/db/schema';
import type { Database } from '../../server/trading/db/database';
import { Lifecycle } from '../../server/compose/lifecycle';
import { linkOriginUnknown } from '../../server/trading/auth/link-origin';
import { resetLinkUnavailable } from '../../server/web/recovery.routes';
import { createTestDatabase } from '../support/database';
import { makeUser } from '../support/factories';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';
import { csrfFrom, webAppFor } from '../support/web';
import { bearer } from '../support/bearer';
import { sleep } from '../support/wait';

/**
 * A deployment (PostgreSQL, not the embedded PGlite) whose site origin is a loopback address, as when
 * PUBLIC_ORIGIN is unset or says localhost: no mail may carry a link to it.
 */
let database: Database;
let deployed: TradingStack;
let embedded: TradingStack;
const errorsLogged: string[] = [];
const logger = pino(
  { level: 'error' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      errorsLogged.push(chunk.toString());
      done();
    },
  }),
);

beforeAll(async () => {
  database = await createTestDatabase();
  deployed = await startTrading({ database: { ...database, driver: 'postgres' }, siteOrigin: () => 'http://localhost:3000', logger });
  embedded = await startTrading({ database: { ...database, driver: 'pglite' }, siteOrigin: () => 'http://localhost:3000' });
});
afterAll(async () => {
  await deployed.engine.stop();
  await embedded.engine.stop();
  await database.close();
});

const mailsTo = (to: string) => database.db.select().from(outbox).where(eq(outbox.to, to));
const tokensOf = (userId: number) => database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
const waitForMail = (to: string) =>
  vi.waitUntil(
    async () => {
      const mails = await mailsTo(to);
      return mails.length > 0 && mails;
    },
    { timeout: 1_000, interval: 10 },
  );

describe('links in mails on a loopback origin', () => {
  it('when a password reset is asked for, then 503 with the message, the same for every address; the log tells the operator to set PUBLIC_ORIGIN; no token or mail is made', async () => {
    const person = await makeUser(database.db);
    errorsLogged.length = 0;
    const known = await request(deployed.app).post('/api/v1/auth/forgot-password').send({ email: person.email });
    const unknown = await request(deployed.app)
      .post('/api/v1/auth/forgot-password')
      .send({ email: `nobody-${Date.now()}@example.test` });
    expect(known.status).toBe(503);
    expect(known.body.message).toBe(linkOriginUnknown);
    // A fact of the site's configuration, not of the address: nothing tells who has an account.
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(errorsLogged.join('\n')).toMatch(/refusing to send a link to http:\/\/localhost:3000: set PUBLIC_ORIGIN/);
    await sleep(50);
    expect(await mailsTo(person.email)).toEqual([]);
    expect(await tokensOf(person.user.id)).toEqual([]);
  });

  it('when a password reset is asked for through the web tier, then the form answers 503 saying no link can be sent now, the same for every address', async () => {
    const lifecycle = new Lifecycle();
    const { trading } = await startTrading({ database: { ...database, driver: 'postgres' }, siteOrigin: () => 'http://localhost:3000', logger, lifecycle });
    try {
      const { port } = await trading.listen(0, '127.0.0.1');
      const agent = request.agent(webAppFor(`http://127.0.0.1:${port}`));
      const person = await makeUser(database.db);
      const ask = async (email: string) => {
        const page = await agent.get('/forgot-password');
        return agent
          .post('/forgot-password')
          .type('form')
          .send({ _csrf: csrfFrom(page.text), email });
      };
      const known = await ask(person.email);
      const unknown = await ask(`nobody-${Date.now()}@example.test`);
      expect(known.status).toBe(503);
      expect(known.text).toContain(resetLinkUnavailable);
      expect(known.text).not.toContain('we have sent a link');
      expect(unknown.status).toBe(503);
      expect(unknown.text).toContain(resetLinkUnavailable);
      expect(await tokensOf(person.user.id)).toEqual([]);
    } finally {
      await lifecycle.stop({ graceMs: 100 });
    }
  });

  it('when an admin invites staff, then 503 and nobody is created', async () => {
    const admin = await makeUser(database.db, { role: 'admin' });
    const email = `invited-${Date.now()}@example.test`;
    const res = await request(deployed.app)
      .post('/api/v1/admin/staff')
      .set(bearer(await tokenFor(deployed.app, admin)))
      .send({ email, first_name: 'Ada', last_name: 'Lovelace', role: 'staff' });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/does not know its public address/);
    expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('when a customer changes their e-mail, then 503 and nothing is changed or mailed', async () => {
    const person = await makeUser(database.db);
    const token = await tokenFor(deployed.app, person);
    const res = await request(deployed.app)
      .post('/api/v1/update')
      .set(bearer(token))
      .send({ email: `new-${person.email}`, current_password: person.password, first_name: 'Changed' });
    expect(res.status).toBe(503);
    expect((await database.db.select().from(users).where(eq(users.id, person.user.id)))[0]!.firstName).not.toBe('Changed');
    expect(await tokensOf(person.user.id)).toHaveLength(0);
    expect(await mailsTo(`new-${person.email}`)).toEqual([]);
  });

  it('when staff ask for a sign-in link for a customer, then 503 with the message and no link is made', async () => {
    const staff = await makeUser(database.db, { role: 'staff' });
    const customer = await makeUser(database.db);
    const res = await request(deployed.app)
      .post(`/api/v1/admin/users/${customer.user.id}/login-link`)
      .set(bearer(await tokenFor(deployed.app, staff)));
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(linkOriginUnknown);
    expect(await tokensOf(customer.user.id)).toEqual([]);
    const onEmbedded = await request(embedded.app)
      .post(`/api/v1/admin/users/${customer.user.id}/login-link`)
      .set(bearer(await tokenFor(embedded.app, staff)));
    expect(onEmbedded.status).toBe(201);
    expect(onEmbedded.body.data.url).toMatch(/^http:\/\/localhost:3000\/auto-login\?token=/);
  });

  it('when the process is the embedded one (PGlite on this machine), then the loopback link is mailed', async () => {
    const person = await makeUser(database.db);
    expect((await request(embedded.app).post('/api/v1/auth/forgot-password').send({ email: person.email })).status).toBe(200);
    const [mail] = await waitForMail(person.email);
    expect(mail?.text ?? '').toContain('http://localhost:3000/reset-password?token=');
  });
});
