import * as z from 'zod/mini';
import { isoDateTime, resource } from '../common.schema';
import { settingsResponse, settingsUpdateRequest, siteImageResponse } from '../settings.schema';
import { customerStatusRequest } from '../back-office.schema';
import { notificationCreateRequest, notificationSchema, userResponse } from '../user.schema';
import { endpoint } from '../endpoint';
import { smallIdOf } from './parts';

export const outboxQuery = z.object({ to: z.optional(z.string().check(z.maxLength(254, 'An e-mail address has at most 254 characters.'))) });

export const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: isoDateTime,
  sent_at: z.nullable(isoDateTime),
  error: z.nullable(z.string()),
});

/** The back office. */
export const adminApi = {
  changeSettings: endpoint({ method: 'PATCH', path: '/admin/settings', access: 'admin', body: settingsUpdateRequest, response: settingsResponse }),
  changeUserStatus: endpoint({ method: 'PATCH', path: '/admin/users/:id', access: 'staff', params: smallIdOf('User not found.'), body: customerStatusRequest, response: userResponse }),
  notifyCustomer: endpoint({
    method: 'POST',
    path: '/admin/users/:id/notifications',
    access: 'staff',
    params: smallIdOf('User not found.'),
    body: notificationCreateRequest,
    status: 201,
    response: resource(notificationSchema),
  }),
  outbox: endpoint({ method: 'GET', path: '/admin/outbox', access: 'staff', query: outboxQuery, response: resource(z.array(outboxMailSchema)) }),
  uploadSiteImage: endpoint({ method: 'POST', path: '/admin/site-images', access: 'admin', encoding: 'multipart', status: 201, response: siteImageResponse }),
  /** The site's images, for every page (no token): the logo, the small logo, the favicon. */
  siteImage: endpoint({ method: 'GET', path: '/site-images/:name', access: 'public', params: z.object({ name: z.string().check(z.maxLength(64, 'Image not found.')) }) }),
  loginLink: endpoint({
    method: 'POST',
    path: '/admin/users/:id/login-link',
    access: 'staff',
    params: smallIdOf('User not found.'),
    status: 201,
    response: resource(z.object({ url: z.string(), expires_at: isoDateTime })),
  }),
} as const;
