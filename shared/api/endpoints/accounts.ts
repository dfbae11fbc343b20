import * as z from 'zod/mini';
import { accountsOverviewSchema, legacyConvertRequest, openAccountRequest, transferPage, transferQuery, transferRequest, transferSchema, walletSchema } from '../accounts.schema';
import { endpoint } from '../endpoint';
import { withMessage } from './parts';

/** Trading accounts, opening more, and transfers between a customer's own accounts (docs/customer-area.md#accounts). */
export const accountsApi = {
  accountsOverview: endpoint({ method: 'GET', path: '/accounts/overview', access: 'customer', response: z.object({ data: accountsOverviewSchema }) }),
  openAccount: endpoint({ method: 'POST', path: '/accounts', access: 'customer', body: openAccountRequest, status: 201, response: withMessage(walletSchema) }),
  accountTransfers: endpoint({ method: 'GET', path: '/accounts/transfers', access: 'customer', query: transferQuery, response: transferPage }),
  transferFunds: endpoint({ method: 'POST', path: '/accounts/transfers', access: 'customer', body: transferRequest, status: 201, response: withMessage(transferSchema) }),
  /** The original's wallet transfer form (docs/compatibility.md#accounts-and-transfers). */
  accountConvert: endpoint({ method: 'POST', path: '/account/convert', access: 'customer', encoding: 'multipart', body: legacyConvertRequest, response: z.object({ message: z.string() }) }),
} as const;
