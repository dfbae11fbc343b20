import { expect } from '@playwright/test';
import { demo, freshCustomer, openSignedIn, test } from './support';

test('when a customer browses the marketplace, then search and filters narrow it (kept in the address), and a purchase needs confirming and happens once', async ({ page }) => {
  await openSignedIn(page, demo.trader);
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  const fetched: string[] = [];
  page.on('request', (req) => fetched.push(new URL(req.url()).pathname));
  await page.goto('/main/marketplace?category=Expert%20Advisor');
  // The catalogue and the chosen chips come with the page: the server renders the grid, no fetch after hydration.
  await expect(page.locator('.market-card')).toHaveCount(3);
  await expect(page.locator('app-island[name="marketplace"][hydrated]')).toBeAttached();
  expect(fetched).not.toContain('/api/v1/expert_advisors');
  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'All' }).click();
  await expect(page.getByRole('heading', { name: 'MARKET PLACE' })).toBeVisible();
  await expect(page.locator('.market-card')).toHaveCount(4);
  // No stars nobody gave.
  await expect(page.locator('.market-card .card-stars')).toHaveText(Array(4).fill('Not rated yet'));

  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Others' }).click();
  await expect(page).toHaveURL(/\/main\/marketplace\?category=Others$/);
  await expect(page.locator('.market-card h2')).toHaveText(['Capped Grid']);
  await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/main\/marketplace$/);

  await page.getByRole('searchbox', { name: 'Search market place' }).fill('mean');
  await expect(page.locator('.market-card h2')).toHaveText(['RSI Reverter']);
  await page.getByRole('searchbox', { name: 'Search market place' }).fill('nothing like this');
  await expect(page.getByText('No items found matching your criteria.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.locator('.market-card')).toHaveCount(4);

  const rsi = page.locator('.market-card', { hasText: 'RSI Reverter' });
  await rsi.getByRole('button', { name: 'Purchase' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Purchase' });
  await expect(confirm).toContainText('49.00 USD will be deducted from your Live account balance');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await rsi.getByRole('button', { name: 'Purchase' }).click();
  await confirm.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.locator('.toast-success')).toContainText('RSI Reverter is yours.');
  await expect(rsi.getByRole('button', { name: 'Purchased' })).toBeDisabled();
  await expect(rsi.locator('.card-badge.owned')).toHaveText('Owned');
  await expect(rsi).toContainText('1 downloads');

  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'My Purchased' }).click();
  await expect(page).toHaveURL(/filter=purchased/);
  await expect(page.locator('.market-card h2')).toHaveText(['Trend Rider', 'RSI Reverter']);
  await page.reload();
  await expect(page.locator('.market-card h2')).toHaveText(['Trend Rider', 'RSI Reverter']);
  await page.goto('/main/dashboard');
  await expect(page.getByTestId('balance-live')).toHaveText('$24,951.00');
});

test('when a customer without funds tries to buy, then the purchase is refused with the reason', async ({ page }) => {
  await openSignedIn(page, await freshCustomer(), '/main/marketplace');
  const breakout = page.locator('.market-card', { hasText: 'Range Breakout' });
  await breakout.getByRole('button', { name: 'Purchase' }).click();
  await page.getByRole('dialog', { name: 'Confirm Purchase' }).getByRole('button', { name: 'Proceed' }).click();
  await expect(page.locator('.toast-error')).toContainText('Insufficient balance on your Live account to buy this Expert Advisor.');
  await expect(breakout.getByRole('button', { name: 'Purchase' })).toBeEnabled();
});

test('when a customer who has an advisor rates it from its card, then the card shows their stars and the average, and so does the page after a reload', async ({ page }) => {
  await openSignedIn(page, await freshCustomer(), '/main/marketplace');
  await expect(page.locator('app-island[name="marketplace"][hydrated]')).toBeAttached();
  const trend = page.locator('.market-card', { hasText: 'Trend Rider' });
  // Only an advisor the customer has can be rated.
  await expect(page.locator('.market-card', { hasText: 'RSI Reverter' }).getByRole('group', { name: /Your rating/ })).toHaveCount(0);
  const mine = trend.getByRole('group', { name: 'Your rating of Trend Rider' });
  await mine.getByRole('button', { name: '4 stars' }).click();
  await expect(mine.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');
  await expect(trend.locator('.card-stars')).toHaveAccessibleName(/^Rated \d\.\d out of 5 by \d+ customers?$/);
  await page.reload();
  await expect(page.locator('.market-card', { hasText: 'Trend Rider' }).getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');
});
