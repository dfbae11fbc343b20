import { backOfficeTexts } from '../../../shared/api/back-office.schema';
import type { Executor, Tx } from '../db/database';
import { findUserById, lockUserRow, type UserRow } from '../db/users.repo';
import { fail, refusal } from '../errors';

/**
 * The customer a back-office action is about. Anyone else (a staff member, an admin, the actor themselves,
 * nobody) is "Customer not found.", as the customer's page says: the back office acts only on customers, and
 * money lives only in their accounts (docs/accounts-and-ledger.md#whose-accounts).
 */
export async function customerSubject(db: Executor, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  return user?.role === 'customer' ? user : fail(refusal.notFound(backOfficeTexts.customerNotFound));
}

/** The same, with the customer's row locked for the rest of the transaction. */
export async function lockCustomerSubject(tx: Tx, id: number): Promise<UserRow> {
  const user = await lockUserRow(tx, id);
  return user?.role === 'customer' ? user : fail(refusal.notFound(backOfficeTexts.customerNotFound));
}
