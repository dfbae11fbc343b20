import type { DocumentKind, DocumentSide, IdentityDocumentType, KindStatus, MyDocument, VerificationCase } from '../../../shared/api/verification.schema';

/** The page's texts (docs/customer-area.md#verification), the original's where it has them. */
export const verificationPageTexts = {
  verifiedTitle: 'Account verified',
  verifiedBody: 'Your account is fully verified. All trading features and withdrawal limits are unlocked.',
  continueDashboard: 'Continue to Dashboard',
  idTitle: 'Verify identity',
  idIntro: 'Choose your document, then add a clear photo of it: colour, all corners visible, no glare.',
  dropHint: 'Drag and drop or take photo.',
  browse: 'Browse',
  snap: 'Snap',
  birthDateLabel: 'Date of birth, as on your document',
  birthDateSave: 'Save date of birth',
  addressSave: 'Save address',
  detailChange: 'Change',
  detailFailed: 'It could not be saved. Try again.',
  alertBirthDate: 'Please enter your date of birth as your document shows it',
  alertAddress: 'Please enter the address your document shows',
  protectedTitle: 'Your data is protected',
  protectedBody: 'Your documents travel over an encrypted connection, are kept on our own servers, are seen only by our compliance staff, and are not shared with third parties.',
  cancel: 'Cancel',
  continue: 'Continue',
  back: 'Back',
  residenceTitle: 'Proof of Residence',
  residenceDrop: 'Click to upload or drag',
  residenceFormats: 'JPG, PNG, WebP or PDF (max. 10MB)',
  addressLabel: 'Full Residential Address',
  accepted: 'Accepted Documents',
  acceptedList: ['Utility bill', 'Bank or card statement', 'Tax assessment', 'Lease agreement'],
  threeMonths: 'Doc must be within 3 months and show full name & address.',
  selfieTitle: 'Take a Selfie',
  selfieIntro: 'A clear photo of your face, so we can match it with your identity document.',
  uploadPhoto: 'Upload Photo',
  useCamera: 'Use Camera',
  tips: ['Face well lit', 'Neutral expression', 'No hats or glasses', 'Plain background'],
  submitReview: 'Submit Review',
  awaitingTitle: 'Awaiting Verification',
  awaitingBody: "Your documents are being reviewed. This typically takes 1-2 business days. We'll notify you via email once the verification is complete.",
  backDashboard: 'Back to Dashboard',
  alertPassport: 'Please upload your passport bio-data page',
  alertBothSides: 'Please upload both front and back ID documents',
  alertResidence: 'Please upload proof of residence document',
  alertSelfie: 'Please upload or take a selfie',
  invalidType: 'Invalid file type. Please upload a valid document.',
  tooLarge: 'File is too large. Maximum size is 10MB.',
  uploading: 'Uploading...',
  uploaded: 'Uploaded',
  waiting: 'Received: waiting for review',
  approved: 'Approved',
  documentsTitle: 'Your documents',
  documentsEmpty: 'No documents sent yet.',
  resend: 'Send a new one',
  history: 'replaced by a newer one',
  reloadFailed: 'Your documents could not be loaded. Reload the page to try again.',
} as const;

export const statusLabels: Record<KindStatus, string> = { unverified: 'Not sent', pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' };

export type Step = 'id' | 'residence' | 'selfie' | 'awaiting';
export const steps: readonly { step: Step; label: string }[] = [
  { step: 'id', label: 'ID' },
  { step: 'residence', label: 'Residence' },
  { step: 'selfie', label: 'Selfie' },
  { step: 'awaiting', label: 'Review' },
];

/** A slot the customer fills: which document, and for identity its type and side. */
export interface Slot {
  kind: DocumentKind;
  idType: IdentityDocumentType | null;
  side: DocumentSide | null;
}
export const slotKey = (slot: Slot) => `${slot.kind}:${slot.idType ?? ''}:${slot.side ?? ''}`;
/** The multipart fields that name the slot, sent before its file. */
export const slotFields = (slot: Slot): Record<string, string> => ({ kind: slot.kind, ...(slot.idType ? { id_type: slot.idType } : {}), ...(slot.side ? { side: slot.side } : {}) });
const docSlot = (doc: MyDocument): Slot => ({ kind: doc.kind, idType: doc.id_type, side: doc.side });
/** The newest document of a slot, if any (the list is newest first). */
export const latestIn = (documents: readonly MyDocument[], slot: Slot) => documents.find((doc) => slotKey(docSlot(doc)) === slotKey(slot));
/** A slot needs a file while it has none, or its newest was rejected. */
export const slotOpen = (documents: readonly MyDocument[], slot: Slot) => {
  const doc = latestIn(documents, slot);
  return !doc || doc.status === 'rejected';
};
const needsFile = (status: KindStatus) => status === 'unverified' || status === 'rejected';

/** Where the wizard starts: the first kind still needing a document, else the review. */
export function firstStep(kase: VerificationCase): Step {
  if (needsFile(kase.kinds.identity)) return 'id';
  if (needsFile(kase.kinds.proof_of_address)) return 'residence';
  if (needsFile(kase.kinds.selfie)) return 'selfie';
  return 'awaiting';
}

/** The ID type to show first: the one the customer last sent, else a passport. */
export function firstIdType(kase: VerificationCase): IdentityDocumentType {
  return kase.documents.find((doc) => doc.kind === 'identity' && doc.id_type)?.id_type ?? 'passport';
}

/** The step that takes a new document of this kind. */
export const stepOf = (kind: DocumentKind): Step => (kind === 'identity' ? 'id' : kind === 'proof_of_address' ? 'residence' : 'selfie');
