import * as z from 'zod/mini';
import { messageBody } from '../common.schema';
import { endpoint } from '../endpoint';
import { changePasswordRequest, emailConfirmRequest, profileResponse, profileTexts, profileUpdateRequest, profileUpdateResponse } from '../profile.schema';

const photoName = z.object({ name: z.string(profileTexts.photoNotFound).check(z.regex(/^[0-9a-f-]{36}\.webp$/, profileTexts.photoNotFound)) });

/** Personal information, photo, password and e-mail change (docs/customer-area.md#personal-information). */
export const profileApi = {
  profile: endpoint({ method: 'GET', path: '/profile', access: 'customer', response: profileResponse }),
  /** The original's call (docs/compatibility.md), also what our page's form posts through the web tier. */
  updateProfile: endpoint({ method: 'POST', path: '/update', access: 'customer', body: profileUpdateRequest, response: profileUpdateResponse }),
  /** A new photo: multipart `file`, checked by its bytes, re-encoded on the server. */
  uploadPhoto: endpoint({ method: 'POST', path: '/profile/photo', access: 'customer', encoding: 'multipart', response: profileUpdateResponse, status: 201 }),
  removePhoto: endpoint({ method: 'DELETE', path: '/profile/photo', access: 'customer', response: profileUpdateResponse }),
  /** A photo's bytes, to its owner and staff (the address pages show: `avatar`). */
  photo: endpoint({ method: 'GET', path: '/profile/photos/:name', access: 'active', params: photoName }),
  cancelEmailChange: endpoint({ method: 'DELETE', path: '/profile/email', access: 'customer', response: profileUpdateResponse }),
  /** The link mailed to a new address: whoever holds it confirms the change (the link is the permission). */
  confirmEmailChange: endpoint({ method: 'POST', path: '/profile/email/confirm', access: 'public', body: emailConfirmRequest, response: messageBody }),
  changePassword: endpoint({ method: 'POST', path: '/change/password', access: 'active', body: changePasswordRequest, response: messageBody }),
} as const;
