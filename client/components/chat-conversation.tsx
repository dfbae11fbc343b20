import './chat-conversation.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatMessage } from '../../shared/api/chat.schema';
import { chatTexts } from '../../shared/api/chat.schema';
import { chatLinkRefreshMs, conversation, loadOlder, markRead, orderedMessages, refreshLinks, sendMessage, uploadFile, usingBackup } from '../state/chat';
import { connection } from '../state/realtime';
import { showToast } from '../state/toasts';
import { formatDate } from '../lib/format';

/** Older messages load within 100 px of the top; "scrolled away" is 100 px from the bottom. */
const edgePx = 100;

interface Upload {
  key: number;
  name: string;
  progress: number;
  error: string | null;
  url: string | null;
}

export interface ChatPeer {
  id: number;
  name: string;
  subtitle: string;
  online: boolean | null;
  avatar: string | null;
  /** Staff: the customer's page in the back office. */
  href?: string;
}

const PaperclipIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
    <path d="M21 11.5l-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l7.9-7.9" />
  </svg>
);

function Bubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <li className={mine ? 'bubble mine' : 'bubble'}>
      {message.is_admin ? (
        <span className="staff-mark" title="Staff">
          A<span className="visually-hidden"> (staff)</span>
        </span>
      ) : null}
      <div className="bubble-body">
        {message.message ? <p>{message.message}</p> : null}
        {message.attachments.map((file) =>
          file.is_image ? (
            <a key={file.id} href={file.download_url} className="attachment-image">
              <img src={file.download_url} alt={file.file_name} loading="lazy" />
            </a>
          ) : (
            <a key={file.id} href={file.download_url} className="attachment-file" download>
              <PaperclipIcon />
              {file.file_name}
            </a>
          ),
        )}
        <small>
          {formatDate(message.created_at, { hour: 'numeric', minute: '2-digit' })}
          {mine && message.read_at ? ' • Read' : ''}
        </small>
      </div>
    </li>
  );
}

