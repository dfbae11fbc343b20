import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationErrorBody, messageBody } from '../../shared/api/common.schema';
import { makeUser } from '../support/factories';
import { auditLedger } from '../support/money';
import { fundedTrader, startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/**
 * Input an attacker would send, where the database cannot store a character (PostgreSQL refuses NUL in
 * text and jsonb) or a number is beyond an integer column: each answers a 4xx with a message, never 500.
 */
let stack: TradingStack;
const unique = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  stack = await startTrading();
});
afterAll(async () => {
  await stack.engine.stop();
  await stack.database.close();
});

function expectClientError(res: request.Response, status = 422) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(messageBody.parse(res.body).message).not.toBe('Server Error');
}

describe('a NUL byte in JSON input', () => {
  it('when a chat message holds NUL, then 422 on the message and nothing is stored', async () => {
    const person = await makeUser(stack.database.db);
    const token = await tokenFor(stack.app, person);
    const res = await request(stack.app).post('/api/v1/chat/messages').set(bearer(token)).send({ message: 'hello\u0000world' });
    expectClientError(res);
    expect(validationErrorBody.parse(res.body).errors).toHaveProperty('message');
    const page = await request(stack.app).get('/api/v1/chat/messages').set(bearer(token));
    expect(page.body.data).toEqual([]);
  });

  it.each(['first_name', 'last_name', 'username', 'phone', 'country', 'nationality', 'country_code', 'promo_code'])(
    'when a registration’s %s holds NUL, then 422 on that field and no account',
    async (field) => {
      const id = unique();
      const email = `nul-${id}@example.test`;
      const form = {
        first_name: 'Ada',
        last_name: 'Lovelace',
        username: `ada${id}`,
        email,
        phone: '5550123',
        country_code: '+44',
        country: 'united-kingdom',
        nationality: 'united-kingdom',
        password: 'analytical-engine',
        confirm_password: 'analytical-engine',
        promo_code: 'SPRING',
      };
      const res = await request(stack.app)
        .post('/api/v1/auth/register')
        .set('X-Forwarded-For', `198.51.100.${Math.floor(Math.random() * 250)}`)
        .send({ ...form, [field]: `${form[field as keyof typeof form]}\u0000x` });
      expectClientError(res);
      expect(Object.keys(validationErrorBody.parse(res.body).errors)).toEqual([field]);
      const check = await request(stack.app).post('/api/v1/auth/check-email').send({ email });
      expect(check.body.data.available).toBe(true);
    },
  );

  it('when an order’s order_id holds NUL, then 422 on order_id and no trade', async () => {
    const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
    stack.prices.set({ [idOf('EURUSD')]: '1.10000' });
    const { token } = await fundedTrader(stack, '10000.00');
    const res = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ type: 'buy', id: idOf('EURUSD'), volume: '1000', leverage: 20, order_id: 'order\u0000one' });
    expectClientError(res);
    expect(Object.keys(validationErrorBody.parse(res.body).errors)).toEqual(['order_id']);
    const trades = await request(stack.app).get('/api/v1/open/trades').set(bearer(token));
    expect(trades.body.data).toEqual([]);
    await auditLedger(stack.database.db);
  });

  it('when a login’s e-mail or password holds NUL, then 422, not a server error', async () => {
    const person = await makeUser(stack.database.db);
    expectClientError(
      await request(stack.app)
        .post('/api/v1/auth/login')
        .send({ email: `${person.email}\u0000`, password: person.password }),
    );
    expectClientError(
      await request(stack.app)
        .post('/api/v1/auth/login')
        .send({ email: person.email, password: `${person.password}\u0000` }),
    );
    expectClientError(await request(stack.app).post('/api/v1/auth/forgot-password').send({ email: `a\u0000@example.test` }));
  });

  it('when NUL hides deeper in a body, in a query string or in a path, then 422 naming where', async () => {
    const person = await makeUser(stack.database.db);
    const token = await tokenFor(stack.app, person);
    const nested = await request(stack.app)
      .post('/api/v1/chat/messages')
      .set(bearer(token))
      .send({ message: 'hi', attachments: ['/api/v1/chat/files/\u0000'] });
    expectClientError(nested);
    expect(validationErrorBody.parse(nested.body).errors).toHaveProperty(['attachments.0']);
    const key = await request(stack.app).post('/api/v1/chat/messages').set(bearer(token)).send({ message: 'hi', 'odd\u0000key': 1 });
    expectClientError(key);
    const query = await request(stack.app).get('/api/v1/chat/messages?after=%00').set(bearer(token));
    expectClientError(query);
    expect(validationErrorBody.parse(query.body).errors).toHaveProperty('after');
    const path = await request(stack.app).get('/api/v1/chat/files/abc%00def').set(bearer(token));
    expectClientError(path);
    // Walked without recursion: a body nested 30,000 deep is answered, not a stack overflow.
    const deep = `{"message":"hi","attachments":${'['.repeat(30_000)}"\\u0000"${']'.repeat(30_000)}}`;
    const nestedDeep = await request(stack.app).post('/api/v1/chat/messages').set(bearer(token)).set('Content-Type', 'application/json').send(deep);
    expectClientError(nestedDeep);
    // A lone surrogate cannot be stored either (it would come back as U+FFFD).
    const surrogate = await request(stack.app).post('/api/v1/chat/messages').set(bearer(token)).set('Content-Type', 'application/json').send('{"message":"half \\ud800 a pair"}');
    expectClientError(surrogate);
  });
});

