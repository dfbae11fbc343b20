import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, inList } from './columns';
import { users } from './users';

/**
 * What each stored file is for (docs/files.md): recorded when its bytes are kept, so each route serves
 * only files of its own purpose, under that purpose's access rule.
 */
export const filePurposes = ['site_image', 'chat_attachment', 'profile_photo', 'identity_document'] as const;
export type FilePurpose = (typeof filePurposes)[number];

/** Every file in the file store, by the server-made name its bytes are kept under. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose', { enum: filePurposes }).notNull(),
    /** Whose file it is: the uploader for a customer's own file, the customer for a photo or document; null for the site's images. */
    ownerId: integer('owner_id').references(() => users.id),
    /** Known from the bytes (re-encoded images: what they were re-encoded to). */
    mime: text('mime').notNull(),
    /** Null only for files kept before sizes were recorded. */
    size: integer('size'),
    createdAt: createdAt(),
  },
  (t) => [check('stored_files_purpose', inList('purpose', filePurposes)), index('stored_files_owner').on(t.ownerId)],
);
