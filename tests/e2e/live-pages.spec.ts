import { expect } from '@playwright/test';
import { apiAs, demo, freshCustomer, openSignedIn, test } from './support';

/** Pages that show money follow the ledger (docs/front-end.md#live-pages). */

/** Each page, and what it says once the 1,234.56 is credited (before: 0.00, and the deposit pending). */
const moneyPages = [
  ['/main/dashboard', /Account Balance\s*\$1,234\.56/],
  ['/main/accounts', /Real-money balance\s*\$1,234\.56/],
  ['/main/wallet', /Withdrawable\s*\$1,234\.56/],
  ['/main/transaction-history', /DEP-\w+\s*Completed/],
  ['/main/savings', /\$1,234\.56 free/],
] as const;

test('when staff credit a bank deposit, then the open dashboard, accounts, wallet, history and savings pages show the new balance without a reload', async ({ context }) => {
  test.setTimeout(60_000);
  const person = await freshCustomer();
  const customer = await apiAs(person);
  const asked = await customer.api.post('/api/v1/funding/deposits/bank', { headers: customer.headers, data: { amount: '1234.56' } });
  expect(asked.status()).toBe(201);
  const depositId = ((await asked.json()) as { data: { id: number } }).data.id;

  const first = await context.newPage();
  await openSignedIn(first, person);
  const pages = [first, ...(await Promise.all(moneyPages.slice(1).map(() => context.newPage())))];
  await Promise.all(pages.map((page, i) => page.goto(moneyPages[i]![0])));
  const mainText = (i: number) => pages[i]!.locator('main').innerText();
  for (const [i, page] of pages.entries()) {
    // Each page follows by its islands' own refresh or by live-regions: every island that hydrates at once or when idle has.
    await expect(page.locator('app-island:is([client="load"], [client="idle"]):not([hydrated])')).toHaveCount(0);
    expect(await mainText(i), moneyPages[i]![0]).not.toMatch(moneyPages[i]![1]);
  }

  const staff = await apiAs(demo.staff);
  const confirmed = await staff.api.post(`/api/v1/admin/queues/deposits/${depositId}/confirm`, { headers: staff.headers, data: { amount_received: '1234.56' } });
  expect(confirmed.status()).toBe(200);
  for (const [i, [path, credited]] of moneyPages.entries()) await expect.poll(() => mainText(i), { message: path, timeout: 10_000 }).toMatch(credited);
  await customer.api.dispose();
  await staff.api.dispose();
});
