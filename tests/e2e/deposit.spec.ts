import { expect, type Page, type Request } from '@playwright/test';
import { e2ePorts } from '../../playwright.config';
import { freshCustomer, fundedCustomer, openSignedIn, test } from './support';

/**
 * Deposits (docs/funding.md): the card is paid on the sandbox provider's own page (another
 * origin) and never reaches ours; crypto shows the customer's own address; the pages fit a phone.
 */

const ourOrigin = `http://localhost:${e2ePorts.web}`;

const cards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0027 6000 3184',
} as const;
const expiry = '12/34';
const cvc = '123';

async function liveBalance(page: Page): Promise<number> {
  await page.goto('/main/dashboard');
  const text = (await page.getByTestId('balance-live').textContent()) ?? '';
  return Number(text.replace(/[^0-9.-]/g, ''));
}

/** Every request the browser sends to our origin, with its URL and body, to check that no card data is among them. */
function recordOurRequests(page: Page): { url: string; body: string }[] {
  const seen: { url: string; body: string }[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).origin === ourOrigin) seen.push({ url: request.url(), body: request.postData() ?? '' });
  });
  return seen;
}

/** Each value a body holds (JSON or form-encoded), with its key, so a CVC of "123" is looked for as a value rather than as three digits anywhere. */
function fieldsOf(body: string): [string, string][] {
  try {
    const out: [string, string][] = [];
    const walk = (value: unknown, key: string) => {
      if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
      else out.push([key, String(value)]);
    };
    walk(JSON.parse(body), '');
    return out;
  } catch {
    return [...new URLSearchParams(body).entries()];
  }
}

function expectNoCardData(requests: { url: string; body: string }[], number: string) {
  expect(requests.length).toBeGreaterThan(0);
  const digits = number.replace(/\s/g, '');
  for (const { url, body } of requests) {
    for (const text of [url, decodeURIComponent(url), body]) {
      expect(text).not.toContain(digits);
      expect(text).not.toContain(number);
      expect(text).not.toContain(expiry);
      expect(text).not.toContain(encodeURIComponent(expiry));
    }
    for (const [key, value] of [...fieldsOf(body), ...new URL(url).searchParams.entries()]) {
      expect(key).not.toMatch(/card|cvc|cvv|csv|expir/i);
      expect(value).not.toBe(cvc);
    }
  }
}

/** From /main/deposit to the provider's page for `amount`. */
async function startCardDeposit(page: Page, amount: string) {
  await page.goto('/main/deposit');
  await page.getByRole('link', { name: /Credit\/Debit Card/ }).click();
  await expect(page).toHaveURL(/\/main\/deposit\/card$/);
  await expect(page.locator('app-island[name="deposit-card"][hydrated]')).toBeAttached();
  await expect(page.getByText('your card details are never sent to us')).toBeVisible();
  await page.getByLabel('Amount (USD)').fill(amount);
  await page.getByRole('button', { name: 'Continue to secure payment' }).click();
  await page.waitForURL((url) => url.origin !== ourOrigin);
  await expect(page.getByLabel('Card number')).toBeVisible();
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Alex Morgan');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
  await page.getByRole('button', { name: /^Pay / }).click();
}

