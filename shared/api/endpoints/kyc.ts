import { messageBody } from '../common.schema';
import { endpoint } from '../endpoint';
import { documentUploadResponse, legacyVerificationResponse, verificationCaseResponse } from '../verification.schema';
import { idOf } from './parts';

const documentId = idOf('Document not found.');

/**
 * The customer's verification case: documents and their statuses (docs/customer-area.md#verification).
 * Signed-in, so a customer awaiting approval can verify (a deactivated one is refused by the routes).
 */
export const kycApi = {
  verificationCase: endpoint({ method: 'GET', path: '/verification', access: 'signed-in', response: verificationCaseResponse }),
  /** Multipart: `file` with `kind`, and for identity `id_type` and `side` (documentUploadRequest). */
  uploadDocument: endpoint({ method: 'POST', path: '/verification/documents', access: 'signed-in', encoding: 'multipart', status: 201, response: documentUploadResponse }),
  /** The customer's own file; another's is not found. */
  myDocumentFile: endpoint({ method: 'GET', path: '/verification/documents/:id/file', access: 'signed-in', params: documentId }),
  /** The original client's upload (docs/compatibility.md): `type` and one of `id_front`, `id_back`, `document`. */
  legacyKycUpload: endpoint({ method: 'POST', path: '/update/kyc', access: 'signed-in', encoding: 'multipart', response: messageBody }),
  /** The original client's read-back (its legacy verification page). */
  legacyVerification: endpoint({ method: 'GET', path: '/user/verification', access: 'signed-in', response: legacyVerificationResponse }),
} as const;
