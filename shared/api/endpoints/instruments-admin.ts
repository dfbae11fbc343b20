import * as z from 'zod/mini';
import { adminInstrumentPage, adminInstrumentSchema, instrumentChangeRequest, instrumentListQuery, instrumentTexts } from '../instruments-admin.schema';
import { endpoint } from '../endpoint';
import { smallIdOf, withMessage } from './parts';

/** Admins' instruments (docs/back-office.md#instruments). */
export const instrumentsAdminApi = {
  adminInstruments: endpoint({ method: 'GET', path: '/admin/instruments', access: 'admin', query: instrumentListQuery, response: adminInstrumentPage }),
  changeInstrument: endpoint({
    method: 'PATCH',
    path: '/admin/instruments/:id',
    access: 'admin',
    params: smallIdOf(instrumentTexts.notFound),
    body: instrumentChangeRequest,
    response: withMessage(z.object({ instrument: adminInstrumentSchema, changed: z.boolean() })),
  }),
} as const;
