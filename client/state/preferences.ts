import { preferencesApi } from '../../shared/api/endpoints/preferences';
import type { Preferences, PreferencesUpdate, WatchDigits } from '../../shared/api/preferences.schema';
import { terminalPathOf } from '../../shared/routes';
import { call, type CallResult } from '../lib/call';
import { pageComputed } from './page-scope';
import { currentUser } from './session';

/** One-click trading is on for the signed-in customer (docs/trade-room.md#one-click-trading). */
export const oneClickOn = pageComputed(() => currentUser.value?.one_click_trading === true);
/** The market watch's decimals: 3 (`fixed`, the default) or each instrument's own. */
export const watchDigits = pageComputed(() => currentUser.value?.watch_digits ?? 'fixed');

/** The page's server-rendered "Trade room" links (`data-trade-room`) open the terminal now chosen (docs/trade-room.md#terminals). */
function followTerminalLinks(terminal: Preferences['terminal']): void {
  if (typeof document === 'undefined') return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-trade-room]')) link.setAttribute('href', terminalPathOf({ terminal }));
}

/** The saved settings onto the page's user, so every island on the page follows at once (other pages read the user afresh). */
export function applyPreferences(saved: Preferences): void {
  const user = currentUser.value;
  if (!user) return;
  if (saved.terminal !== user.terminal) followTerminalLinks(saved.terminal);
  currentUser.value = {
    ...user,
    display_currency: saved.display_currency,
    language: saved.language,
    sounds_enabled: saved.sounds_enabled,
    one_click_trading: saved.one_click_trading,
    watch_digits: saved.watch_digits,
    terminal: saved.terminal,
  };
}

/** `PATCH /user/preferences`; on success the page's user takes the saved settings. Never throws. */
export async function savePreferences(change: PreferencesUpdate): Promise<CallResult<typeof preferencesApi.updatePreferences>> {
  const result = await call(preferencesApi.updatePreferences, { body: change });
  if (result.ok) applyPreferences(result.data.data);
  return result;
}

/** The market watch's digits, switched at once and saved; put back (and false returned) when the save fails. */
export async function chooseWatchDigits(mode: WatchDigits): Promise<boolean> {
  const user = currentUser.value;
  if (!user) return false;
  const before = user.watch_digits;
  currentUser.value = { ...user, watch_digits: mode };
  const result = await savePreferences({ watch_digits: mode });
  if (!result.ok && currentUser.value) currentUser.value = { ...currentUser.value, watch_digits: before };
  return result.ok;
}
