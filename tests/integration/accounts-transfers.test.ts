import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountsTexts as texts } from '../../shared/api/accounts.schema';
import { accountLimits } from '../../shared/constants';
import { accountTransfers, auditLog, ledgerEntries, tradingAccounts } from '../../server/trading/db/schema';
import { postEntry } from '../../server/trading/ledger/ledger';
import { makeUser } from '../support/factories';
import { auditLedger, balanceOf, deposit } from '../support/money';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/** Accounts (docs/customer-area.md#accounts): opening more, and transfers between a customer's own Live accounts. */

let stack: TradingStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startTrading();
  stack.prices.set({ [idOf('EURUSD')]: '1.10000' });
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

const db = () => stack.database.db;
const get = (token: string, path: string) => request(stack.app).get(`/api/v1${path}`).set(bearer(token));
const post = (token: string, path: string, body: object = {}) => request(stack.app).post(`/api/v1${path}`).set(bearer(token)).send(body);
const transfer = (token: string, body: object) => post(token, '/accounts/transfers', body);

async function accountsOf(userId: number) {
  return db().select().from(tradingAccounts).where(eq(tradingAccounts.userId, userId)).orderBy(tradingAccounts.id);
}

/** A customer whose sign-up Live account holds `amount`, with a second Live account opened through the API. */
async function customerWithTwoLive(amount: string, options: Parameters<typeof makeUser>[1] = {}) {
  const person = await makeUser(db(), options);
  const token = await tokenFor(stack.app, person);
  const [main, demo] = await accountsOf(person.user.id);
  if (Number(amount) > 0) await deposit(db(), main!.id, amount);
  const opened = await post(token, '/accounts', { type: 'live' });
  expect(opened.status).toBe(201);
  return { ...person, token, main: main!, demo: demo!, extra: opened.body.data as { id: number; number: string } };
}

const overviewOf = async (token: string) =>
  (await get(token, '/accounts/overview')).body.data as {
    accounts: { id: number; balance: number; credit: number; freeMargin: number; transferable: number; primary: boolean }[];
    limits: object;
    leverage: number | null;
  };

