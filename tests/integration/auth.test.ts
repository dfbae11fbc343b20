import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponse } from '../../shared/api/auth.schema';
import { messageBody, validationErrorBody } from '../../shared/api/common.schema';
import { userResponse } from '../../shared/api/user.schema';
import type { Database } from '../../server/trading/db/database';
import { makeUser, type TestPerson } from '../support/factories';
import { startTrading, tokenFor } from '../support/trading';

let app: Awaited<ReturnType<typeof startTrading>>['app'];
let database: Database;
let customer: TestPerson;

beforeAll(async () => {
  ({ app, database } = await startTrading());
  customer = await makeUser(database.db);
});
afterAll(() => database.close());

describe('POST /api/v1/auth/login', () => {
  it('when the password is right, then it answers a token and the user in the contract shape', async () => {
    const res = await request(app).post('/api/v1/auth/login').send({ email: customer.email.toUpperCase(), password: customer.password });
    expect(res.status).toBe(200);
    const body = loginResponse.parse(res.body);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.user.email).toBe(customer.email);
    expect(body.data.user.accounts.map((a) => a.type)).toEqual(['live', 'demo']);
  });

  it('when the password is wrong, then 422 with the credentials message on email and no token', async () => {
    const res = await request(app).post('/api/v1/auth/login').send({ email: customer.email, password: 'wrong-password' });
    expect(res.status).toBe(422);
    const body = validationErrorBody.parse(res.body);
    expect(body.message).toBe('These credentials do not match our records.');
    expect(body.errors.email).toEqual(['These credentials do not match our records.']);
    expect(res.body).not.toHaveProperty('data');
  });

  it('when the e-mail is unknown, then the same answer as a wrong password', async () => {
    const res = await request(app).post('/api/v1/auth/login').send({ email: 'nobody@example.test', password: 'whatever-1' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('These credentials do not match our records.');
  });

  it('when the input is malformed, then 422 with each field’s own text', async () => {
    const res = await request(app).post('/api/v1/auth/login').send({ email: 'not-an-email', password: '' });
    expect(res.status).toBe(422);
    const body = validationErrorBody.parse(res.body);
    expect(body.errors.email).toEqual(['Please enter a valid email address']);
    expect(body.errors.password).toEqual(['Please enter your password']);
  });

  it('when the body is not JSON, then 400 and never a 500', async () => {
    const res = await request(app).post('/api/v1/auth/login').set('Content-Type', 'application/json').send('{"email":');
    expect(res.status).toBe(400);
    messageBody.parse(res.body);
  });
});

describe('bearer tokens', () => {
  it('when no token is sent, then 401 Unauthenticated.', async () => {
    const res = await request(app).get('/api/v1/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('when a made-up token is sent, then 401', async () => {
    const res = await request(app)
      .get('/api/v1/user')
      .set('Authorization', `Bearer ${'x'.repeat(43)}`);
    expect(res.status).toBe(401);
  });

  it('when the user logs out, then the same token answers 401 afterwards', async () => {
    const token = await tokenFor(app, customer);
    const before = await request(app).get('/api/v1/user').set('Authorization', `Bearer ${token}`);
    expect(before.status).toBe(200);
    userResponse.parse(before.body);
    const out = await request(app).post('/api/v1/auth/logout').set('Authorization', `Bearer ${token}`);
    expect(out.status).toBe(200);
    const after = await request(app).get('/api/v1/user').set('Authorization', `Bearer ${token}`);
    expect(after.status).toBe(401);
  });

  it('when one token is revoked, then the user’s other tokens keep working', async () => {
    const first = await tokenFor(app, customer);
    const second = await tokenFor(app, customer);
    await request(app).post('/api/v1/auth/logout').set('Authorization', `Bearer ${first}`);
    const res = await request(app).get('/api/v1/user').set('Authorization', `Bearer ${second}`);
    expect(res.status).toBe(200);
  });
});

describe('login rate limit', () => {
  const login = (app: typeof limitedApp, from: string, body: { email: string; password: string }) => request(app).post('/api/v1/auth/login').set('X-Forwarded-For', from).send(body);
  let limitedApp: Awaited<ReturnType<typeof startTrading>>['app'];
  beforeAll(async () => {
    ({ app: limitedApp } = await startTrading({ loginRateLimit: 3, database }));
  });

  it('when one client fails too often for an address, then that client gets 429 with Retry-After, even with the right password', async () => {
    const person = await makeUser(database.db);
    for (let i = 0; i < 3; i += 1) {
      const res = await login(limitedApp, '203.0.113.10', { email: person.email, password: 'wrong-password' });
      expect(res.status).toBe(422);
    }
    const blocked = await login(limitedApp, '203.0.113.10', { email: person.email, password: person.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body).toEqual({ message: 'Too many login attempts. Please try again later.' });
  });

  it('when someone hammers an address from elsewhere, then only they are slowed and the owner still signs in from their own address', async () => {
    const owner = await makeUser(database.db);
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await login(limitedApp, attacker, { email: owner.email.toUpperCase(), password: `guess-${i}` })).status);
    expect(statuses).toEqual([422, 422, 422, 429, 429, 429, 429, 429]);
    // The owner, from their own address: a typo is a plain wrong password, and the right one signs in.
    expect((await login(limitedApp, '198.51.100.7', { email: owner.email, password: 'typo-password' })).status).toBe(422);
    const signedIn = await login(limitedApp, '198.51.100.7', { email: owner.email, password: owner.password });
    expect(signedIn.status).toBe(200);
    expect(loginResponse.parse(signedIn.body).data.user.email).toBe(owner.email);
    // Staff are protected the same way.
    const staff = await makeUser(database.db, { role: 'staff' });
    for (let i = 0; i < 4; i += 1) await login(limitedApp, attacker, { email: staff.email, password: 'guess' });
    expect((await login(limitedApp, attacker, { email: staff.email, password: staff.password })).status).toBe(429);
    expect((await login(limitedApp, '198.51.100.8', { email: staff.email, password: staff.password })).status).toBe(200);
  });

  it('when one client tries many addresses, then it is slowed after five times the limit over all of them, and other clients are not', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => makeUser(database.db)));
    const sprayer = '203.0.113.99';
    const statuses: number[] = [];
    // Two wrong passwords for each address: never three for one, so only the client's own count reaches its limit (15).
    for (const person of people) for (let i = 0; i < 2; i += 1) statuses.push((await login(limitedApp, sprayer, { email: person.email, password: 'Winter2024!' })).status);
    expect(statuses).toEqual([...Array<number>(15).fill(422), 429]);
    expect((await login(limitedApp, sprayer, { email: people[0]!.email, password: people[0]!.password })).status).toBe(429);
    expect((await login(limitedApp, '198.51.100.9', { email: people[0]!.email, password: people[0]!.password })).status).toBe(200);
  });

  it('when sign-ins succeed, then they are not counted: many people behind one address keep signing in', async () => {
    const person = await makeUser(database.db);
    const office = '192.0.2.44';
    for (let i = 0; i < 20; i += 1) expect((await login(limitedApp, office, { email: person.email, password: person.password })).status).toBe(200);
    expect((await login(limitedApp, office, { email: person.email, password: 'wrong-password' })).status).toBe(422);
  });
});
