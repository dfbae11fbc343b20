import type { ChatAttachment, ChatMessage } from '../../../shared/api/chat.schema';
import { pathOf } from '../../../shared/api/endpoint';
import { api } from '../../../shared/api/endpoints';
import type { ChatFileRow, ChatMessageRow } from '../db/chat.repo';

export const downloadUrlOf = (id: string) => pathOf(api.chatFile, { id });

export function presentAttachment(file: ChatFileRow): ChatAttachment {
  return { id: file.id, file_name: file.fileName, download_url: downloadUrlOf(file.id), is_image: file.mime.startsWith('image/') };
}

export function presentChatMessage({ message, firstName, lastName, avatar, attachments }: ChatMessageRow): ChatMessage {
  return {
    id: message.id,
    customer_id: message.customerId,
    sender_id: message.senderId,
    sender: { first_name: firstName, name: `${firstName} ${lastName}`.trim(), avatar },
    is_admin: message.isAdmin,
    message: message.message,
    attachments: attachments.map(presentAttachment),
    created_at: message.createdAt.toISOString(),
    read_at: message.readAt?.toISOString() ?? null,
  };
}
