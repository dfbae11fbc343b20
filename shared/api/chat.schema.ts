import * as z from 'zod/mini';
import { isoDateTime, plainText, positiveInt } from './common.schema';

/** Support chat texts, the screens' and the server's (docs/chat.md). */
export const chatTexts = {
  connectionLost: 'Connection lost. Messages cannot be sent at this time.',
  invalidResponse: 'Invalid response from server',
  loadFailed: 'Failed to load messages.',
  sendFailed: 'Failed to send message.',
  uploadFailed: 'Failed to upload file.',
  usersFailed: 'Failed to load users. Retrying...',
  messageRequired: 'Type a message or attach a file.',
  messageTooLong: 'A message can be at most 5,000 characters.',
  messageCharacters: 'A message must not contain control characters.',
  customerRequired: 'Choose the customer this conversation is with.',
  customerNotFound: 'Customer not found.',
  attachmentNotYours: 'An attachment was not found among your uploads.',
  fileMissing: 'Choose a file to upload.',
  fileType: 'Only images, PDF, Word and Excel files can be sent.',
  fileName: 'The file name must not contain folders.',
  fileTooLarge: (mb: number) => `The file is larger than ${mb} MB.`,
  fileNotFound: 'File not found.',
  linkInvalid: 'This file link is not valid. Open the file from the conversation again.',
  linkExpired: 'This file link has expired. Open the file from the conversation again.',
  uploadsOwn: 'Your other files are still uploading. Wait for one to finish, then try again.',
  uploadTimeout: 'The file arrived too slowly, so the upload was stopped. Please try again.',
  after: 'after must be a time (ISO 8601 or milliseconds since 1970).',
} as const;

export const chatMessageMaxLength = 5_000;
/** Messages per page (page 1 newest). */
export const chatPageSize = 30;

const customerId = z.optional(positiveInt(chatTexts.customerNotFound));
const latestTime = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** GET /chat/messages?page=&customer_id=&after= */
export const chatMessagesQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  customer_id: customerId,
  after: z.optional(
    z.pipe(
      z.string(),
      z.transform((value, ctx) => {
        const time = /^\d{1,15}$/.test(value) ? Number(value) : Date.parse(value);
        // From 1970 to the year 9999: a later year would reach the database as "+010000-…", which it cannot read.
        if (Number.isNaN(time) || time < 0 || time > latestTime) {
          ctx.issues.push({ code: 'custom', message: chatTexts.after, input: value });
          return z.NEVER;
        }
        return new Date(time);
      }),
    ),
  ),
});

/** POST /chat/messages: text, attachment urls from /chat/upload, and the customer when staff send. */
export const chatSendRequest = z.object({
  message: z._default(z.string().check(z.trim(), z.maxLength(chatMessageMaxLength, chatTexts.messageTooLong), plainText(chatTexts.messageCharacters, { multiline: true })), ''),
  attachments: z._default(z.array(z.string().check(z.maxLength(500), plainText(chatTexts.attachmentNotYours))).check(z.maxLength(10)), []),
  customer_id: customerId,
});

/** POST /chat/messages/read: the other side's messages in this conversation are read now. */
export const chatReadRequest = z.object({ customer_id: customerId });

/**
 * GET /chat/files/{id}?expires=&signature=: an attachment's signed `download_url` (docs/chat.md#downloads).
 * Both are taken as text; whether they make a valid link is the server's to say (403 with a reason).
 */
export const chatFileQuery = z.object({
  expires: z.optional(z.string(chatTexts.linkInvalid).check(z.maxLength(40, chatTexts.linkInvalid))),
  signature: z.optional(z.string(chatTexts.linkInvalid).check(z.maxLength(200, chatTexts.linkInvalid))),
});

export const chatAttachmentSchema = z.object({ id: z.string(), file_name: z.string(), download_url: z.string(), is_image: z.boolean() });
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;
export const chatUploadResponse = z.object({ url: z.string(), data: chatAttachmentSchema });

export const chatMessageSchema = z.object({
  id: z.number(),
  customer_id: z.number(),
  sender_id: z.number(),
  sender: z.object({ first_name: z.string(), name: z.string(), avatar: z.nullable(z.string()) }),
  is_admin: z.boolean(),
  message: z.string(),
  attachments: z.array(chatAttachmentSchema),
  created_at: isoDateTime,
  read_at: z.nullable(isoDateTime),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMessagePage = z.object({ data: z.array(chatMessageSchema), next_page_url: z.nullable(z.string()) });

/** GET /admin/users: the customers staff can chat with. */
export const chatUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar: z.nullable(z.string()),
  is_online: z.boolean(),
  unread_count: z.number(),
  account_id: z.string(),
  last_message_at: z.nullable(isoDateTime),
});
export type ChatUser = z.infer<typeof chatUserSchema>;
export const chatUserList = z.object({ data: z.array(chatUserSchema) });
