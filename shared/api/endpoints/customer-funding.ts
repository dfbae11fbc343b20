import * as z from 'zod/mini';
import {
  bankDepositRequest,
  bankDetailsSchema,
  cardDepositRequest,
  checkoutResponse,
  customerFundingTexts,
  fundingOverviewResponse,
  historyPage,
  historyQuery,
  historyRowSchema,
  legacyFundingPage,
  legacyPageQuery,
  legacyWithdrawalRequest,
  walletResponse,
  withdrawalRequest,
} from '../customer-funding.schema';
import { cryptoPaymentStatuses } from '../funding.schema';
import { endpoint } from '../endpoint';
import { wireDecimal } from '../wire';
import { smallIdOf, withMessage } from './parts';

const walletId = z.object({ id: smallIdOf(customerFundingTexts.walletNotFound).shape.id });
const withdrawalId = z.object({ id: smallIdOf('Withdrawal not found.').shape.id });
const chainPaymentId = z.object({ id: smallIdOf('Payment not found.').shape.id });

const bankDepositSchema = z.object({ id: z.number(), reference: z.string(), amount_expected: wireDecimal, currency: z.string(), details: bankDetailsSchema });

/** A payment announced on the sandbox chain, as staff see it. */
const sandboxPaymentSchema = z.object({
  id: z.number(),
  channel: z.string(),
  address: z.string(),
  customer: z.string(),
  tx_id: z.string(),
  amount: z.string(),
  confirmations: z.number(),
  required: z.number(),
  status: z.enum(cryptoPaymentStatuses),
  seen_at: z.string(),
});
export type SandboxPayment = z.infer<typeof sandboxPaymentSchema>;

export const sandboxChainTexts = {
  addressUnknown: 'No customer wallet has this address on this network.',
  addressRequired: 'Enter the customer’s deposit address.',
  amount: 'Enter the amount in the coin: a positive number with at most 18 decimals.',
  confirmations: 'Confirmations are a whole number from 0 to 1000.',
  txId: 'A transaction id is 8 to 100 letters, digits, or x.',
  notSandbox: 'This network’s addresses come from the broker’s own key: its payments are reported by the chain watcher, not by hand.',
} as const;

const announceRequest = z.strictObject({
  channel: z.string(),
  address: z.string(sandboxChainTexts.addressRequired).check(z.trim(), z.minLength(1, sandboxChainTexts.addressRequired), z.maxLength(128, sandboxChainTexts.addressUnknown)),
  amount: z.string(sandboxChainTexts.amount).check(z.trim(), z.regex(/^(?!0+(\.0+)?$)\d{1,9}(\.\d{1,18})?$/, sandboxChainTexts.amount)),
  confirmations: z.coerce
    .number(sandboxChainTexts.confirmations)
    .check(z.int(sandboxChainTexts.confirmations), z.minimum(0, sandboxChainTexts.confirmations), z.maximum(1000, sandboxChainTexts.confirmations)),
  tx_id: z.optional(z.string().check(z.trim(), z.regex(/^[0-9A-Za-z]{8,100}$/, sandboxChainTexts.txId))),
});
const confirmationsRequest = z.strictObject({ confirmations: announceRequest.shape.confirmations });

/**
 * The customer's money in and out (docs/funding.md), the original client's funding calls at their paths
 * and shapes (docs/funding.md#the-original-clients-calls), and the sandbox chain staff announce payments on.
 */
export const customerFundingApi = {
  fundingOverview: endpoint({ method: 'GET', path: '/funding', access: 'customer', response: fundingOverviewResponse }),
  cardDeposit: endpoint({ method: 'POST', path: '/funding/deposits/card', access: 'customer', body: cardDepositRequest, response: checkoutResponse, status: 201 }),
  bankDeposit: endpoint({ method: 'POST', path: '/funding/deposits/bank', access: 'customer', body: bankDepositRequest, response: withMessage(bankDepositSchema), status: 201 }),
  cryptoWallet: endpoint({ method: 'GET', path: '/funding/wallets/:id', access: 'customer', params: walletId, response: walletResponse }),
  requestWithdrawal: endpoint({ method: 'POST', path: '/funding/withdrawals', access: 'customer', body: withdrawalRequest, response: withMessage(historyRowSchema), status: 201 }),
  cancelWithdrawal: endpoint({ method: 'POST', path: '/funding/withdrawals/:id/cancel', access: 'customer', params: withdrawalId, response: withMessage(historyRowSchema) }),
  fundingHistory: endpoint({ method: 'GET', path: '/funding/history', access: 'customer', query: historyQuery, response: historyPage }),
  /** The same rows as CSV (every filtered row, not one page). */
  fundingHistoryCsv: endpoint({ method: 'GET', path: '/funding/history.csv', access: 'customer', query: historyQuery }),

  userDeposits: endpoint({ method: 'GET', path: '/user/deposits', access: 'customer', query: legacyPageQuery, response: legacyFundingPage }),
  userWithdrawals: endpoint({ method: 'GET', path: '/user/withdrawals', access: 'customer', query: legacyPageQuery, response: legacyFundingPage }),
  legacyWithdrawalStore: endpoint({ method: 'POST', path: '/user/withdrawal/store', access: 'customer', body: legacyWithdrawalRequest, response: z.object({ message: z.string() }) }),
  /** Declared without a body schema on purpose: card fields are refused unread (docs/funding.md#card-deposits). */
  legacyDepositStore: endpoint({ method: 'POST', path: '/user/deposit/store', access: 'customer', response: z.object({ message: z.string() }) }),

  sandboxChain: endpoint({ method: 'GET', path: '/admin/sandbox-chain', access: 'staff', response: z.object({ data: z.array(sandboxPaymentSchema) }) }),
  announceChainPayment: endpoint({ method: 'POST', path: '/admin/sandbox-chain/payments', access: 'staff', body: announceRequest, response: withMessage(sandboxPaymentSchema), status: 201 }),
  confirmChainPayment: endpoint({
    method: 'POST',
    path: '/admin/sandbox-chain/payments/:id/confirmations',
    access: 'staff',
    params: chainPaymentId,
    body: confirmationsRequest,
    response: withMessage(sandboxPaymentSchema),
  }),
} as const;
