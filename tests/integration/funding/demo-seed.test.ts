import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoDeposit, seedDemoData } from '../../../server/trading/setup/demo-seed';
import { auditLedger } from '../../support/money';
import { startTrading, tokenFor, type TradingStack } from '../../support/trading';

/** The demo trader's opening money is a deposit the history and the wallet show, not a bare ledger entry. */

let stack: TradingStack;
beforeAll(async () => {
  stack = await startTrading();
  await seedDemoData(stack.database.db, stack.files);
});
afterAll(async () => {
  await stack.trading.close();
  await stack.database.close();
});

it("the demo trader's history shows the seeded bank transfer, counted in the wallet's totals", async () => {
  const token = await tokenFor(stack.app, { email: demoDeposit.email, password: 'trader-demo-1' });
  const history = (await request(stack.app).get('/api/v1/funding/history').set('Authorization', `Bearer ${token}`)).body.data;
  expect(history).toEqual([expect.objectContaining({ kind: 'deposit', method: 'bank_transfer', status: 'confirmed', amount: 25000, reference: demoDeposit.reference })]);
  const overview = (await request(stack.app).get('/api/v1/funding').set('Authorization', `Bearer ${token}`)).body.data;
  expect(overview.account).toMatchObject({ balance: 25000, total_deposited: 25000, withdrawable: 25000 });
  expect(overview.bank.enabled).toBe(true);
  await auditLedger(stack.database.db);
});

it('the demo trader is verified (approved passport page and proof of address, with their files) and may withdraw; the pending customer has sent nothing', async () => {
  const token = await tokenFor(stack.app, { email: demoDeposit.email, password: 'trader-demo-1' });
  const kase = (await request(stack.app).get('/api/v1/verification').set('Authorization', `Bearer ${token}`)).body.data;
  expect(kase).toMatchObject({ status: 'approved', may_withdraw: true, kinds: { identity: 'approved', proof_of_address: 'approved' } });
  for (const doc of kase.documents as { file_url: string }[]) {
    const file = await request(stack.app).get(doc.file_url).set('Authorization', `Bearer ${token}`).buffer(true);
    expect([file.status, file.headers['content-type']]).toEqual([200, 'image/png']);
  }
  const pending = await tokenFor(stack.app, { email: 'pending@demo.test', password: 'pending-demo-1' });
  const theirs = (await request(stack.app).get('/api/v1/verification').set('Authorization', `Bearer ${pending}`)).body.data;
  expect(theirs).toMatchObject({ status: 'unverified', documents: [] });
});
