import { isMainLive } from './accounts.repo';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import { chatPageSize } from '../../../shared/api/chat.schema';
import type { Executor } from './database';
import { chatFiles, chatMessages, tradingAccounts, users } from './schema';

const withSender = {
  message: chatMessages,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: users.avatar,
} as const;

type Row = { message: typeof chatMessages.$inferSelect; firstName: string; lastName: string; avatar: string | null };

export type ChatFileRow = typeof chatFiles.$inferSelect;
/** A message with its sender's name and picture and its attachments. */
export type ChatMessageRow = Row & { attachments: ChatFileRow[] };

/** One page of a conversation, newest first (page 1 is the newest), and whether an older page exists. */
export async function conversationPage(db: Executor, customerId: number, page: number): Promise<{ messages: ChatMessageRow[]; hasMore: boolean }> {
  const rows = await db
    .select(withSender)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(eq(chatMessages.customerId, customerId))
    .orderBy(desc(chatMessages.id))
    .limit(chatPageSize + 1)
    .offset((page - 1) * chatPageSize);
  const shown = rows.slice(0, chatPageSize);
  return { messages: await withAttachments(db, shown), hasMore: rows.length > chatPageSize };
}

/**
 * The polling fallback: messages from `after` on, oldest first. The client's `after` is the time of the
 * last message it holds, to the millisecond: that message comes again (and any other of the same
 * millisecond), so none is ever missed; ids tell the copies apart.
 */
export async function messagesAfter(db: Executor, customerId: number, after: Date): Promise<ChatMessageRow[]> {
  const rows = await db
    .select(withSender)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(and(eq(chatMessages.customerId, customerId), gte(sql`date_trunc('milliseconds', ${chatMessages.createdAt})`, after)))
    .orderBy(asc(chatMessages.id))
    .limit(500);
  return withAttachments(db, rows);
}

async function withAttachments(db: Executor, rows: Row[]): Promise<ChatMessageRow[]> {
  const ids = rows.map((row) => row.message.id);
  const files = ids.length === 0 ? [] : await db.select().from(chatFiles).where(inArray(chatFiles.messageId, ids)).orderBy(asc(chatFiles.createdAt));
  return rows.map((row) => ({ ...row, attachments: files.filter((file) => file.messageId === row.message.id) }));
}

export async function addChatFile(db: Executor, file: typeof chatFiles.$inferInsert): Promise<ChatFileRow> {
  const [row] = await db.insert(chatFiles).values(file).returning();
  return row!;
}

export async function findChatFile(db: Executor, id: string): Promise<ChatFileRow | undefined> {
  const [row] = await db.select().from(chatFiles).where(eq(chatFiles.id, id));
  return row;
}

/**
 * Attaches the sender's own, not yet sent uploads to a message in this conversation; answers them, or
 * null when any is not theirs to send here (the caller's transaction then keeps nothing).
 */
export async function attachFiles(
  db: Executor,
  { ids, uploaderId, customerId, messageId }: { ids: readonly string[]; uploaderId: number; customerId: number; messageId: number },
): Promise<ChatFileRow[] | null> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(chatFiles)
    .set({ messageId, customerId })
    .where(and(inArray(chatFiles.id, [...ids]), eq(chatFiles.uploaderId, uploaderId), isNull(chatFiles.messageId), sql`(${chatFiles.customerId} is null or ${chatFiles.customerId} = ${customerId})`))
    .returning();
  return rows.length === new Set(ids).size ? rows : null;
}

export async function addChatMessage(
  db: Executor,
  values: { customerId: number; sender: { id: number; firstName: string; lastName: string; avatar: string | null }; isAdmin: boolean; message: string },
): Promise<Row> {
  const [row] = await db.insert(chatMessages).values({ customerId: values.customerId, senderId: values.sender.id, isAdmin: values.isAdmin, message: values.message }).returning();
  return { message: row!, firstName: values.sender.firstName, lastName: values.sender.lastName, avatar: values.sender.avatar };
}

/** The other side's unread messages in the conversation are read now; answers the ids it marked. */
export async function markConversationRead(db: Executor, customerId: number, readerIsStaff: boolean): Promise<number[]> {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: new Date() })
    .where(and(eq(chatMessages.customerId, customerId), eq(chatMessages.isAdmin, !readerIsStaff), isNull(chatMessages.readAt)))
    .returning({ id: chatMessages.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** A customer's unread staff messages, or for staff every customer's unread messages. */
export async function unreadChatCount(db: Executor, reader: { id: number; isStaff: boolean }): Promise<number> {
  const where = reader.isStaff
    ? and(eq(chatMessages.isAdmin, false), isNull(chatMessages.readAt))
    : and(eq(chatMessages.customerId, reader.id), eq(chatMessages.isAdmin, true), isNull(chatMessages.readAt));
  const [row] = await db.select({ n: count() }).from(chatMessages).where(where);
  return row?.n ?? 0;
}

/** The customers staff chat with: their unread messages and last message time, most recent conversations first. */
export async function chatCustomers(db: Executor) {
  const unread = db
    .select({
      customerId: chatMessages.customerId,
      unread: sql<number>`count(*) filter (where ${chatMessages.readAt} is null and not ${chatMessages.isAdmin})`.as('unread'),
      last: max(chatMessages.createdAt).as('last'),
    })
    .from(chatMessages)
    .groupBy(chatMessages.customerId)
    .as('c');
  const live = db.select({ userId: tradingAccounts.userId, number: tradingAccounts.number }).from(tradingAccounts).where(isMainLive()).as('l');
  return db
    .select({ user: users, unread: unread.unread, last: unread.last, accountNumber: live.number })
    .from(users)
    .leftJoin(unread, eq(unread.customerId, users.id))
    .leftJoin(live, eq(live.userId, users.id))
    .where(eq(users.role, 'customer'))
    .orderBy(sql`${unread.last} desc nulls last`, asc(users.id))
    .limit(1000);
}

/** Removes the uploads never attached to a message and made before `before`: their ids, for the bytes. */
export async function deleteUnsentFilesBefore(db: Executor, before: Date): Promise<string[]> {
  const gone = await db
    .delete(chatFiles)
    .where(and(isNull(chatFiles.messageId), lt(chatFiles.createdAt, before)))
    .returning({ id: chatFiles.id });
  return gone.map((g) => g.id);
}
