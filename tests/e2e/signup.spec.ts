import { randomBytes } from 'node:crypto';
import { expect, request } from '@playwright/test';
import { e2ePorts } from '../../playwright.config';
import { demo, test, updateSiteSettings } from './support';
import { bearer } from '../support/bearer';

test('when a visitor fills the one-page form, then the account exists: they sign in and see Awaiting Approval', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'CREATE A NEW ACCOUNT' })).toBeVisible();
  await expect(page.locator('form.register-form[data-enhanced]')).toBeAttached();

  await page.getByRole('button', { name: 'Create account' }).click();
  for (const message of [
    'First name must be at least 2 characters',
    'Username must be at least 3 characters',
    'Please enter a valid email address',
    'Please enter a valid phone number',
    'Password must be at least 8 characters',
    'Please agree to the Privacy Policy',
  ]) {
    await expect(page.getByText(message).first()).toBeVisible();
  }

  const id = randomBytes(4).toString('hex');
  const email = `grace-${id}@example.test`;
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Username').fill(`grace${id}`);
  await page.getByLabel('Email').fill(email);
  // The phone's code follows the country chosen, until one is typed by hand.
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue('+234');
  await page.getByLabel('Country', { exact: true }).selectOption('uk');
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue('+44');
  await page.getByLabel('Phone').fill('5550199');
  await page.getByLabel('Country').selectOption('us');
  await page.getByLabel('Nationality').selectOption('us');
  await page.getByLabel('Password', { exact: true }).fill('compiler-1952');
  await page.getByLabel('Confirm password').fill('compiler-1953');
  await page.getByRole('button', { name: 'I have a promo-code' }).click();
  await page.getByLabel('Promo code').fill('COBOL');
  await page.getByLabel('I agree to the Privacy Policy and I am over 18').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm password').fill('compiler-1952');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Your account has been created. You can sign in now.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain('compiler-1952');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('compiler-1952');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('when scripts never run, then the one-page form still checks the fields on the server and creates the account', async ({ page }) => {
    await page.goto('/signup');
    const id = randomBytes(4).toString('hex');
    await page.getByLabel('First name').fill('Mary');
    await page.getByLabel('Last name').fill('Somerville');
    await page.getByLabel('Username').fill(`mary${id}`);
    await page.getByLabel('Email').fill(`mary-${id}@example.test`);
    await page.getByLabel('Phone').fill('5550142');
    await page.getByLabel('Password', { exact: true }).fill('mechanism-1831');
    await page.getByLabel('Confirm password').fill('mechanism-1832');
    await page.getByText('I have a promo-code').click();
    await page.getByLabel('Promo code').fill('HEAVENS');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByText('Please agree to the Privacy Policy')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(`mary${id}`);
    await expect(page.getByLabel('Promo code')).toHaveValue('HEAVENS');

    await page.getByLabel('Password', { exact: true }).fill('mechanism-1831');
    await page.getByLabel('Confirm password').fill('mechanism-1831');
    await page.getByLabel('I agree to the Privacy Policy and I am over 18').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your account has been created. You can sign in now.')).toBeVisible();
  });
});

const startScreens = [
  { look: 'ic', headline: 'Live Trading Account Application', submit: 'Continue' },
  { look: 'td', headline: 'Sign up to power up your trading', submit: 'Sign up now' },
] as const;

