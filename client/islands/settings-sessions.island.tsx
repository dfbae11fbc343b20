import './settings-preferences.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import { preferencesApi } from '../../shared/api/endpoints/preferences';
import { sessionSchema, type SessionView } from '../../shared/api/preferences.schema';
import { formatAgo, formatDate } from '../lib/format';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { defineIsland } from '../runtime/define-island';

const props = z.object({
  /** GET /user/sessions, or null when it could not be read. */
  sessions: z.nullable(z.array(sessionSchema)),
  /** The server's clock when it rendered ("3 minutes ago" reads the same after hydration); dates follow the page's language (client/lib/format.ts). */
  now: z.number(),
  csrfToken: z.string(),
});

/** Another device's Sign out; one that had already ended elsewhere (404) is gone from the list all the same. */
function SignOutDevice({ id, waiting, gone }: { id: number; waiting: boolean; gone: () => void }) {
  const form = useEndpointForm(preferencesApi.revokeSession, {
    initial: {},
    request: () => ({ params: { id } }),
    settledElsewhere: true,
    done: ({ data, message }) => (data ? { kind: 'success', title: message ?? '' } : { kind: 'error', title: message }),
    failureTitle: 'That device could not be signed out. Try again.',
    onDone: gone,
  });
  return (
    <button type="button" className="outline secondary small" aria-busy={form.busy || undefined} disabled={form.busy || waiting} onClick={() => form.submit()}>
      Sign out
    </button>
  );
}

/** One device: what it is, where and when it signed in; this one signs out through the ordinary logout (the session cookie goes too). */
function SessionRow({ session: s, now, csrfToken, waiting, gone }: { session: SessionView; now: number; csrfToken: string; waiting: boolean; gone: () => void }) {
  return (
    <li className={s.current ? 'session current' : 'session'}>
      <div className="session-what">
        <strong>
          {s.device}
          {s.current ? <span className="badge">This device</span> : null}
        </strong>
        <small>
          {s.ip ? `IP ${s.ip} · ` : ''}Signed in {formatDate(s.signed_in_at, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })}
        </small>
        <small>Last active {s.current ? 'now' : s.last_active_at ? formatAgo(s.last_active_at, now) : formatAgo(s.signed_in_at, now)}</small>
      </div>
      {s.current ? (
        <form method="post" action="/session/logout">
          <input type="hidden" name="_csrf" value={csrfToken} />
          <button type="submit" className="outline secondary small">
            Sign out
          </button>
        </form>
      ) : (
        <SignOutDevice id={s.id} waiting={waiting} gone={gone} />
      )}
    </li>
  );
}

/**
 * The devices signed in to the account (docs/customer-area.md#settings): each can be signed out;
 * "Sign out all other devices" keeps this one.
 */
function SettingsSessions({ sessions, now, csrfToken }: z.infer<typeof props>) {
  const [list, setList] = useState<readonly SessionView[] | null>(sessions);
  const others = useEndpointForm(preferencesApi.revokeOtherSessions, {
    initial: {},
    request: () => ({}),
    done: ({ message }) => ({ kind: 'success', title: message ?? '' }),
    failureTitle: 'The other devices could not be signed out. Try again.',
    onDone: () => setList((rows) => rows?.filter((s) => s.current) ?? null),
  });

  if (!list) {
    return (
      <p className="notice notice-warning" role="alert">
        The devices signed in could not be loaded. Reload the page to try again.
      </p>
    );
  }
  const count = list.filter((s) => !s.current).length;
  return (
    <>
      <ul className="session-list">
        {list.map((s) => (
          <SessionRow key={s.id} session={s} now={now} csrfToken={csrfToken} waiting={others.busy} gone={() => setList((rows) => rows?.filter((row) => row.id !== s.id) ?? null)} />
        ))}
      </ul>
      <div className="session-actions">
        <p className="settings-hint">
          {count === 0 ? 'No other device is signed in.' : `${count} other ${count === 1 ? 'device is' : 'devices are'} signed in. Sign out any you do not recognise, then change your password.`}
        </p>
        <button type="button" className="secondary small" disabled={count === 0 || others.busy} aria-busy={others.busy || undefined} onClick={() => others.submit()}>
          Sign out all other devices
        </button>
      </div>
    </>
  );
}

export default defineIsland({ name: 'settings-sessions', component: SettingsSessions, props });