test.describe('card deposits', () => {
  test('paid on the provider’s page, credited, and no card data ever reaches our origin', async ({ page }) => {
    await openSignedIn(page, await freshCustomer());
    await expect(page).toHaveURL(/\/main\/dashboard/);
    const before = await liveBalance(page);
    const ours = recordOurRequests(page);

    await startCardDeposit(page, '500');
    await payWith(page, cards.succeeds);

    await page.waitForURL(/\/main\/deposit\/card\?deposit=\d+&result=success/);
    await expect(page.getByRole('heading', { name: 'Payment received by the provider' })).toBeVisible();
    await expect(page.getByTestId('card-deposit-status')).toHaveText('Credited', { timeout: 20_000 });
    expectNoCardData(ours, cards.succeeds);

    expect(await liveBalance(page)).toBeCloseTo(before + 500, 2);
  });

  test('the trade room open in another tab shows the credit without reloading', async ({ page, context }) => {
    await openSignedIn(page, await freshCustomer());
    await expect(page).toHaveURL(/\/main\/dashboard/);
    const room = await context.newPage();
    await room.goto('/mt4');
    await expect(room.locator('app-island[name="account-bar"][hydrated]')).toBeAttached();
    await expect(room.locator('[data-figure="BALANCE"]')).toHaveText('0.00 USD');

    await startCardDeposit(page, '500');
    await payWith(page, cards.succeeds);
    await expect(page.getByTestId('card-deposit-status')).toHaveText('Credited', { timeout: 20_000 });
    await expect(room.locator('[data-figure="BALANCE"]')).toHaveText('500.00 USD', { timeout: 10_000 });
  });

  test('the amount is checked with the original’s messages before leaving', async ({ page }) => {
    await openSignedIn(page, await freshCustomer(), '/main/deposit/card');
    await expect(page.locator('app-island[name="deposit-card"][hydrated]')).toBeAttached();
    const amount = page.getByLabel('Amount (USD)');
    const go = page.getByRole('button', { name: 'Continue to secure payment' });
    await go.click();
    await expect(page.getByText('Amount is required')).toBeVisible();
    await amount.fill('ten');
    await go.click();
    await expect(page.getByText('Amount must be a number')).toBeVisible();
    await amount.fill('4');
    await go.click();
    await expect(page.getByText('Minimum amount is $5')).toBeVisible();
    await amount.fill('100001');
    await go.click();
    await expect(page.getByText('Maximum amount is $100,000')).toBeVisible();
    await page.getByRole('button', { name: '$1,000' }).click();
    await expect(amount).toHaveValue('1000');
    await expect(page).toHaveURL(/\/main\/deposit\/card$/);
  });

  test('a declined card: the provider says so and nothing is credited', async ({ page }) => {
    await openSignedIn(page, await freshCustomer());
    await expect(page).toHaveURL(/\/main\/dashboard/);
    const before = await liveBalance(page);
    const ours = recordOurRequests(page);

    await startCardDeposit(page, '100');
    await payWith(page, cards.declined);
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();

    await page.getByRole('link', { name: /^Return to/ }).click();
    await page.waitForURL(/\/main\/deposit\/card\?deposit=\d+&result=cancelled/);
    await expect(page.locator('.deposit-message').getByText(/Nothing was charged\./)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    expectNoCardData(ours, cards.declined);

    expect(await liveBalance(page)).toBeCloseTo(before, 2);
  });

  test('3-D Secure: the challenge is completed on the provider’s side, then credited', async ({ page }) => {
    await openSignedIn(page, await freshCustomer());
    await expect(page).toHaveURL(/\/main\/dashboard/);
    const before = await liveBalance(page);
    const ours = recordOurRequests(page);

    await startCardDeposit(page, '250');
    await payWith(page, cards.threeDSecure);
    await expect(page.getByRole('heading', { name: 'Authenticate this payment' })).toBeVisible();
    expect(new URL(page.url()).origin).not.toBe(ourOrigin);
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await page.waitForURL(/\/main\/deposit\/card\?deposit=\d+&result=success/);
    await expect(page.getByTestId('card-deposit-status')).toHaveText('Credited', { timeout: 20_000 });
    expectNoCardData(ours, cards.threeDSecure);

    expect(await liveBalance(page)).toBeCloseTo(before + 250, 2);
  });

  test('cancelled on the provider’s page: nothing charged, and Try again keeps the amount', async ({ page }) => {
    await openSignedIn(page, await freshCustomer());
    await expect(page).toHaveURL(/\/main\/dashboard/);
    await startCardDeposit(page, '75');
    await page.getByRole('link', { name: /^Cancel and return/ }).click();
    await page.waitForURL(/\/main\/deposit\/card\?deposit=\d+&result=cancelled/);
    await expect(page.locator('.deposit-message').getByText('Payment cancelled. Nothing was charged.')).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByLabel('Amount (USD)')).toHaveValue('75');
  });

  test('a payment id that is not the customer’s: a neutral message', async ({ page }) => {
    await openSignedIn(page, await freshCustomer(), '/main/deposit/card?deposit=999999&result=success');
    await expect(page.getByText('We could not find this payment')).toBeVisible();
    await expect(page.getByText('Payment received by the provider')).toHaveCount(0);
  });
});

