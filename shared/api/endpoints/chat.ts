import * as z from 'zod/mini';
import { chatFileQuery, chatMessagePage, chatMessageSchema, chatMessagesQuery, chatReadRequest, chatSendRequest, chatTexts, chatUploadResponse, chatUserList } from '../chat.schema';
import { resource } from '../common.schema';
import { endpoint } from '../endpoint';

/** Support chat: a customer awaiting approval may ask support too (docs/customer-area.md#verification). */
export const chatApi = {
  chatMessages: endpoint({ method: 'GET', path: '/chat/messages', access: 'pending-ok', query: chatMessagesQuery, response: chatMessagePage }),
  sendChatMessage: endpoint({ method: 'POST', path: '/chat/messages', access: 'pending-ok', body: chatSendRequest, status: 201, response: resource(chatMessageSchema) }),
  readChat: endpoint({ method: 'POST', path: '/chat/messages/read', access: 'pending-ok', body: chatReadRequest, response: resource(z.object({ read: z.array(z.number()) })) }),
  chatUnreadCount: endpoint({ method: 'GET', path: '/chat/unread-count', access: 'pending-ok', response: z.object({ unread_count: z.number() }) }),
  chatUpload: endpoint({ method: 'POST', path: '/chat/upload', access: 'pending-ok', encoding: 'multipart', status: 201, response: chatUploadResponse }),
  /** Opened by its signed link with no header (`download_url`; the link is the permission), or without one by an API token as `active`. */
  chatFile: endpoint({ method: 'GET', path: '/chat/files/:id', access: 'public', params: z.object({ id: z.string(chatTexts.fileNotFound) }), query: chatFileQuery }),
  chatCustomers: endpoint({ method: 'GET', path: '/admin/users', access: 'staff', response: chatUserList }),
} as const;
