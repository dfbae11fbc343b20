import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesTexts } from '../../shared/api/preferences.schema';
import { paths } from '../../shared/routes';
import { makeUser, type TestPerson } from '../support/factories';
import { signedInAgent, startWebStack, textOf, webAppFor, type WebStack } from '../support/web';

/** The light terminal's page and the terminal choice's plain form (docs/trade-room.md#light-terminal, #terminals). */

let stack: WebStack;
let customer: TestPerson;

beforeAll(async () => {
  stack = await startWebStack();
  customer = await makeUser(stack.database.db);
});
afterAll(() => stack.close());

const lightIslands = ['light-toolbar', 'market-watch', 'algo-trader', 'price-chart', 'light-trade-panel', 'light-pair-tabs', 'account-bar', 'positions', 'light-status-bar'];
/** Where the page's "Trade room" links point: the app shell's and the dashboard's account cards'. */
const tradeRoomLinks = (html: string) => [...html.matchAll(/<a[^>]*href="([^"]+)"[^>]*>(?:Trade room|Open Trade Room)<\/a>/g)].map((m) => m[1]);

describe('the light terminal page', () => {
  it('when a trader opens it, then it is in the light palette with its islands, the last known prices and the account figures', async () => {
    const { agent } = await signedInAgent(stack.web, customer);
    const res = await agent.get(paths.lightTerminal);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<html[^>]*data-theme="light"/);
    expect(res.text).toContain('class="terminal light-terminal"');
    for (const name of lightIslands) expect(res.text).toContain(`<app-island name="${name}"`);
    // The market watch's first rows with their prices, and the account bar's balance, in the HTML itself.
    expect(res.text).toMatch(/class="watch-price[^"]*">\d[\d.,]*</);
    expect(res.text).toMatch(/data-figure="BALANCE">\d/);
    expect(textOf(res.text)).toContain('Trade (');
    expect(textOf(res.text)).toContain('Account History');
    expect(textOf(res.text)).toContain('The trade room needs JavaScript');
  });

  it('when nobody is signed in, then it sends the reader to sign in', async () => {
    const res = await request(stack.web).get(paths.lightTerminal);
    expect([302, 303]).toContain(res.status);
    expect(res.headers.location).toMatch(/^\/(\?|$)/);
  });
});

describe('the terminal choice (POST /terminal)', () => {
  it('when a customer chooses light, then it is kept, the Trade room links open /mt4-light and the answer opens it; classic brings /mt4 back', async () => {
    const person = await makeUser(stack.database.db);
    const { agent, csrf } = await signedInAgent(stack.web, person);
    expect(tradeRoomLinks((await agent.get(paths.dashboard)).text)).not.toContain(paths.lightTerminal);
    const chosen = await agent.post(paths.terminalChoice).type('form').send({ terminal: 'light', _csrf: csrf });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.location).toBe(paths.lightTerminal);
    const links = tradeRoomLinks((await agent.get(paths.dashboard)).text);
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(new Set(links)).toEqual(new Set([paths.lightTerminal]));
    const back = await agent.post(paths.terminalChoice).type('form').send({ terminal: 'classic', _csrf: csrf });
    expect(back.headers.location).toBe(paths.tradeRoom);
    expect(new Set(tradeRoomLinks((await agent.get(paths.dashboard)).text))).toEqual(new Set([paths.tradeRoom]));
  });

  it('when the value is not a terminal, then nothing changes and the terminal opens with the message', async () => {
    const person = await makeUser(stack.database.db);
    const { agent, csrf } = await signedInAgent(stack.web, person);
    const wrong = await agent.post(paths.terminalChoice).type('form').send({ terminal: 'dark', _csrf: csrf });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.location).toBe(paths.tradeRoom);
    const opened = await agent.get(wrong.headers.location!);
    expect(textOf(opened.text)).toContain(preferencesTexts.terminal);
    expect(new Set(tradeRoomLinks((await agent.get(paths.dashboard)).text))).toEqual(new Set([paths.tradeRoom]));
  });

  it('when the form comes without its CSRF token, then it is refused and the choice stays', async () => {
    const person = await makeUser(stack.database.db);
    const { agent } = await signedInAgent(stack.web, person);
    const refused = await agent.post(paths.terminalChoice).type('form').send({ terminal: 'light' });
    expect(refused.status).toBe(403);
    expect(new Set(tradeRoomLinks((await agent.get(paths.dashboard)).text))).toEqual(new Set([paths.tradeRoom]));
  });
});

describe('the terminal choice when it cannot be saved', () => {
  it('when the API refuses the change, then the chosen terminal still opens, saying the choice was not kept, and the links stay', async () => {
    // The web tier in front of a proxy that passes everything to the API but the preferences' change.
    const proxy = createServer((req, res) => {
      if (req.method === 'PATCH' && req.url === '/api/v1/user/preferences') {
        res.writeHead(503, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Service unavailable.' }));
        return;
      }
      const target = new URL(stack.apiUrl);
      const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const web = webAppFor(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
      const person = await makeUser(stack.database.db);
      const { agent, csrf } = await signedInAgent(web, person);
      const chosen = await agent.post(paths.terminalChoice).type('form').send({ terminal: 'light', _csrf: csrf });
      expect(chosen.status).toBe(303);
      expect(chosen.headers.location).toBe(paths.lightTerminal);
      const opened = await agent.get(paths.lightTerminal);
      expect(textOf(opened.text)).toContain(preferencesTexts.terminalNotSaved);
      expect(new Set(tradeRoomLinks((await agent.get(paths.dashboard)).text))).toEqual(new Set([paths.tradeRoom]));
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('when a signed-out reader signs in and comes back to /terminal, then their terminal opens', async () => {
    const person = await makeUser(stack.database.db);
    const { agent } = await signedInAgent(stack.web, person);
    const back = await agent.get(paths.terminalChoice);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe(paths.tradeRoom);
  });
});
