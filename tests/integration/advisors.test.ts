import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisorList } from '../../shared/api/advisors.schema';
import { siteDataResponse } from '../../shared/api/data.schema';
import { userResponse } from '../../shared/api/user.schema';
import { ledgerEntries, ownedExpertAdvisors } from '../../server/trading/db/schema';
import { auditLedger, balanceOf, deposit } from '../support/money';
import { oneMonthAfter, renewDueAdvisors } from '../../server/trading/ea/advisors';
import { makeUser } from '../support/factories';
import { fundedTrader, startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: TradingStack;

beforeAll(async () => {
  stack = await startTrading();
});
afterAll(async () => {
  await auditLedger(stack.database.db);
  await stack.engine.stop();
  await stack.database.close();
});

const list = async (token: string) => advisorList.parse((await request(stack.app).get('/api/v1/expert_advisors').set(bearer(token)).expect(200)).body).data;
const buy = (token: string, id: number) => request(stack.app).post('/api/v1/purchase/ea').set(bearer(token)).send({ expert_advisor_id: id });

describe('expert advisors', () => {
  it('when a customer opens the catalogue, then each advisor has its price, its real installs, and whether their plan includes it', async () => {
    const person = await makeUser(stack.database.db);
    const advisors = await list(await tokenFor(stack.app, person));
    expect(advisors.map((a) => a.name)).toEqual(['Trend Rider', 'RSI Reverter', 'Range Breakout', 'Capped Grid']);
    const [trend, rsi, , grid] = advisors;
    expect(trend).toMatchObject({ amount: 'Free', amount_val: '0', status: 'purchased', included_in_plan: true });
    expect(rsi).toMatchObject({ amount: '49.00 USD', status: 'available', included_in_plan: false, billing: 'one_time' });
    expect(grid).toMatchObject({ amount: '29.00 USD', billing: 'monthly', type: 'Others' });
    // Nobody has rated any, and no rating is typed in for them (docs/advisors.md#marketplace).
    expect(advisors.map((a) => a.rating)).toEqual([0, 0, 0, 0]);
    const user = userResponse.parse(
      (
        await request(stack.app)
          .get('/api/v1/user')
          .set(bearer(await tokenFor(stack.app, person)))
      ).body,
    ).data;
    expect(user.eas).toEqual([trend!.id]);
    const site = siteDataResponse.parse(
      (
        await request(stack.app)
          .get('/api/v1/data')
          .set(bearer(await tokenFor(stack.app, person)))
      ).body,
    ).data;
    expect(site.expert_advisors.map((a) => [a.name, a.amount_val])).toEqual([
      ['Trend Rider', '0'],
      ['RSI Reverter', '49'],
      ['Range Breakout', '79'],
      ['Capped Grid', '29'],
    ]);
  });

  it('when fifty presses to buy arrive at once, then the Live balance is charged once and the advisor is owned once', async () => {
    const trader = await fundedTrader(stack, '1000');
    const rsi = (await list(trader.token)).find((a) => a.name === 'RSI Reverter')!;
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(trader.token, rsi.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === 'You already own this Expert Advisor.')).toBe(true);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
    expect(answers.find((a) => a.status === 200)!.body).toMatchObject({ status: 'success' });
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('951.00');
    const entries = await stack.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, trader.account.id), eq(ledgerEntries.kind, 'ea_purchase')));
    expect(entries.map((e) => e.amount)).toEqual(['-49.00']);
    expect(await stack.database.db.select().from(ownedExpertAdvisors).where(eq(ownedExpertAdvisors.userId, trader.user.id))).toHaveLength(1);
    const after = (await list(trader.token)).find((a) => a.id === rsi.id)!;
    expect(after).toMatchObject({ status: 'purchased', downloads: 1 });
    const user = userResponse.parse((await request(stack.app).get('/api/v1/user').set(bearer(trader.token))).body).data;
    expect(user.eas).toContain(rsi.id);
  });

  it('when the balance does not cover the price, or the advisor is unknown or already included, then it is refused and nothing moves', async () => {
    const poor = await fundedTrader(stack, '10');
    const advisors = await list(poor.token);
    const breakout = advisors.find((a) => a.name === 'Range Breakout')!;
    const refused = await buy(poor.token, breakout.id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Insufficient balance on your Live account to buy this Expert Advisor.');
    expect(await balanceOf(stack.database.db, poor.account.id)).toBe('10.00');
    expect((await buy(poor.token, 999_999)).status).toBe(404);
    expect((await buy(poor.token, advisors[0]!.id)).status).toBe(409);
    expect((await request(stack.app).post('/api/v1/purchase/ea').set(bearer(poor.token)).send({})).status).toBe(422);
    expect(await stack.database.db.select().from(ownedExpertAdvisors).where(eq(ownedExpertAdvisors.userId, poor.user.id))).toEqual([]);
  });

  it('when the month of a monthly advisor ends, then it renews once from the Live balance, or lapses when the balance does not cover it until bought again', async () => {
    const trader = await fundedTrader(stack, '100');
    const grid = (await list(trader.token)).find((a) => a.name === 'Capped Grid')!;
    expect((await buy(trader.token, grid.id)).status).toBe(200);
    const bought = (await list(trader.token)).find((a) => a.id === grid.id)!;
    const renewsAt = new Date(bought.renews_at!);
    expect(renewsAt.getTime() - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('71.00');

    const mine = and(eq(ownedExpertAdvisors.userId, trader.user.id), eq(ownedExpertAdvisors.expertAdvisorId, grid.id));
    const deps = { database: stack.database, market: stack.market };
    const endsSoon = async (minutes = 30) => {
      const soon = new Date(Date.now() + minutes * 60_000);
      await stack.database.db.update(ownedExpertAdvisors).set({ paidUntil: soon }).where(mine);
      return soon;
    };
    // Renewed within the hour before the month ends, not earlier.
    await endsSoon(90);
    expect(await renewDueAdvisors(deps)).toEqual([]);
    const ending = await endsSoon(30);
    expect((await renewDueAdvisors(deps)).map((r) => r.notice.title)).toEqual(['Expert Advisor renewed']);
    expect(await renewDueAdvisors(deps)).toEqual([]);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('42.00');
    const [renewed] = await stack.database.db.select().from(ownedExpertAdvisors).where(mine);
    expect(renewed!.paidUntil!.getTime()).toBe(oneMonthAfter(ending).getTime());

    // 42 left covers one more month, not two.
    await endsSoon();
    expect((await renewDueAdvisors(deps)).map((r) => r.notice.title)).toEqual(['Expert Advisor renewed']);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('13.00');
    await endsSoon();
    expect((await renewDueAdvisors(deps)).map((r) => r.notice.message)).toEqual([
      'Capped Grid could not be renewed: your Live balance does not cover its monthly price. Buy it again in the marketplace to keep using it.',
    ]);
    expect(await renewDueAdvisors(deps)).toEqual([]);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('13.00');
    const eas = async () => userResponse.parse((await request(stack.app).get('/api/v1/user').set(bearer(trader.token))).body).data.eas;
    // Still theirs until the paid month ends, then no more.
    expect(await eas()).toContain(grid.id);
    await endsSoon(-1);
    expect(await eas()).not.toContain(grid.id);
    expect((await list(trader.token)).find((a) => a.id === grid.id)).toMatchObject({ status: 'available', renews_at: null });

    await deposit(stack.database.db, trader.account.id, '50');
    expect((await buy(trader.token, grid.id)).status).toBe(200);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('34.00');
    expect((await list(trader.token)).find((a) => a.id === grid.id)).toMatchObject({ status: 'purchased' });
  });
});
