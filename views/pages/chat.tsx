import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import ChatRoom from '../../client/islands/chat-room.island';
import { AppShell } from '../components/app-shell';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';

/** `/main/chat` (a customer with the staff) and `/admin/chat` ("Admin Chat", staff with any customer). */
export function ChatPage({ settings, user, csrfToken, mode }: { settings: SiteSettings; user: User; csrfToken: string; mode: 'customer' | 'staff' }) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="chat">
      <Stylesheet src="views/pages/chat.css" />
      <section className="page-heading chat-heading">
        <h1>{mode === 'staff' ? 'Admin Chat' : 'Support chat'}</h1>
        {mode === 'customer' ? <p>Talk to the {settings.name} team. Attach screenshots, PDF, Word or Excel files if they help.</p> : null}
      </section>
      <Island island={ChatRoom} client="load" props={{ mode, supportName: `${settings.name} support` }} />
    </AppShell>
  );
}
