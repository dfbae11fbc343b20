import type { ChatAttachment, ChatMessage } from '../../../shared/api/chat.schema';
import { pathOf } from '../../../shared/api/endpoint';
import { api } from '../../../shared/api/endpoints';
import type { ChatFileRow, ChatMessageRow } from '../db/chat.repo';
import { withoutBidiControls } from '../files/sniff';
import type { FileLinks } from './file-links';

/** What names an upload in `POST /chat/messages` (the upload's `url`): the file's path, unsigned; it opens nothing by itself. */
export const uploadRefOf = (id: string) => pathOf(api.chatFile, { id });

/** An attachment as the API shows it: `download_url` is a signed link that works without a header (docs/chat.md#downloads). */
export function presentAttachment(file: ChatFileRow, links: FileLinks): ChatAttachment {
  return { id: file.id, file_name: withoutBidiControls(file.fileName), download_url: links.urlOf(file), is_image: file.mime.startsWith('image/') };
}

export function presentChatMessage({ message, firstName, lastName, avatar, attachments }: ChatMessageRow, links: FileLinks): ChatMessage {
  return {
    id: message.id,
    customer_id: message.customerId,
    sender_id: message.senderId,
    sender: { first_name: firstName, name: `${firstName} ${lastName}`.trim(), avatar },
    is_admin: message.isAdmin,
    message: message.message,
    attachments: attachments.map((file) => presentAttachment(file, links)),
    created_at: message.createdAt.toISOString(),
    read_at: message.readAt?.toISOString() ?? null,
  };
}