describe('control characters in fields a person types', () => {
  it('when a name, a message or an order id holds one, then 422 with that field’s own message; line breaks in a message are kept', async () => {
    const id = unique();
    const register = await request(stack.app)
      .post('/api/v1/auth/register')
      .set('X-Forwarded-For', '198.51.100.251')
      .send({
        first_name: 'Ada\u0007',
        last_name: 'Love\u001blace',
        username: `ada${id}`,
        email: `bell-${id}@example.test`,
        phone: '555\u00000123'.replace('\u0000', '\t'),
        country: 'united-kingdom',
        nationality: 'united\u007f',
        password: 'analytical-engine',
        confirm_password: 'analytical-engine',
      });
    expect(register.status).toBe(422);
    expect(validationErrorBody.parse(register.body).errors).toEqual({
      first_name: ['The first name must not contain control characters.'],
      last_name: ['The last name must not contain control characters.'],
      phone: ['Please enter a valid phone number'],
      nationality: ['The nationality must not contain control characters.'],
    });

    const person = await makeUser(stack.database.db);
    const token = await tokenFor(stack.app, person);
    const bell = await request(stack.app).post('/api/v1/chat/messages').set(bearer(token)).send({ message: 'ring \u0007' });
    expect(validationErrorBody.parse(bell.body).errors).toEqual({ message: ['A message must not contain control characters.'] });
    const lines = await request(stack.app).post('/api/v1/chat/messages').set(bearer(token)).send({ message: 'first line\r\n\tsecond line' });
    expect(lines.status).toBe(201);
    expect(lines.body.data.message).toBe('first line\r\n\tsecond line');

    const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
    stack.prices.set({ [idOf('EURUSD')]: '1.10000' });
    const trader = await fundedTrader(stack, '1000.00');
    const order = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(trader.token))
      .send({ type: 'buy', id: idOf('EURUSD'), volume: '1000', leverage: 20, order_id: 'two\nlines' });
    expect(validationErrorBody.parse(order.body).errors).toEqual({ order_id: ['The order id must be 1 to 100 characters, without control characters.'] });
  });
});

describe('times beyond what the database reads', () => {
  it.each(['-200000-01-01T00:00:00Z', '+275000-01-01T00:00:00Z', '999999999999999'])('when the chat is polled after %s, then 422 with the after field’s message', async (after) => {
    const token = await tokenFor(stack.app, await makeUser(stack.database.db));
    const res = await request(stack.app)
      .get(`/api/v1/chat/messages?after=${encodeURIComponent(after)}`)
      .set(bearer(token));
    expectClientError(res);
    expect(res.body.errors).toEqual({ after: ['after must be a time (ISO 8601 or milliseconds since 1970).'] });
  });
});