test.describe('crypto deposits', () => {
  test('the BTC wallet page shows the customer’s own address and its QR', async ({ page }) => {
    await openSignedIn(page, await freshCustomer(), '/main/deposit');
    await page.getByRole('link', { name: /^BTC \(/ }).click();
    await expect(page).toHaveURL(/\/main\/deposit\/btc$/);
    await expect(page.getByRole('heading', { name: 'Deposit Cryptocurrency' })).toBeVisible();
    await page.getByRole('button', { name: /Show my BTC address/ }).click();
    await expect(page).toHaveURL(/\/main\/deposit\/btc\/\d+$/);

    await expect(page.getByRole('heading', { name: 'BTC Deposit' })).toBeVisible();
    await expect(page.getByText('BTC QR CODE')).toBeVisible();
    await expect(page.getByText('BTC ADDRESS')).toBeVisible();
    const address = (await page.getByTestId('wallet-address').textContent())?.trim() ?? '';
    expect(address).toMatch(/^tb1q[02-9ac-hj-np-z]{38,58}$/);
    const qr = page.getByTestId('wallet-qr');
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByText(/^Only send BTC via/)).toBeVisible();
  });

  test('usdt offers its two networks; an unknown coin and someone else’s wallet are not found', async ({ page, browser }) => {
    await openSignedIn(page, await freshCustomer(), '/main/deposit/usdt');
    await expect(page.getByTestId('channel-usdt-trc20')).toBeVisible();
    await expect(page.getByTestId('channel-usdt-erc20')).toBeVisible();
    expect((await page.goto('/main/deposit/doge'))?.status()).toBe(404);
    expect((await page.goto('/main/deposit/btc/2147483000'))?.status()).toBe(404);
    await page.goto('/main/deposit/btc');
    const tradersWallet = await page.getByRole('button', { name: /Show my BTC address/ }).getAttribute('href');

    const other = await browser.newPage();
    try {
      await openSignedIn(other, await freshCustomer());
      await expect(other).toHaveURL(/\/main\/dashboard/);
      expect((await other.goto(tradersWallet!))?.status()).toBe(404);
      await expect(other.getByText('tb1q')).toHaveCount(0);
    } finally {
      await other.close();
    }
  });
});

test.describe('deposit prompt', () => {
  test('an empty Live account gets the prompt once a browser session', async ({ page }) => {
    await openSignedIn(page, await freshCustomer());
    await expect(page).toHaveURL(/\/main\/dashboard/);
    // The new customer's welcome notifications sit top right, over the page: closed first.
    await expect(page.locator('app-island[name="notifications"][hydrated]')).toBeAttached();
    const close = page.getByRole('button', { name: 'Close notification' });
    for (let i = 0; i < 5 && (await close.count()) > 0; i += 1) await close.first().click();
    const prompt = page.getByTestId('deposit-prompt');
    await expect(prompt.getByRole('heading', { name: 'Your Live account has no funds yet' })).toBeVisible();
    await expect(prompt).toContainText('CFDs are complex instruments');
    await expect(prompt.getByRole('button', { name: 'Deposit Now' })).toHaveAttribute('href', '/main/deposit');
    await prompt.getByRole('button', { name: 'Maybe later' }).click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(page.locator('app-island[name="deposit-prompt"][hydrated]')).toBeAttached();
    await expect(page.getByTestId('deposit-prompt')).toHaveCount(0);
  });

  test('a funded account gets no prompt', async ({ page }) => {
    await openSignedIn(page, await fundedCustomer('100'));
    await expect(page).toHaveURL(/\/main\/dashboard/);
    await expect(page.locator('app-island[name="deposit-prompt"]')).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the deposit pages have no sideways scroll, and every method (Card and Bank too) is in sight without scrolling sideways', async ({ page }) => {
    await openSignedIn(page, await freshCustomer(), '/main/deposit/btc');
    const wallet = await page.getByRole('button', { name: /Show my BTC address/ }).getAttribute('href');
    for (const path of ['/main/deposit', '/main/deposit/card', '/main/deposit/bank', '/main/deposit/usdt', '/main/deposit/btc', wallet!]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto('/main/deposit');
    const chips = page.locator('.deposit-method-chip');
    await expect(chips.filter({ hasText: 'Credit/Debit Card' })).toHaveCount(1);
    await expect(chips.filter({ hasText: 'Bank transfer' })).toHaveCount(1);
    for (const box of await chips.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
  });
});
