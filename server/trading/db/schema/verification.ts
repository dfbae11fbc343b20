import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { documentKinds, documentSides, documentStatuses, identityDocumentTypes } from '../../../../shared/api/verification.schema';
import { createdAt, inList } from './columns';
import { users } from './users';

/** Identity documents customers send and staff review (docs/back-office.md#verification-documents). */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: documentKinds }).notNull(),
    /** Identity documents: which document, and which side of it (a passport has one page). */
    idType: text('id_type', { enum: identityDocumentTypes }),
    side: text('side', { enum: documentSides }),
    /** The KYC provider that checks it (docs/customer-area.md#verification): `manual` is staff review. */
    provider: text('provider').notNull().default('manual'),
    providerRef: text('provider_ref'),
    /** The file's name in the file store (a UUID); the customer's name is kept for display only. */
    fileId: text('file_id').notNull().unique(),
    fileName: text('file_name').notNull(),
    /** Known from the bytes, not from what the browser said. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    status: text('status', { enum: documentStatuses }).notNull().default('pending'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('verification_documents_kind', inList('kind', documentKinds)),
    check('verification_documents_status', inList('status', documentStatuses)),
    check('verification_documents_id_type', inList('id_type', identityDocumentTypes)),
    check('verification_documents_side', inList('side', documentSides)),
    check('verification_documents_rejected', sql`${t.status} <> 'rejected' or ${t.reason} is not null`),
    index('verification_documents_status').on(t.status, t.id),
    index('verification_documents_user').on(t.userId, t.id),
  ],
);
