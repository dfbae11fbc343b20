#!/usr/bin/env node
/**
 * Walks the original client through serve.mjs as a person would, in Chromium, and reports per screen: page errors
 * (a blank page is usually one), API answers of 400 and above, and a screenshot (1440 px) in OUT (default
 * /tmp/original-client). On /trading, /mt4 and /mt4-light it buys with the page's BUY, checks the trade with our API,
 * waits for the page's P/L to move and closes the trade with the page's own close and confirm. Exits non-zero when a
 * screen failed.
 *
 *   node scripts/original-client/drive.mjs     (PROXY_PORT, API_URL, EMAIL, PASSWORD as for serve.mjs and npm start)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const proxyPort = Number(process.env.PROXY_PORT ?? 8443);
const api = process.env.API_URL ?? 'http://127.0.0.1:3001';
const out = process.env.OUT ?? '/tmp/original-client';
const person = { email: process.env.EMAIL ?? 'trader@demo.test', password: process.env.PASSWORD ?? 'trader-demo-1' };
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', `--proxy-server=http://127.0.0.1:${proxyPort}`, '--ignore-certificate-errors'],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true });
let problems = [];
page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
page.on('response', (res) => {
  if (res.url().includes('/api/v1/') && res.status() >= 400) problems.push(`${res.request().method()} ${new URL(res.url()).pathname} → ${res.status()}`);
});

const ourApi = async (method, path, token, body) => {
  const res = await fetch(`${api}/api/v1${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return res.json();
};
const token = (await ourApi('POST', '/auth/login', null, person)).data.token;
const openTrades = async () => (await ourApi('GET', '/open/trades?page=1', token)).data;

let failed = false;
/** Runs a screen's steps on `on` (the signed-in page unless given) and reports it, with its screenshot. */
async function screen(name, path, act = async () => {}, on = page) {
  problems = [];
  try {
    if (path) await on.goto(`https://cfds.test${path}`, { waitUntil: 'networkidle', timeout: 30_000 });
    await act();
  } catch (error) {
    problems.push(`step failed: ${error.message.split('\n')[0]}`);
  }
  await on.screenshot({ path: join(out, `${name}.png`) });
  const blank = (await on.locator('body').innerText()).trim().length === 0;
  if (blank) problems.push('blank page');
  failed ||= problems.length > 0;
  console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${name}${problems.map((p) => `\n       ${p}`).join('')}`);
}

await screen('login', '/', async () => {
  await page.fill('input[type=email]', person.email);
  await page.fill('input[type=password]', person.password);
  await page.click('button[type=submit]');
  await page.waitForURL(/\/main/, { timeout: 20_000 });
});
await screen('dashboard', '/main/dashboard');
/** The P/L the page shows (its account bar's "P/L"), read from the page's text. */
const shownPnl = async () => /(?:P\/L|PnL):?\s*\n?\s*(-?[^\s\d-]?-?[\d,]+\.\d+)/.exec(await page.locator('body').innerText())?.[1] ?? null;

/** Buys with the page's own BUY, checks the trade with our API and that the page's P/L moves, then closes it with the page's own close and confirm. */
async function tradeHere() {
  const before = await openTrades();
  const newTrades = async () => (await openTrades()).filter((trade) => !before.some((b) => b.id === trade.id));
  await page.getByRole('button', { name: /^buy/i }).first().click();
  await page.waitForTimeout(2000);
  // /mt4's BUY opens its ticket, whose own BUY places the order.
  if ((await newTrades()).length === 0) await page.getByRole('button', { name: /^buy/i }).last().click();
  await page.waitForTimeout(2000);
  const opened = await newTrades();
  if (opened.length !== 1) throw new Error(`its BUY opened ${opened.length} trades`);
  // /mt4's ticket stays open over the page; its positions are folded away under "Show Positions".
  await page.keyboard.press('Escape');
  const fold = page.getByText(/^show positions$/i).first();
  if (await fold.isVisible().catch(() => false)) await fold.click();
  const first = await shownPnl();
  let moved = false;
  for (let i = 0; i < 10 && !moved; i += 1) {
    await page.waitForTimeout(1000);
    moved = (await shownPnl()) !== first;
  }
  console.log(`       opened ${opened[0].asset_symbol} ${opened[0].id}; the page's P/L ${first} ${moved ? `moved to ${await shownPnl()}` : 'did not move in 10 s'}`);
  if (!moved) throw new Error("the page's P/L did not move");
  await page
    .getByRole('button', { name: /^(✕|close)$/i })
    .first()
    .click();
  await page
    .getByRole('button', { name: /^(yes|close|confirm)/i })
    .first()
    .click();
  await page.waitForTimeout(2000);
  if ((await openTrades()).some((trade) => trade.id === opened[0].id)) throw new Error('its close left the trade open');
  console.log(`       closed ${opened[0].id} with its own dialog`);
}

