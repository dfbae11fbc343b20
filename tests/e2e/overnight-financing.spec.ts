import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, request, type Browser, type Page } from '@playwright/test';
import { demo, openSignedIn, startServer, test, type StartedServer } from './support';
import { bearer } from '../support/bearer';

/** Overnight financing as a customer meets it (docs/trading.md#overnight-financing). */

const dataDir = 'test-results/e2e-overnight-financing';

async function signedIn(browser: Browser, who: { email: string; password: string }, baseURL: string, path: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await openSignedIn(page, who, path);
  return page;
}

async function stop(server: StartedServer): Promise<void> {
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

/** The New York day before today's: its 17:00 rollover is always past, whatever the hour of the run. */
function yesterdayInNewYork(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() - 86_400_000));
}

test('when a position was held over a night staff run by hand, then the open trade room shows its swap and the notice as they are booked', async ({ browser }) => {
  test.slow();
  rmSync(dataDir, { recursive: true, force: true });
  let server = await startServer({ DATA_DIR: dataDir });
  let api = await request.newContext({ baseURL: server.api! });
  const login = (await (await api.post('/api/v1/auth/login', { data: demo.trader })).json()) as { data: { token: string } };
  const trader = bearer(login.data.token);
  const assets = ((await (await api.get('/api/v1/assets', { headers: trader })).json()) as { data: { id: number; asset_id: string }[] }).data;
  const btc = assets.find((a) => a.asset_id === 'BTCUSD')!.id;
  // Crypto is financed every night, weekends too, so the spec holds on whatever day it runs.
  const opened = await api.post('/api/v1/trades/store', { headers: trader, data: { type: 'buy', id: btc, volume: '0.1', leverage: 2 } });
  expect(opened.status()).toBe(201);
  const tradeId = ((await opened.json()) as { data: { id: number } }).data.id;
  await api.dispose();

  // The one thing no server here can do is wait for a night: with the server stopped, the position is dated three days
  // back, as if it had been held since, and the night is then run from the back office as a missed one.
  await stop(server);
  const db = new PGlite({ dataDir: join(dataDir, 'pglite') });
  await db.query(`update trades set opened_at = opened_at - interval '3 days' where id = $1`, [tradeId]);
  await db.close();
  server = await startServer({ DATA_DIR: dataDir });
  try {
    const room = await signedIn(browser, demo.trader, server.web, '/mt4');
    await expect(room.locator('app-island[name="positions"][hydrated]')).toBeAttached();
    const row = room.locator('.positions-table tbody tr').first();
    await expect(row).toContainText('BTC');
    await expect(row.locator('.col-swap')).toHaveText('0.00 USD');

    const admin = await signedIn(browser, demo.admin, server.web, '/admin/financing');
    const night = yesterdayInNewYork();
    await admin.getByLabel('Rollover day').fill(night);
    await admin.getByRole('button', { name: 'Run rollover' }).click();
    await expect(
      admin
        .getByRole('table')
        .first()
        .getByRole('row', { name: new RegExp(night) }),
    ).toBeVisible();

    api = await request.newContext({ baseURL: server.api! });
    const trade = ((await (await api.get('/api/v1/open/trades', { headers: trader })).json()) as { data: { id: number; swap: string }[] }).data.find((t) => t.id === tradeId)!;
    await api.dispose();
    const swap = Number(trade.swap);
    // A Basic long pays the dollar's benchmark plus the plan's 12 % a year on the notional.
    expect(swap).toBeLessThan(0);
    const shown = `${swap.toFixed(2)} USD`;
    await expect(row.locator('.col-swap')).toHaveText(shown);
    await expect(row).toContainText(/net -?\d/);
    await expect(room.locator('.notification-card').filter({ hasText: 'Overnight financing' })).toContainText(`At the rollover of ${night}: ${shown} on 1 open position.`);
    await room.getByRole('button', { name: /^Notifications, 1 unread/ }).click();
    await expect(room.getByRole('region', { name: 'Notifications' }).locator('.bell-item').first()).toContainText('Overnight financing');
  } finally {
    await stop(server);
  }
});
