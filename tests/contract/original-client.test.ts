import type { Server } from 'node:http';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listen } from '../../server/listen';
import { attachPriceFeed, type PriceFeed } from '../../server/trading/feed/feed-server';
import { makeUser, type TestPerson } from '../support/factories';
import { deposit, liveAccount } from '../support/money';
import { silentLogger, startTrading, testFeedApiKey, type TradingStack } from '../support/trading';
import { samePicture } from '../support/images';
import { originalApi, originalBuy, originalSignIn } from '../support/original-client';

/**
 * The original browser client's calls, replayed as it makes them (docs/compatibility.md): straight to
 * the API with a Bearer header, the payloads it builds, and every field it reads checked for the type
 * it reads it as (it computes with numbers and calls `toFixed` on them, calls string methods on trade
 * ids, looks feed prices up by `asset_id`). Nothing here goes through our own client's schemas: what is
 * checked is the wire as the original sees it.
 */

type Kind = 'number' | 'string' | 'boolean' | 'array' | 'object' | 'number|null' | 'string|null';

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Each field the original reads is there with the type it reads it as. */
function expectFields(label: string, value: unknown, fields: Record<string, Kind>): void {
  expect(kindOf(value), label).toBe('object');
  for (const [field, kind] of Object.entries(fields)) {
    const actual = kindOf((value as Record<string, unknown>)[field]);
    expect(kind.split('|'), `${label}.${field} is ${actual}`).toContain(actual);
  }
}

let stack: TradingStack;
let server: Server;
let feed: PriceFeed;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startTrading();
  const listening = await listen(stack.app, 0, '127.0.0.1');
  server = listening.server;
  url = `http://127.0.0.1:${listening.port}`;
  feed = attachPriceFeed({ server, market: stack.market, bus: stack.bus, apiKey: testFeedApiKey, logger: silentLogger, flushMs: 50 });
  stack.prices.set({ [idOf('EURUSD')]: '1.10000', [idOf('BTCUSD')]: '50000.00' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await feed.close();
  await closeServer(server, 100);
  await stack.database.close();
});

const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
const original = (token?: string) => originalApi(stack.app, token);
const signIn = (person: TestPerson) => originalSignIn(stack.app, person);

interface OriginalAsset {
  id: number;
  asset_id: string;
  category: string;
  leverage: number;
  buy_price: number;
  contract_size: number;
  symbol: string;
  name: string;
}

