import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/trading/db/schema';
import { paths } from '../../shared/routes';
import { makeUser } from '../support/factories';
import { liveAccount } from '../support/money';
import { postEntry } from '../../server/trading/ledger/ledger';
import { signedInAgent, startWebStack, textOf, type WebStack } from '../support/web';

/** One locale everywhere (docs/customer-area.md#settings): the stored language writes every page's money, counts and dates. */

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

/** Figures as English writes them: "12,345.67", and dates as "29 Nov 2026". */
const englishMoney = /\b\d{1,3}(,\d{3})+\.\d{2}\b/;
const englishDate = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b/;

/** Money the statement lists (a staff correction), so the history has a row with an amount and a date. */
async function credit(userId: number, amount: string) {
  const account = await liveAccount(stack.database.db, userId);
  await stack.database.db.transaction((tx) => postEntry(tx, { accountId: account.id, kind: 'correction', amount, reference: `locale-${userId}` }));
}

const moneyPages = [
  paths.dashboard,
  paths.accounts,
  paths.wallet,
  paths.transactionHistory,
  paths.savings,
  paths.deposit,
  paths.plans,
  paths.marketplace,
  paths.tradeRoom,
  paths.lightTerminal,
  paths.settings,
  paths.security,
  paths.personal,
  paths.verification,
];

describe('a customer who chose Deutsch', () => {
  it('sees money, counts and dates written the German way on every page that shows them, and none the English way', async () => {
    const person = await makeUser(stack.database.db);
    await stack.database.db.update(users).set({ language: 'de' }).where(eq(users.id, person.user.id));
    await credit(person.user.id, '12345.67');
    const { agent } = await signedInAgent(stack.web, person);

    for (const path of moneyPages) {
      const text = textOf((await agent.get(path)).text);
      expect(text, path).not.toMatch(englishMoney);
      expect(text, path).not.toMatch(englishDate);
    }
    const dashboard = textOf((await agent.get(paths.dashboard)).text);
    expect(dashboard).toContain('12.345,67');
    const history = textOf((await agent.get(paths.transactionHistory)).text);
    expect(history).toContain('12.345,67');
    expect(history).toMatch(/\b\d{2}\.\d{2}\.\d{4}\b/);
  });

  it('and an English customer still sees "12,345.67" and "29 Nov 2026"', async () => {
    const person = await makeUser(stack.database.db);
    await credit(person.user.id, '12345.67');
    const { agent } = await signedInAgent(stack.web, person);
    const history = textOf((await agent.get(paths.transactionHistory)).text);
    expect(history).toMatch(englishMoney);
    expect(history).toMatch(englishDate);
  });
});
