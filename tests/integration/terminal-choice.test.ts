import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesTexts } from '../../shared/api/preferences.schema';
import { userResponse } from '../../shared/api/user.schema';
import { auditLog } from '../../server/trading/db/schema';
import { makeUser } from '../support/factories';
import { startWebStack, type WebStack } from '../support/web';

/** The customer's terminal (docs/trade-room.md#terminals): classic until they choose the light one, kept on the user and audited. */

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const api = () => request(stack.apiUrl);
const tokenOf = async (person: { email: string; password: string }) =>
  ((await api().post('/api/v1/auth/login').send({ email: person.email, password: person.password })).body as { data: { token: string } }).data.token;

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