describe('POST /accounts/transfers: what is refused', () => {
  it('refuses an incomplete or malformed request with each field’s message, and moves nothing', async () => {
    const { token, main, extra } = await customerWithTwoLive('100.00');
    const cases: [object, string, string][] = [
      [{ to_account_id: extra.id, amount: '10' }, 'from_account_id', texts.fromRequired],
      [{ from_account_id: main.id, amount: '10' }, 'to_account_id', texts.toRequired],
      [{ from_account_id: main.id, to_account_id: extra.id }, 'amount', 'Amount is required'],
      [{ from_account_id: main.id, to_account_id: extra.id, amount: '0' }, 'amount', texts.amountPositive],
      [{ from_account_id: main.id, to_account_id: extra.id, amount: '0.00' }, 'amount', texts.amountPositive],
      [{ from_account_id: main.id, to_account_id: extra.id, amount: '1.234' }, 'amount', 'Amount must be a number'],
      [{ from_account_id: main.id, to_account_id: extra.id, amount: '-5' }, 'amount', 'Amount must be a number'],
      [{ from_account_id: main.id, to_account_id: main.id, amount: '10' }, 'to_account_id', texts.sameAccount],
      [{ from_account_id: main.id, to_account_id: extra.id, amount: '100.01' }, 'amount', texts.overTransferable('100.00 USD')],
    ];
    for (const [body, field, message] of cases) {
      const res = await transfer(token, body);
      expect(res.status, message).toBe(422);
      expect(res.body.errors[field], message).toEqual([message]);
      expect(res.body.message).toBe(message);
    }
    expect(await balanceOf(db(), main.id)).toBe('100.00');
    expect(await balanceOf(db(), extra.id)).toBe('0.00');
  });

  it('answers 404 for an account of someone else, or none, in either place', async () => {
    const me = await customerWithTwoLive('100.00');
    const other = await customerWithTwoLive('100.00');
    for (const body of [
      { from_account_id: other.main.id, to_account_id: me.extra.id, amount: '10' },
      { from_account_id: me.main.id, to_account_id: other.extra.id, amount: '10' },
      { from_account_id: me.main.id, to_account_id: 2_000_000_000, amount: '10' },
    ]) {
      const res = await transfer(me.token, body);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(texts.accountNotFound);
    }
    expect(await balanceOf(db(), other.main.id)).toBe('100.00');
    expect(await balanceOf(db(), me.main.id)).toBe('100.00');
  });

  it('never moves money between Demo and Live, either way', async () => {
    const { token, main, demo } = await customerWithTwoLive('100.00');
    const toDemo = await transfer(token, { from_account_id: main.id, to_account_id: demo.id, amount: '10' });
    expect(toDemo.status).toBe(422);
    expect(toDemo.body.errors.to_account_id).toEqual([texts.demoNeverMoves]);
    const fromDemo = await transfer(token, { from_account_id: demo.id, to_account_id: main.id, amount: '10' });
    expect(fromDemo.status).toBe(422);
    expect(fromDemo.body.errors.from_account_id).toEqual([texts.demoNeverMoves]);
    expect(await balanceOf(db(), main.id)).toBe('100.00');
    expect(await balanceOf(db(), demo.id)).toBe('10000.00');
  });

  it('never moves credit: only the cash balance is transferable, and the credit stays where it was', async () => {
    const { token, main, extra } = await customerWithTwoLive('100.00');
    await db().transaction((tx) => postEntry(tx, { accountId: main.id, kind: 'bonus_credit', bucket: 'credit', amount: '50.00', reference: 'test-bonus' }));
    expect((await overviewOf(token)).accounts.find((a) => a.id === main.id)).toMatchObject({ balance: 100, credit: 50, transferable: 100 });
    const tooMuch = await transfer(token, { from_account_id: main.id, to_account_id: extra.id, amount: '120' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.amount).toEqual([texts.overTransferable('100.00 USD')]);
    expect((await transfer(token, { from_account_id: main.id, to_account_id: extra.id, amount: '100' })).status).toBe(201);
    const rows = await accountsOf(main.userId);
    expect(rows.find((a) => a.id === main.id)).toMatchObject({ balance: '0.00', credit: '50.00' });
    expect(rows.find((a) => a.id === extra.id)).toMatchObject({ balance: '100.00', credit: '0.00' });
  });

  it('keeps the free margin of open trades: at most what the source can spare leaves it', async () => {
    const { token, main, extra } = await customerWithTwoLive('1000.00');
    const opened = await post(token, '/trades/store', { type: 'buy', id: idOf('EURUSD'), volume: '10000', leverage: 20 });
    expect(opened.status).toBe(201);
    const before = (await overviewOf(token)).accounts.find((a) => a.id === main.id)!;
    // Margin 550.03 is held by the trade; the spread's loss is in the equity: less than the balance may leave.
    expect(before.transferable).toBeLessThan(1000);
    expect(before.transferable).toBe(before.freeMargin);
    const spare = before.transferable.toFixed(2);
    const over = await transfer(token, { from_account_id: main.id, to_account_id: extra.id, amount: (before.transferable + 0.01).toFixed(2) });
    expect(over.status).toBe(422);
    expect(over.body.errors.amount).toEqual([texts.overTransferable(`${spare} USD`)]);
    const ok = await transfer(token, { from_account_id: main.id, to_account_id: extra.id, amount: spare });
    expect(ok.status).toBe(201);
    const after = (await overviewOf(token)).accounts.find((a) => a.id === main.id)!;
    expect(after.freeMargin).toBeGreaterThanOrEqual(0);
    expect(after.transferable).toBe(0);
    expect((await post(token, `/trade/${opened.body.data.id}/close`)).status).toBe(200);
  });

  it('is refused to a deactivated customer (transfers need a customer in good standing)', async () => {
    const person = await customerWithTwoLive('100.00');
    const { main, extra, user } = person;
    const staffToken = await tokenFor(stack.app, await makeUser(db(), { role: 'staff' }));
    expect((await request(stack.app).patch(`/api/v1/admin/users/${user.id}`).set(bearer(staffToken)).send({ status: 'deactivated', reason: 'Compliance review' })).status).toBe(200);
    // Deactivation signs the customer out; signed in again, they may still reach the API, not move money.
    const token = await tokenFor(stack.app, person);
    const res = await transfer(token, { from_account_id: main.id, to_account_id: extra.id, amount: '10' });
    expect(res.status).toBe(403);
    expect((await post(token, '/accounts', { type: 'live' })).status).toBe(403);
    expect(await balanceOf(db(), main.id)).toBe('100.00');
  });
});

describe('POST /accounts/transfers: what is done', () => {
  it('moves cash as one transfer row and two `transfer` entries referenced transfer:{id}, listed newest first', async () => {
    const { token, main, extra, user } = await customerWithTwoLive('250.00');
    const res = await transfer(token, { from_account_id: main.id, to_account_id: extra.id, amount: 75.5 });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(texts.transferred);
    expect(res.body.data).toMatchObject({ from: { id: main.id, number: main.number, title: 'Live Account' }, to: { id: extra.id, number: extra.number }, amount: 75.5, currency: 'USD' });
    const id = res.body.data.id as number;
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `transfer:${id}`))
      .orderBy(ledgerEntries.id);
    expect(entries.map((e) => [e.accountId, e.kind, e.bucket, e.amount])).toEqual([
      [main.id, 'transfer', 'balance', '-75.50'],
      [extra.id, 'transfer', 'balance', '75.50'],
    ]);
    expect(await balanceOf(db(), main.id)).toBe('174.50');
    expect(await balanceOf(db(), extra.id)).toBe('75.50');
    const back = await transfer(token, { from_account_id: extra.id, to_account_id: main.id, amount: '0.50' });
    expect(back.status).toBe(201);
    const list = await get(token, '/accounts/transfers');
    expect(list.status).toBe(200);
    expect(list.body.data.map((t: { id: number; amount: number }) => [t.id, t.amount])).toEqual([
      [back.body.data.id, 0.5],
      [id, 75.5],
    ]);
    expect(list.body.meta).toMatchObject({ total: 2, current_page: 1 });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.transfer'), eq(auditLog.subjectId, String(user.id))));
    expect(audits).toHaveLength(2);
    // Another customer sees none of them.
    const other = await customerWithTwoLive('0');
    expect((await get(other.token, '/accounts/transfers')).body.data).toEqual([]);
  });

  it('20 parallel transfers racing on one source: never an overdraft, the sum kept, every transfer two entries', async () => {
    const { token, main, extra, user } = await customerWithTwoLive('100.00');
    const answers = await Promise.all(Array.from({ length: 20 }, () => transfer(token, { from_account_id: main.id, to_account_id: extra.id, amount: '15' })));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(6);
    expect(answers.filter((res) => res.status === 422)).toHaveLength(14);
    expect(await balanceOf(db(), main.id)).toBe('10.00');
    expect(await balanceOf(db(), extra.id)).toBe('90.00');
    const rows = await db().select().from(accountTransfers).where(eq(accountTransfers.userId, user.id));
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const entries = await db()
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reference, `transfer:${row.id}`));
      expect(entries.map((e) => e.amount).sort()).toEqual(['-15.00', '15.00']);
    }
  });

  it('20 parallel transfers both ways between two accounts: no deadlock, no failure, the sum kept', async () => {
    const { token, main, extra } = await customerWithTwoLive('100.00');
    expect((await transfer(token, { from_account_id: main.id, to_account_id: extra.id, amount: '50' })).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transfer(token, i % 2 ? { from_account_id: main.id, to_account_id: extra.id, amount: '7' } : { from_account_id: extra.id, to_account_id: main.id, amount: '9' }),
      ),
    );
    expect(answers.every((res) => res.status === 201 || res.status === 422)).toBe(true);
    const [a, b] = [await balanceOf(db(), main.id), await balanceOf(db(), extra.id)];
    expect(Number(a) + Number(b)).toBe(100);
    expect(Number(a)).toBeGreaterThanOrEqual(0);
    expect(Number(b)).toBeGreaterThanOrEqual(0);
  });
});

