import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/trading/db/opaque-tokens';
import { updateSettings } from '../../server/trading/db/settings.repo';
import { makeUser, type TestPerson } from '../support/factories';
import { csrfFrom, signedInAgent, startWebStack, textOf, webAppFor, type WebStack } from '../support/web';

let stack: WebStack;
let customer: TestPerson;

beforeAll(async () => {
  stack = await startWebStack();
  customer = await makeUser(stack.database.db);
});
afterAll(() => stack.close());

describe('signing in through the web tier', () => {
  it('when the login page loads, then the form is in the HTML before any script runs', async () => {
    const res = await request(stack.web).get('/');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<form class="login-form"[^>]*action="\/session"/);
    expect(res.text).toContain('name="email"');
    // Its selling points carry no typed figure (a product count the catalogue does not have).
    const points = /<ul class="highlights">(.*?)<\/ul>/s.exec((await request(stack.web).get('/?type=basic')).text)?.[1] ?? '';
    expect(points).toContain('Six asset classes');
    expect(textOf(points)).not.toMatch(/\d/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('when the trade room loads, then its CSP alone lets in the TradingView embeds, and the login page keeps them out', async () => {
    const { agent } = await signedInAgent(stack.web, customer);
    const room = await agent.get('/mt4');
    expect(room.status).toBe(200);
    expect(room.headers['content-security-policy']).toMatch(/script-src [^;]*https:\/\/s3\.tradingview\.com\/external-embedding\//);
    expect(room.headers['content-security-policy']).toMatch(/frame-src https:\/\/www\.tradingview-widget\.com https:\/\/s\.tradingview\.com/);
    const login = await request(stack.web).get('/');
    expect(login.headers['content-security-policy']).not.toContain('tradingview');
  });

  it('when the login posts without the CSRF token, then 403 and no session', async () => {
    const agent = request.agent(stack.web);
    await agent.get('/');
    const res = await agent.post('/session').set('Accept', 'application/json').send({ email: customer.email, password: customer.password });
    expect(res.status).toBe(403);
    expect((await agent.get('/main/dashboard')).status).toBe(302);
  });

  it('when another site posts the form, then it is refused even with a token', async () => {
    const agent = request.agent(stack.web);
    const csrf = csrfFrom((await agent.get('/')).text);
    const res = await agent.post('/session').set('Origin', 'https://evil.example').set('X-CSRF-Token', csrf).send({ email: customer.email, password: customer.password });
    expect(res.status).toBe(403);
    const site = await agent.post('/session').set('Sec-Fetch-Site', 'cross-site').set('X-CSRF-Token', csrf).send({});
    expect(site.status).toBe(403);
  });

  it('when signed in, then the cookie holds no readable API token and the dashboard shows the balances', async () => {
    const agent = request.agent(stack.web);
    const csrf = csrfFrom((await agent.get('/')).text);
    const res = await agent.post('/session').set('X-CSRF-Token', csrf).set('Accept', 'application/json').send({ email: customer.email, password: customer.password });
    expect(res.status).toBe(200);
    expect(res.body.data.redirect).toBe('/main');
    expect(JSON.stringify(res.body)).not.toMatch(/token"/i);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    const session = JSON.parse(Buffer.from(/session=([^;]+)/.exec(cookie)![1]!, 'base64').toString('utf8')) as Record<string, unknown>;
    // No 43-character stretch of the cookie hashes to a stored token: the token is sealed, not just encoded.
    const hashes = new Set((await stack.database.db.query.apiTokens.findMany()).map((t) => t.tokenHash));
    expect(hashes.size).toBeGreaterThan(0);
    const text = JSON.stringify(session);
    for (let i = 0; i + 43 <= text.length; i += 1) expect(hashes.has(hashToken(text.slice(i, i + 43)))).toBe(false);
    const dashboard = await agent.get('/main/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain('$10,000.00');
    expect(dashboard.text).toContain('Live Account');
  });

  it('when the form posts without JavaScript and fails, then the login page comes back with the error and the e-mail kept', async () => {
    const agent = request.agent(stack.web);
    const csrf = csrfFrom((await agent.get('/')).text);
    const res = await agent.post('/session').type('form').send({ _csrf: csrf, email: customer.email, password: 'wrong-password' });
    expect(res.status).toBe(422);
    expect(res.text).toContain('These credentials do not match our records.');
    expect(res.text).toContain(`value="${customer.email}"`);
  });

  it('when the form posts without JavaScript and succeeds, then it goes to the page it came from', async () => {
    const agent = request.agent(stack.web);
    const first = await agent.get('/main/dashboard?tab=1');
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('/?next=%2Fmain%2Fdashboard%3Ftab%3D1');
    const csrf = csrfFrom((await agent.get(first.headers.location!)).text);
    const res = await agent.post('/session').type('form').send({ _csrf: csrf, email: customer.email, password: customer.password, next: '/main/dashboard?tab=1' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/main/dashboard?tab=1');
  });

  it('when a signed-in person opens the login page, then they go to /main, and /main to the dashboard', async () => {
    const { agent } = await signedInAgent(stack.web, customer);
    expect((await agent.get('/')).headers.location).toBe('/main');
    expect((await agent.get('/main')).headers.location).toBe('/main/dashboard');
  });
});

// Tiers apart the web tier proxies the pages' calls over HTTP; in one process it hands them to the API's app (docs/access.md#api-proxy).
const transports = [
  { name: 'proxied over HTTP', web: () => stack.web },
  { name: 'handed to the API in this process', web: () => stack.webInProcess },
];

describe.each(transports)('the API proxy, $name', ({ web }) => {
  it('when the page calls /api/v1 with the cookie, then the web tier adds the bearer token', async () => {
    const { agent } = await signedInAgent(web(), customer);
    const res = await agent.get('/api/v1/user');
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(customer.email);
  });

  it('when a write through the proxy lacks the CSRF token, then 403 before it reaches the API', async () => {
    const { agent, csrf } = await signedInAgent(web(), customer);
    expect((await agent.post('/api/v1/user/heartbeat')).status).toBe(403);
    expect((await agent.post('/api/v1/user/heartbeat').set('X-CSRF-Token', csrf)).status).toBe(200);
  });

  it('when the API answers 401, then the session ends', async () => {
    const { agent } = await signedInAgent(web(), customer);
    await stack.revokeEveryToken();
    expect((await agent.get('/api/v1/user')).status).toBe(401);
    const again = await agent.get('/main/dashboard');
    expect(again.status).toBe(302);
    expect(again.headers.location).toMatch(/^\/(\?|$)/);
  });

  it('when a signed-in page uploads a chat file through the web tier, then it is streamed to the API and it can be downloaded', async () => {
    const { agent, csrf } = await signedInAgent(web(), customer);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const refused = await agent.post('/api/v1/chat/upload').attach('file', pdf, 'statement.pdf');
    expect(refused.status).toBe(403);
    const upload = await agent.post('/api/v1/chat/upload').set('X-CSRF-Token', csrf).attach('file', pdf, 'statement.pdf');
    expect(upload.status).toBe(201);
    const download = await agent.get(upload.body.url).buffer(true);
    expect(download.status).toBe(200);
    expect(Buffer.from(download.body as Buffer).equals(pdf)).toBe(true);
  });

  it('when the browser sends its own Authorization header, then it is not passed on', async () => {
    // A valid token of a real customer: passed through, it would answer 200.
    const login = await request(stack.apiUrl).post('/api/v1/auth/login').send({ email: customer.email, password: customer.password });
    const token = login.body.data.token as string;
    expect((await request(stack.apiUrl).get('/api/v1/user').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    const res = await request(web()).get('/api/v1/user').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(401);
  });
});

describe('edges that must answer 4xx or a gate, never 500', () => {
  it('when page scripts try to sign in through the proxy, then the API token is not handed out', async () => {
    const agent = request.agent(stack.web);
    const csrf = csrfFrom((await agent.get('/')).text);
    const res = await agent.post('/api/v1/auth/login').set('X-CSRF-Token', csrf).send({ email: customer.email, password: customer.password });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('token');
  });

  it('when the login posts a body type we do not read, then 422 with the field texts', async () => {
    const agent = request.agent(stack.web);
    const csrf = csrfFrom((await agent.get('/')).text);
    const res = await agent.post('/session').set('X-CSRF-Token', csrf).set('Accept', 'application/json').set('Content-Type', 'text/plain').send('email=x');
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['Please enter a valid email address']);
    const refresh = await agent.post('/session/refresh').set('X-CSRF-Token', csrf).set('Content-Type', 'text/plain').send('x');
    expect(refresh.status).toBe(303);
    expect(refresh.headers.location).toBe('/');
  });

  it('when a session’s token was revoked and the site is switched off, then the maintenance screen shows, not an error', async () => {
    const { agent } = await signedInAgent(stack.web, customer);
    await stack.revokeEveryToken();
    await updateSettings(stack.database.db, { status: 'disabled' });
    try {
      for (const path of ['/', '/main/dashboard']) {
        const res = await agent.get(path);
        expect(res.status, path).toBe(503);
        expect(res.text).toContain('Site Temporarily Disabled');
      }
      const staffDoor = await agent.get('/login');
      expect(staffDoor.status).toBe(200);
      expect(staffDoor.text).toContain('Only staff can continue after signing in.');
    } finally {
      await updateSettings(stack.database.db, { status: 'enabled' });
    }
  });

  it('when someone signs in again on the same browser, then the previous token is revoked', async () => {
    const { agent, csrf } = await signedInAgent(stack.web, customer);
    const before = (await stack.database.db.query.apiTokens.findMany()).filter((t) => t.userId === customer.user.id && !t.revokedAt).length;
    const again = await agent.post('/session').set('X-CSRF-Token', csrf).set('Accept', 'application/json').send({ email: customer.email, password: customer.password });
    expect(again.status).toBe(200);
    const after = (await stack.database.db.query.apiTokens.findMany()).filter((t) => t.userId === customer.user.id && !t.revokedAt).length;
    expect(after).toBe(before);
  });
});

describe('logging out', () => {
  it('when the person logs out, then the token is revoked and protected pages go back to /', async () => {
    const { agent, csrf } = await signedInAgent(stack.web, customer);
    const out = await agent.post('/session/logout').type('form').send({ _csrf: csrf });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/');
    const res = await agent.get('/main/dashboard');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('when the island logs out with DELETE /session, then the same happens', async () => {
    const { agent, csrf } = await signedInAgent(stack.web, customer);
    const out = await agent.delete('/session').set('X-CSRF-Token', csrf).set('Accept', 'application/json');
    expect(out.status).toBe(200);
    expect((await agent.get('/main/dashboard')).status).toBe(302);
  });
});

describe('the gate', () => {
  it('when the API cannot be reached, then every page shows Site Unreachable with 503', async () => {
    const web = webAppFor('http://127.0.0.1:9');
    for (const path of ['/', '/main/dashboard']) {
      const res = await request(web).get(path);
      expect(res.status).toBe(503);
      expect(res.text).toContain('Site Unreachable');
      expect(res.text).toContain('We&#x27;re having trouble connecting to the server.');
    }
  });

  it('when a pending customer signs in, then they see Awaiting Approval; a deactivated one sees Account Currently Disabled', async () => {
    const pending = await makeUser(stack.database.db, { status: 'pending' });
    const res = await (await signedInAgent(stack.web, pending)).agent.get('/main/dashboard');
    expect(res.status).toBe(403);
    expect(res.text).toContain('Your account is awaiting approval from the Client Management Team');
    const disabled = await makeUser(stack.database.db, { status: 'deactivated' });
    const res2 = await (await signedInAgent(stack.web, disabled)).agent.get('/main/dashboard');
    expect(res2.text).toContain('Your account is currently disabled, please contact support.');
  });

  it('when a legal document is asked for, then it renders; an unknown one is a 404', async () => {
    const risk = await request(stack.web).get('/legal/risk');
    expect(risk.status).toBe(200);
    expect(risk.text).toContain('Risk disclosure');
    expect(risk.text).toContain('Trading CFDs carries a high level of risk to your capital');
    for (const path of ['/legal/nope', '/legal/__proto__', '/legal/constructor']) expect((await request(stack.web).get(path)).status).toBe(404);
  });

  it('when an unknown path is asked for, then a not-found page with 404 and no script', async () => {
    const res = await request(stack.web).get('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Page not found');
    expect(res.text).not.toContain('<script');
  });
});

describe('the risk warning', () => {
  it('is the site’s own wording when set, and the product’s text when cleared', async () => {
    const wording = '74% of retail investor accounts lose money when trading CFDs with this provider.';
    await updateSettings(stack.database.db, { risk_warning: wording });
    try {
      const page = await request(stack.web).get('/');
      expect(page.text).toContain(wording);
    } finally {
      await updateSettings(stack.database.db, { risk_warning: null });
    }
  });
});

describe('previewing a sign-up look', () => {
  it('shows an admin the look as visitors see it with forms the browser may not send; staff get not-found', async () => {
    const admin = await makeUser(stack.database.db, { role: 'admin' });
    const { agent } = await signedInAgent(stack.web, admin);
    const page = await agent.get('/admin/settings/preview/td');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sign up to power up your trading');
    expect(page.headers['content-security-policy']).toContain("form-action 'none'");
    expect((await agent.get('/admin/settings/preview/nope')).status).toBe(404);
    const staff = await signedInAgent(stack.web, await makeUser(stack.database.db, { role: 'staff' }));
    expect((await staff.agent.get('/admin/settings/preview/td')).status).toBe(404);
  });
});
