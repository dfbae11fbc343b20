import * as z from 'zod/mini';
import { isoDateTime, plainText } from './common.schema';
import { paged } from './trades.schema';

/** Identity documents customers send and staff review (docs/back-office.md#verification-documents). */
export const documentKinds = ['identity', 'proof_of_address', 'selfie'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentKindLabels: Record<DocumentKind, string> = { identity: 'Identity document', proof_of_address: 'Proof of address', selfie: 'Selfie' };
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
  /** An identity is approved against the date of birth the customer gave: without one nothing would be checked, and it would then be locked blank. */
  birthDateMissing: 'This customer has not given a date of birth yet, so the document cannot be matched with it. Reject it asking for the date of birth, or wait until they add it.',
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
  id_type: z.nullable(z.enum(identityDocumentTypes)),
  side: z.nullable(z.enum(documentSides)),
  /** "Passport page", "National ID · Back", "Proof of address". */
  label: z.string(),
  /** Who reviews it (`manual`: staff here). */
  provider: z.string(),
  file_name: z.string(),
  mime: z.string(),
  size: z.number(),
  is_image: z.boolean(),
  /** Opens the file inline for staff (through the web tier, with their session). */
  file_url: z.string(),
  status: z.enum(documentStatuses),
  /** An identity document's: the date of birth on the customer's profile, which the document must show (null: none given yet, or another kind). */
  birth_date: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  decided_by: z.nullable(z.string()),
  decided_at: z.nullable(isoDateTime),
  created_at: isoDateTime,
});
export type DocumentRow = z.infer<typeof documentRowSchema>;
export const documentQueuePage = z.extend(paged(documentRowSchema), { pending: z.number() });

// ---- The customer's side (docs/customer-area.md#verification) ----

export const identityTypeLabels: Record<IdentityDocumentType, string> = { passport: 'Passport', driving_licence: "Driver's License", national_id: 'National ID' };
export const documentSideLabels: Record<DocumentSide, string> = { front: 'Front', back: 'Back' };
/** A document's name as the customer and staff read it: "National ID · Back", "Proof of address". */
export function documentLabel(kind: DocumentKind, idType: IdentityDocumentType | null, side: DocumentSide | null): string {
  if (kind !== 'identity' || !idType) return documentKindLabels[kind];
  if (idType === 'passport') return 'Passport page';
  return `${identityTypeLabels[idType]} · ${side ? documentSideLabels[side] : 'one side'}`;
}

/** Where a document stands for the customer: each kind, and the case as a whole (the user's `verification_status`). */
export const kindStatuses = ['unverified', 'pending', 'approved', 'rejected'] as const;
export type KindStatus = (typeof kindStatuses)[number];

export const customerVerificationTexts = {
  kindRequired: 'Choose which document this is.',
  idTypeRequired: 'Choose the kind of identity document.',
  sideRequired: 'Say which side of the document this is.',
  passportOneSide: 'A passport is one page: send its photo page.',
  notIdentity: 'Only an identity document has a type and a side.',
  uploadFailed: 'Failed to upload document. Please try again.',
  accountDisabled: 'Your account is deactivated: documents cannot be sent.',
  customersOnly: 'Only customers send verification documents.',
  pendingAlready: 'This document is already waiting for review. Send a new one once it has been reviewed.',
  approvedAlready: 'This document is already approved.',
  selfiePhoto: 'A selfie is a photo: send a JPEG, PNG or WebP image.',
} as const;

/** One upload: which document and, for identity, which kind and side (multipart fields beside `file`). */
export const documentUploadRequest = z
  .strictObject({
    kind: z.enum(documentKinds, customerVerificationTexts.kindRequired),
    id_type: z.optional(z.enum(identityDocumentTypes, customerVerificationTexts.idTypeRequired)),
    side: z.optional(z.enum(documentSides, customerVerificationTexts.sideRequired)),
  })
  .check(
    z.refine((r) => r.kind !== 'identity' || r.id_type !== undefined, { message: customerVerificationTexts.idTypeRequired, path: ['id_type'] }),
    z.refine((r) => r.kind === 'identity' || (r.id_type === undefined && r.side === undefined), { message: customerVerificationTexts.notIdentity, path: ['kind'] }),
    z.refine((r) => r.id_type !== 'passport' || r.side !== 'back', { message: customerVerificationTexts.passportOneSide, path: ['side'] }),
    z.refine((r) => r.kind !== 'identity' || r.id_type === 'passport' || r.id_type === undefined || r.side !== undefined, { message: customerVerificationTexts.sideRequired, path: ['side'] }),
  );
export type DocumentUpload = z.infer<typeof documentUploadRequest>;

/** One of the customer's own documents, newest first; `current` is false once a newer one of the same kind and side was sent. */
export const myDocumentSchema = z.object({
  id: z.number(),
  kind: z.enum(documentKinds),
  id_type: z.nullable(z.enum(identityDocumentTypes)),
  side: z.nullable(z.enum(documentSides)),
  label: z.string(),
  file_name: z.string(),
  mime: z.string(),
  size: z.number(),
  /** Opens the customer's own file (their session; nobody else's). */
  file_url: z.string(),
  status: z.enum(documentStatuses),
  /** Staff's reason for a rejection, as the customer reads it. */
  reason: z.nullable(z.string()),
  current: z.boolean(),
  created_at: isoDateTime,
  decided_at: z.nullable(isoDateTime),
});
export type MyDocument = z.infer<typeof myDocumentSchema>;

export const verificationCaseSchema = z.object({
  /** The case as a whole: approved once identity and proof of address are (the user's `verification_status`). */
  status: z.enum(kindStatuses),
  kinds: z.object({ identity: z.enum(kindStatuses), proof_of_address: z.enum(kindStatuses), selfie: z.enum(kindStatuses) }),
  /** Withdrawals are open (identity and address approved, account active). */
  may_withdraw: z.boolean(),
  /** Who reviews: `manual` is the broker's staff. */
  provider: z.string(),
  documents: z.array(myDocumentSchema),
});
export type VerificationCase = z.infer<typeof verificationCaseSchema>;
export const verificationCaseResponse = z.object({ data: verificationCaseSchema });
export const documentUploadResponse = z.object({ data: myDocumentSchema, case: verificationCaseSchema, message: z.string() });

/** The original's `GET /user/verification` (its legacy page): one row per kind, its files and status. */
export const legacyVerificationTypes = ['id', 'proof_of_address', 'selfie'] as const;
export const legacyVerificationResponse = z.object({
  data: z.array(z.object({ type: z.enum(legacyVerificationTypes), document: z.array(z.string()), status: z.enum(kindStatuses), reason: z.nullable(z.string()) })),
});
/** The original's `POST /update/kyc`: `type` and one file, `id_front` or `id_back` for an ID, else `document`; our `id_type` may come too. */
export const legacyKycUpload = z.object({
  type: z.enum(legacyVerificationTypes, 'Choose which document this is.'),
  id_type: z.optional(z.enum(identityDocumentTypes, customerVerificationTexts.idTypeRequired)),
});
export const legacyKycFields = ['id_front', 'id_back', 'document'] as const;
