import { pipeline } from 'node:stream/promises';
import type { DepositRow, WithdrawalRow } from '../../../shared/api/funding.schema';
import { api } from '../../../shared/api/endpoints';
import { depositQueue, withdrawalQueue } from '../db/funding.repo';
import type { NotificationRow } from '../db/notifications.repo';
import { announceFunding } from '../funding/announce';
import type { ApiDeps } from '../deps';
import { decideDeposit, decideWithdrawal } from '../funding/funding';
import { refundCardWithdrawal } from '../funding/withdrawals';
import { documentQueue } from '../db/verification.repo';
import { withoutBidiControls } from '../files/sniff';
import { openDocument } from '../verification/documents';
import { decideDocument } from '../verification/decisions';
import { documentLabel, type DocumentRow } from '../../../shared/api/verification.schema';
import { announceDecision } from './kyc.routes';
import { pathOf } from '../../../shared/api/endpoint';
import { staffActorOf } from './auth.middleware';
import { mailCustomerLater } from '../users/preferences';
import { contentDisposition } from './content-disposition';
import { endpointRouter } from './endpoint-router';
import { pageOf } from './paging';

const perPage = 25;

type DepositJoin = Awaited<ReturnType<typeof depositQueue>>['rows'][number];
type WithdrawalJoin = Awaited<ReturnType<typeof withdrawalQueue>>['rows'][number];

