import type { ChatMessage, ChatUser } from '../../../shared/api/chat.schema';
import { chatTexts } from '../../../shared/api/chat.schema';
import { isOnline } from '../../../shared/constants';
import { isStaffRole, type Role } from '../../../shared/api/user.schema';
import type { Bus } from '../bus';
import { addChatMessage, attachFiles, chatCustomers, conversationPage, markConversationRead, messagesAfter, unreadChatCount } from '../db/chat.repo';
import type { AppDb } from '../db/database';
import { findUserById } from '../db/users.repo';
import { fail, refusal } from '../errors';
import { storedNamePattern } from '../files/file-store';
import type { FileLinks } from './file-links';
import { presentChatMessage } from './present';

/** Who reads or writes: a customer (their own conversation) or staff (any customer's). */
export interface ChatReader {
  id: number;
  role: Role;
  firstName: string;
  lastName: string;
  avatar: string | null;
}

interface Deps {
  database: { db: AppDb };
  bus: Bus;
  links: FileLinks;
}

/**
 * The conversation a request is about: a customer's own (a `customer_id` they send is ignored); for
 * staff, the customer they name.
 */
export async function conversationOf(db: AppDb, reader: ChatReader, customerId: number | undefined): Promise<number> {
  if (!isStaffRole(reader.role)) return reader.id;
  if (customerId === undefined) fail(refusal.invalid(chatTexts.customerRequired, 'customer_id'));
  const customer = await findUserById(db, customerId);
  if (customer?.role !== 'customer') fail(refusal.notFound(chatTexts.customerNotFound));
  return customerId;
}

/**
 * What the reader asked for, as they read it: a page of the conversation (newest first) and whether an
 * older one exists, or for polling every message from `after` on. Fetching is reading: the other side's
 * messages are marked read first (`markRead`, which tells their sender), so what this answer carries is
 * read. A message that arrives between the two comes back unread and is read at the next fetch (it was
 * never marked before its recipient had it).
 */
export async function readMessages(
  deps: Deps,
  reader: ChatReader,
  { customerId, page, after, origin }: { customerId: number; page: number; after?: Date | undefined; origin?: string | undefined },
): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  const { db } = deps.database;
  await markRead(deps, reader, { customerId, origin });
  const present = (row: Parameters<typeof presentChatMessage>[0]) => presentChatMessage(row, deps.links);
  if (after) return { messages: (await messagesAfter(db, customerId, after)).map(present), hasMore: false };
  const { messages, hasMore } = await conversationPage(db, customerId, page);
  return { messages: messages.map(present), hasMore };
}

/** The file an attachment url names: its last path segment (a signed `download_url`'s query is not part of it). */
const fileIdOf = (url: string) => {
  const id = url.split(/[?#]/, 1)[0]!.split('/').pop();
  return id && storedNamePattern.test(id) ? id : undefined;
};

/**
 * Sends a message to the conversation (`conversationOf` the customer asked for, once the message itself
 * passed its checks) with the sender's own uploads (their `url`s `…/chat/files/{id}`, or their
 * `download_url`s), all or nothing, and announces it to the conversation's channel.
 */
export async function sendMessage(
  { database: { db }, bus, links }: Deps,
  sender: ChatReader,
  { askedCustomerId, message, attachments, origin }: { askedCustomerId: number | undefined; message: string; attachments: readonly string[]; origin?: string | undefined },
): Promise<ChatMessage> {
  if (message === '' && attachments.length === 0) fail(refusal.invalid(chatTexts.messageRequired, 'message'));
  const fileIds = attachments.map(fileIdOf);
  if (fileIds.some((id) => id === undefined)) fail(refusal.invalid(chatTexts.attachmentNotYours, 'attachments'));
  const customerId = await conversationOf(db, sender, askedCustomerId);
  const sent = await db.transaction(async (tx) => {
    const row = await addChatMessage(tx, { customerId, sender, isAdmin: isStaffRole(sender.role), message });
    const files = await attachFiles(tx, { ids: fileIds as string[], uploaderId: sender.id, customerId, messageId: row.message.id });
    if (!files) return fail(refusal.invalid(chatTexts.attachmentNotYours, 'attachments'));
    return presentChatMessage({ ...row, attachments: files }, links);
  });
  bus.publish('chat.message', { customerId, message: sent, origin });
  return sent;
}

/** The other side's messages in the conversation are read now; answers (and announces) their ids. */
export async function markRead(
  { database: { db }, bus }: Pick<Deps, 'database' | 'bus'>,
  reader: ChatReader,
  { customerId, origin }: { customerId: number; origin?: string | undefined },
): Promise<number[]> {
  const messageIds = await markConversationRead(db, customerId, isStaffRole(reader.role));
  if (messageIds.length > 0) bus.publish('chat.read', { customerId, messageIds, origin });
  return messageIds;
}

export const unreadCount = (db: AppDb, reader: ChatReader) => unreadChatCount(db, { id: reader.id, isStaff: isStaffRole(reader.role) });

/** Staff's list of customers to chat with: online, unread messages, Live account, last message. */
export async function chatCustomerList(db: AppDb, now = Date.now()): Promise<ChatUser[]> {
  const rows = await chatCustomers(db);
  return rows.map(({ user, unread, last, accountNumber }) => ({
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    avatar: user.avatar,
    is_online: isOnline(user.lastSeenAt, now),
    unread_count: Number(unread ?? 0),
    account_id: accountNumber ?? '',
    last_message_at: last ? new Date(last).toISOString() : null,
  }));
}