/** One conversation (docs/chat.md#screens): day groups, older pages, scroll-to-bottom, attachments, Enter to send. */
export function ChatConversation({ selfId, peer, asStaff }: { selfId: number; peer: ChatPeer; asStaff: boolean }) {
  useSignals();
  const list = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [sending, setSending] = useState(false);
  const [away, setAway] = useState(false);
  const [unseen, setUnseen] = useState(false);
  const [online, setOnline] = useState(true);
  const messages = orderedMessages.value;
  const state = conversation.value;
  const status = connection.value.status;
  const lastId = messages.at(-1)?.id;
  const previousHeight = useRef(0);
  const firstId = messages[0]?.id;

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  // New messages: follow them when at the bottom (and always one's own), else light the red dot.
  useLayoutEffect(() => {
    const element = list.current;
    const last = messages.at(-1);
    if (!element || !last) return;
    if (!away || last.sender_id === selfId) {
      element.scrollTop = element.scrollHeight;
      setAway(false);
    } else setUnseen(true);
    readIfVisible();
    // Only a new newest message moves the list; the rest is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastId]);

  // What the other side sent is read once this tab is in view.
  const readIfVisible = () => {
    const last = messages.at(-1);
    if (last && last.sender_id !== selfId && !last.read_at && document.visibilityState === 'visible') void markRead(peer.id, asStaff);
  };
  useEffect(() => {
    const onVisible = () => readIfVisible();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  });

  // Attachment links expire (docs/chat.md#downloads): an hour after they came, the messages held are
  // fetched afresh; in a hidden tab, once it is shown again (fetching reads them).
  const linksAt = state?.linksAt;
  useEffect(() => {
    if (linksAt === undefined) return;
    const refreshIfDue = () => {
      if (Date.now() >= linksAt + chatLinkRefreshMs) void refreshLinks(asStaff);
    };
    const timer = setInterval(refreshIfDue, 60_000);
    document.addEventListener('visibilitychange', refreshIfDue);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refreshIfDue);
    };
  }, [linksAt, asStaff]);

  // Older messages arriving on top keep the view where it was.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (previousHeight.current && element.scrollTop < edgePx) element.scrollTop += element.scrollHeight - previousHeight.current;
    previousHeight.current = element.scrollHeight;
  }, [firstId]);

  const onScroll = () => {
    const element = list.current;
    if (!element) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    setAway(distance > edgePx);
    if (distance <= edgePx) setUnseen(false);
    if (element.scrollTop < edgePx) {
      previousHeight.current = element.scrollHeight;
      void loadOlder(asStaff);
    }
  };

  const toBottom = () => {
    list.current?.scrollTo({ top: list.current.scrollHeight, behavior: 'smooth' });
    setUnseen(false);
  };

  const nextKey = useRef(1);
  async function attach(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    const key = nextKey.current++;
    setUploads((all) => [...all, { key, name: file.name, progress: 0, error: null, url: null }]);
    const update = (patch: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...patch } : u)));
    try {
      const done = await uploadFile(file, (progress) => update({ progress }));
      update({ progress: 100, url: done.url });
    } catch (error) {
      update({ error: error instanceof Error ? error.message : chatTexts.uploadFailed });
    }
  }

  const ready = uploads.filter((u) => u.url);
  const pending = uploads.some((u) => !u.url && !u.error);
  const canSend = !sending && !pending && online && (text.trim() !== '' || ready.length > 0);

  async function send() {
    if (!online) return showToast({ kind: 'error', title: chatTexts.connectionLost });
    if (!canSend) return;
    setSending(true);
    const problem = await sendMessage(
      peer.id,
      asStaff,
      text.trim(),
      ready.map((u) => u.url!),
    );
    setSending(false);
    if (problem) return showToast({ kind: 'error', title: problem });
    setText('');
    // Only what went: a file attached while the message was on its way stays (and its refusal with it).
    const sent = new Set(ready.map((u) => u.key));
    setUploads((all) => all.filter((u) => !sent.has(u.key)));
    setAway(false);
  }

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const groups: { day: string; items: ChatMessage[] }[] = [];
  for (const message of messages) {
    const day = formatDate(message.created_at, { month: 'short', day: 'numeric', year: 'numeric' });
    const group = groups.at(-1);
    if (group?.day === day) group.items.push(message);
    else groups.push({ day, items: [message] });
  }
  const statusText = status === 'connected' ? 'Connected' : status === 'connecting' ? 'Reconnecting...' : 'Disconnected';

  return (
    <section className="chat-conversation" aria-label={`Conversation with ${peer.name}`}>
      <header className="chat-header">
        <span className="avatar" aria-hidden="true">
          {peer.avatar ? <img src={peer.avatar} alt="" /> : peer.name.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <strong>{peer.href ? <a href={peer.href}>{peer.name}</a> : peer.name}</strong>
          <small>{[peer.online === null ? null : peer.online ? 'Online' : 'Offline', peer.subtitle || null].filter(Boolean).join(' · ')}</small>
        </div>
        <span className={`connection-indicator ${status}`} role="status">
          {statusText}
        </span>
      </header>
      {usingBackup.value ? <p className="backup-banner">Using backup connection - messages may be slightly delayed</p> : null}
      <div className="chat-messages" ref={list} onScroll={onScroll} role="log" aria-label="Messages">
        {state?.state === 'error' ? (
          <p className="chat-error" role="alert">
            {state.error}
          </p>
        ) : null}
        {state?.state === 'loading' && messages.length === 0 ? <p className="chat-empty">Loading...</p> : null}
        {state?.state === 'ready' && messages.length === 0 ? (
          <div className="chat-empty">
            <strong>No messages yet</strong>
            <p>Start a conversation by typing a message below</p>
          </div>
        ) : null}
        {groups.map((group) => (
          <section key={group.day} aria-label={group.day}>
            <h3 className="chat-day">{group.day}</h3>
            <ol>
              {group.items.map((message) => (
                <Bubble key={message.id} message={message} mine={message.sender_id === selfId} />
              ))}
            </ol>
          </section>
        ))}
      </div>
      {away ? (
        <button type="button" className="to-bottom" aria-label="Scroll to the newest message" onClick={toBottom}>
          ↓
          {unseen ? (
            <span className="red-dot">
              <span className="visually-hidden">New messages</span>
            </span>
          ) : null}
        </button>
      ) : null}
      {uploads.length > 0 ? (
        <ul className="chat-uploads">
          {uploads.map((u) => (
            <li key={u.key} className={u.error ? 'failed' : undefined}>
              <span>{u.name}</span>
              {u.error ? <small role="alert">{u.error}</small> : <progress value={u.progress} max={100} aria-label={`Uploading ${u.name}`} />}
              <button type="button" className="link-like" aria-label={`Remove ${u.name}`} onClick={() => setUploads((all) => all.filter((x) => x.key !== u.key))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="chat-input"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className="attach-button" title="Attach a file">
          <input type="file" accept="image/*,.pdf,.doc,.docx,.xls,.xlsx" onChange={(event) => (void attach(event.target.files), (event.target.value = ''))} disabled={!online} />
          <PaperclipIcon />
          <span className="visually-hidden">Attach a file</span>
        </label>
        <textarea
          rows={1}
          aria-label="Message"
          placeholder={online ? 'Type a message...' : 'Reconnecting...'}
          disabled={!online}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          maxLength={5000}
        />
        <button type="submit" disabled={!canSend} aria-busy={sending || undefined}>
          Send
        </button>
      </form>
    </section>
  );
}