describe('POST /accounts: opening another account', () => {
  it('opens a Live account at 0 and a Demo one funded like the sign-up Demo, both listed everywhere with their names', async () => {
    const person = await makeUser(db());
    const token = await tokenFor(stack.app, person);
    const live = await post(token, '/accounts', { type: 'live' });
    expect(live.status).toBe(201);
    expect(live.body.data).toMatchObject({ type: 'live', title: 'Live Account', balance: 0, credit: 0, primary: false, currency: 'USD' });
    expect(live.body.message).toBe(texts.opened(`Live Account #${live.body.data.number}`));
    const demo = await post(token, '/accounts', { type: 'demo' });
    expect(demo.status).toBe(201);
    expect(demo.body.data).toMatchObject({ type: 'demo', balance: 10000, primary: false });
    const [funding] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.accountId, demo.body.data.id));
    expect(funding).toMatchObject({ kind: 'demo_funding', amount: '10000.00', reference: 'opening' });

    const summaries = (await get(token, '/accounts')).body.data as { id: number; type: string }[];
    expect(summaries.map((a) => a.type)).toEqual(['live', 'demo', 'live', 'demo']);
    const user = (await get(token, '/user')).body.data as { account_id: string; accounts: { id: number; type: string; transfer_type: string | null }[] };
    // The top-level figures stay the sign-up Live account's; the new Live account is offered as a source.
    expect(user.account_id).toBe((await accountsOf(person.user.id))[0]!.number);
    expect(user.accounts.map((a) => [a.type, a.transfer_type])).toEqual([
      ['live', 'to'],
      ['demo', null],
      ['live', 'from'],
      ['demo', null],
    ]);
    // A request naming no account still means the sign-up Live account.
    expect((await get(token, '/open/trades')).status).toBe(200);
  });

  it('stops at the limit per type, even when asked many times at once', async () => {
    const person = await makeUser(db());
    const token = await tokenFor(stack.app, person);
    const answers = await Promise.all(Array.from({ length: accountLimits.live + 2 }, () => post(token, '/accounts', { type: 'live' })));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(accountLimits.live - 1);
    const refused = answers.filter((res) => res.status === 422);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.errors.type).toEqual([texts.limitReached('Live Account', accountLimits.live)]);
    for (let i = 1; i < accountLimits.demo; i += 1) expect((await post(token, '/accounts', { type: 'demo' })).status).toBe(201);
    expect((await post(token, '/accounts', { type: 'demo' })).body.errors.type).toEqual([texts.limitReached('Demo Account', accountLimits.demo)]);
    const held = await accountsOf(person.user.id);
    expect(held.filter((a) => a.type === 'live')).toHaveLength(accountLimits.live);
    expect(held.filter((a) => a.type === 'demo')).toHaveLength(accountLimits.demo);
    expect((await overviewOf(token)).limits).toEqual({ live: { held: accountLimits.live, max: accountLimits.live }, demo: { held: accountLimits.demo, max: accountLimits.demo } });
  });

  it('refuses a type that is not Live or Demo', async () => {
    const person = await makeUser(db());
    const token = await tokenFor(stack.app, person);
    for (const body of [{}, { type: 'gold' }]) {
      const res = await post(token, '/accounts', body);
      expect(res.status).toBe(422);
      expect(res.body.errors.type).toEqual([texts.typeRequired]);
    }
    expect(await accountsOf(person.user.id)).toHaveLength(2);
  });
});

