import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDetailsTexts } from '../../shared/api/settings.schema';
import { makeUser } from '../support/factories';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/** The broker's bank details (docs/site-settings.md): admins set them; the IBAN and BIC are checked for real and kept normalised. */

let stack: TradingStack;
let adminToken: string;
let staffToken: string;
const patch = (body: object, token = adminToken) => request(stack.app).patch('/api/v1/admin/settings').set(bearer(token)).send(body);
const good = {
  account_name: 'Example Markets Ltd — client money',
  bank_name: 'Barclays Bank UK PLC',
  iban: 'gb33 bukb 2020 1555 5555 55',
  bic: 'bukbgb22',
  bank_address: '1 Churchill Place, London E14 5HP',
};

beforeAll(async () => {
  stack = await startTrading();
  adminToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'admin' }));
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
});
afterAll(async () => {
  await patch({ bank_details: null });
  await stack.database.close();
});

describe('bank details', () => {
  it('are stored with the IBAN and BIC in their normal forms', async () => {
    const res = await patch({ bank_details: good });
    expect(res.status).toBe(200);
    expect(res.body.data.bank_details).toEqual({ ...good, iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' });
  });

  it('refuse an IBAN with a bad checksum and an unknown BIC country at their fields, and keep what was there', async () => {
    await patch({ bank_details: good });
    const res = await patch({ bank_details: { ...good, iban: 'GB34BUKB20201555555555', bic: 'BUKBZZ22' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'bank_details.iban': [bankDetailsTexts.iban], 'bank_details.bic': [bankDetailsTexts.bic] });
    const onlyBic = await patch({ bank_details: { ...good, bic: 'BUKBZZ22' } });
    expect(onlyBic.status).toBe(422);
    expect(Object.keys(onlyBic.body.errors)).toEqual(['bank_details.bic']);
    const after = await request(stack.app).get('/api/v1/settings');
    expect(after.body.data.bank_details).toMatchObject({ iban: 'GB33BUKB20201555555555' });
  });

  it('a partial set is refused with the required message; null switches bank transfers off', async () => {
    const partial = await patch({ bank_details: { ...good, bank_address: ' ' } });
    expect(partial.status).toBe(422);
    expect(partial.body.errors['bank_details.bank_address']).toEqual([bankDetailsTexts.required]);
    const off = await patch({ bank_details: null });
    expect(off.status).toBe(200);
    expect(off.body.data.bank_details).toBeNull();
  });

  it('staff may not change them', async () => {
    expect((await patch({ bank_details: good }, staffToken)).status).toBe(403);
  });
});
