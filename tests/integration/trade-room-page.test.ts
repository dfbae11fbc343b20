import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageStateSchema, type PageState } from '../../shared/page-state.schema';
import { makeUser, type TestPerson } from '../support/factories';
import { signedInAgent, startWebStack, textOf, type WebStack } from '../support/web';

let stack: WebStack;
let customer: TestPerson;

beforeAll(async () => {
  stack = await startWebStack();
  customer = await makeUser(stack.database.db);
});
afterAll(() => stack.close());

function pageStateOf(html: string): PageState {
  const json = /<script type="application\/json" id="page-state"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  return pageStateSchema.parse(JSON.parse(json ?? 'null'));
}

const activeTab = (html: string) => textOf(/<li class="pair-tab[^"]*\bactive\b[^"]*"[^>]*>(.*?)<\/li>/s.exec(html)?.[1] ?? '');

describe('the trade room page (docs/trade-room.md#splash)', () => {
  it('when a trader opens it, then its HTML shows the last known prices and the account figures, no splash, and a notice for browsers without JavaScript', async () => {
    const { agent } = await signedInAgent(stack.web, customer);
    const res = await agent.get('/mt4');
    expect(res.status).toBe(200);
    const state = pageStateOf(res.text);
    expect(state.renderedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(state.data?.device).toEqual({});
    expect(res.text).not.toContain('class="trade-splash"');
    expect(textOf(res.text)).toMatch(/SELL \d[\d.]*/);
    expect(textOf(res.text)).toMatch(/BUY \d[\d.]*/);
    expect(res.text).toMatch(/data-figure="BALANCE">\d/);
    expect(res.text).toContain('<noscript>');
    expect(textOf(res.text)).toContain('The trade room needs JavaScript');
  });

  it('when the device chose its pairs and account before, then the HTML opens on them, and nothing but those choices goes from the cookies into the page', async () => {
    const { agent } = await signedInAgent(stack.web, customer);
    const first = pageStateOf((await agent.get('/mt4')).text);
    const catalogue = (first.data?.assets as { data: { id: number; symbol: string; symbol_display: string }[] }).data;
    const accounts = (first.data?.accounts as { data: { id: number; title: string; number: string }[] }).data;
    const [one, two] = catalogue.slice(-2);
    const account = accounts.at(-1)!;
    const pairs = { activeAssetId: two!.id, pairs: [one!.id, two!.id] };
    const res = await agent.get('/mt4').set('Cookie', [`asset-storage=${encodeURIComponent(JSON.stringify(pairs))}`, `selected-account=${account.id}`, 'other=secret-value'].join('; '));
    const state = pageStateOf(res.text);
    expect(state.data?.device).toEqual({ 'asset-storage': pairs, 'selected-account': account.id });
    expect(res.text).not.toContain('secret-value');
    expect(activeTab(res.text)).toContain(two!.symbol_display);
    expect(textOf(res.text)).toContain(one!.symbol_display);
    expect(textOf(res.text)).toContain(`${account.title} #${account.number}`);
  });

  it('when the account the room shows holds a position, then the HTML lists it, and the page carries that account’s lists so no fetch repeats them', async () => {
    const { agent, csrf } = await signedInAgent(stack.web, customer);
    const first = pageStateOf((await agent.get('/mt4')).text);
    const accounts = (first.data?.accounts as { data: { id: number; type: string }[] }).data;
    const catalogue = (first.data?.assets as { data: { id: number; symbol: string }[] }).data;
    const demo = accounts.find((a) => a.type === 'demo')!;
    const eth = catalogue.find((a) => a.symbol === 'ETHUSD')!;
    const placed = await agent.post('/api/v1/trades/store').set('X-CSRF-Token', csrf).send({ type: 'buy', id: eth.id, volume: '0.1', leverage: 2, account_id: demo.id });
    expect(placed.status).toBe(201);

    const shown = await agent.get('/mt4').set('Cookie', `selected-account=${demo.id}`);
    const state = pageStateOf(shown.text);
    expect(state.data?.tradesAccount).toBe(demo.id);
    expect((state.data?.openTrades as { data: { id: string }[] }).data.map((t) => t.id)).toEqual([placed.body.data.id]);
    expect(state.data?.pendingOrders).toMatchObject({ data: [] });
    const positions = textOf(/<div class="positions-table"[^>]*>(.*?)<\/table>/s.exec(shown.text)?.[1] ?? '');
    expect(positions).toContain('ETHUSD');
    expect(positions).toContain('BUY');

    // Without the device's choice the room shows the first account, with its own (empty) lists.
    const other = pageStateOf((await agent.get('/mt4')).text);
    expect(other.data?.tradesAccount).toBe(accounts[0]!.id);
    expect(other.data?.openTrades).toMatchObject({ data: [] });
  });
});