describe('the original client', () => {
  it('signs in, passes the gate, lists assets, trades with the leverage it is told and closes by the string id', async () => {
    const person = await makeUser(stack.database.db);
    await deposit(stack.database.db, (await liveAccount(stack.database.db, person.user.id)).id, '10000.00');
    const token = await signIn(person);
    const api = original(token);

    // The gate: settings (no token), the user, the site data.
    const settings = await original().get('/settings');
    expectFields('settings', settings.body.data, { name: 'string', status: 'string', must_verify_account: 'boolean', r_page: 'string' });
    const user = (await api.get('/user')).body.data;
    expectFields('user', user, {
      id: 'number',
      first_name: 'string',
      last_name: 'string',
      email: 'string',
      balance: 'number',
      credit_balance: 'number',
      account_id: 'string',
      accounts: 'array',
      eas: 'array',
      autotrader: 'boolean',
      notifications: 'array',
      status: 'string',
    });
    expectFields('user.account_type', user.account_type, { id: 'number', title: 'string', leverage: 'number' });
    for (const account of user.accounts) expectFields('user.accounts[]', account, { title: 'string', balance: 'number', type: 'string', status: 'string', currency: 'string' });
    expect(user).toMatchObject({ can_open_trade: true, can_close_trade: true });
    expectFields('user', user, { verification_status: 'string', trades_summary: 'object' });
    expectFields('user.trades_summary', user.trades_summary, {
      total_pnl: 'number',
      total_wins: 'number',
      total_losses: 'number',
      trades_count: 'number',
      total_deposit: 'number',
      win_rate: 'number',
    });
    expect(user.trades_summary.total_deposit).toBe(10000);
    // Its switches, each sent (a missing one reads as off): card method off, deposit page not modal, live prices, EAs and marketplace on.
    expect(settings.body.data).toMatchObject({
      credit_card_deposit: false,
      is_mt4: false,
      has_marketplace: true,
      enable_plan: true,
      enable_autotrader: false,
      use_deposit_modal: false,
      livetrader_status: true,
      expert_advisor: true,
    });
    const site = (await api.get('/data')).body.data;
    expectFields('data', site, { leverage: 'object', currencies: 'array', plans: 'array', plan_features: 'array', expert_advisors: 'array' });
    for (const key of ['cryptos', 'stocks', 'indices', 'commodities', 'metals', 'forex']) expect(typeof site.leverage[key], `leverage.${key}`).toBe('number');
    for (const currency of site.currencies) expectFields('data.currencies[]', currency, { code: 'string', symbol: 'string', icon: 'string|null', rate: 'number' });
    expect(site.currencies.find((c: { code: string }) => c.code === 'EUR')?.icon).toBe('/flags/eu.svg');
    // Funding (docs/funding.md#the-original-clients-calls): the customer's own addresses, the networks, the withdrawal methods, the deposit tiles (card off: that form posts card data).
    expectFields('data', site, { wallets: 'array', crypto_networks: 'array', withdrawal_methods: 'array', deposit_config: 'object' });
    for (const wallet of site.wallets) expectFields('data.wallets[]', wallet, { id: 'number', crypto: 'string', crypto_network: 'string', address: 'string', barcode: 'string|null', type: 'string' });
    expect(site.wallets.map((w: { crypto: string }) => w.crypto)).toEqual(['BTC', 'ETH', 'USDT', 'USDT']);
    expect(site.deposit_config.card.enabled).toBe(false);
    const btc = site.deposit_config.crypto.wallets.find((w: { code: string }) => w.code === 'BTC');
    expect(btc.networks[0].wallets[0].address).toBe(site.wallets[0].address);
    const deposits = (await api.get('/user/deposits')).body;
    expectFields('user/deposits', deposits.data, { current_page: 'number', data: 'array', next_page_url: 'string|null' });
    const refused = await api.post('/user/deposit/store', { amount: 500, method: 'card', card_holder_name: 'A B', card_number: '4242424242424242', exp_date: '12/39', csv: '123' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/payment provider/);

    // The catalogue: every figure it calls toFixed on is a number, and its leverage lookup hits.
    const assets = (await api.get('/assets')).body.data as OriginalAsset[];
    expect(assets.length).toBeGreaterThan(100);
    for (const asset of assets) {
      expectFields(`asset ${asset.symbol}`, asset, {
        id: 'number',
        asset_id: 'string',
        name: 'string',
        symbol: 'string',
        symbol_display: 'string',
        type: 'string',
        category: 'string',
        rate: 'number',
        change: 'number',
        change_percent: 'number',
        price_low: 'number',
        price_high: 'number',
        volume: 'number|null',
        spread: 'number',
        buy_spread: 'number',
        sell_spread: 'number',
        buy_price: 'number',
        sell_price: 'number',
        contract_size: 'number',
        position: 'number',
        leverage: 'number',
        updated_at: 'string',
      });
      expect(typeof site.leverage[asset.category], `leverage[${asset.category}]`).toBe('number');
    }

    // An order built as the original builds it: its leverage from data.leverage[category], else the asset's;
    // volume in units, margin and amount worked out with floats, 0 for no TP/SL, the names it shows.
    for (const [symbol, lots] of [
      ['EURUSD', 0.07],
      ['BTCUSD', 0.01],
    ] as const) {
      const asset = assets.find((a) => a.symbol === symbol)!;
      const leverage = site.leverage[asset.category] ?? asset.leverage;
      const placed = await api.post('/trades/store', originalBuy(asset, leverage, lots));
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(placed.body.data.leverage).toBe(leverage);
    }

    // The trade lists: data, meta.current_page, links.next; trade ids are strings, figures numbers.
    const open = (await api.get('/open/trades?page=1')).body;
    expectFields('open trades', open, { data: 'array', meta: 'object', links: 'object' });
    expect(typeof open.meta.current_page).toBe('number');
    expect(open.links.next).toBeNull();
    expect(open.data).toHaveLength(2);
    for (const trade of open.data) {
      expectFields('trade', trade, {
        id: 'string',
        trade_id: 'string',
        asset_id: 'string',
        asset_symbol: 'string',
        asset_name: 'string',
        trade_type: 'string',
        volume: 'number',
        margin: 'number',
        leverage: 'number',
        opening_price: 'number',
        closing_price: 'number',
        take_profit: 'number|null',
        stop_loss: 'number|null',
        pnl: 'number',
        paid_commission: 'number',
        swap: 'number',
        open_time: 'string',
      });
    }
    const eurusd = open.data.find((t: { asset_symbol: string }) => t.asset_symbol === 'EURUSD');
    expect(eurusd.volume).toBe(7000);
    expect(eurusd.id.substring(0, 1)).toMatch(/\d/);

    // Close by the string id, then the open list is reloaded.
    const closed = await api.post(`/trade/${eurusd.id}/close`);
    expect(closed.status).toBe(200);
    expect((await api.get('/open/trades?page=1')).body.data).toHaveLength(1);
    const history = (await api.get('/closed/trades?page=1')).body;
    expectFields('closed trade', history.data[0], { id: 'string', closing_price: 'number', pnl: 'number', close_time: 'string' });
  });

  it('reads its bell: the notifications list with unread_count, and marks one and then all read', async () => {
    const person = await makeUser(stack.database.db);
    const staff = await makeUser(stack.database.db, { role: 'staff' });
    const staffApi = original(await signIn(staff));
    for (const title of ['Welcome', 'Deposit received']) expect((await staffApi.post(`/admin/users/${person.user.id}/notifications`, { title, message: `${title}.` })).status).toBe(201);
    const api = original(await signIn(person));

    const list = (await api.get('/notifications?page=1')).body;
    expectFields('notifications', list.data, { notifications: 'array', unread_count: 'number', pagination: 'object' });
    expect(list.data.unread_count).toBe(2);
    for (const item of list.data.notifications) expectFields('notification', item, { id: 'string', title: 'string', message: 'string', color: 'string', read: 'boolean', read_at: 'string|null' });
    const one = await api.post(`/notifications/read/${list.data.notifications[0].id}`);
    expect([one.status, one.body.data.unread_count]).toEqual([200, 1]);
    const all = await api.post('/notifications/read');
    expect([all.status, all.body.data.unread_count]).toEqual([200, 0]);
  });

  it('hears live prices by asset_id, connecting with auth.apiKey as it does', async () => {
    const socket = connect(url, { transports: ['websocket'], auth: { apiKey: testFeedApiKey }, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const all = new Promise<{ success: boolean; data: { id: string; price: number }[] }>((resolve) => socket.once('data:all', resolve));
    socket.emit('subscribe:all');
    const snapshot = await all;
    expect(snapshot.success).toBe(true);
    expect(snapshot.data.find((item) => item.id === 'EURUSD')?.price).toBe(1.1);

    const update = new Promise<{ id: string; price: number }>((resolve) => {
      socket.on('data:update', (items: { id: string; price: number }[] | { id: string; price: number }) => {
        const found = (Array.isArray(items) ? items : [items]).find((item) => item.id === 'EURUSD');
        if (found) resolve(found);
      });
    });
    stack.prices.set({ [idOf('EURUSD')]: '1.10250' });
    const item = await update;
    expect(item.price).toBe(1.1025);
  });

  it('shows a chat attachment from its download_url with no header, and a fetched message is read', async () => {
    const customer = await makeUser(stack.database.db);
    const staff = await makeUser(stack.database.db, { role: 'staff' });
    const [customerToken, staffToken] = [await signIn(customer), await signIn(staff)];
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

    const upload = await request(stack.app)
      .post('/api/v1/chat/upload')
      .set({ Authorization: `Bearer ${staffToken}` })
      .attach('file', png, { filename: 'receipt.png', contentType: 'image/png' });
    expect(upload.status).toBe(201);
    expect(typeof upload.body.url).toBe('string');
    const sent = await original(staffToken).post('/chat/messages', { message: 'Your receipt', attachments: [upload.body.url], customer_id: customer.user.id });
    expect(sent.status).toBe(201);

    const page = (await original(customerToken).get('/chat/messages?page=1')).body;
    expectFields('chat page', page, { data: 'array', next_page_url: 'string|null' });
    const message = page.data.find((m: { message: string }) => m.message === 'Your receipt');
    expectFields('chat message', message, { id: 'number', sender_id: 'number', sender: 'object', is_admin: 'boolean', message: 'string', attachments: 'array', created_at: 'string' });
    const [attachment] = message.attachments;
    expectFields('attachment', attachment, { id: 'string', file_name: 'string', download_url: 'string', is_image: 'boolean' });

    // A plain <img src>: no Authorization header, no cookie.
    const image = await request(stack.app).get(attachment.download_url).buffer(true);
    expect(image.status).toBe(200);
    expect(await samePicture(image.body as Buffer, png)).toBe(true);

    // The customer fetched it, so staff see it read without anyone calling a read endpoint.
    const staffView = (await original(staffToken).get(`/chat/messages?page=1&customer_id=${customer.user.id}`)).body.data;
    expect(staffView.find((m: { message: string }) => m.message === 'Your receipt').read_at).toEqual(expect.any(String));
    expect((await original(customerToken).get('/chat/unread-count')).body.unread_count).toBe(0);
  });
});
