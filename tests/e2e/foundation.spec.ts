import { expect } from '@playwright/test';
import { rmSync } from 'node:fs';
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { demo, openSignedIn, setSiteStatus, signIn, startOrphanWebTier, startSplitTiers, test } from './support';

test.describe('signing in', () => {
  test('when the demo customer signs in, then the dashboard shows the seeded balances', async ({ page }) => {
    await signIn(page, demo.trader);
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Alex' })).toBeVisible();
    await expect(page.getByTestId('balance-live')).toHaveText('$25,000.00');
    await expect(page.getByTestId('balance-demo')).toHaveText('$10,000.00');
  });

  test('when the password is wrong, then the login page comes back with an error toast saying so', async ({ page }) => {
    await signIn(page, { email: demo.trader.email, password: 'not-the-password' });
    const toast = page.locator('.toast-error');
    await expect(toast).toContainText('Login failed');
    await expect(toast).toContainText('These credentials do not match our records.');
    // The form posted to /session, which answered with the login page again (no fetch, no toaster island).
    await expect(page).toHaveURL(/\/session$/);
    await expect(page.getByLabel('Email')).toHaveValue(demo.trader.email);
  });

  test('when the customer logs out, then they are back on the login page and the dashboard is closed to them', async ({ page }) => {
    await openSignedIn(page, demo.trader);
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/main/dashboard');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  });

  test('when a signed-out visitor opens the dashboard, then they land on the login page', async ({ page }) => {
    await page.goto('/main/dashboard');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.locator('form.login-form')).toBeVisible();
  });

  test('when the login page loads, then it ships no React, only its few plain scripts', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/');
    await expect(page.locator('form.login-form[data-enhanced]')).toBeAttached();
    expect(await page.locator('app-island, #page-state').count()).toBe(0);
    // Its scripts (the shared chunks they import are named by whatever else shares them), never the island runtime or React.
    expect(scripts.some((script) => /^\/assets\/forms-[\w-]+\.js$/.test(script))).toBe(true);
    expect(scripts.some((script) => /^\/assets\/password-reveal-[\w-]+\.js$/.test(script))).toBe(true);
    for (const script of scripts) expect(script).not.toMatch(/\/(main|react|[\w-]+\.island)-[\w-]+\.js$/);
  });

  test('when the login page script runs, then it checks the fields in place and reveals the password', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('form.login-form[data-enhanced]')).toBeAttached();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });
});

test('when a browser fetches the built scripts and sheets, then each comes precompressed as it accepts, the same file every way, cached for good', async ({ page, baseURL }) => {
  await page.goto('/');
  const files = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel=stylesheet], link[rel=modulepreload]')].map((el) =>
      'src' in el && el.src ? el.src : (el as HTMLLinkElement).href,
    ),
  );
  expect(files.length).toBeGreaterThan(2);
  for (const file of files.map((url) => new URL(url).pathname)) {
    const served = await Promise.all(['br, gzip', 'gzip', 'identity'].map((accept) => rawGet(`${baseURL}${file}`, accept)));
    expect(
      served.map((s) => s.encoding),
      file,
    ).toEqual(['br', 'gzip', undefined]);
    expect(brotliDecompressSync(served[0]!.body).equals(served[2]!.body), file).toBe(true);
    expect(gunzipSync(served[1]!.body).equals(served[2]!.body), file).toBe(true);
    for (const s of served) expect(s.cacheControl).toBe('public, max-age=31536000, immutable');
  }
});

test('when a signed-in page loads, then its sheets of at most 4 KiB come inside it, each the built file as it is, never fetched, and only the larger ones are linked', async ({ page, baseURL }) => {
  const fetched: string[] = [];
  page.on('request', (req) => req.resourceType() === 'stylesheet' && fetched.push(new URL(req.url()).pathname));
  await openSignedIn(page, demo.trader, '/main/dashboard');
  await page.waitForLoadState('networkidle');
  const inlined = await page.evaluate(() => [...document.querySelectorAll('head style[data-sheet]')].map((el) => ({ href: el.getAttribute('data-sheet')!, text: el.textContent })));
  const linked = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('head link[rel=stylesheet]:not([disabled])')].map((el) => new URL(el.href).pathname));
  expect(inlined.length).toBeGreaterThan(0);
  for (const { href, text } of inlined) {
    const built = (await rawGet(`${baseURL}${href}`, 'identity')).body;
    expect(built.toString('utf8'), href).toBe(text);
    expect(built.length, href).toBeLessThanOrEqual(4096);
    // Neither the page nor the islands' loader (which finds its disabled link) asked for it.
    expect(fetched, href).not.toContain(href);
  }
  for (const href of linked) expect((await rawGet(`${baseURL}${href}`, 'identity')).body.length, href).toBeGreaterThan(4096);
  // The browser applies them (a policy refusing inline styles would leave them without rules).
  const applied = await page.evaluate(() => [...document.querySelectorAll<HTMLStyleElement>('head style[data-sheet]')].map((el) => el.sheet?.cssRules.length ?? 0));
  for (const rules of applied) expect(rules).toBeGreaterThan(0);
});

