import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financingTexts, rateTexts } from '../../shared/api/financing.schema';
import { dividendTexts } from '../../shared/api/dividends.schema';
import { makeUser } from '../support/factories';
import { csrfFrom, signedInAgent, startWebStack, textOf, type WebStack } from '../support/web';

/** Overnight financing's back-office page (docs/trading.md#overnight-financing): admins see the rollovers and run a day by a plain form post. */

let stack: WebStack;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  stack = await startWebStack();
  admin = await signedInAgent(stack.web, await makeUser(stack.database.db, { role: 'admin' }));
});
afterAll(() => stack.close());

describe('the overnight financing page', () => {
  it('when staff who are not admins ask for it, then it is not found', async () => {
    const staff = await signedInAgent(stack.web, await makeUser(stack.database.db, { role: 'staff' }));
    expect((await staff.agent.get('/admin/financing')).status).toBe(404);
  });

  it('when an admin runs a day still to come or a malformed one, then the page says why beside the field and nothing runs', async () => {
    const page = await admin.agent.get('/admin/financing');
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain('No rollover has run yet.');
    const future = await admin.agent
      .post('/admin/financing')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), day: '2099-01-02' });
    expect(future.status).toBe(422);
    expect(textOf(future.text)).toContain(financingTexts.notYet('2099-01-02'));
    expect(future.text).toMatch(/<input[^>]*name="day"[^>]*value="2099-01-02"/);
    const malformed = await admin.agent
      .post('/admin/financing')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), day: '2026-02-30' });
    expect([malformed.status, textOf(malformed.text).includes(financingTexts.dayRequired)]).toEqual([422, true]);
    expect(textOf((await admin.agent.get('/admin/financing')).text)).toContain('No rollover has run yet.');
  });

  it('when an admin runs a past day, then it is listed as run by staff, and a second run is refused', async () => {
    const page = await admin.agent.get('/admin/financing');
    const ran = await admin.agent
      .post('/admin/financing')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), day: '2026-11-17' });
    expect([ran.status, ran.headers.location]).toEqual([303, '/admin/financing']);
    const listed = await admin.agent.get('/admin/financing');
    expect(textOf(listed.text)).toContain(financingTexts.booked('2026-11-17', 0));
    expect(textOf(listed.text)).toMatch(/2026-11-17.*By staff/);
    const twice = await admin.agent
      .post('/admin/financing')
      .type('form')
      .send({ _csrf: csrfFrom(listed.text), day: '2026-11-17' });
    expect([twice.status, textOf(twice.text).includes(financingTexts.alreadyBooked('2026-11-17'))]).toEqual([409, true]);
  });

  it('when an admin sets a benchmark, then a refused one comes back beside its field and a good one is in the table', async () => {
    const page = await admin.agent.get('/admin/financing');
    expect(textOf(page.text)).toContain('Rates in force');
    const refused = await admin.agent
      .post('/admin/financing/benchmarks')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), currency: 'USD', rate_percent: '250' });
    expect(refused.status).toBe(422);
    expect(textOf(refused.text)).toContain(rateTexts.benchmark);
    expect(refused.text).toMatch(/<input[^>]*name="rate_percent"[^>]*value="250"/);
    const set = await admin.agent
      .post('/admin/financing/benchmarks')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), currency: 'USD', rate_percent: '4.75' });
    expect([set.status, set.headers.location]).toEqual([303, '/admin/financing#rates']);
    const after = textOf((await admin.agent.get('/admin/financing')).text);
    expect(after).toContain(rateTexts.set('The USD benchmark'));
    expect(after).toMatch(/USD\s*4\.75%/);
  });

  it('when an admin enters a dividend, then one on a shut day comes back beside its field and a good one is listed to be booked at the open', async () => {
    const page = await admin.agent.get('/admin/financing');
    expect(textOf(page.text)).toContain('No dividend has been entered.');
    const aapl = /<option value="(\d+)">AAPL<\/option>/.exec(page.text)![1]!;
    const fields = { _csrf: csrfFrom(page.text), asset_id: aapl, amount: '0.25', long_percent: '85' };
    const shut = await admin.agent
      .post('/admin/financing/dividends')
      .type('form')
      .send({ ...fields, ex_date: '2026-11-21' });
    expect(shut.status).toBe(422);
    expect(textOf(shut.text)).toContain(dividendTexts.closedThatDay);
    expect(shut.text).toMatch(/<input[^>]*name="ex_date"[^>]*value="2026-11-21"/);
    const entered = await admin.agent
      .post('/admin/financing/dividends')
      .type('form')
      .send({ ...fields, ex_date: '2026-11-19' });
    expect([entered.status, entered.headers.location]).toEqual([303, '/admin/financing#dividends']);
    const after = textOf((await admin.agent.get('/admin/financing')).text);
    expect(after).toContain(dividendTexts.entered('AAPL', '2026-11-19'));
    expect(after).toMatch(/AAPL\s*2026-11-19\s*0\.25\s*85%\s*At the open/);
  });
});
