import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** Support chat: messages and attachments. */

/**
 * Support chat (docs/chat.md#conversations): one conversation per customer with the staff. `isAdmin` marks a staff
 * member's message; `readAt` is set when the other side has read it.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    isAdmin: boolean('is_admin').notNull(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_customer').on(t.customerId, t.id),
    index('chat_messages_unread')
      .on(t.customerId, t.isAdmin)
      .where(sql`${t.readAt} is null`),
    check('chat_messages_length', sql`char_length(${t.message}) <= 5000`),
  ],
);

/**
 * Chat attachments (docs/chat.md#attachments): the bytes live in the file store under the server-made `id`; the
 * customer's name for the file is kept only to offer it back on download. `customerId` is the
 * conversation (a customer's own uploads belong to theirs at once, staff uploads once attached).
 */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: uuid('id').primaryKey(),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => chatMessages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_files_message').on(t.messageId), check('chat_files_size', sql`${t.size} > 0`)],
);