test('when a customer opens the dashboard with nothing cached, then it takes at most 15 requests, its scripts in at most 7 files', async ({ page }) => {
  // The goal for the dashboard on a slow network, where each request costs a round trip (docs/front-end.md#chunks).
  const requests: { type: string; path: string }[] = [];
  page.on('requestfinished', (req) => requests.push({ type: req.resourceType(), path: new URL(req.url()).pathname }));
  const channelsSignedIn = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/broadcasting/auth/batch');
  await openSignedIn(page, demo.trader, '/main/dashboard');
  // Everything it loads: the islands, then the realtime connection's libraries and its channels' sign-in.
  await expect(page.locator('app-island[name="notifications"][hydrated]')).toBeAttached();
  await channelsSignedIn;
  await page.waitForLoadState('networkidle');
  const scripts = requests.filter((req) => req.type === 'script').map((req) => req.path);
  expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(7);
  expect(requests.length, requests.map((req) => `${req.type} ${req.path}`).join('\n')).toBeLessThanOrEqual(15);
});

/** A file's bytes as sent (no decoding), with its encoding and caching. */
function rawGet(url: string, acceptEncoding: string): Promise<{ body: Buffer; encoding: string | undefined; cacheControl: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'], cacheControl: res.headers['cache-control'] }));
    }).on('error', reject);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('when the password is wrong, then the page comes back with the message and the e-mail kept', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email').fill(demo.trader.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('.toast-error')).toContainText('These credentials do not match our records.');
    await expect(page.getByLabel('Email')).toHaveValue(demo.trader.email);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#login-email-error')).toHaveText('Please enter a valid email address');
  });

  test('when scripts never run, then the login form is there and signs the customer in', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('form.login-form')).toBeVisible();
    await page.getByLabel('Email').fill(demo.trader.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.trader.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    await expect(page.getByTestId('balance-live')).toHaveText('$25,000.00');
  });
});

test.describe('the account gate', () => {
  test('when the pending customer signs in, then they see Awaiting Approval and can log out', async ({ page }) => {
    await openSignedIn(page, demo.pending);
    await expect(page.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible();
    await expect(page.getByText('Your account is awaiting approval from the Client Management Team')).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('form.login-form')).toBeVisible();
  });

  test('when the deactivated customer signs in, then they see Account Currently Disabled with the reason staff gave, and can log out', async ({ page }) => {
    await openSignedIn(page, demo.disabled);
    await expect(page.getByRole('heading', { name: 'Account Currently Disabled' })).toBeVisible();
    await expect(page.getByText('Your account is currently disabled, please contact support.')).toBeVisible();
    await expect(page.getByText('Reason given by our staff: The proof of address sent did not match the address on the account.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check Status' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.locator('form.login-form')).toBeVisible();
  });
});

test.describe('the site gate', () => {
  test('when staff switch the site off, then every page shows Site Temporarily Disabled until it is back on', async ({ page }) => {
    await setSiteStatus('disabled', 'Scheduled maintenance until 18:00 UTC.');
    try {
      for (const path of ['/', '/main/dashboard', '/no-such-page']) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(503);
        await expect(page.getByRole('heading', { name: 'Site Temporarily Disabled' })).toBeVisible();
        await expect(page.getByText('Scheduled maintenance until 18:00 UTC.')).toBeVisible();
      }
      await expect(page.getByRole('link', { name: 'support@meridian-markets.example' })).toBeVisible();
    } finally {
      await setSiteStatus('enabled');
    }
    await page.getByRole('button', { name: 'Check Status' }).click();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('when the trading API is stopped under a running web tier, then pages show Site Unreachable', async ({ page }) => {
    test.setTimeout(60_000);
    rmSync('test-results/e2e-split', { recursive: true, force: true });
    const { trading, web } = await startSplitTiers('test-results/e2e-split');
    try {
      await page.goto(`${web.web}/`);
      await expect(page.locator('form.login-form')).toBeVisible();
      const stopped = new Promise((resolve) => trading.process.once('exit', resolve));
      trading.process.kill('SIGTERM');
      await stopped;
      const response = await page.goto(`${web.web}/main/dashboard`);
      expect(response?.status()).toBe(503);
      await expect(page.getByRole('heading', { name: 'Site Unreachable' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try Again' })).toHaveAttribute('href', '/main/dashboard');
    } finally {
      trading.process.kill('SIGTERM');
      web.process.kill('SIGTERM');
    }
  });

  test('when the web tier starts with no API at all, then it shows Site Unreachable too', async ({ page }) => {
    const orphan = await startOrphanWebTier();
    try {
      const response = await page.goto(`${orphan.web}/`);
      expect(response?.status()).toBe(503);
      await expect(page.getByRole('heading', { name: 'Site Unreachable' })).toBeVisible();
    } finally {
      orphan.process.kill('SIGTERM');
    }
  });

  test('when a path is unknown, then a not-found page answers 404 and loads no script', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(scripts).toEqual([]);
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
  });
});
