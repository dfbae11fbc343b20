import * as z from 'zod/mini';
import { messageBody } from '../common.schema';
import { profileFields, profileUpdateResponse } from '../profile.schema';
import { endpoint } from '../endpoint';
import { documentUploadResponse, legacyVerificationResponse, verificationCaseResponse } from '../verification.schema';
import { idOf } from './parts';

const documentId = idOf('Document not found.');

/**
 * The customer's verification case: documents and their statuses (docs/customer-area.md#verification).
 * Open to a customer awaiting approval (`pending-ok`); a deactivated one is refused.
 */
export const kycApi = {
  verificationCase: endpoint({ method: 'GET', path: '/verification', access: 'pending-ok', response: verificationCaseResponse }),
  /** Multipart: `file` with `kind`, and for identity `id_type` and `side` (documentUploadRequest). */
  uploadDocument: endpoint({ method: 'POST', path: '/verification/documents', access: 'pending-ok', encoding: 'multipart', status: 201, response: documentUploadResponse }),
  /**
   * The date of birth the identity document and the address the proof of address must show, given in the wizard
   * (docs/customer-area.md#verification): a customer awaiting approval cannot reach Personal information yet. The
   * profile's rules apply, its lock too (a verified date of birth is not changed here).
   */
  verificationDetails: endpoint({
    method: 'POST',
    path: '/verification/details',
    access: 'pending-ok',
    body: z.strictObject({ birth_date: z.optional(profileFields.birth_date), address: z.optional(profileFields.address) }),
    response: profileUpdateResponse,
  }),
  /** The customer's own file; another's is not found. */
  myDocumentFile: endpoint({ method: 'GET', path: '/verification/documents/:id/file', access: 'pending-ok', params: documentId }),
  /** The original client's upload (docs/compatibility.md): `type` and one of `id_front`, `id_back`, `document`. */
  legacyKycUpload: endpoint({ method: 'POST', path: '/update/kyc', access: 'pending-ok', encoding: 'multipart', response: messageBody }),
  /** The original client's read-back (its legacy verification page). */
  legacyVerification: endpoint({ method: 'GET', path: '/user/verification', access: 'pending-ok', response: legacyVerificationResponse }),
} as const;
