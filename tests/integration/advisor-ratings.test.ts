import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisorList, advisorTexts } from '../../shared/api/advisors.schema';
import { advisorRatings } from '../../server/trading/db/schema';
import { makeUser } from '../support/factories';
import { bearer } from '../support/bearer';
import { fundedTrader, startTrading, tokenFor, type TradingStack } from '../support/trading';

/** Ratings (docs/advisors.md#ratings): only from customers who have the advisor, one each, the average computed from them. */

let stack: TradingStack;
beforeAll(async () => {
  stack = await startTrading();
});
afterAll(async () => {
  await stack.engine.stop();
  await stack.database.close();
});

const list = async (token: string) => advisorList.parse((await request(stack.app).get('/api/v1/expert_advisors').set(bearer(token)).expect(200)).body).data;
const rate = (token: string, id: number, stars: unknown) => request(stack.app).post(`/api/v1/expert_advisors/${id}/rating`).set(bearer(token)).send({ stars });
const customer = async () => tokenFor(stack.app, await makeUser(stack.database.db));

describe('advisor ratings', () => {
  it('when customers who have an advisor rate it, then its average and count come from their stars, a second rating replaces the first, and each sees their own', async () => {
    const [first, second] = [await customer(), await customer()];
    const trend = (await list(first)).find((a) => a.name === 'Trend Rider')!;
    expect(trend).toMatchObject({ rating: 0, ratings_count: 0, my_rating: null });

    const rated = await rate(first, trend.id, 5);
    expect([rated.status, rated.body.message, rated.body.data]).toEqual([200, advisorTexts.rated, { rating: 5, ratings_count: 1, my_rating: 5 }]);
    expect((await rate(second, trend.id, 4)).body.data).toEqual({ rating: 4.5, ratings_count: 2, my_rating: 4 });
    expect((await rate(first, trend.id, 2)).body.data).toEqual({ rating: 3, ratings_count: 2, my_rating: 2 });

    expect((await list(first)).find((a) => a.id === trend.id)).toMatchObject({ rating: 3, ratings_count: 2, my_rating: 2 });
    expect((await list(await customer())).find((a) => a.id === trend.id)).toMatchObject({ rating: 3, ratings_count: 2, my_rating: null });
  });

  it('when a customer does not have the advisor, or sends stars outside 1 to 5, or names no advisor, then it is refused and nothing is counted', async () => {
    const token = await customer();
    const rsi = (await list(token)).find((a) => a.name === 'RSI Reverter')!;
    expect(rsi.status).toBe('available');
    const notOwned = await rate(token, rsi.id, 5);
    expect([notOwned.status, notOwned.body.message]).toEqual([403, advisorTexts.rateNotOwned]);
    const trend = (await list(token)).find((a) => a.name === 'Trend Rider')!;
    for (const stars of [0, 6, 4.5, '5', null]) expect((await rate(token, trend.id, stars)).status).toBe(422);
    expect((await rate(token, 999_999, 5)).status).toBe(404);
    expect((await list(token)).find((a) => a.id === rsi.id)).toMatchObject({ rating: 0, ratings_count: 0 });
  });

  it('when a customer buys an advisor, then they may rate it', async () => {
    const trader = await fundedTrader(stack, '100');
    const rsi = (await list(trader.token)).find((a) => a.name === 'RSI Reverter')!;
    expect((await request(stack.app).post('/api/v1/purchase/ea').set(bearer(trader.token)).send({ expert_advisor_id: rsi.id })).status).toBe(200);
    expect((await rate(trader.token, rsi.id, 4)).body.data).toEqual({ rating: 4, ratings_count: 1, my_rating: 4 });
  });

  it('when twelve customers rate one advisor at once, then every rating counts and the average is that of every rating kept', async () => {
    const tokens = await Promise.all(Array.from({ length: 12 }, () => customer()));
    const trend = (await list(tokens[0]!)).find((a) => a.name === 'Trend Rider')!;
    const answers = await Promise.all(tokens.map((token, i) => rate(token, trend.id, (i % 5) + 1)));
    expect(answers.map((a) => a.status)).toEqual(tokens.map(() => 200));
    const kept = await stack.database.db.select({ stars: advisorRatings.stars }).from(advisorRatings).where(eq(advisorRatings.expertAdvisorId, trend.id));
    const average = Math.round((kept.reduce((sum, row) => sum + row.stars, 0) / kept.length) * 10) / 10;
    expect((await list(tokens[0]!)).find((a) => a.id === trend.id)).toMatchObject({ ratings_count: kept.length, rating: average });
    expect(kept.length).toBe(trend.ratings_count + 12);
  });
});
