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

  it('when the input is malformed, then 422 with the spec texts per field', async () => {
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
    const res = await request(app).get('/api/v1/user').set('Authorization', `Bearer ${'x'.repeat(43)}`);
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
  it('when one address fails too often, then 429 with Retry-After, even with the right password', async () => {
    const { app: limited, database: db } = await startTrading({ loginRateLimit: 3 });
    try {
      const person = await makeUser(db.db);
      for (let i = 0; i < 3; i += 1) {
        const res = await request(limited).post('/api/v1/auth/login').send({ email: person.email, password: 'wrong-password' });
        expect(res.status).toBe(422);
      }
      const blocked = await request(limited).post('/api/v1/auth/login').send({ email: person.email, password: person.password });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.body.message).toBe('Too many login attempts. Please try again later.');
    } finally {
      await db.close();
    }
  });
});
