import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesResponse, preferencesTexts } from '../../shared/api/preferences.schema';
import { userResponse } from '../../shared/api/user.schema';
import { watchTexts } from '../../shared/trading/market-watch';
import { oneClickTexts } from '../../shared/trading/one-click';
import { auditLog, users } from '../../server/trading/db/schema';
import { makeUser } from '../support/factories';
import { signedInAgent, startWebStack, type WebStack } from '../support/web';
import { bearer } from '../support/bearer';

/**
 * The trade room's preferences (docs/trade-room.md#one-click-trading, #market-watch, #terminals): one-click trading goes on
 * only with its risk confirmation, the market watch's digits and the terminal are stored on the user, and Settings shows them.
 */

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

const api = () => request(stack.apiUrl);
const tokenOf = async (person: { email: string; password: string }) =>
  ((await api().post('/api/v1/auth/login').send({ email: person.email, password: person.password })).body as { data: { token: string } }).data.token;

describe('one-click trading', () => {
  it('stays off without the risk confirmation; with it, it is on for GET /user and the preferences; off needs no confirmation', async () => {
    const person = await makeUser(stack.database.db);
    const token = await tokenOf(person);
    const refused = await api().patch('/api/v1/user/preferences').set(bearer(token)).send({ one_click_trading: true });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.one_click_risk_accepted).toEqual([preferencesTexts.oneClickRisk]);
    const notAccepted = await api().patch('/api/v1/user/preferences').set(bearer(token)).send({ one_click_trading: true, one_click_risk_accepted: false });
    expect(notAccepted.status).toBe(422);
    expect((await api().get('/api/v1/user/preferences').set(bearer(token))).body.data.one_click_trading).toBe(false);

    const on = await api().patch('/api/v1/user/preferences').set(bearer(token)).send({ one_click_trading: true, one_click_risk_accepted: true });
    expect(on.status).toBe(200);
    expect(preferencesResponse.shape.data.parse(on.body.data).one_click_trading).toBe(true);
    expect(userResponse.parse((await api().get('/api/v1/user').set(bearer(token))).body).data.one_click_trading).toBe(true);
    const [row] = await stack.database.db.select({ at: users.oneClickTradingAt }).from(users).where(eq(users.id, person.user.id));
    expect(row!.at).toBeInstanceOf(Date);

    const off = await api().patch('/api/v1/user/preferences').set(bearer(token)).send({ one_click_trading: false });
    expect(off.status).toBe(200);
    expect(off.body.data.one_click_trading).toBe(false);
  });
});

describe('market watch digits', () => {
  it('are 3 decimals until the customer chooses their instruments’ own, which GET /user then carries', async () => {
    const person = await makeUser(stack.database.db);
    const token = await tokenOf(person);
    expect(userResponse.parse((await api().get('/api/v1/user').set(bearer(token))).body).data.watch_digits).toBe('fixed');
    const saved = await api().patch('/api/v1/user/preferences').set(bearer(token)).send({ watch_digits: 'instrument' });
    expect(saved.status).toBe(200);
    expect(userResponse.parse((await api().get('/api/v1/user').set(bearer(token))).body).data.watch_digits).toBe('instrument');
    const wrong = await api().patch('/api/v1/user/preferences').set(bearer(token)).send({ watch_digits: 5 });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.watch_digits).toEqual([preferencesTexts.watchDigits]);
  });
});

describe('the terminal preference', () => {
  it('is classic until the customer chooses light, which GET /user then carries on another sign-in; the change is audited', async () => {
    const person = await makeUser(stack.database.db);
    const token = await tokenOf(person);
    expect(userResponse.parse((await api().get('/api/v1/user').set(bearer(token))).body).data.terminal).toBe('classic');
    const saved = await api().patch('/api/v1/user/preferences').set(bearer(token)).send({ terminal: 'light' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.terminal).toBe('light');
    const other = await tokenOf(person);
    expect(userResponse.parse((await api().get('/api/v1/user').set(bearer(other))).body).data.terminal).toBe('light');
    const audits = await stack.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, String(person.user.id)), eq(auditLog.action, 'user.preferences_changed')));
    expect(audits.map((a) => a.details)).toContainEqual({ terminal: { from: 'classic', to: 'light' } });
  });

  it('refuses a terminal that does not exist with the field’s message and keeps the stored one', async () => {
    const person = await makeUser(stack.database.db);
    const token = await tokenOf(person);
    const wrong = await api().patch('/api/v1/user/preferences').set(bearer(token)).send({ terminal: 'dark' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.terminal).toEqual([preferencesTexts.terminal]);
    expect(userResponse.parse((await api().get('/api/v1/user').set(bearer(token))).body).data.terminal).toBe('classic');
  });
});

describe('/main/settings', () => {
  it('shows the trade room’s settings as stored: the one-click switch and the market watch’s digits', async () => {
    const person = await makeUser(stack.database.db);
    const { agent } = await signedInAgent(stack.web, person);
    const before = (await agent.get('/main/settings')).text;
    expect(before).toContain('Trade room');
    expect(before).toContain(oneClickTexts.setting);
    expect(before).toMatch(/role="switch"(?![^>]*checked)[^>]*>\s*<span><strong>One-click trading/);
    expect(before).toMatch(/name="watch_digits" checked="" value="fixed"/);
    expect(before).toContain(watchTexts.instrumentHint);

    await stack.database.db.update(users).set({ oneClickTradingAt: new Date(), watchDigits: 'instrument' }).where(eq(users.id, person.user.id));
    const after = (await agent.get('/main/settings')).text;
    expect(after).toMatch(/role="switch" checked=""[^>]*>\s*<span><strong>One-click trading/);
    expect(after).toMatch(/name="watch_digits" checked="" value="instrument"/);
  });
});
