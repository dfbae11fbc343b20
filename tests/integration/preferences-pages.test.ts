import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesTexts } from '../../shared/api/preferences.schema';
import { users } from '../../server/trading/db/schema';
import { makeUser } from '../support/factories';
import { signedInAgent, startWebStack, type WebStack } from '../support/web';

/** The settings page and the system status page as the web tier renders them (docs/customer-area.md#settings, #system-status). */

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

describe('/main/settings', () => {
  it('shows the stored choices, the currencies, the languages and this device, with its links', async () => {
    const person = await makeUser(stack.database.db);
    await stack.database.db.update(users).set({ displayCurrency: 'EUR', language: 'de', soundsEnabled: false }).where(eq(users.id, person.user.id));
    const { agent } = await signedInAgent(stack.web, person);
    const page = await agent.get('/main/settings');
    expect(page.status).toBe(200);
    const html = page.text;
    for (const text of [
      'Manage your password, currency, and language preferences',
      'Welcome back, Test',
      'Password &amp; Login',
      'Dashboard Currency',
      'Dashboard Language',
      'Account Snapshot',
      'Quick Links',
      'Settings Tips',
      'Sessions',
    ])
      expect(html).toContain(text);
    expect(html).toContain(preferencesTexts.languageNote);
    expect(html).toContain('href="/main/personal#password"');
    expect(html).toContain('href="/main/security"');
    for (const label of ['English', 'Español', 'Deutsch', '中文', 'العربية', 'हिन्दी']) expect(html).toContain(label);
    // The stored choices are checked in the server's HTML; German figures in the sample.
    expect(html).toMatch(/name="display_currency" checked="" value="EUR"/);
    expect(html).toMatch(/name="language" checked="" value="de"/);
    expect(html).toContain('≈ in EUR');
    expect(html).toContain('1.234.567,89');
    // This device, named from the agent's user agent (supertest sends none: "Unknown device").
    expect(html).toContain('This device');
    // The page state carries the stored choices to every island.
    expect(html).toMatch(/"display_currency":"EUR"/);
    expect(html).toMatch(/"sounds_enabled":false/);
    expect(html).not.toMatch(/<html[^>]*lang="de"/);
  });
});

describe('/main/test', () => {
  it('is the system status page, with no user data dump', async () => {
    const person = await makeUser(stack.database.db);
    const { agent } = await signedInAgent(stack.web, person);
    const page = await agent.get('/main/test');
    expect(page.status).toBe(200);
    expect(page.text).toContain('System status');
    expect(page.text).toContain('Trading API');
    expect(page.text).not.toContain('User Data');
    const status = await agent.get('/api/v1/status').set('Accept', 'application/json');
    expect(status.status).toBe(200);
    expect(Object.keys(status.body.data).sort()).toEqual(['database', 'price_feed', 'server_time']);
  });
});
