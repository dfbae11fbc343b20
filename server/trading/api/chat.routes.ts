import { Router, type Request, type Response } from 'express';
import { eq } from 'drizzle-orm';
import { chatMessagesQuery, chatReadRequest, chatSendRequest, chatTexts } from '../../../shared/api/chat.schema';
import { onlineWindowMs } from '../../../shared/constants';
import { socketIdHeader, socketIdPattern } from '../../../shared/realtime';
import { addChatMessage, chatCustomers, conversationPage, markConversationRead, messagesAfter, unreadChatCount } from '../db/chat.repo';
import { users } from '../db/schema';
import type { ApiDeps } from '../deps';
import { authenticate, authOf, requireRole, requireStanding } from './auth.middleware';
import { notFound, validationFailed } from './errors';
import { parseInput } from './validate';

const isStaff = (role: string) => role === 'staff' || role === 'admin';

function originOf(req: Request): string | undefined {
  const socketId = req.get(socketIdHeader);
  return socketId && socketIdPattern.test(socketId) ? socketId : undefined;
}

/**
 * Support chat (client-spec §7, server-spec §9): one conversation per customer with the staff. A customer
 * reaches only their own (a `customer_id` they send is ignored); staff name the customer.
 */
export function chatRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps.database;
  const { bus } = deps;
  router.use(['/chat', '/admin/users'], authenticate(deps), requireStanding(deps));

  /** The conversation a request is about: the customer's own, or for staff the customer they name. */
  async function conversationOf(res: Response, customerId: number | undefined): Promise<number> {
    const { user } = authOf(res);
    if (!isStaff(user.role)) return user.id;
    if (customerId === undefined) throw validationFailed({ customer_id: [chatTexts.customerRequired] });
    const [customer] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, customerId));
    if (customer?.role !== 'customer') throw notFound(chatTexts.customerNotFound);
    return customer.id;
  }

  router.get('/chat/messages', async (req, res) => {
    const query = parseInput(chatMessagesQuery, req.query);
    const customerId = await conversationOf(res, query.customer_id);
    if (query.after) return res.json({ data: await messagesAfter(db, customerId, query.after), next_page_url: null });
    const { messages, hasMore } = await conversationPage(db, customerId, query.page);
    const customerParam = isStaff(authOf(res).user.role) ? `&customer_id=${customerId}` : '';
    res.json({ data: messages, next_page_url: hasMore ? `/api/v1/chat/messages?page=${query.page + 1}${customerParam}` : null });
  });

  router.post('/chat/messages', async (req, res) => {
    const body = parseInput(chatSendRequest, req.body ?? {});
    if (body.attachments.length > 0) throw validationFailed({ attachments: [chatTexts.attachmentsNotYet] });
    if (body.message === '') throw validationFailed({ message: [chatTexts.messageRequired] });
    const customerId = await conversationOf(res, body.customer_id);
    const { user } = authOf(res);
    const message = await addChatMessage(db, { customerId, sender: user, isAdmin: isStaff(user.role), message: body.message });
    bus.publish('chat.message', { customerId, message, origin: originOf(req) });
    res.status(201).json({ data: message });
  });

  router.post('/chat/messages/read', async (req, res) => {
    const body = parseInput(chatReadRequest, req.body ?? {});
    const customerId = await conversationOf(res, body.customer_id);
    const messageIds = await markConversationRead(db, customerId, isStaff(authOf(res).user.role));
    if (messageIds.length > 0) bus.publish('chat.read', { customerId, messageIds, origin: originOf(req) });
    res.json({ data: { read: messageIds } });
  });

  router.get('/chat/unread-count', async (_req, res) => {
    const { user } = authOf(res);
    res.json({ unread_count: await unreadChatCount(db, { id: user.id, isStaff: isStaff(user.role) }) });
  });

  router.get('/admin/users', requireRole('staff', 'admin'), async (_req, res) => {
    const now = Date.now();
    const rows = await chatCustomers(db);
    res.json({
      data: rows.map(({ user, unread, last, accountNumber }) => ({
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        avatar: user.avatar,
        is_online: user.lastSeenAt !== null && now - user.lastSeenAt.getTime() < onlineWindowMs,
        unread_count: Number(unread ?? 0),
        account_id: accountNumber ?? '',
        last_message_at: last ? new Date(last).toISOString() : null,
      })),
    });
  });

  return router;
}
