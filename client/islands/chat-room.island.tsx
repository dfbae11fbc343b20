import './chat-room.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { paths } from '../../shared/routes';
import * as z from 'zod/mini';
import { chatTexts, type chatUserList } from '../../shared/api/chat.schema';
import { chatApi } from '../../shared/api/endpoints/chat';
import { ChatConversation, type ChatPeer } from '../components/chat-conversation';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { chatPollMs, followChannel, openConversation, pollNewer, receive } from '../state/chat';
import { connection } from '../state/realtime';
import { currentUser, realtimeKey } from '../state/session';

const props = z.object({
  mode: z.enum(['customer', 'staff']),
  /** The customer's own view: who they talk to. */
  supportName: z.string(),
});

type ChatUser = z.infer<typeof chatUserList>['data'][number];
type Tab = 'all' | 'online' | 'unread';

/** Opens the conversation, follows its channel, and polls while the live connection is down (docs/chat.md#pages-and-polling). */
function useConversation(customerId: number | null, asStaff: boolean) {
  useSignals();
  const live = connection.value.status === 'connected';
  useEffect(() => {
    if (customerId === null) return;
    void openConversation(customerId, asStaff);
    let stop: (() => void) | undefined;
    let cancelled = false;
    const key = realtimeKey.value;
    if (key)
      void followChannel(key, customerId, { onMessage: receive, onSubscribed: () => void pollNewer(asStaff), leaveAfter: asStaff })
        .then((off) => (cancelled ? off() : (stop = off)))
        .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [customerId, asStaff]);
  useEffect(() => {
    if (customerId === null) return;
    // Back online: fetch what came meanwhile once; while down, every 5 s. A hidden tab does not poll
    // (fetching reads the messages: docs/chat.md#read-receipts) and catches up once it is shown.
    void pollNewer(asStaff);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void pollNewer(asStaff);
    };
    document.addEventListener('visibilitychange', onVisible);
    const timer = live ? undefined : setInterval(() => void pollNewer(asStaff), chatPollMs);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [customerId, asStaff, live]);
}

function StaffChat() {
  useSignals();
  const [users, setUsers] = useState<ChatUser[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const [selected, setSelected] = useState<number | null>(null);
  const [showUsers, setShowUsers] = useState(true);
  const self = currentUser.value;
  useConversation(selected, true);

  // `/admin/chat?customer={id}`: the customer page's "Open chat" opens their conversation.
  useEffect(() => {
    const wanted = Number(new URLSearchParams(window.location.search).get('customer'));
    if (Number.isSafeInteger(wanted) && wanted > 0) {
      setSelected(wanted);
      setShowUsers(false);
    }
  }, []);

  useEffect(() => {
    const load = async () => {
      const result = await call(chatApi.chatCustomers);
      if (result.ok) {
        setUsers(result.data.data);
        setFailed(false);
      } else setFailed(true);
    };
    void load();
    const timer = setInterval(() => void load(), 30_000);
    return () => clearInterval(timer);
  }, []);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (users ?? []).filter(
      (u) =>
        (!q || u.first_name.toLowerCase().includes(q) || u.last_name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)) &&
        (tab === 'all' || (tab === 'online' ? u.is_online : u.unread_count > 0)),
    );
  }, [users, search, tab]);
  const chosen = users?.find((u) => u.id === selected);
  const peer: ChatPeer | null = chosen
    ? {
        id: chosen.id,
        name: `${chosen.first_name} ${chosen.last_name}`,
        subtitle: chosen.account_id ? `Account ${chosen.account_id}` : chosen.email,
        online: chosen.is_online,
        avatar: chosen.avatar,
        href: `${paths.adminCustomers}/${chosen.id}`,
      }
    : null;

  return (
    <div className={showUsers ? 'chat-room staff users-open' : 'chat-room staff'}>
      <aside className="chat-users" aria-label="Customers">
        <input type="search" placeholder="Search users..." aria-label="Search users..." value={search} onChange={(e) => setSearch(e.target.value)} />
        <div role="tablist" aria-label="Filter users" className="chat-tabs">
          {(['all', 'online', 'unread'] as const).map((id) => (
            <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
              {id === 'all' ? 'All' : id === 'online' ? 'Online' : 'Unread'}
            </button>
          ))}
        </div>
        {failed ? (
          <p className="chat-error" role="alert">
            {chatTexts.usersFailed}
          </p>
        ) : null}
        {users === null && !failed ? <p className="chat-empty">Loading users...</p> : null}
        {users !== null && shown.length === 0 ? <p className="chat-empty">No users found</p> : null}
        <ul>
          {shown.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                aria-current={u.id === selected || undefined}
                onClick={() => {
                  setSelected(u.id);
                  setShowUsers(false);
                  setUsers((all) => all?.map((x) => (x.id === u.id ? { ...x, unread_count: 0 } : x)) ?? null);
                }}
              >
                <span className={u.is_online ? 'presence online' : 'presence'}>
                  <span className="visually-hidden">{u.is_online ? 'Online' : 'Offline'}</span>
                </span>
                <span className="chat-user-name">
                  {u.first_name} {u.last_name}
                  <small>{u.email}</small>
                </span>
                {u.unread_count > 0 ? <span className="unread-badge">{u.unread_count}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      </aside>
      <div className="chat-main">
        <button type="button" className="show-users outline small" onClick={() => setShowUsers(true)}>
          Show Users
        </button>
        {peer && self ? <ChatConversation key={peer.id} selfId={self.id} peer={peer} asStaff /> : <p className="chat-select">Select a user to start chatting</p>}
      </div>
    </div>
  );
}

function CustomerChat({ supportName }: { supportName: string }) {
  useSignals();
  const self = currentUser.value;
  useConversation(self?.id ?? null, false);
  if (!self) return null;
  return (
    <div className="chat-room customer">
      <ChatConversation selfId={self.id} peer={{ id: self.id, name: supportName, subtitle: 'We usually answer within minutes on trading days', online: null, avatar: null }} asStaff={false} />
    </div>
  );
}

/** The support chat: `/main/chat` for a customer, `/admin/chat` ("Admin Chat") for staff. */
function ChatRoom({ mode, supportName }: z.infer<typeof props>) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return <p className="chat-empty">Loading...</p>;
  return mode === 'staff' ? <StaffChat /> : <CustomerChat supportName={supportName} />;
}

export default defineIsland({ name: 'chat-room', component: ChatRoom, props });
