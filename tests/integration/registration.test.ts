import { registrationTexts } from '../../shared/texts';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEmailResponse } from '../../shared/api/registration.schema';
import { api } from '../../shared/api/endpoints';
import { getSettings, updateSettings } from '../../server/trading/db/settings.repo';
import { apiTokens, tradingAccounts, users } from '../../server/trading/db/schema';
import { makeUser } from '../support/factories';
import { startTrading, type TradingStack } from '../support/trading';
import { csrfFrom, startWebStack, type WebStack } from '../support/web';

let stack: TradingStack;
beforeAll(async () => {
  stack = await startTrading();
});
afterAll(() => stack.database.close());

const unique = () => randomBytes(4).toString('hex');
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
    ...overrides,
  };
};

describe('POST /auth/check-email', () => {
  it('says whether an address can register, with the visitor’s country when the edge reports one of ours', async () => {
    const free = await request(stack.app)
      .post('/api/v1/auth/check-email')
      .set('CF-IPCountry', 'de')
      .send({ email: `  New-${unique()}@Example.test ` });
    expect(free.status).toBe(200);
    expect(checkEmailResponse.parse(free.body)).toMatchObject({ success: true, data: { available: true, country: 'DE' } });
    const person = await makeUser(stack.database.db);
    const taken = await request(stack.app).post('/api/v1/auth/check-email').set('CF-IPCountry', 'XX').send({ email: person.email.toUpperCase() });
    expect(checkEmailResponse.parse(taken.body)).toEqual({ success: false, message: 'Email is already registered', data: { available: false, country: null } });
    const bad = await request(stack.app).post('/api/v1/auth/check-email').send({ email: 'not-an-address' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual(['Please enter a valid email address']);
  });

  it('is rate limited per address', async () => {
    const email = `limited-${unique()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await request(stack.app).post('/api/v1/auth/check-email').send({ email })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('POST /auth/register', () => {
  it('refuses each invalid field with its own message and creates nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: 'A' }, 'first_name', 'First name must be at least 2 characters'],
      [{ last_name: ' B ' }, 'last_name', 'Last name must be at least 2 characters'],
      [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
      [{ phone: '12345' }, 'phone', 'Please enter a valid phone number'],
      [{ password: 'short', confirm_password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ confirm_password: 'something-else' }, 'confirm_password', 'Passwords do not match'],
      [{ country: '' }, 'country', 'The country field is required.'],
      [{ nationality: undefined }, 'nationality', 'The nationality field is required.'],
    ];
    for (const [change, field, message] of cases) {
      const body = form(change);
      const res = await request(stack.app).post('/api/v1/auth/register').send(body);
      expect(res.status, field).toBe(422);
      expect(res.body.errors[field], field).toEqual([message]);
      const check = await request(stack.app)
        .post('/api/v1/auth/check-email')
        .send({ email: typeof body.email === 'string' && body.email.includes('@') ? body.email : 'x@example.test' });
      expect(check.body.data.available, field).toBe(true);
    }
  });

  it('creates a pending customer with Live and Demo accounts and a welcome notification, who can sign in', async () => {
    const body = form({ promo_code: 'WELCOME10' });
    const res = await request(stack.app).post('/api/v1/auth/register').send(body);
    expect(res.status).toBe(201);
    const { user, token } = api.register.response.parse(res.body).data;
    expect(token).toEqual(expect.any(String));
    expect(user).toMatchObject({ email: body.email, first_name: 'Ada', status: 'pending', role: 'customer' });
    const accounts = await stack.database.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, user.id));
    expect(accounts.map((a) => a.type).sort()).toEqual(['demo', 'live']);
    const { name } = await getSettings(stack.database.db);
    expect(user.notifications.map((n) => n.title)).toEqual([`Welcome to ${name}`]);
    const login = await request(stack.app).post('/api/v1/auth/login').send({ email: body.email, password: body.password });
    expect(login.status).toBe(200);
    expect(login.body.data.user.status).toBe('pending');
  });

  it('makes active customers when the site does not require verification', async () => {
    await updateSettings(stack.database.db, { must_verify_account: false });
    try {
      const res = await request(stack.app).post('/api/v1/auth/register').send(form());
      expect(api.register.response.parse(res.body).data.user.status).toBe('active');
    } finally {
      await updateSettings(stack.database.db, { must_verify_account: true });
    }
  });

  it('refuses a registered e-mail or username, also when the same registration arrives five times at once', async () => {
    const body = form();
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(stack.app).post('/api/v1/auth/register').send(body)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status).toBe(422);
      expect(answer.body.errors.email ?? answer.body.errors.username).toBeDefined();
    }
    const again = await request(stack.app)
      .post('/api/v1/auth/register')
      .send({ ...form(), email: body.email });
    expect(again.body.errors.email).toEqual(['Email is already registered']);
    const sameName = await request(stack.app)
      .post('/api/v1/auth/register')
      .send({ ...form(), username: body.username });
    expect(sameName.body.errors.username).toEqual(['This username is already taken']);
  });
});

describe('sign-up through the web tier', () => {
  let web: WebStack;
  beforeAll(async () => {
    web = await startWebStack();
  });
  afterAll(() => web.close());

  it('passes the e-mail check to the API, while the calls that hand out tokens (sign-in, registration) stay closed', async () => {
    const agent = request.agent(web.web);
    const csrf = csrfFrom((await agent.get('/')).text);
    const check = await agent
      .post('/api/v1/auth/check-email')
      .set('X-CSRF-Token', csrf)
      .send({ email: `web-${unique()}@example.test` });
    expect(check.status).toBe(200);
    expect(check.body.data.available).toBe(true);
    const registered = await agent.post('/api/v1/auth/register').set('X-CSRF-Token', csrf).send(form());
    expect(registered.status).toBe(404);
    expect(JSON.stringify(registered.body)).not.toContain('token');
    expect((await agent.post('/api/v1/auth/check-email').send({ email: 'x@example.test' })).status).toBe(403);
    expect((await agent.post('/api/v1/auth/login').set('X-CSRF-Token', csrf).send({ email: 'x@example.test', password: 'whatever1' })).status).toBe(404);
  });

  it('when the one-page form is posted, then bad fields come back with their messages and the values (never the password), and a good one creates the account and says so on the login page', async () => {
    const agent = request.agent(web.web);
    const body = form();
    const csrf = csrfFrom((await agent.get('/signup')).text);
    const refused = await agent
      .post('/signup')
      .type('form')
      .send({ ...body, _csrf: csrf, confirm_password: 'something-else', phone: '1' });
    expect(refused.status).toBe(422);
    for (const message of ['Passwords do not match', 'Please enter a valid phone number', 'Please agree to the Privacy Policy']) expect(refused.text).toContain(message);
    expect(refused.text).toContain(`value="${body.username}"`);
    expect(refused.text).not.toContain(body.password);

    const made = await agent
      .post('/signup')
      .type('form')
      .send({ ...body, _csrf: csrf, agree: 'on', promo_code: '' });
    expect(made.status).toBe(303);
    expect(made.headers.location).toBe('/');
    expect((await agent.get('/')).text).toContain('Your account has been created. You can sign in now.');
    // The page's sign-up starts no API session of its own: the customer signs in next.
    const [person] = await web.database.db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
    expect(await web.database.db.select().from(apiTokens).where(eq(apiTokens.userId, person!.id))).toEqual([]);
    const again = await agent
      .post('/signup')
      .type('form')
      .send({ ...body, _csrf: csrf, agree: 'on' });
    expect(again.status).toBe(422);
    expect(again.text).toContain('Email is already registered');
  });

  it('when a form with the consent ticked comes back for another fault, then the tick is kept and it says why the password must be typed again', async () => {
    const agent = request.agent(web.web);
    const csrf = csrfFrom((await agent.get('/signup')).text);
    const refused = await agent
      .post('/signup')
      .type('form')
      .send({ ...form(), _csrf: csrf, agree: 'on', phone: '1' });
    expect(refused.status).toBe(422);
    expect(/<input[^>]*id="register-agree"[^>]*>/.exec(refused.text)?.[0]).toContain('checked=""');
    expect(refused.text).toContain(registrationTexts.passwordAgain);
    // Not on a fresh form.
    expect((await agent.get('/signup')).text).not.toContain(registrationTexts.passwordAgain);
  });

  it('when the one-page form opens, then the phone code is the first country’s calling code, and each country carries its own for the code to follow', async () => {
    const page = (await request(web.web).get('/signup?type=basic')).text;
    expect(page).toMatch(/<option value="nigeria"[^>]*data-dial="\+234"/);
    expect(page).toMatch(/<option value="uk"[^>]*data-dial="\+44"/);
    expect(page).toMatch(/id="register-country_code"[^>]*value="\+234"/);
  });

  it('when the start form of the three steps is posted, then a taken address comes back with the message and a free one goes on to step 2', async () => {
    const taken = await makeUser(web.database.db);
    const agent = request.agent(web.web);
    const csrf = csrfFrom((await agent.get('/signup')).text);
    const refused = await agent.post('/signup/start').type('form').send({ _csrf: csrf, email: taken.email, password: 'long-enough-1' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('Email is already registered');
    expect(refused.text).toContain(`value="${taken.email}"`);
    const started = await agent
      .post('/signup/start')
      .type('form')
      .send({ _csrf: csrf, email: `web-${unique()}@example.test`, password: 'long-enough-1' });
    expect(started.status).toBe(303);
    expect(started.headers.location).toBe('/register/country-residence');
    const step2 = await agent.get('/register/country-residence');
    expect(step2.status).toBe(200);
    expect(step2.text).toContain('Email verified successfully! Please continue with registration.');
  });
});
