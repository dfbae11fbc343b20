import { documentKindLabels, documentLabel, rejectionReasons, verificationTexts, type RejectDocument } from '../../../shared/api/verification.schema';
import { recordAudit } from '../db/audit.repo';
import type { AppDb, Tx } from '../db/database';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { getSettings } from '../db/settings.repo';
import { lockUserRow, setUserStatus } from '../db/users.repo';
import { transition } from '../db/transition';
import { findByProviderRef, findDocument, verificationStatusOf, type DocumentRecord } from '../db/verification.repo';
import { fail, refusal } from '../errors';
import type { StaffActor } from '../users/staff-actor';
import type { KycProvider, ProviderDecision } from './kyc-provider';

/**
 * Decisions on identity documents (docs/back-office.md#verification-documents): staff, or a configured KYC
 * provider, approve or reject each document once; the approval that completes a case opens the account.
 */

export type DocumentDecision = { action: 'approve' } | ({ action: 'reject' } & RejectDocument);

/** A decision and what it told the customer; `activated` when it completed their verification and lifted the gate. */
export interface Decided {
  row: DocumentRecord;
  notice: NotificationRow;
  activated: NotificationRow | null;
}

/** Staff approve a document or reject it with a reason from the list (and a note), once; the customer is told. */
export async function decideDocument(db: AppDb, actor: StaffActor, id: number, decision: DocumentDecision): Promise<Decided> {
  const reason = decision.action === 'reject' ? [rejectionReasons[decision.reason], decision.note?.trim()].filter(Boolean).join(' ') : null;
  return db.transaction((tx) => decideIn(tx, { actorId: actor.id, ip: actor.ip }, id, decision.action === 'approve' ? { status: 'approved' } : { status: 'rejected', reason: reason! }));
}

/**
 * A configured provider's decision coming back (its webhook or poll, by its reference): decided as staff
 * would, once, with no staff member named. Not found when the reference is not one of this provider's.
 */
export async function applyProviderDecision(db: AppDb, provider: KycProvider, ref: string, decision: ProviderDecision): Promise<Decided> {
  const row = await findByProviderRef(db, provider.name, ref);
  if (!row) return fail(refusal.notFound(verificationTexts.notFound));
  return db.transaction((tx) => decideIn(tx, { actorId: null, ip: null }, row.id, decision.outcome === 'approved' ? { status: 'approved' } : { status: 'rejected', reason: decision.reason }));
}

async function decideIn(tx: Tx, actor: { actorId: number | null; ip: string | null }, id: number, outcome: { status: 'approved' } | { status: 'rejected'; reason: string }): Promise<Decided> {
  const before = (await findDocument(tx, id)) ?? fail(refusal.notFound(verificationTexts.notFound));
  if (before.status !== 'pending') fail(refusal.conflict(verificationTexts.decided));
  // Staff match the document with the date of birth the customer gave (a provider reads it off the document itself).
  const staffApproveIdentity = outcome.status === 'approved' && actor.actorId !== null && before.kind === 'identity';
  if (staffApproveIdentity && !(await lockUserRow(tx, before.userId))?.birthDate) fail(refusal.invalid(verificationTexts.birthDateMissing));
  const label = documentLabel(before.kind, before.idType, before.side);
  const decided = { decidedBy: actor.actorId, decidedAt: new Date() };
  const approve = outcome.status === 'approved';
  const reason = approve ? null : outcome.reason;
  // Only the approval that completes the case opens the account: a customer staff put back under review
  // (already verified) stays pending whatever else they send.
  const completesCase = approve && (await verificationStatusOf(tx, before.userId)) !== 'approved';
  // Once: `pending` → `approved` or `rejected` by compare-and-set (docs/back-office.md#decisions-happen-once), before anything else is written.
  const row = await transition(tx, 'document', id, {
    from: ['pending'],
    set: approve ? { status: 'approved', ...decided } : { status: 'rejected', reason, ...decided },
    decided: verificationTexts.decided,
  });
  await recordAudit(tx, {
    actorId: actor.actorId,
    action: approve ? 'document.approved' : 'document.rejected',
    subjectType: 'user',
    subjectId: before.userId,
    details: { document_id: id, kind: before.kind, id_type: before.idType, side: before.side, from: before.status, to: row.status, reason, provider: before.provider },
    ip: actor.ip,
  });
  // "Your identity document (National ID · Front)", "Your proof of address".
  const named = `${documentKindLabels[before.kind].toLowerCase()}${before.kind === 'identity' && before.idType ? ` (${label})` : ''}`;
  const notice = await addNotification(tx, {
    userId: before.userId,
    title: approve ? `${label} approved` : `${label} not accepted`,
    message: approve ? `Your ${named} has been checked and approved.` : `Your ${named} could not be accepted: ${reason} Please send a new one.`,
    color: approve ? 'success' : 'danger',
  });
  const activated = completesCase ? await activateWhenVerified(tx, before.userId, actor) : null;
  return { row, notice, activated };
}

/**
 * The gate lifts (docs/customer-area.md#verification): a pending customer whose identity and proof of
 * address are both approved, on a site that requires verification, becomes active. Audited and told.
 */
async function activateWhenVerified(tx: Tx, userId: number, actor: { actorId: number | null; ip: string | null }): Promise<NotificationRow | null> {
  const user = await lockUserRow(tx, userId);
  if (!user || user.role !== 'customer' || user.status !== 'pending') return null;
  if (!(await getSettings(tx)).must_verify_account) return null;
  if ((await verificationStatusOf(tx, userId)) !== 'approved') return null;
  await setUserStatus(tx, userId, 'active');
  await recordAudit(tx, {
    actorId: actor.actorId,
    action: 'user.status_changed',
    subjectType: 'user',
    subjectId: userId,
    details: { from: 'pending', to: 'active', reason: 'Identity and proof of address approved.', automatic: true },
    ip: actor.ip,
  });
  return addNotification(tx, {
    userId,
    title: 'Account approved',
    message: 'Your identity and address are verified and your account is active. You can start trading now.',
    color: 'success',
  });
}
