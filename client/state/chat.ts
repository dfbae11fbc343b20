import { computed, signal } from '@preact/signals-react';
import { chatMessagePage, chatTexts, chatUploadResponse, type ChatAttachment, type ChatMessage } from '../../shared/api/chat.schema';
import { messageOf } from '../../shared/api/common.schema';
import { realtimeEvents } from '../../shared/realtime';
import { requestJson } from '../lib/api';
import { realtime } from '../realtime/connection';
import { connection, socketId } from './realtime';
import { csrfToken } from './session';

/** Client-spec §9: chat polling every 5 s while the live connection is down. */
export const chatPollMs = 5_000;

export interface Conversation {
  customerId: number;
  /** By id, oldest first when listed. */
  messages: ReadonlyMap<number, ChatMessage>;
  nextPage: string | null;
  state: 'loading' | 'ready' | 'error';
  error: string | null;
}

export const conversation = signal<Conversation | null>(null);
export const orderedMessages = computed(() => [...(conversation.value?.messages.values() ?? [])].sort((a, b) => a.id - b.id));
/** Polling stands in for the live connection (the "backup connection" banner). */
export const usingBackup = computed(() => conversation.value !== null && connection.value.status !== 'connected');

function merge(customerId: number, incoming: readonly ChatMessage[], patch: Partial<Conversation> = {}) {
  const current = conversation.value;
  if (!current || current.customerId !== customerId) return;
  const messages = new Map(current.messages);
  // Socket and polling agree on ids: a message already held is replaced, never shown twice.
  for (const message of incoming) messages.set(message.id, message);
  conversation.value = { ...current, ...patch, messages };
}

const query = (customerId: number, asStaff: boolean) => (asStaff ? `&customer_id=${customerId}` : '');

async function fetchPage(url: string): Promise<{ data: ChatMessage[]; next: string | null } | string> {
  const result = await requestJson<unknown>(url).catch(() => undefined);
  if (!result) return chatTexts.loadFailed;
  if (!result.ok) return messageOf(result.body, chatTexts.loadFailed);
  const parsed = chatMessagePage.safeParse(result.body);
  return parsed.success ? { data: parsed.data.data, next: parsed.data.next_page_url } : chatTexts.invalidResponse;
}

/** Opens a conversation (the customer's own, or for staff the one they picked) and follows it live. */
export async function openConversation(customerId: number, asStaff: boolean): Promise<void> {
  conversation.value = { customerId, messages: new Map(), nextPage: null, state: 'loading', error: null };
  const page = await fetchPage(`/api/v1/chat/messages?page=1${query(customerId, asStaff)}`);
  if (typeof page === 'string') {
    if (conversation.value?.customerId === customerId) conversation.value = { ...conversation.value, state: 'error', error: page };
    return;
  }
  merge(customerId, page.data, { nextPage: page.next, state: 'ready', error: null });
  void markRead(customerId, asStaff);
}

/** Older messages, when the list is scrolled near its top. */
export async function loadOlder(): Promise<void> {
  const current = conversation.value;
  if (!current?.nextPage || current.state === 'loading') return;
  conversation.value = { ...current, state: 'loading' };
  const page = await fetchPage(current.nextPage);
  if (typeof page === 'string') {
    if (conversation.value?.customerId === current.customerId) conversation.value = { ...conversation.value, state: 'error', error: page };
    return;
  }
  merge(current.customerId, page.data, { nextPage: page.next, state: 'ready', error: null });
}

/**
 * The polling fallback: what arrived since a little before the newest message held. Two messages sent at
 * once may be stored in the other order than their times, so the window reaches back; what comes again
 * is merged by id.
 */
const pollOverlapMs = 10_000;

export async function pollNewer(asStaff: boolean): Promise<void> {
  const current = conversation.value;
  if (!current || current.state === 'loading') return;
  // A conversation that failed to open is opened afresh rather than patched.
  if (current.state === 'error' && current.messages.size === 0) {
    await openConversation(current.customerId, asStaff);
    return;
  }
  const newest = orderedMessages.value.at(-1);
  const after = newest ? `&after=${new Date(Date.parse(newest.created_at) - pollOverlapMs).toISOString()}` : '';
  const page = await fetchPage(`/api/v1/chat/messages?page=1${query(current.customerId, asStaff)}${after}`);
  if (typeof page === 'string') return;
  merge(current.customerId, page.data);
}

