import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users, verificationDocuments } from '../../server/trading/db/schema';
import { makeUser } from '../support/factories';
import { csrfFrom, signedInAgent, startWebStack, type WebStack } from '../support/web';

/** `/main/personal` through the web tier (docs/customer-area.md#personal-information). */

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

const userRow = async (id: number) => (await stack.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const form = (csrf: string, values: Record<string, string>) => new URLSearchParams({ _csrf: csrf, ...values }).toString();
const details = { first_name: 'Grace', last_name: 'Hopper', email: '', phone: '+1 212 555 0100', country: 'united-states', birth_date: '1980-12-09', address: '1 Navy Yard, Arlington' };

describe('the personal information page', () => {
  it('shows the profile with the country placeholder (no default country), the completion and the identity card', async () => {
    const person = await makeUser(stack.database.db);
    await stack.database.db.update(users).set({ country: null }).where(eq(users.id, person.user.id));
    const { agent } = await signedInAgent(stack.web, person);
    const page = await agent.get('/main/personal');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Personal Information');
    expect(page.text).toContain('Manage your account details and profile');
    expect(page.text).toMatch(/<option value="" selected="">Select a country<\/option>/);
    expect(page.text).not.toContain('maldives');
    // First and last name and e-mail of 8 fields.
    expect(page.text).toContain('<strong>38%</strong>');
    expect(page.text).toContain('Account type cannot be modified');
    expect(page.text).toContain('It is not allowed to publish:');
    expect(page.text).toContain('href="/main/security"');
  });

  it('saves the form, then shows the saved values; a bad post comes back 422 with the messages at the fields and the values kept', async () => {
    const person = await makeUser(stack.database.db);
    const { agent, csrf } = await signedInAgent(stack.web, person);
    const bad = await agent
      .post('/main/personal')
      .type('form')
      .send(form(csrf, { ...details, email: person.email, first_name: 'G', address: 'abc' }));
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('First name must be at least 2 characters');
    expect(bad.text).toContain('Address must be at least 5 characters');
    expect(bad.text).toContain('value="+1 212 555 0100"');

    const saved = await agent
      .post('/main/personal')
      .type('form')
      .send(form(csrf, { ...details, email: person.email }));
    expect([saved.status, saved.headers.location]).toEqual([303, '/main/personal']);
    const after = await agent.get('/main/personal');
    // In the page's toast lane, under the top bar, not a fixed card over its controls (docs/screens.md#toasts).
    const lane = after.text.slice(after.text.indexOf('class="toast-lane"'));
    expect(lane.slice(0, lane.indexOf('name="notifications"'))).toContain('Profile updated successfully');
    // …and not again as the document's own fixed list (`data-toast`: views/components/toasts.tsx).
    expect(after.text).not.toContain('data-toast=');
    expect(after.text).toContain('value="1 Navy Yard, Arlington"');
    expect(await userRow(person.user.id)).toMatchObject({ firstName: 'Grace', birthDate: '1980-12-09', country: 'united-states' });
  });

  it('shows a verified identity read-only with the note, and saves the rest without it', async () => {
    const person = await makeUser(stack.database.db);
    for (const kind of ['identity', 'proof_of_address'] as const) {
      await stack.database.db.insert(verificationDocuments).values({ userId: person.user.id, kind, fileId: randomUUID(), fileName: 'x.png', mime: 'image/png', size: 1, status: 'approved' });
    }
    const { agent, csrf } = await signedInAgent(stack.web, person);
    const page = await agent.get('/main/personal');
    expect(page.text).toContain('Your identity is verified, so your name, date of birth and country are locked.');
    expect(page.text).not.toMatch(/name="first_name"/);
    const { first_name: _f, last_name: _l, country: _c, birth_date: _b, ...rest } = details;
    // A forged post of a locked field is not passed on: the form's schema for a verified customer leaves it out.
    const saved = await agent
      .post('/main/personal')
      .type('form')
      .send(form(csrf, { ...rest, email: person.email, first_name: 'Forged' }));
    expect(saved.status).toBe(303);
    expect(await userRow(person.user.id)).toMatchObject({ firstName: 'Test', phone: '+1 212 555 0100' });
  });

  it('asks for a new e-mail address, shows it pending, and the mailed link confirms it on its page', async () => {
    const person = await makeUser(stack.database.db);
    const { agent, csrf } = await signedInAgent(stack.web, person);
    const newEmail = `page-${randomUUID().slice(0, 8)}@example.test`;
    await agent
      .post('/main/personal')
      .type('form')
      .send(form(csrf, { ...details, email: newEmail, current_password: person.password }))
      .expect(303);
    const page = await agent.get('/main/personal');
    expect(page.text).toContain(`A change of your e-mail address to ${newEmail} is waiting for confirmation`);
    const [mail] = await stack.database.db.select().from(outbox).where(eq(outbox.to, newEmail)).orderBy(desc(outbox.id));
    const link = /http:\/\/site\.test(\/confirm-email\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    // Opening the link (as a mail scanner would) changes nothing; the button does, from any browser.
    const visitor = request.agent(stack.web);
    const opened = await visitor.get(link);
    expect(opened.status).toBe(200);
    expect((await userRow(person.user.id)).email).toBe(person.email);
    const token = new URL(`http://x${link}`).searchParams.get('token')!;
    const confirmed = await visitor
      .post('/confirm-email')
      .type('form')
      .send(form(csrfFrom(opened.text), { token }));
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain(`Your e-mail address is now ${newEmail}.`);
    expect((await userRow(person.user.id)).email).toBe(newEmail);
    const again = await visitor
      .post('/confirm-email')
      .type('form')
      .send(form(csrfFrom(opened.text), { token }));
    expect([again.status, again.text.includes('This confirmation link is invalid or has expired.')]).toEqual([422, true]);
  });
});