describe('POST /account/convert (the original’s form, multipart)', () => {
  const convert = (token: string, fields: Record<string, string>) => {
    const req = request(stack.app).post('/api/v1/account/convert').set(bearer(token));
    for (const [name, value] of Object.entries(fields)) void req.field(name, value);
    return req;
  };

  it('refuses its default credit → cash; moves cash between Live accounts named by number or as the sign-up Live wallet', async () => {
    const { token, main, extra } = await customerWithTwoLive('100.00');
    const credit = await convert(token, { from_account: 'credit_wallet', to_account: 'balance_wallet', amount: '10' });
    expect(credit.status).toBe(422);
    expect(credit.body.message).toBe(texts.creditStays);
    const out = await convert(token, { from_account: 'live_wallet', to_account: extra.number, amount: '40' });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: texts.transferred });
    const back = await convert(token, { from_account: extra.number, to_account: 'balance_wallet', amount: '15.25' });
    expect(back.status).toBe(200);
    expect(await balanceOf(db(), main.id)).toBe('75.25');
    expect(await balanceOf(db(), extra.id)).toBe('24.75');
  });

  it('refuses Demo, someone else’s account (404), nonsense names and bad amounts, moving nothing', async () => {
    const { token, main, extra } = await customerWithTwoLive('100.00');
    const other = await customerWithTwoLive('100.00');
    const demo = await convert(token, { from_account: 'demo_wallet', to_account: 'live_wallet', amount: '10' });
    expect(demo.status).toBe(422);
    expect(demo.body.message).toBe(texts.demoNeverMoves);
    const theirs = await convert(token, { from_account: 'live_wallet', to_account: other.extra.number, amount: '10' });
    expect(theirs.status).toBe(404);
    const nonsense = await convert(token, { from_account: 'gold_wallet', to_account: extra.number, amount: '10' });
    expect(nonsense.status).toBe(422);
    expect(nonsense.body.message).toBe(texts.legacyWallet);
    const missing = await convert(token, { to_account: extra.number, amount: '10' });
    expect(missing.body.message).toBe(texts.fromRequired);
    const zero = await convert(token, { from_account: 'live_wallet', to_account: extra.number, amount: '0' });
    expect(zero.status).toBe(422);
    expect(zero.body.message).toBe(texts.amountPositive);
    const same = await convert(token, { from_account: 'live_wallet', to_account: 'live_wallet', amount: '10' });
    expect(same.body.message).toBe(texts.sameAccount);
    // JSON is read as well.
    const json = await post(token, '/account/convert', { from_account: 'live_wallet', to_account: extra.number, amount: 1 });
    expect(json.status).toBe(200);
    expect(await balanceOf(db(), main.id)).toBe('99.00');
    expect(await balanceOf(db(), other.extra.id)).toBe('0.00');
  });
});
