import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';

test('when a visitor fills the one-page form, then the account exists: they sign in and see Awaiting Approval', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'CREATE A NEW ACCOUNT' })).toBeVisible();
  await expect(page.locator('app-island[name="register-form"][hydrated]')).toBeAttached();

  await page.getByRole('button', { name: 'Create account' }).click();
  for (const message of ['First name must be at least 2 characters', 'Username must be at least 3 characters', 'Please enter a valid email address', 'Please enter a valid phone number', 'Password must be at least 8 characters', 'Please agree to the Privacy Policy']) {
    await expect(page.getByText(message).first()).toBeVisible();
  }

  const id = randomBytes(4).toString('hex');
  const email = `grace-${id}@example.test`;
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Username').fill(`grace${id}`);
  await page.getByLabel('Email').fill(email);
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
