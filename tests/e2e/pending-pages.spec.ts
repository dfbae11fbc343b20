import { expect } from '@playwright/test';
import { demo, openSignedIn, test } from './support';

test('when a customer awaiting approval opens the pages open to them, then none of their page’s calls is refused', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await openSignedIn(page, demo.pending, '/main/verification');
  for (const path of ['/main/verification', '/main/chat']) {
    if (page.url() !== new URL(path, page.url()).href) await page.goto(path);
    await expect(page.locator('app-island[name="chat-notifier"][hydrated]')).toBeAttached();
    await page.waitForLoadState('networkidle');
  }
  expect(refused).toEqual([]);
});
