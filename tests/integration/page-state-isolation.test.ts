import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingAccounts, users } from '../../server/trading/db/schema';
import type { WebApp } from '../../server/web/app';
import { makeUser } from '../support/factories';
import { composeTestWeb, csrfFrom, signedInAgent, startWebStack, type WebStack } from '../support/web';

/**
 * Two customers' pages rendered at once through the web tier (docs/front-end.md#islands-only-for-interaction): each
 * render seeds signals of its own, so a page carries its customer's name, accounts and CSRF token and nothing of the
 * other's, whatever order the renders run in.
 */

let stack: WebStack;
let web: WebApp;
beforeAll(async () => {
  stack = await startWebStack();
  // Many pages at once on a busy machine: the API's answers may take longer than the stack's 2 s, and a page whose
  // data timed out renders without it.
  web = composeTestWeb(stack.apiUrl, { apiTimeoutMs: 30_000 }).app;
});
afterAll(() => stack.close());

/** A signed-in customer with a name no one else has, their accounts' numbers and their session's CSRF token. */
async function customer(name: string) {
  const person = await makeUser(stack.database.db);
  const firstName = `${name}${randomBytes(4).toString('hex')}`;
  await stack.database.db.update(users).set({ firstName }).where(eq(users.id, person.user.id));
  const accounts = await stack.database.db.select({ number: tradingAccounts.number }).from(tradingAccounts).where(eq(tradingAccounts.userId, person.user.id));
  const { agent, csrf } = await signedInAgent(web, person);
  return { agent, firstName, numbers: accounts.map((a) => `#${a.number}`), csrf };
}
type Customer = Awaited<ReturnType<typeof customer>>;

/** What of a customer a page shows: their name, each account's number and their CSRF token. */
const traces = (c: Customer) => [c.firstName, ...c.numbers, c.csrf];
/** The page without its page-state JSON (what the islands rendered from the signals), React's text separators gone. */
const markupOf = (html: string) => html.replace(/<script type="application\/json"[\s\S]*?<\/script>/g, '').replaceAll('<!-- -->', '');

describe('two customers’ pages rendered at once', () => {
  it('when both open the trade rooms and the dashboard together, then each page shows only its own customer’s name, accounts and CSRF token', async () => {
    const ada = await customer('Ada');
    const bob = await customer('Bob');
    const paths = ['/mt4-light', '/mt4', '/main/dashboard'];
    const requests = [1, 2].flatMap(() => paths.flatMap((path) => [ada, bob].map(async (who) => ({ who, path, res: await who.agent.get(path) }))));
    for (const { who, path, res } of await Promise.all(requests)) {
      const other = who === ada ? bob : ada;
      const markup = markupOf(res.text);
      expect(res.status, path).toBe(200);
      expect(csrfFrom(res.text), path).toBe(who.csrf);
      // The islands' own markup: the logout and terminal forms carry the page's token; the account bar or the dashboard the accounts.
      expect(markup.includes(`name="_csrf" value="${who.csrf}"`), `${path} has its own token in a form`).toBe(true);
      expect(markup.includes(who.firstName), `${path} names its own customer`).toBe(true);
      expect(
        who.numbers.some((number) => markup.includes(number.slice(1))),
        `${path} shows its own account`,
      ).toBe(true);
      expect(
        traces(other).filter((trace) => res.text.includes(trace)),
        `${path} shows nothing of the other customer`,
      ).toEqual([]);
    }
  }, 60_000);
});
