import * as z from 'zod/mini';
import { confirmDepositRequest, depositQueuePage, depositRowSchema, payRequest, queueQuery, rejectRequest, withdrawalQueuePage, withdrawalRowSchema } from '../funding.schema';
import { endpoint } from '../endpoint';
import { documentQueuePage, documentRowSchema, rejectDocumentRequest } from '../verification.schema';
import { smallIdOf, withMessage } from './parts';

const depositId = z.object({ id: smallIdOf('Deposit not found.').shape.id });
const withdrawalId = z.object({ id: smallIdOf('Withdrawal not found.').shape.id });
const documentId = z.object({ id: smallIdOf('Document not found.').shape.id });

/** The queues staff decide: deposits and withdrawals (docs/back-office.md#funding-queues), verification documents (#verification-documents). */
export const fundingApi = {
  depositQueue: endpoint({ method: 'GET', path: '/admin/queues/deposits', access: 'staff', query: queueQuery, response: depositQueuePage }),
  confirmDeposit: endpoint({ method: 'POST', path: '/admin/queues/deposits/:id/confirm', access: 'staff', params: depositId, body: confirmDepositRequest, response: withMessage(depositRowSchema) }),
  rejectDeposit: endpoint({ method: 'POST', path: '/admin/queues/deposits/:id/reject', access: 'staff', params: depositId, body: rejectRequest, response: withMessage(depositRowSchema) }),
  withdrawalQueue: endpoint({ method: 'GET', path: '/admin/queues/withdrawals', access: 'staff', query: queueQuery, response: withdrawalQueuePage }),
  payWithdrawal: endpoint({ method: 'POST', path: '/admin/queues/withdrawals/:id/pay', access: 'staff', params: withdrawalId, body: payRequest, response: withMessage(withdrawalRowSchema) }),
  /** A card withdrawal: the provider refunds the card that paid (docs/funding.md#withdrawals). */
  refundWithdrawal: endpoint({ method: 'POST', path: '/admin/queues/withdrawals/:id/refund', access: 'staff', params: withdrawalId, response: withMessage(withdrawalRowSchema) }),
  rejectWithdrawal: endpoint({ method: 'POST', path: '/admin/queues/withdrawals/:id/reject', access: 'staff', params: withdrawalId, body: rejectRequest, response: withMessage(withdrawalRowSchema) }),
  documentQueue: endpoint({ method: 'GET', path: '/admin/queues/documents', access: 'staff', query: queueQuery, response: documentQueuePage }),
  /** The document's bytes, inline, for staff (an <img> or a link on the review page, through the web tier). */
  documentFile: endpoint({ method: 'GET', path: '/admin/queues/documents/:id/file', access: 'staff', params: documentId }),
  approveDocument: endpoint({ method: 'POST', path: '/admin/queues/documents/:id/approve', access: 'staff', params: documentId, response: withMessage(documentRowSchema) }),
  rejectDocument: endpoint({ method: 'POST', path: '/admin/queues/documents/:id/reject', access: 'staff', params: documentId, body: rejectDocumentRequest, response: withMessage(documentRowSchema) }),
} as const;