await screen('trading', '/trading', tradeHere);
/** Its closed trades (paid_commission and swap in each row): /mt4's side bar Trading History, /mt4-light's Account History tab. */
async function historyHere() {
  await page
    .getByText(/^(trading history|account history|orders history)$/i)
    .first()
    .click();
  await page.waitForTimeout(2000);
}
await screen('mt4', '/mt4', async () => {
  await tradeHere();
  await historyHere();
});
await screen('mt4-light', '/mt4-light', async () => {
  await tradeHere();
  await historyHere();
});
await screen('savings', '/main/savings');
await screen('history', '/main/transaction-history', async () => {
  await page.getByRole('tab', { name: /deposits/i }).click();
  await page
    .getByRole('tabpanel')
    .getByText(/^deposit$/i)
    .first()
    .waitFor({ timeout: 5000 });
});
await screen('personal', '/main/personal');
await screen('bell', '/main/dashboard', async () => {
  // A notice from staff (with STAFF_TWO_FACTOR=off, or staff enrolled), listed when the bell opens.
  const staff = (await ourApi('POST', '/auth/login', null, { email: process.env.STAFF_EMAIL ?? 'staff@demo.test', password: process.env.STAFF_PASSWORD ?? 'staff-demo-1' })).data;
  const me = (await ourApi('GET', '/user', token)).data;
  const title = `Harness notice ${Date.now()}`;
  await ourApi('POST', `/admin/users/${me.id}/notifications`, staff.token, { title, message: 'Listed by the bell.' });
  await page.reload({ waitUntil: 'networkidle' });
  // It shows each unread notice in a card over the top bar first, one after another; closing one marks it read.
  await page.getByText(title).first().waitFor({ timeout: 5000 });
  const card = page.locator('div.fixed.top-4.right-4 button');
  for (let i = 0; i < 20 && (await card.count()) > 0; i += 1) {
    await card.first().click();
    await page.waitForTimeout(500);
  }
  await page.locator('button:has(svg.lucide-bell)').first().click();
  await page.getByText(title).first().waitFor({ timeout: 5000 });
});
// Its sign-up's last step (the basic theme), with what its first steps keep in localStorage: signed in at once, a new
// customer of a site that approves customers sees its Awaiting Approval screen.
const visitor = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true })).newPage();
visitor.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
await screen(
  'signup',
  '/',
  async () => {
    const id = Date.now().toString(36);
    await visitor.evaluate((data) => localStorage.setItem('registration_data', JSON.stringify(data)), {
      email: `harness-${id}@example.test`,
      password: `pass-${id}-9`,
      country: 'uk',
      nationality: 'uk',
    });
    await visitor.goto('https://cfds.test/register', { waitUntil: 'networkidle' });
    await visitor.getByPlaceholder('First name').fill('Ada');
    await visitor.getByPlaceholder('Last name').fill('Lovelace');
    await visitor.getByPlaceholder('Username').fill(`ada${id}`);
    await visitor.getByPlaceholder('Phone number').fill('7700900123');
    await visitor.locator('button[type=submit]').click();
    await visitor.waitForURL(/\/main/, { timeout: 15_000 });
    await visitor
      .getByText(/awaiting approval|welcome/i)
      .first()
      .waitFor({ timeout: 10_000 });
    console.log(`       signed up harness-${id}@example.test: ${(await visitor.getByText(/awaiting approval/i).count()) > 0 ? 'Awaiting Approval shown' : 'signed in'}`);
  },
  visitor,
);
await browser.close();
process.exit(failed ? 1 : 0);
