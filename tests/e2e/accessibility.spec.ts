import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { demo, openSignedIn, test } from './support';

/**
 * WCAG 2.1 A and AA with axe-core: no serious or critical violation on the pages a trader sees
 * first, at a desktop and a phone width. Each violation is listed with its elements, so a failure says what to fix.
 */
const sizes = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

async function seriousViolations(page: Page): Promise<string[]> {
  // label-content-name-mismatch (WCAG 2.5.3, a control's accessible name contains its visible text) is one of axe's experimental rules: on by name.
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 200)} ${node.failureSummary ?? ''}`).join(' | ')}`);
}

for (const size of sizes) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('when a visitor opens the sign-in and sign-up pages, then axe finds no serious or critical violation', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('form[data-enhanced]')).toBeAttached();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/signup');
      await expect(page.locator('form[data-enhanced]').first()).toBeAttached();
      expect(await seriousViolations(page)).toEqual([]);
    });

    // One page a test: axe over a whole trade room takes seconds, and three in one test ran into its time limit on a slow machine.
    test('when a trader opens the dashboard, then axe finds no serious or critical violation', async ({ page }) => {
      await openSignedIn(page, demo.trader);
      await expect(page).toHaveURL(/\/main\/dashboard$/);
      await expect(page.locator('app-island[hydrated]').first()).toBeAttached();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('when a trader opens the trade room, then axe finds no serious or critical violation once prices are in', async ({ page }) => {
      await openSignedIn(page, demo.trader);
      await page.goto('/mt4');
      for (const island of ['trade-header', 'market-watch', 'positions', 'account-bar', 'price-chart']) {
        await expect(page.locator(`app-island[name="${island}"][hydrated]`)).toBeAttached();
      }
      await expect(page.locator('.trade-buy strong')).toHaveText(/\d/);
      await expect(page.locator('[data-figure="BALANCE"]').first()).toHaveText(/\d/);
      expect(await seriousViolations(page)).toEqual([]);
    });

    // The light terminal: the same islands in the light palette, plus its own (docs/trade-room.md#light-terminal).
    test('when a trader opens the light terminal, then axe finds no serious or critical violation once prices are in', async ({ page }) => {
      await openSignedIn(page, demo.trader);
      await page.goto('/mt4-light');
      for (const island of ['light-toolbar', 'light-trade-panel', 'light-pair-tabs', 'light-status-bar', 'market-watch', 'positions', 'account-bar', 'price-chart']) {
        await expect(page.locator(`app-island[name="${island}"][hydrated]`)).toBeAttached();
      }
      await expect(page.locator('.light-trade-panel .trade-buy strong')).toHaveText(/\d/);
      await expect(page.locator('[data-figure="BALANCE"]').first()).toHaveText(/\d/);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