const decisionOf = ({ row, decider }: { row: { reason: string | null; decidedAt: Date | null; createdAt: Date }; decider: string | null }) => ({
  reason: row.reason,
  decided_by: decider,
  decided_at: row.decidedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

const customerOf = (customer: DepositJoin['customer']) => ({ id: customer.id, name: `${customer.firstName} ${customer.lastName}`, email: customer.email });

function presentDeposit(joined: DepositJoin): DepositRow {
  const { row, customer, accountNumber } = joined;
  return {
    id: row.id,
    customer: customerOf(customer),
    account_number: accountNumber,
    method: row.method,
    reference: row.reference,
    currency: row.currency,
    amount_expected: row.amountExpected,
    amount_received: row.amountReceived,
    status: row.status,
    provider: row.provider,
    details: row.details ?? null,
    ...decisionOf(joined),
  };
}

function presentWithdrawal(joined: WithdrawalJoin): WithdrawalRow {
  const { row, customer, accountNumber } = joined;
  return {
    id: row.id,
    customer: customerOf(customer),
    account_number: accountNumber,
    method: row.method,
    destination: row.destination,
    currency: row.currency,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    payout_reference: row.payoutReference,
    details: row.details ?? null,
    ...decisionOf(joined),
  };
}

type DocumentJoin = Awaited<ReturnType<typeof documentQueue>>['rows'][number];

function presentDocument(joined: DocumentJoin): DocumentRow {
  const { row, customer } = joined;
  return {
    id: row.id,
    customer: customerOf(customer),
    kind: row.kind,
    id_type: row.idType,
    side: row.side,
    label: documentLabel(row.kind, row.idType, row.side),
    provider: row.provider,
    // Rows kept before names were cleaned on upload may still carry text-direction controls.
    file_name: withoutBidiControls(row.fileName),
    mime: row.mime,
    size: row.size,
    is_image: row.mime.startsWith('image/'),
    file_url: pathOf(api.documentFile, { id: row.id }),
    status: row.status,
    birth_date: row.kind === 'identity' ? customer.birthDate : null,
    ...decisionOf(joined),
  };
}

/** The queues (docs/back-office.md#funding-queues, #verification-documents): staff list and decide deposits, withdrawals and documents. */
export function fundingRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  /** The customer hears the decision; when money moved, the engine re-reads the account's balance too. */
  const told = (userId: number, notice: NotificationRow, accountId?: number) => {
    announceFunding(deps.bus, { userId, accountId, notice });
    mailCustomerLater(deps, userId, 'funding', notice);
  };
  /** The decided row as the queue shows it (a fresh read with its customer and decider). */
  const depositById = async (id: number) => presentDeposit((await depositQueue(db, { tab: 'all', q: undefined, page: 1, perPage: 1, id })).rows[0]!);
  const withdrawalById = async (id: number) => presentWithdrawal((await withdrawalQueue(db, { tab: 'all', q: undefined, page: 1, perPage: 1, id })).rows[0]!);

  const documentById = async (id: number) => presentDocument((await documentQueue(db, { tab: 'all', q: undefined, page: 1, perPage: 1, id })).rows[0]!);

  on(api.documentQueue, async ({ query }) => {
    const { rows, total, pending } = await documentQueue(db, { tab: query.status, q: query.q, page: query.page, perPage });
    return { ...pageOf({ rows: rows.map(presentDocument), page: query.page, perPage, total, path: api.documentQueue.path, filters: { status: query.status, q: query.q } }), pending };
  });

  on(api.documentFile, async ({ params: { id } }, req, res) => {
    const { row, body } = await openDocument({ db, files: deps.files }, id);
    res.set({
      'Content-Type': row.mime,
      'Content-Length': String(row.size),
      'Content-Disposition': contentDisposition('inline', row.fileName),
      'X-Content-Type-Options': 'nosniff',
      // An image is shown by the review page's <img>; a PDF opens in the browser's own viewer. Neither runs anything of ours.
      ...(row.mime.startsWith('image/') ? { 'Content-Security-Policy': "default-src 'none'; sandbox" } : {}),
      'Cache-Control': 'private, no-store',
    });
    await pipeline(body, res).catch((error: unknown) => req.log?.debug({ err: error }, 'document view ended early'));
  });

  on(api.approveDocument, async ({ params: { id } }, req, res) => {
    announceDecision(deps, await decideDocument(db, staffActorOf(req, res), id, { action: 'approve' }));
    return { data: await documentById(id), message: 'Document approved.' };
  });

  on(api.rejectDocument, async ({ params: { id }, body }, req, res) => {
    announceDecision(deps, await decideDocument(db, staffActorOf(req, res), id, { action: 'reject', ...body }));
    return { data: await documentById(id), message: 'Document rejected; the customer is asked for a new one.' };
  });

  on(api.depositQueue, async ({ query }) => {
    const { rows, total, pending } = await depositQueue(db, { tab: query.status, q: query.q, page: query.page, perPage });
    return { ...pageOf({ rows: rows.map(presentDeposit), page: query.page, perPage, total, path: api.depositQueue.path, filters: { status: query.status, q: query.q } }), pending };
  });

  on(api.withdrawalQueue, async ({ query }) => {
    const { rows, total, pending } = await withdrawalQueue(db, { tab: query.status, q: query.q, page: query.page, perPage });
    return { ...pageOf({ rows: rows.map(presentWithdrawal), page: query.page, perPage, total, path: api.withdrawalQueue.path, filters: { status: query.status, q: query.q } }), pending };
  });

  on(api.confirmDeposit, async ({ params: { id }, body }, req, res) => {
    const { row, notice } = await decideDeposit(db, staffActorOf(req, res), id, { action: 'confirm', amountReceived: body.amount_received });
    told(row.userId, notice, row.accountId);
    return { data: await depositById(id), message: 'Deposit confirmed and credited.' };
  });

  on(api.rejectDeposit, async ({ params: { id }, body }, req, res) => {
    const { row, notice } = await decideDeposit(db, staffActorOf(req, res), id, { action: 'reject', reason: body.reason });
    told(row.userId, notice);
    return { data: await depositById(id), message: 'Deposit rejected.' };
  });

  on(api.payWithdrawal, async ({ params: { id }, body }, req, res) => {
    const { row, notice } = await decideWithdrawal(db, staffActorOf(req, res), id, { action: 'pay', payoutReference: body.payout_reference });
    told(row.userId, notice);
    return { data: await withdrawalById(id), message: 'Withdrawal marked paid.' };
  });

  on(api.refundWithdrawal, async ({ params: { id } }, req, res) => {
    const { row, notice } = await refundCardWithdrawal(db, deps.payments, staffActorOf(req, res), id);
    told(row.userId, notice);
    return { data: await withdrawalById(id), message: 'Refunded to the card: the withdrawal is paid.' };
  });

  on(api.rejectWithdrawal, async ({ params: { id }, body }, req, res) => {
    const { row, notice } = await decideWithdrawal(db, staffActorOf(req, res), id, { action: 'reject', reason: body.reason });
    told(row.userId, notice, row.accountId);
    return { data: await withdrawalById(id), message: 'Withdrawal rejected; the funds are back in the balance.' };
  });

  return router;
}
