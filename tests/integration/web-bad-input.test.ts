import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSettings } from '../../server/trading/db/settings.repo';
import { makeUser } from '../support/factories';
import { csrfFrom, startWebStack, type WebStack } from '../support/web';

/**
 * The web tier's own forms (sign-in, sign-up, sign-in links) given what an attacker would send: NUL,
 * control characters, repeated or nested fields, broken bodies. Each is a 4xx page or JSON, never a 500.
 */
let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

const unique = () => randomBytes(4).toString('hex');

async function browser() {
  const agent = request.agent(stack.web);
  const csrf = csrfFrom((await agent.get('/')).text);
  return { agent, csrf };
}

function expectClientError(res: request.Response) {
  expect(res.status, res.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
}

describe('POST /session', () => {
  it.each([
    ['a NUL in the e-mail', (email: string, password: string) => ({ email: `${email}\u0000`, password })],
    ['a NUL in the password', (email: string, password: string) => ({ email, password: `${password}\u0000` })],
    ['half a surrogate pair in the password', (email: string, password: string) => ({ email, password: `${password}\ud800` })],
    ['fields as arrays and objects', (email: string, password: string) => ({ email: [email], password: { value: password } })],
  ])('when the form holds %s, then 4xx with a message and no session', async (_name, body) => {
    const person = await makeUser(stack.database.db);
    const { agent, csrf } = await browser();
    const json = await agent.post('/session').set('X-CSRF-Token', csrf).set('Accept', 'application/json').send(body(person.email, person.password));
    expectClientError(json);
    expect(typeof json.body.message).toBe('string');
    expect((await agent.get('/main/dashboard')).status).toBe(302);
  });

  it('when a form post holds NUL or repeats a field, then the login page comes back with 4xx', async () => {
    const person = await makeUser(stack.database.db);
    const { agent, csrf } = await browser();
    const nul = await agent
      .post('/session')
      .type('form')
      .send(`_csrf=${encodeURIComponent(csrf)}&email=${encodeURIComponent(person.email)}&password=x%00y`);
    expectClientError(nul);
    const repeated = await agent
      .post('/session')
      .type('form')
      .send(`_csrf=${encodeURIComponent(csrf)}&email=a%40example.test&email=b%40example.test&password=whatever1`);
    expectClientError(repeated);
  });

  it('when the JSON body is broken, then 400', async () => {
    const { agent, csrf } = await browser();
    const res = await agent.post('/session').set('X-CSRF-Token', csrf).set('Content-Type', 'application/json').send('{"email": "a@example.test", "password": ');
    expectClientError(res);
  });
});

describe('sign-up forms', () => {
  const form = (overrides: Record<string, unknown> = {}) => {
    const id = unique();
    return {
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: `ada${id}`,
      email: `ada-${id}@example.test`,
      phone: '5550123',
      country_code: '+44',
      country: 'united-kingdom',
      nationality: 'united-kingdom',
      password: 'analytical-engine',
      confirm_password: 'analytical-engine',
      agree: true,
      ...overrides,
    };
  };

  it.each(['first_name', 'last_name', 'username', 'phone', 'country', 'nationality', 'country_code', 'promo_code', 'password'])(
    'when the one-page form’s %s holds NUL, then 422 and no account',
    async (field) => {
      await updateSettings(stack.database.db, { r_page: 'basic' });
      const { agent, csrf } = await browser();
      const body = form();
      const res = await agent
        .post('/signup')
        .set('X-CSRF-Token', csrf)
        .send({ ...body, [field]: `${String(body[field as keyof typeof body] ?? 'x')}\u0000`, ...(field === 'password' ? { confirm_password: `${body.password}\u0000` } : {}) });
      expect(res.status, res.text.slice(0, 300)).toBe(422);
    },
  );

  it('when the three steps carry NUL or control characters, then each step answers 4xx and no account is made', async () => {
    const { agent, csrf } = await browser();
    const email = `steps-${unique()}@example.test`;
    const json = (path: string, body: object) => agent.post(path).set('X-CSRF-Token', csrf).set('Accept', 'application/json').send(body);
    expectClientError(await json('/signup/start', { email: `${email}\u0000`, password: 'analytical-engine' }));
    expectClientError(await json('/signup/start', { email, password: 'analytical\u0000engine' }));
    expect((await json('/signup/start', { email, password: 'analytical-engine' })).status).toBe(200);
    expectClientError(await json('/signup/residence', { country_of_residence: 'united-kingdom', nationality: 'united\u0000kingdom', agree: true }));
    expectClientError(await json('/signup/residence', { country_of_residence: ['united-kingdom'], nationality: 'united-kingdom', agree: true }));
    expect((await json('/signup/residence', { country_of_residence: 'united-kingdom', nationality: 'united-kingdom', agree: true })).status).toBe(200);
    const complete = { first_name: 'Ada', last_name: 'Lovelace', username: `ada${unique()}`, phone: '5550123', country_code: '+44' };
    for (const field of ['first_name', 'last_name', 'username', 'phone', 'country_code'] as const) {
      const res = await json('/signup/complete', { ...complete, [field]: `${complete[field]}\u0000` });
      expect(res.status, `${field}: ${res.text.slice(0, 200)}`).toBe(422);
    }
    const bell = await json('/signup/complete', { ...complete, first_name: 'Ada\u0007' });
    expect(bell.body.errors).toEqual({ first_name: ['The first name must not contain control characters.'] });
    const check = await request(stack.apiUrl).post('/api/v1/auth/check-email').send({ email });
    expect(check.body.data.available).toBe(true);
  });
});

describe('sign-in links', () => {
  it('when the link’s token holds NUL or comes twice, then the page or 4xx, never a server error', async () => {
    const page = await request(stack.web).get('/auto-login?token=abc%00def&path=%00');
    expect(page.status).toBe(200);
    const twice = await request(stack.web).get('/auto-login?token=a&token=b&type=x&type=y');
    expect(twice.status).toBe(200);
    const agent = request.agent(stack.web);
    const csrf = csrfFrom((await agent.get('/auto-login?token=abc')).text);
    const nul = await agent
      .post('/auto-login')
      .type('form')
      .send(`_csrf=${encodeURIComponent(csrf)}&token=${'a'.repeat(20)}%00&path=%2Fmain`);
    expect(nul.status).toBe(422);
    const nested = await agent
      .post('/auto-login')
      .type('form')
      .send(`_csrf=${encodeURIComponent(csrf)}&token=a&token=b`);
    expectClientError(nested);
  });
});
