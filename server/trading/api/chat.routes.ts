import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { eq } from 'drizzle-orm';
import multer from 'multer';
import { chatMessagesQuery, chatReadRequest, chatSendRequest, chatTexts } from '../../../shared/api/chat.schema';
import { onlineWindowMs } from '../../../shared/constants';
import { isStaffRole } from '../../../shared/api/user.schema';
import { addChatFile, addChatMessage, attachFiles, chatCustomers, conversationPage, downloadUrlOf, findChatFile, markConversationRead, messagesAfter, presentAttachment, presentChatMessage, unreadChatCount } from '../db/chat.repo';
import { users } from '../db/schema';
import { storedNamePattern } from '../files/file-store';
import { displayName, sniffAttachment } from '../files/sniff';
import type { ApiDeps } from '../deps';
import { authenticate, authOf, requireRole, requireStanding } from './auth.middleware';
import { ApiError, notFound, validationFailed } from './errors';
import { originOf } from './origin';
import { parseInput } from './validate';

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
    if (!isStaffRole(user.role)) return user.id;
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
    const customerParam = isStaffRole(authOf(res).user.role) ? `&customer_id=${customerId}` : '';
    res.json({ data: messages, next_page_url: hasMore ? `/api/v1/chat/messages?page=${query.page + 1}${customerParam}` : null });
  });

  router.post('/chat/messages', async (req, res) => {
    const body = parseInput(chatSendRequest, req.body ?? {});
    if (body.message === '' && body.attachments.length === 0) throw validationFailed({ message: [chatTexts.messageRequired] });
    const fileIds = body.attachments.map((url) => url.split('/').pop()).map((id) => (id && storedNamePattern.test(id) ? id : undefined));
    if (fileIds.some((id) => id === undefined)) throw validationFailed({ attachments: [chatTexts.attachmentNotYours] });
    const customerId = await conversationOf(res, body.customer_id);
    const { user } = authOf(res);
    // The message and its files together or not at all.
    const message = await db.transaction(async (tx) => {
      const row = await addChatMessage(tx, { customerId, sender: user, isAdmin: isStaffRole(user.role), message: body.message });
      const files = await attachFiles(tx, { ids: fileIds as string[], uploaderId: user.id, customerId, messageId: row.message.id });
      if (!files) throw validationFailed({ attachments: [chatTexts.attachmentNotYours] });
      return presentChatMessage(row, files);
    });
    bus.publish('chat.message', { customerId, message, origin: originOf(req) });
    res.status(201).json({ data: message });
  });

  // Browsers send file names as UTF-8 without saying so.
  const receive = multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', preservePath: true, limits: { fileSize: deps.uploadMaxBytes, files: 1, fields: 5, parts: 6 } }).single('file');
  const megabytes = Math.round((deps.uploadMaxBytes / 1024 / 1024) * 10) / 10;

  // Uploads are held in memory while they are checked: at most this many at once per process.
  let receiving = 0;
  const maxReceiving = 4;

  router.post('/chat/upload', async (req, res) => {
    if (receiving >= maxReceiving) {
      res.set('Retry-After', '2');
      throw new ApiError(503, chatTexts.uploadsBusy, 'uploads_busy');
    }
    receiving += 1;
    try {
      await receiveUpload(req, res);
    } finally {
      receiving -= 1;
    }
  });

  async function receiveUpload(req: Request, res: Response) {
    await new Promise<void>((resolve, reject) =>
      receive(req, res, (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return reject(new ApiError(413, chatTexts.fileTooLarge(megabytes), 'file_too_large', { file: [chatTexts.fileTooLarge(megabytes)] }));
        if (error instanceof multer.MulterError) return reject(validationFailed({ file: [chatTexts.fileMissing] }));
        reject(error);
      }),
    );
    const upload = req.file;
    if (!upload || upload.size === 0) throw validationFailed({ file: [chatTexts.fileMissing] });
    // A name with folders in it is someone probing, not a browser's pick: refused rather than quietly cut.
    if (/[\\/]|^\.\.?$/.test(upload.originalname)) throw validationFailed({ file: [chatTexts.fileName] });
    const sniffed = await sniffAttachment(upload.buffer);
    if (!sniffed) throw validationFailed({ file: [chatTexts.fileType] });
    const { user } = authOf(res);
    // A customer's upload belongs to their conversation at once; a staff upload only once it is sent to one.
    const customerId = isStaffRole(user.role) ? null : user.id;
    const id = randomUUID();
    await deps.files.put(id, upload.buffer);
    const file = await addChatFile(db, { id, uploaderId: user.id, customerId, fileName: displayName(upload.originalname, sniffed.extension), mime: sniffed.mime, size: upload.size }).catch(async (error: unknown) => {
      await deps.files.delete(id);
      throw error;
    });
    res.status(201).json({ url: downloadUrlOf(file.id), data: presentAttachment(file) });
  }

  router.get('/chat/files/:id', async (req, res) => {
    const id = String(req.params.id);
    const { user } = authOf(res);
    const file = storedNamePattern.test(id) ? await findChatFile(db, id) : undefined;
    // Staff see any conversation's files; a customer their conversation's; anyone their own uploads.
    const allowed = file && (isStaffRole(user.role) || file.customerId === user.id || file.uploaderId === user.id);
    const body = allowed ? await deps.files.open(file.id) : null;
    if (!file || !body) throw notFound(chatTexts.fileNotFound);
    res.set({
      'Content-Type': file.mime,
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, max-age=3600',
    });
    // pipeline closes the file when the download is cut short.
    await pipeline(body, res).catch((error: unknown) => req.log?.debug({ err: error }, 'download ended early'));
  });

  router.post('/chat/messages/read', async (req, res) => {
    const body = parseInput(chatReadRequest, req.body ?? {});
    const customerId = await conversationOf(res, body.customer_id);
    const messageIds = await markConversationRead(db, customerId, isStaffRole(authOf(res).user.role));
    if (messageIds.length > 0) bus.publish('chat.read', { customerId, messageIds, origin: originOf(req) });
    res.json({ data: { read: messageIds } });
  });

  router.get('/chat/unread-count', async (_req, res) => {
    const { user } = authOf(res);
    res.json({ unread_count: await unreadChatCount(db, { id: user.id, isStaff: isStaffRole(user.role) }) });
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
