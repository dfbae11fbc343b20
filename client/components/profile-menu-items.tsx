import type { TerminalKind } from '../../shared/api/preferences.schema';
import { CsrfForm } from './csrf-form';
import { TerminalSwitch } from './terminal-switch';

/**
 * The profile menu's items, the same on both terminals (docs/trade-room.md#terminals): the account's pages, the switch
 * to the other terminal and Logout, as `<li>`s for the menu's list. Plain forms, so they work before any script; the
 * server view (/mt4) and the light terminal's toolbar island both render it.
 */
export function ProfileMenuItems({ csrfToken, otherTerminal, buttonClassName }: { csrfToken: string; otherTerminal: TerminalKind; buttonClassName: string }) {
  return (
    <>
      <li>
        <a href="/main/dashboard">Profile</a>
      </li>
      <li>
        <a href="/main/accounts">Account Details</a>
      </li>
      <li>
        <a href="/main/settings">Settings</a>
      </li>
      <li>
        <TerminalSwitch to={otherTerminal} csrfToken={csrfToken} className={buttonClassName} />
      </li>
      <li>
        <CsrfForm action="/session/logout" csrfToken={csrfToken}>
          <button type="submit" className={buttonClassName}>
            Logout
          </button>
        </CsrfForm>
      </li>
    </>
  );
}