describe('numbers beyond an integer column', () => {
  it.each(['1e308', '2147483648', '99999999999999999999', '-1', '1.5', 'NaN', 'Infinity'])('when a notification id is %s, then 404 Notification not found.', async (id) => {
    const person = await makeUser(stack.database.db);
    const token = await tokenFor(stack.app, person);
    const res = await request(stack.app).post(`/api/v1/notifications/${id}/read`).set(bearer(token));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Notification not found.' });
  });
});

describe('ids in paths beyond an integer column', () => {
  it.each([
    ['post', '/accounts/2147483648/reset'],
    ['post', '/trade/2147483648/close'],
    ['patch', '/trades/2147483648'],
    ['delete', '/orders/pending/2147483648'],
    ['post', '/accounts/1e308/reset'],
  ] as const)('when %s %s, then 4xx with a message', async (method, path) => {
    const { token } = await fundedTrader(stack, '100.00');
    const res = await request(stack.app)[method](`/api/v1${path}`).set(bearer(token)).send({});
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(messageBody.parse(res.body).message).toBeTruthy();
  });
});

// The start of a real PDF: recognised by its bytes.
const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

describe('multipart bodies that do not parse', () => {
  const upload = (token: string, contentType: string, body: string | Buffer) => request(stack.app).post('/api/v1/chat/upload').set(bearer(token)).set('Content-Type', contentType).send(body);

  it('when the file name holds NUL, then 400 with a message; sent percent-encoded, the NUL is left out of the stored name', async () => {
    const token = await tokenFor(stack.app, await makeUser(stack.database.db));
    const raw = `--b0undary\r\nContent-Disposition: form-data; name="file"; filename="state\u0000ment.pdf"\r\nContent-Type: application/pdf\r\n\r\n${pdf}\r\n--b0undary--\r\n`;
    const res = await upload(token, 'multipart/form-data; boundary=b0undary', Buffer.from(raw, 'utf8'));
    expectClientError(res, 400);
    expect(validationErrorBody.parse(res.body).errors).toEqual({ file: ['The upload could not be read: the form data is malformed.'] });
    const encoded = `--b0undary\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''state%00ment.pdf\r\nContent-Type: application/pdf\r\n\r\n${pdf}\r\n--b0undary--\r\n`;
    const stored = await upload(token, 'multipart/form-data; boundary=b0undary', Buffer.from(encoded, 'utf8'));
    expect(stored.status).toBe(201);
    expect(stored.body.data.file_name).toBe('statement.pdf');
  });

  it('when the body ends before its closing boundary, then 400 with a message', async () => {
    const token = await tokenFor(stack.app, await makeUser(stack.database.db));
    const body = `--b0undary\r\nContent-Disposition: form-data; name="file"; filename="statement.pdf"\r\nContent-Type: application/pdf\r\n\r\n${pdf.slice(0, 20)}`;
    const res = await upload(token, 'multipart/form-data; boundary=b0undary', body);
    expectClientError(res, 400);
    expect(res.body.message).toBe('The upload could not be read: the body ended before the form did. Please try again.');
  });

  it('when the multipart type names no boundary, then 400 with a message', async () => {
    const token = await tokenFor(stack.app, await makeUser(stack.database.db));
    const res = await upload(token, 'multipart/form-data', `--x\r\n${pdf}`);
    expectClientError(res, 400);
    expect(res.body.message).toBe('The upload could not be read: its Content-Type names no multipart boundary.');
  });

  it('when a part’s headers are malformed, then 4xx with a message', async () => {
    const token = await tokenFor(stack.app, await makeUser(stack.database.db));
    const body = `--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nBroken header line without colon\r\n${'x'.repeat(100_000)}`;
    expectClientError(await upload(token, 'multipart/form-data; boundary=b0undary', body), 400);
  });
});
