import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response } from 'express';
import { chatTexts } from '../../../shared/api/chat.schema';
import { pathOf } from '../../../shared/api/endpoint';
import { api } from '../../../shared/api/endpoints';
import { isStaffRole } from '../../../shared/api/user.schema';
import { keepUpload, openAttachment, openLinkedAttachment } from '../chat/attachments';
import { chatCustomerList, conversationOf, markRead, readMessages, sendMessage, unreadCount } from '../chat/conversations';
import { fileLinks } from '../chat/file-links';
import type { ApiDeps } from '../deps';
import { authOf } from './auth.middleware';
import { contentDisposition } from './content-disposition';
import { accessGuards, endpointRouter } from './endpoint-router';
import { uploadReceiver } from './multipart';
import { originOf } from './origin';

/** Support chat: one conversation per customer with the staff (the rules in chat/). */
export function chatRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const reader = (res: Response) => authOf(res).user;
  // Attachment links are signed with a key derived from the realtime app's secret (the trading tier's own).
  const chat = { ...deps, links: fileLinks(deps.realtime.secret) };

  on(api.chatMessages, async ({ query }, req, res) => {
    const customerId = await conversationOf(db, reader(res), query.customer_id);
    // Fetching is reading, by page or by polling with `after` alike (docs/chat.md#read-receipts).
    const { messages, hasMore } = await readMessages(chat, reader(res), { customerId, page: query.page, after: query.after, origin: originOf(req) });
    const next = hasMore ? pathOf(api.chatMessages, {}, { page: query.page + 1, customer_id: isStaffRole(reader(res).role) ? customerId : undefined }) : null;
    return { data: messages, next_page_url: next };
  });

  on(api.sendChatMessage, async ({ body }, req, res) => {
    return { data: await sendMessage(chat, reader(res), { askedCustomerId: body.customer_id, message: body.message, attachments: body.attachments, origin: originOf(req) }) };
  });

  // One file a time per person, a few per address, streamed to disk at a minimum rate (docs/files.md#upload-limits).
  const withUpload = uploadReceiver({ gate: deps.uploadGate, maxBytes: deps.uploadMaxBytes, missing: chatTexts.fileMissing });
  on(api.chatUpload, async (_input, req, res) => withUpload(req, res, ({ file, originalName }) => keepUpload(chat, authOf(res).user, { originalName, bytes: file })));

  /**
   * A download is opened by its signed link (`download_url`: no header needed, the link is the
   * permission), or, without one, by an API token under the reader's own rule, as before links were signed.
   */
  const isLinked = (query: Record<string, unknown>) => query.signature !== undefined || query.expires !== undefined;
  const tokenGuards = accessGuards(deps)['pending-ok'];
  const run = (guard: RequestHandler, req: Request, res: Response) =>
    new Promise<void>((resolve, reject) => void Promise.resolve(guard(req, res, (error?: unknown) => (error ? reject(error) : resolve()))).catch(reject));
  const tokenUnlessLinked: RequestHandler = async (req, res, next) => {
    if (!isLinked(req.query)) for (const guard of tokenGuards) await run(guard, req, res);
    next();
  };

  on(api.chatFile, tokenUnlessLinked, async ({ params, query }, req, res) => {
    const { file, body } = isLinked(query) ? await openLinkedAttachment(chat, params.id, query) : await openAttachment(chat, reader(res), params.id);
    res.set({
      'Content-Type': file.mime,
      'Content-Length': String(file.size),
      'Content-Disposition': contentDisposition('attachment', file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, max-age=3600',
    });
    // pipeline closes the file when the download is cut short.
    await pipeline(body, res).catch((error: unknown) => req.log?.debug({ err: error }, 'download ended early'));
  });

  on(api.readChat, async ({ body }, req, res) => {
    const customerId = await conversationOf(db, reader(res), body.customer_id);
    return { data: { read: await markRead(chat, reader(res), { customerId, origin: originOf(req) }) } };
  });

  on(api.chatUnreadCount, async (_input, _req, res) => ({ unread_count: await unreadCount(db, reader(res)) }));

  on(api.chatCustomers, async () => ({ data: await chatCustomerList(db) }));

  return router;
}
