import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedApiKey } from '../../server/compose/keys';
import { loadConfig } from '../../server/config';
import { closeServer, listen } from '../../server/listen';
import { attachPriceFeed } from '../../server/trading/feed/feed-server';
import { addNotification } from '../../server/trading/db/notifications.repo';
import { seedSavingsPlans } from '../../server/trading/db/seed/savings';
import { seedDemoData } from '../../server/trading/setup/demo-seed';
import { updateSettings } from '../../server/trading/db/settings.repo';
import { makeUser, type TestPerson } from '../support/factories';
import { approveIdentity } from '../support/kyc';
import { deposit, liveAccount } from '../support/money';
import { originalApi, originalBuy, originalSignIn } from '../support/original-client';
import { silentLogger, startTrading, type TradingStack } from '../support/trading';

/**
 * The original client's screens that read a shape of their own (docs/compatibility.md): each case reads the answer
 * the way the original's source does (its stores and components), so a shape it cannot read fails here.
 */

let stack: TradingStack;

beforeAll(async () => {
  stack = await startTrading();
  await seedSavingsPlans(stack.database.db);
  await updateSettings(stack.database.db, {
    savings_enabled: true,
    bank_details: { account_name: 'Example Markets Ltd', bank_name: 'Barclays Bank UK PLC', iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22', bank_address: '1 Churchill Place, London' },
  });
  stack.prices.set({ [idOf('EURUSD')]: '1.10000', [idOf('ETHUSD')]: '3000.00' });
});
afterAll(() => stack.database.close());

const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

/** An asset of /assets, the fields read here. */
interface Asset {
  id: number;
  asset_id: string;
  symbol: string;
  name: string;
  buy_price: number;
  contract_size: number;
  leverage: number;
}

const original = (token?: string) => originalApi(stack.app, token);
const signIn = (person: TestPerson) => originalSignIn(stack.app, person);

async function fundedCustomer(amount = '10000.00') {
  const person = await makeUser(stack.database.db);
  await deposit(stack.database.db, (await liveAccount(stack.database.db, person.user.id)).id, amount);
  return { person, api: original(await signIn(person)) };
}

describe('the original client’s screens', () => {
  it('draws its positions and history tables: paid_commission and swap are numbers it can call toFixed on', async () => {
    const { api } = await fundedCustomer();
    const assets = (await api.get('/assets')).body.data as Asset[];
    const eurusd = assets.find((a) => a.symbol === 'EURUSD')!;
    expect((await api.post('/trades/store', originalBuy(eurusd, 10, 0.01))).status).toBe(201);

    // desktop-positionTable: position.paid_commission.toFixed(2); its Trade type carries swap beside it.
    const [open] = (await api.get('/open/trades?page=1')).body.data;
    expect(open.paid_commission.toFixed(2)).toBe('0.00');
    expect(open.swap.toFixed(2)).toBe('0.00');
    expect((await api.post(`/trade/${open.id}/close`)).status).toBe(200);
    const [closed] = (await api.get('/closed/trades?page=1')).body.data;
    expect([typeof closed.paid_commission, typeof closed.swap]).toEqual(['number', 'number']);
  });

  it('opens a trade from /mt4 with the plan’s leverage: applied up to the instrument’s maximum, the answer saying which', async () => {
    const person = await makeUser(stack.database.db, { plan: 'premium' });
    await deposit(stack.database.db, (await liveAccount(stack.database.db, person.user.id)).id, '10000.00');
    const api = original(await signIn(person));
    const user = (await api.get('/user')).body.data;
    // trading-interface (mt4): tradingInfo.leverage = user?.account_type?.leverage || 20.
    expect(user.account_type.leverage).toBe(200);
    const assets = (await api.get('/assets')).body.data as Asset[];
    const eth = assets.find((a) => a.symbol === 'ETHUSD')!;
    const placed = await api.post('/trades/store', originalBuy(eth, user.account_type.leverage, 1));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.leverage).toBe(eth.leverage);
    expect(placed.body.data.margin).toBeCloseTo(placed.body.data.opening_price / eth.leverage, 2);
  });

  it('moves an open position’s price with the feed: the trade’s asset_id is the key /assets and the feed use', async () => {
    const { api } = await fundedCustomer();
    const assets = (await api.get('/assets')).body.data as Asset[];
    const eth = assets.find((a) => a.symbol === 'ETHUSD')!;
    expect((await api.post('/trades/store', originalBuy(eth, 2, 1))).status).toBe(201);
    const [trade] = (await api.get('/open/trades?page=1')).body.data;
    // tradeStore: prices[trade.asset_id], prices keyed by the feed's item id, which is the asset's asset_id.
    expect(typeof trade.asset_id).toBe('string');
    expect(trade.asset_id).toBe(eth.asset_id);
  });

  it('shows savings: plans and the customer’s savings under data.data', async () => {
    const { api } = await fundedCustomer();
    // savingsStore: set({ plans: response.data.data }) and set({ userSavings: response.data.data }).
    const plans = (await api.get('/savings/plans')).body;
    expect(Array.isArray(plans.data)).toBe(true);
    expect(plans.data.length).toBeGreaterThan(0);
    const savings = (await api.get('/savings')).body;
    expect(Array.isArray(savings.data)).toBe(true);
  });

  it('lists its bell: data.notifications with data.unread_count and its pagination', async () => {
    const { person, api } = await fundedCustomer();
    for (const title of ['Welcome', 'Deposit received']) await addNotification(stack.database.db, { userId: person.user.id, title, message: `${title}.`, color: 'info' });
    // NotificationDropdown: notificationData?.data?.notifications; NotificationResponse { status, message, data }.
    const list = (await api.get('/notifications?page=1')).body;
    expect(list.status).toBe('success');
    expect(list.data.notifications.map((n: { title: string }) => n.title)).toEqual(['Deposit received', 'Welcome']);
    expect(list.data.unread_count).toBe(2);
    expect(list.data.pagination).toEqual({ current_page: 1, per_page: 20, last_page: 1, total: 2 });
    // MarkReadResponse and ReadAllResponse: data.unread_count.
    const one = (await api.post(`/notifications/read/${list.data.notifications[0].id}`)).body;
    expect(one.data).toEqual({ notification_id: list.data.notifications[0].id, unread_count: 1 });
    expect((await api.post('/notifications/read')).body.data).toEqual({ unread_count: 0 });
  });

  it('fills its Deposits and Withdrawals tabs: type is deposit or withdrawal, the method in its own field', async () => {
    const { person, api } = await fundedCustomer();
    await approveIdentity(stack.database.db, person.user.id, stack.files);
    const bank = await api.post('/funding/deposits/bank', { amount: '250' });
    expect(bank.status, JSON.stringify(bank.body)).toBe(201);
    // transaction-history: transactions.filter((tx) => tx.type.toLowerCase() === "deposit").
    const deposits = (await api.get('/user/deposits')).body.data.data as { type: string; method: string }[];
    expect(deposits.length).toBeGreaterThan(0);
    for (const row of deposits) {
      expect(row.type.toLowerCase()).toBe('deposit');
      expect(typeof row.method).toBe('string');
    }
    const withdrawal = await api.post('/user/withdrawal/store', { amount: 100, method: 'crypto', network: 'Bitcoin (Native SegWit)', wallet_address: 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl' });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBeLessThan(300);
    const withdrawals = (await api.get('/user/withdrawals')).body.data.data as { type: string }[];
    expect(withdrawals.map((row) => row.type.toLowerCase())).toEqual(['withdrawal']);
  });

  describe('signs up in three steps', () => {
    const form = (tag: string) => ({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: `ada${tag}`,
      email: `ada-${tag}@example.test`,
      phone: '7700900123',
      country_code: '+44',
      country: 'uk',
      nationality: 'uk',
      password: 'correct-horse-9',
      confirm_password: 'correct-horse-9',
    });

    it('signed in at once when the site lets new customers in: data.user and data.token, the token good for /user', async () => {
      await updateSettings(stack.database.db, { must_verify_account: false });
      const res = await original().post('/auth/register', form(`${Date.now()}a`));
      expect(res.status).toBe(201);
      // RegisterTDPage: const { user: newUser, token: newToken } = response.data.data; then navigate("/main").
      const { user, token } = res.body.data;
      expect(user.status).toBe('active');
      const me = await original(token).get('/user');
      expect([me.status, me.body.data.id]).toEqual([200, user.id]);
    });

    it('awaiting approval when the site requires it: the token reads its pending user, the rest is refused', async () => {
      await updateSettings(stack.database.db, { must_verify_account: true });
      const res = await original().post('/auth/register', form(`${Date.now()}b`));
      expect(res.status).toBe(201);
      const { user, token } = res.body.data;
      // BaseLayout: user.status === "pending" && settings.must_verify_account shows its SitePending screen.
      expect(user.status).toBe('pending');
      expect((await original(token).get('/user')).body.data.status).toBe('pending');
      expect((await original(token).get('/open/trades?page=1')).status).toBe(403);
      await updateSettings(stack.database.db, { must_verify_account: false });
    });
  });
});

describe('the original client’s Personal Information', () => {
  let demo: TradingStack;
  beforeAll(async () => {
    demo = await startTrading();
    await seedDemoData(demo.database.db, demo.files);
  });
  afterAll(async () => {
    await demo.trading.close();
    await demo.database.close();
  });

  /** Its form: every field from the user (`user?.country || "maldives"`), each required, posted whole to /update. */
  async function saveAsItDoes(email: string, password: string, change: Record<string, string> = {}) {
    const login = await request(demo.app).post('/api/v1/auth/login').send({ email, password });
    const token = login.body.data.token as string;
    const user = (
      await request(demo.app)
        .get('/api/v1/user')
        .set({ Authorization: `Bearer ${token}` })
    ).body.data;
    const form = {
      first_name: user.first_name,
      last_name: user.last_name,
      address: user.address ?? '',
      country: user.country || 'maldives',
      birth_date: user.birth_date ?? '',
      email: user.email,
      phone: user.phone ?? '',
    };
    for (const [field, value] of Object.entries(form)) expect(value, `${email}: ${field} is required by its form`).not.toBe('');
    expect(form.country).not.toBe('maldives');
    const saved = await request(demo.app)
      .post('/api/v1/update')
      .set({ Authorization: `Bearer ${token}` })
      .send({ ...form, ...change, avatar: user.avatar });
    return { saved, token };
  }

  it('saves the verified demo trader’s details as they are: every field it requires is held', async () => {
    const { saved } = await saveAsItDoes('trader@demo.test', 'trader-demo-1');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('takes its own country values (uk, usa, uae, korea-south) as ours, and refuses a country we do not serve', async () => {
    const person = await makeUser(demo.database.db);
    for (const [theirs, ours] of [
      ['uk', 'united-kingdom'],
      ['usa', 'united-states'],
      ['uae', 'united-arab-emirates'],
      ['korea-south', 'south-korea'],
      ['germany', 'germany'],
    ]) {
      const token = (await request(demo.app).post('/api/v1/auth/login').send({ email: person.email, password: person.password })).body.data.token;
      const saved = await request(demo.app)
        .post('/api/v1/update')
        .set({ Authorization: `Bearer ${token}` })
        .send({ country: theirs, address: '1 Example Road, Leeds', birth_date: '1990-01-01' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(
        (
          await request(demo.app)
            .get('/api/v1/user')
            .set({ Authorization: `Bearer ${token}` })
        ).body.data.country,
        theirs,
      ).toBe(ours);
    }
    const token = (await request(demo.app).post('/api/v1/auth/login').send({ email: person.email, password: person.password })).body.data.token;
    const refused = await request(demo.app)
      .post('/api/v1/update')
      .set({ Authorization: `Bearer ${token}` })
      .send({ country: 'maldives' });
    expect([refused.status, refused.body.errors.country]).toEqual([422, ['Please select a country']]);
  });

  it('finds every demo customer’s profile complete', async () => {
    for (const [email, password] of [
      ['pending@demo.test', 'pending-demo-1'],
      ['trader@demo.test', 'trader-demo-1'],
    ]) {
      const login = await request(demo.app).post('/api/v1/auth/login').send({ email, password });
      const user = (
        await request(demo.app)
          .get('/api/v1/user')
          .set({ Authorization: `Bearer ${login.body.data.token}` })
      ).body.data;
      for (const field of ['address', 'country', 'birth_date', 'phone']) expect(user[field], `${email}: ${field}`).toEqual(expect.any(String));
    }
  });
});

describe('the original client’s back office, for staff who have not set up two-factor sign-in', () => {
  let strict: TradingStack;
  beforeAll(async () => {
    strict = await startTrading({ staffTwoFactor: 'required' });
  });
  afterAll(async () => {
    await strict.trading.close();
    await strict.database.close();
  });

  it('shows them where to set it up: the refusal names our Security page by its address', async () => {
    const staff = await makeUser(strict.database.db, { role: 'staff' });
    const token = (await request(strict.app).post('/api/v1/auth/login').send({ email: staff.email, password: staff.password })).body.data.token;
    // It has no enrolment page of its own; its pages toast the answer's message.
    const refused = await request(strict.app)
      .get('/api/v1/admin/users')
      .set({ Authorization: `Bearer ${token}` });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('http://site.test/main/security');
  });
});

describe('the original client’s price feed on a plain start', () => {
  /** The key its build carries (useAssetWebsocket and tradeStore), public in its JavaScript. */
  const originalsKey = '9e37abad-04e9-47fb-bbd5-b8e344ff7e5a';

  it('connects with auth.apiKey once the operator sets FEED_API_KEY to that key, and hears the snapshot', async () => {
    const config = loadConfig({ FEED_API_KEY: originalsKey, DATA_DIR: mkdtempSync(join(tmpdir(), 'feed-key-')) });
    const { server, port } = await listen(stack.app, 0, '127.0.0.1');
    const feed = attachPriceFeed({ server, market: stack.market, bus: stack.bus, apiKey: feedApiKey(config), logger: silentLogger, flushMs: 50 });
    const socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], auth: { apiKey: originalsKey }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
      const snapshot = new Promise<{ success: boolean; data: { id: string }[] }>((resolve) => socket.once('data:all', resolve));
      socket.emit('subscribe:all');
      expect((await snapshot).data.some((item) => item.id === 'EURUSD')).toBe(true);
    } finally {
      socket.disconnect();
      await feed.close();
      await closeServer(server, 100);
    }
  });
});
