import { computed, signal } from '@preact/signals-react';
import { chatTexts, type ChatAttachment, type ChatMessage } from '../../shared/api/chat.schema';
import { chatApi } from '../../shared/api/endpoints/chat';
import { chatEvents } from '../../shared/realtime-events/chat';
import { call, upload } from '../lib/call';
import { realtime } from '../realtime/connection';
import { leave, listen, whenSubscribed } from '../realtime/events';
import { pageAnswer, seedFromPage } from './page-data';
import { pageSignal } from './page-scope';
import { connection } from './realtime';

/** Chat polling every 5 s while the live connection is down (docs/chat.md#pages-and-polling). */
export const chatPollMs = 5_000;

/**
 * How often an open conversation fetches its messages afresh for new attachment links: links work for
 * at least two hours (docs/chat.md#downloads), so links an hour old are replaced long before they stop.
 */
export const chatLinkRefreshMs = 60 * 60_000;

/** The server reads a message when its recipient fetches it, so fetches wait while the tab is hidden. */
const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

export interface Conversation {
  customerId: number;
  /** By id, oldest first when listed. */
  messages: ReadonlyMap<number, ChatMessage>;
  /** The next (older) page to load, while there is one. */
  nextPage: number | null;
  state: 'loading' | 'ready' | 'error';
  error: string | null;
  /** When the attachment links held were fetched (Date.now()); `refreshLinks` renews them. */
  linksAt: number;
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

/** A page of the conversation (staff name its customer), or everything since `after`; the text to show when it fails. */
async function fetchPage(customerId: number, asStaff: boolean, { page = 1, after }: { page?: number; after?: string } = {}): Promise<{ data: ChatMessage[]; next: number | null } | string> {
  const result = await call(chatApi.chatMessages, { query: { page, after, customer_id: asStaff ? customerId : undefined } });
  if (!result.ok) return result.failure === 'malformed' ? chatTexts.invalidResponse : (result.message ?? chatTexts.loadFailed);
  return { data: result.data.data, next: result.data.next_page_url ? page + 1 : null };
}

/** Opens a conversation (the customer's own, or for staff the one they picked) and follows it live. */
export async function openConversation(customerId: number, asStaff: boolean): Promise<void> {
  conversation.value = { customerId, messages: new Map(), nextPage: null, state: 'loading', error: null, linksAt: Date.now() };
  const page = await fetchPage(customerId, asStaff);
  if (typeof page === 'string') {
    if (conversation.value?.customerId === customerId) conversation.value = { ...conversation.value, state: 'error', error: page };
    return;
  }
  merge(customerId, page.data, { nextPage: page.next, state: 'ready', error: null });
  // The fetch read the other side's messages (docs/chat.md#read-receipts): the count follows.
  void refreshUnread();
}

/** Older messages, when the list is scrolled near its top. */
export async function loadOlder(asStaff: boolean): Promise<void> {
  const current = conversation.value;
  if (!current?.nextPage || current.state === 'loading') return;
  conversation.value = { ...current, state: 'loading' };
  const page = await fetchPage(current.customerId, asStaff, { page: current.nextPage });
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
  // A hidden tab has not read anything: it polls again once it is shown (the chat room listens for that).
  if (!current || current.state === 'loading' || hidden()) return;
  // A conversation that failed to open is opened afresh rather than patched.
  if (current.state === 'error' && current.messages.size === 0) {
    await openConversation(current.customerId, asStaff);
    return;
  }
  const newest = orderedMessages.value.at(-1);
  const after = newest ? new Date(Date.parse(newest.created_at) - pollOverlapMs).toISOString() : undefined;
  const page = await fetchPage(current.customerId, asStaff, { after });
  if (typeof page === 'string') return;
  merge(current.customerId, page.data);
}

/** What one `after` fetch answers at most (docs/chat.md#pages-and-polling). */
const afterLimit = 500;

let refreshing = false;

/**
 * Fetches every held message afresh, for attachment links that work another two hours (held links
 * expire; an image shown stays shown, but one still to load or a file still to open needs a live link).
 * Only while the tab is shown, as fetching reads; a conversation without attachments only notes the time.
 */
export async function refreshLinks(asStaff: boolean): Promise<void> {
  const current = conversation.value;
  if (!current || current.state !== 'ready' || hidden() || refreshing) return;
  refreshing = true;
  try {
    await refetchHeld(current, asStaff);
  } finally {
    refreshing = false;
  }
}

async function refetchHeld(current: Conversation, asStaff: boolean): Promise<void> {
  const startedAt = Date.now();
  const held = orderedMessages.value;
  if (held.some((message) => message.attachments.length > 0)) {
    let after = held[0]!.created_at;
    for (;;) {
      const page = await fetchPage(current.customerId, asStaff, { after });
      if (typeof page === 'string') return;
      merge(current.customerId, page.data);
      const last = page.data.at(-1)?.created_at;
      if (page.data.length < afterLimit || !last || last === after) break;
      after = last;
    }
  }
  if (conversation.value?.customerId === current.customerId) conversation.value = { ...conversation.value, linksAt: startedAt };
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
  await call(chatApi.readChat, { body: asStaff ? { customer_id: customerId } : {} });
  void refreshUnread();
}

export async function sendMessage(customerId: number, asStaff: boolean, text: string, attachments: readonly string[]): Promise<string | null> {
  const result = await call(chatApi.sendChatMessage, { body: { message: text, attachments: [...attachments], ...(asStaff ? { customer_id: customerId } : {}) } });
  if (!result.ok) return result.message ?? chatTexts.sendFailed;
  receive(result.data.data);
  return null;
}

/** Uploads one file with progress. */
export async function uploadFile(file: File, onProgress: (percent: number) => void): Promise<ChatAttachment & { url: string }> {
  const form = new FormData();
  form.append('file', file);
  const answer = await upload(chatApi.chatUpload, form, { onProgress, fallback: chatTexts.uploadFailed });
  return { ...answer.data, url: answer.url };
}

// ---- Unread count and the live channel ----
/** The person's unread messages: the count the page came with (docs/chat.md#chat-notifier), null until one is read. */
export const unreadCount = pageSignal<number | null>(null);

seedFromPage((page) => {
  const answer = pageAnswer(page, 'chatUnread', chatApi.chatUnreadCount);
  if (answer) unreadCount.value = answer.unread_count;
});

export async function refreshUnread(): Promise<void> {
  const result = await call(chatApi.chatUnreadCount);
  if (result.ok) unreadCount.value = result.data.unread_count;
  else console.warn('unread count failed', result.status);
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
  const stopSent = listen(echo, chatEvents.messageSent, customerId, ({ message }) => onMessage(message));
  const stopRead = listen(echo, chatEvents.messageRead, customerId, ({ message_id }) => markReadLocally(message_id));
  // After every (re)subscription: what was sent while no event could arrive.
  if (onSubscribed) whenSubscribed(echo, chatEvents.messageSent, customerId, onSubscribed);
  return () => {
    // Staff leave a customer's channel they move away from; otherwise only these listeners go (the notifier shares it).
    if (leaveAfter) leave(echo, chatEvents.messageSent, customerId);
    else {
      stopSent();
      stopRead();
    }
  };
}
