import * as z from 'zod/mini';
import { confirmDepositRequest, depositQueuePage, depositRowSchema, payRequest, queueQuery, rejectRequest, withdrawalQueuePage, withdrawalRowSchema } from '../funding.schema';
import { endpoint } from '../endpoint';
import { smallIdOf, withMessage } from './parts';

const depositId = z.object({ id: smallIdOf('Deposit not found.').shape.id });
const withdrawalId = z.object({ id: smallIdOf('Withdrawal not found.').shape.id });

/** The funding queues staff decide (docs/back-office.md#funding-queues). */
export const fundingApi = {
  depositQueue: endpoint({ method: 'GET', path: '/admin/queues/deposits', access: 'staff', query: queueQuery, response: depositQueuePage }),
  confirmDeposit: endpoint({ method: 'POST', path: '/admin/queues/deposits/:id/confirm', access: 'staff', params: depositId, body: confirmDepositRequest, response: withMessage(depositRowSchema) }),
  rejectDeposit: endpoint({ method: 'POST', path: '/admin/queues/deposits/:id/reject', access: 'staff', params: depositId, body: rejectRequest, response: withMessage(depositRowSchema) }),
  withdrawalQueue: endpoint({ method: 'GET', path: '/admin/queues/withdrawals', access: 'staff', query: queueQuery, response: withdrawalQueuePage }),
  payWithdrawal: endpoint({ method: 'POST', path: '/admin/queues/withdrawals/:id/pay', access: 'staff', params: withdrawalId, body: payRequest, response: withMessage(withdrawalRowSchema) }),
  rejectWithdrawal: endpoint({ method: 'POST', path: '/admin/queues/withdrawals/:id/reject', access: 'staff', params: withdrawalId, body: rejectRequest, response: withMessage(withdrawalRowSchema) }),
} as const;
