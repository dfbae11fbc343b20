import type { DocumentKind, DocumentSide, IdentityDocumentType } from '../../../shared/api/verification.schema';

/**
 * Who checks a customer's documents (docs/customer-area.md#verification). Every document is kept here first
 * (`submitDocument`); the provider is then handed it. The default, `manual`, sends nothing anywhere: the
 * broker's staff decide each document in the back-office queue. A third-party driver a broker configures
 * would send the file, answer its own reference (stored as `provider_ref`), and later report its decision
 * through `applyProviderDecision` (decisions.ts), which decides the document as staff would.
 */
export interface KycProvider {
  /** Stored on each document (`verification_documents.provider`). */
  readonly name: string;
  /** Hands over one stored document; answers the provider's reference, or null when nobody outside reviews it. */
  submit(document: KycSubmission): Promise<{ ref: string | null }>;
}

export interface KycSubmission {
  documentId: number;
  userId: number;
  kind: DocumentKind;
  idType: IdentityDocumentType | null;
  side: DocumentSide | null;
  mime: string;
  bytes: Buffer;
}

/** What a provider reports back about a document it was handed. */
export type ProviderDecision = { outcome: 'approved' } | { outcome: 'rejected'; reason: string };

/** Manual review: nothing leaves the server; staff decide in the documents queue. */
export const manualKyc: KycProvider = {
  name: 'manual',
  submit: () => Promise.resolve({ ref: null }),
};

/** The driver named by `KYC_PROVIDER` (only `manual` exists: a third-party driver is added here when a broker contracts one). */
export function kycProviderNamed(name: string | undefined): KycProvider {
  if (name === undefined || name === '' || name === 'manual') return manualKyc;
  throw new Error(`KYC_PROVIDER=${name} is not a known provider (known: manual)`);
}
