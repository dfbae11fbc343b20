import * as z from 'zod/mini';
import { isoDateTime, plainText } from './common.schema';
import { paged } from './trades.schema';

/** Identity documents customers send and staff review (docs/back-office.md#verification-documents). */
export const documentKinds = ['identity', 'proof_of_address', 'selfie'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentKindLabels: Record<DocumentKind, string> = { identity: 'Identity document', proof_of_address: 'Proof of address', selfie: 'Selfie with the document' };
export const documentStatuses = ['pending', 'approved', 'rejected'] as const;
/** The identity documents the original offers: a passport (one page), a driving licence or a national ID card (front and back). */
export const identityDocumentTypes = ['passport', 'driving_licence', 'national_id'] as const;
export type IdentityDocumentType = (typeof identityDocumentTypes)[number];
export const documentSides = ['front', 'back'] as const;
export type DocumentSide = (typeof documentSides)[number];

/** Why a document is refused: a reason from this list, and a note when it needs one. */
export const rejectionReasons = {
  expired: 'The document has expired.',
  unreadable: 'The document is blurred, cut off or unreadable.',
  name_mismatch: 'The name does not match the account.',
  not_accepted: 'This kind of document is not accepted.',
  address_too_old: 'The proof of address is older than three months.',
  other: 'Another reason (see the note).',
} as const;
export type RejectionReason = keyof typeof rejectionReasons;

export const verificationTexts = {
  fileType: 'Send a photo (JPEG, PNG or WebP) or a PDF.',
  fileMissing: 'Choose a file to send.',
  tooLarge: 'A document may be at most 10 MB.',
  notFound: 'Document not found.',
  decided: 'This document has already been reviewed.',
  noteRequired: 'Write a note: the customer reads it.',
  noteTooLong: 'The note may not be greater than 500 characters.',
} as const;

export const rejectDocumentRequest = z
  .strictObject({
    reason: z.enum(Object.keys(rejectionReasons) as [RejectionReason, ...RejectionReason[]], 'Choose a reason from the list.'),
    note: z.optional(z.string().check(z.trim(), z.maxLength(500, verificationTexts.noteTooLong), plainText('The note holds characters that cannot be stored.', { multiline: true }))),
  })
  .check(z.refine((r) => r.reason !== 'other' || Boolean(r.note?.trim()), { message: verificationTexts.noteRequired, path: ['note'] }));
export type RejectDocument = z.infer<typeof rejectDocumentRequest>;

export const documentRowSchema = z.object({
  id: z.number(),
  customer: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  kind: z.enum(documentKinds),
  file_name: z.string(),
  mime: z.string(),
  size: z.number(),
  is_image: z.boolean(),
  /** Opens the file inline for staff (through the web tier, with their session). */
  file_url: z.string(),
  status: z.enum(documentStatuses),
  reason: z.nullable(z.string()),
  decided_by: z.nullable(z.string()),
  decided_at: z.nullable(isoDateTime),
  created_at: isoDateTime,
});
export type DocumentRow = z.infer<typeof documentRowSchema>;
export const documentQueuePage = z.extend(paged(documentRowSchema), { pending: z.number() });
