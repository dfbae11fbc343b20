import { expect } from '@playwright/test';
import { freshCustomer, openSignedIn, test } from './support';

/** The profile photo (docs/customer-area.md#profile-photo), tried as a customer would in Chromium. */

/** A 1×1 PNG: small, and a picture the photo checks take. */
const photo = { name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64') };

test('when a customer adds a profile photo and then removes it, then the page’s summary follows each time without the page reloading', async ({ page }) => {
  await openSignedIn(page, await freshCustomer(), '/main/personal');
  await expect(page.locator('app-island[name="profile-photo"][hydrated]')).toBeAttached();
  const summary = page.getByRole('region', { name: 'Profile summary' });
  const completion = summary.locator('.completion-head strong');
  await expect(summary.locator('.profile-avatar img')).toHaveCount(0);
  const before = (await completion.textContent()) ?? '';
  // A reload would lose this mark.
  await page.evaluate(() => ((window as { unreloaded?: boolean }).unreloaded = true));

  await page.locator('.photo-panel input[type=file]').setInputFiles(photo);
  await expect(page.getByText('Profile photo updated')).toBeVisible();
  await expect(page.locator('.photo-preview img')).toBeVisible();
  await expect(summary.locator('.profile-avatar img')).toBeVisible();
  await expect(completion).not.toHaveText(before);

  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.locator('.photo-preview img')).toHaveCount(0);
  await expect(summary.locator('.profile-avatar img')).toHaveCount(0);
  await expect(completion).toHaveText(before);
  expect(await page.evaluate(() => (window as { unreloaded?: boolean }).unreloaded)).toBe(true);
});