for (const { look, headline, submit } of startScreens)
  test.describe(`the three-step sign-up (r_page ${look})`, () => {
    test.beforeAll(() => updateSiteSettings({ r_page: look }));
    test.afterAll(() => updateSiteSettings({ r_page: 'basic' }));

    test('when a step is opened without a draft, then it says so and goes to /signup', async ({ page }) => {
      await page.goto('/register');
      await expect(page).toHaveURL(/\/signup\?missing=1$/);
      await expect(page.getByText('Please complete the registration process first')).toBeVisible();
    });

    test('when a visitor goes through the three steps, then the account exists and the password never reached browser storage', async ({ page }) => {
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: headline })).toBeVisible();
      await expect(page.locator('form.register-form[data-enhanced]')).toBeAttached();

      await page.getByLabel('Email').fill(demo.trader.email);
      await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
      await page.getByRole('button', { name: submit }).click();
      await expect(page.getByText('Email is already registered')).toBeVisible();

      const id = randomBytes(4).toString('hex');
      const email = `alan-${id}@example.test`;
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('enigma-1936');
      await page.getByRole('button', { name: submit }).click();
      await expect(page).toHaveURL(/\/register\/country-residence$/);
      await expect(page.getByRole('heading', { name: "Let's get you set up!" })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', look === 'td' ? 'light' : 'dark');
      await expect(page.getByRole('list', { name: 'Progress' })).toContainText('Set Up');
      await expect(page.locator('form.register-form[data-enhanced]')).toBeAttached();
      await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
      await page.getByLabel('Country of Residence').selectOption('united-kingdom');
      await expect(page.locator('.country-select img').first()).toHaveAttribute('src', '/flags/gb.svg');
      // The flag is set as the choice changes; wait for it to load rather than sample it once.
      await expect
        .poll(() =>
          page
            .locator('.country-select img')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await page.getByLabel('Nationality').selectOption('united-kingdom');
      await page.getByLabel('I agree to the Privacy Policy and I am over 18').check();
      await page.getByRole('button', { name: 'Continue' }).click();

      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole('heading', { name: 'CREATE A NEW ACCOUNT' })).toBeVisible();
      await expect(page.getByText('Some fields have been pre-filled from your previous step')).toBeVisible();
      await expect(page.locator('form.register-form[data-enhanced]')).toBeAttached();
      await page.getByLabel('First name').fill('Alan');
      await page.getByLabel('Last name').fill('Turing');
      await page.getByLabel('Username').fill(`alan${id}`);
      await page.getByLabel('Phone').fill('7700900123');
      await page.screenshot({ path: `test-results/e2e/signup-${look}-step3.png`, fullPage: true });
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('Your account has been created. You can sign in now.')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie)).not.toContain('enigma-1936');

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('enigma-1936');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible();
    });
  });

test.describe('the td start screen on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeAll(() => updateSiteSettings({ r_page: 'td', review_stars: 5, review_count: 1196, website_url: 'https://meridian.example/' }));
  test.afterAll(() => updateSiteSettings({ r_page: 'basic', website_url: '/' }));

  test('when a visitor opens it, then the risk warning folds away and comes back, other sign-ins say they are unavailable, and the login link leads to the basic look', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Sign up to power up your trading' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    for (const provider of ['Google', 'Apple', 'Facebook']) await expect(page.getByRole('button', { name: provider })).toBeDisabled();
    await expect(page.getByText('Signing up with Google, Apple or Facebook is not available yet.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await expect(page.getByText('1,196 reviews')).toBeVisible();
    await expect(page.locator('a.brand')).toHaveAttribute('href', 'https://meridian.example/');
    await page.screenshot({ path: 'test-results/e2e/signup-td-phone.png', fullPage: true });

    const warning = page.getByText('Trading CFDs carries a high level of risk to your capital', { exact: false });
    await expect(warning).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss risk warning' }).click();
    await expect(warning).toBeHidden();
    await page.getByRole('button', { name: 'Show risk warning' }).click();
    await expect(warning).toBeVisible();

    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/\?type=basic$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup?type=basic');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'CREATE A NEW ACCOUNT' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test('when a customer forgets their password, then the mailed link resets it once and they sign in with the new one', async ({ page }) => {
  // A fresh customer through the API, so the demo logins stay as they are.
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${e2ePorts.api}` });
  const id = randomBytes(4).toString('hex');
  const email = `ada-${id}@example.test`;
  const made = await api.post('/api/v1/auth/register', {
    data: {
      first_name: 'Ada',
      last_name: 'Byron',
      username: `ada${id}`,
      email,
      phone: '5550100',
      country_code: '+44',
      country: 'united-kingdom',
      nationality: 'united-kingdom',
      password: 'first-password',
      confirm_password: 'first-password',
    },
  });
  expect(made.status()).toBe(201);

  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.locator('.notice-info')).toHaveText('If an account exists for that address, we have sent a link to reset its password.');

  const staffLogin = await api.post('/api/v1/auth/login', { data: demo.staff });
  const staff = bearer(((await staffLogin.json()) as { data: { token: string } }).data.token);
  let mails: { data: { text: string }[] } = { data: [] };
  await expect(async () => {
    mails = (await (await api.get(`/api/v1/admin/outbox?to=${encodeURIComponent(email)}`, { headers: staff })).json()) as typeof mails;
    expect(mails.data).toHaveLength(1);
  }).toPass({ timeout: 5_000 });
  const link = /(http\S+\/reset-password\?token=\S+)/.exec(mails.data[0]!.text)![1]!;
  const { pathname, search } = new URL(link);

  await page.goto(`${pathname}${search}`);
  await page.getByLabel('New password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm new password').fill('second-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been reset. You can sign in now.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('second-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible();

  await page.goto(`${pathname}${search}`);
  await expect(page).toHaveURL(/\/main/);
  await api.dispose();
});
