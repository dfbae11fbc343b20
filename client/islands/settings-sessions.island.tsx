import './settings-preferences.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import { preferencesApi } from '../../shared/api/endpoints/preferences';
import { sessionSchema, type SessionView } from '../../shared/api/preferences.schema';
import { formatLocaleAgo, formatLocaleDateTime } from '../../shared/locale';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const props = z.object({
  /** GET /user/sessions, or null when it could not be read. */
  sessions: z.nullable(z.array(sessionSchema)),
  /** The customer's language (dates follow it) and the server's clock when it rendered ("3 minutes ago" reads the same after hydration). */
  language: z.nullable(z.string()),
  now: z.number(),
  csrfToken: z.string(),
});

/**
 * The devices signed in to the account (docs/customer-area.md#settings): each can be signed out; this
 * one signs out through the ordinary logout (the session cookie goes too); "Sign out all other
 * devices" keeps this one.
 */
function SettingsSessions({ sessions, language, now, csrfToken }: z.infer<typeof props>) {
  const [list, setList] = useState<readonly SessionView[] | null>(sessions);
  const [busy, setBusy] = useState<number | 'others' | null>(null);

  if (!list) {
    return (
      <p className="notice notice-warning" role="alert">
        The devices signed in could not be loaded. Reload the page to try again.
      </p>
    );
  }

  async function signOut(id: number) {
    setBusy(id);
    const result = await call(preferencesApi.revokeSession, { params: { id } });
    setBusy(null);
    // A 404: it had already ended elsewhere; either way it is gone from the list.
    if (result.ok || result.status === 404) setList((rows) => rows?.filter((s) => s.id !== id) ?? null);
    showToast(result.ok ? { kind: 'success', title: result.data.message } : { kind: 'error', title: result.message ?? 'That device could not be signed out. Try again.' });
  }

  async function signOutOthers() {
    setBusy('others');
    const result = await call(preferencesApi.revokeOtherSessions);
    setBusy(null);
    if (result.ok) setList((rows) => rows?.filter((s) => s.current) ?? null);
    showToast(result.ok ? { kind: 'success', title: result.data.message } : { kind: 'error', title: result.message ?? 'The other devices could not be signed out. Try again.' });
  }

  const others = list.filter((s) => !s.current).length;
  return (
    <>
      <ul className="session-list">
        {list.map((s) => (
          <li key={s.id} className={s.current ? 'session current' : 'session'}>
            <div className="session-what">
              <strong>
                {s.device}
                {s.current ? <span className="badge">This device</span> : null}
              </strong>
              <small>
                {s.ip ? `IP ${s.ip} · ` : ''}Signed in {formatLocaleDateTime(s.signed_in_at, language)}
              </small>
              <small>Last active {s.current ? 'now' : s.last_active_at ? formatLocaleAgo(s.last_active_at, now, language) : formatLocaleAgo(s.signed_in_at, now, language)}</small>
            </div>
            {s.current ? (
              <form method="post" action="/session/logout">
                <input type="hidden" name="_csrf" value={csrfToken} />
                <button type="submit" className="outline secondary small">
                  Sign out
                </button>
              </form>
            ) : (
              <button type="button" className="outline secondary small" aria-busy={busy === s.id || undefined} disabled={busy !== null} onClick={() => void signOut(s.id)}>
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="session-actions">
        <p className="settings-hint">
          {others === 0 ? 'No other device is signed in.' : `${others} other ${others === 1 ? 'device is' : 'devices are'} signed in. Sign out any you do not recognise, then change your password.`}
        </p>
        <button type="button" className="secondary small" disabled={others === 0 || busy !== null} aria-busy={busy === 'others' || undefined} onClick={() => void signOutOthers()}>
          Sign out all other devices
        </button>
      </div>
    </>
  );
}

export default defineIsland({ name: 'settings-sessions', component: SettingsSessions, props });
