import * as z from 'zod/mini';
import { resource } from '../common.schema';
import { endpoint } from '../endpoint';
import { staffAccountTexts, staffChangeRequest, staffChangeResponse, staffInviteRequest, staffMemberSchema } from '../staff-accounts.schema';
import { smallIdOf, withMessage } from './parts';

/** Staff accounts, managed by admins (docs/back-office.md#staff-accounts). */
export const staffAccountsApi = {
  staffAccounts: endpoint({ method: 'GET', path: '/admin/staff', access: 'admin', response: resource(z.array(staffMemberSchema)) }),
  inviteStaff: endpoint({ method: 'POST', path: '/admin/staff', access: 'admin', body: staffInviteRequest, status: 201, response: withMessage(staffMemberSchema) }),
  changeStaffAccount: endpoint({
    method: 'PATCH',
    path: '/admin/staff/:id',
    access: 'admin',
    params: smallIdOf(staffAccountTexts.notFound),
    body: staffChangeRequest,
    response: staffChangeResponse,
  }),
} as const;
