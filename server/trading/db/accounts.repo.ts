import { demoOpeningBalance } from '../../../shared/constants';
import { postEntry } from '../ledger/ledger';
import type { Tx } from './database';
import { tradingAccounts } from './schema';

/** Every user gets a Live account (starts at 0) and a Demo account funded with the opening virtual balance. */
export async function openStandardAccounts(tx: Tx, { userId, currency }: { userId: number; currency: string }) {
  const [live, demo] = await tx
    .insert(tradingAccounts)
    .values([
      { userId, type: 'live', currency },
      { userId, type: 'demo', currency },
    ])
    .returning();
  if (!live || !demo) throw new Error('opening accounts returned no rows');
  await postEntry(tx, {
    accountId: demo.id,
    kind: 'demo_funding',
    amount: demoOpeningBalance,
    reference: 'opening',
    memo: 'Opening demo balance',
  });
  return { live, demo };
}