/** A message from the live channel or from sending (merged by id, so a copy from polling changes nothing). */
export function receive(message: ChatMessage): void {
  merge(message.customer_id, [message]);
}

export function markReadLocally(messageId: number): void {
  const current = conversation.value;
  const message = current?.messages.get(messageId);
  if (!current || !message || message.read_at) return;
  merge(current.customerId, [{ ...message, read_at: new Date().toISOString() }]);
}

export async function markRead(customerId: number, asStaff: boolean): Promise<void> {
  await requestJson('/api/v1/chat/messages/read', { method: 'POST', body: asStaff ? { customer_id: customerId } : {} }).catch(() => undefined);
  void refreshUnread();
}

export async function sendMessage(customerId: number, asStaff: boolean, text: string, attachments: readonly string[]): Promise<string | null> {
  const result = await requestJson<{ data?: ChatMessage; message?: string }>('/api/v1/chat/messages', {
    method: 'POST',
    body: { message: text, attachments, ...(asStaff ? { customer_id: customerId } : {}) },
  }).catch(() => undefined);
  if (!result) return chatTexts.sendFailed;
  if (!result.ok || !result.body.data) return messageOf(result.body, chatTexts.sendFailed);
  receive(result.body.data);
  return null;
}

/** Uploads one file with progress (XMLHttpRequest reports it; fetch does not). */
export function uploadFile(file: File, onProgress: (percent: number) => void): Promise<ChatAttachment & { url: string }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/chat/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRF-Token', csrfToken.value);
    if (socketId.value) xhr.setRequestHeader('X-Socket-Id', socketId.value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the fallback text below.
      }
      const parsed = chatUploadResponse.safeParse(body);
      if (xhr.status === 201 && parsed.success) resolve({ ...parsed.data.data, url: parsed.data.url });
      else reject(new Error(messageOf(body, chatTexts.uploadFailed)));
    };
    xhr.onerror = () => reject(new Error(chatTexts.uploadFailed));
    xhr.send(form);
  });
}

// ---- Unread count and the live channel ----
export const unreadCount = signal(0);

export async function refreshUnread(): Promise<void> {
  const result = await requestJson<{ unread_count?: number }>('/api/v1/chat/unread-count').catch((error: unknown) => {
    console.warn('unread count failed', error);
    return undefined;
  });
  if (result?.ok && typeof result.body.unread_count === 'number') unreadCount.value = result.body.unread_count;
}

/**
 * Follows a conversation's channel: new messages (`onMessage` says whether one is from someone else) and
 * read receipts. Answers a function that stops listening.
 */
export async function followChannel(
  key: string,
  customerId: number,
  { onMessage, onSubscribed, leaveAfter = false }: { onMessage: (message: ChatMessage) => void; onSubscribed?: () => void; leaveAfter?: boolean },
): Promise<() => void> {
  const echo = await realtime(key);
  const name = `chat.customer.${customerId}`;
  const channel = echo.private(name);
  const sent = (event: { message: ChatMessage }) => onMessage(event.message);
  const read = (event: { message_id: number }) => markReadLocally(event.message_id);
  channel.listen(`.${realtimeEvents.messageSent}`, sent);
  channel.listen(`.${realtimeEvents.messageRead}`, read);
  // After every (re)subscription: what was sent while no event could arrive.
  if (onSubscribed) channel.subscribed(onSubscribed);
  return () => {
    // Staff leave a customer's channel they move away from; otherwise only these listeners go (the notifier shares it).
    if (leaveAfter) echo.leave(name);
    else {
      channel.stopListening(`.${realtimeEvents.messageSent}`, sent);
      channel.stopListening(`.${realtimeEvents.messageRead}`, read);
    }
  };
}
