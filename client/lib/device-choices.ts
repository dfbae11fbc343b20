/**
 * The trade room's choices this device keeps (docs/trade-room.md#kept-on-the-device): cookies both terminals read
 * (`/mt4` and `/mt4-light`, so the path is the site's), never secrets, so the server reads them with the page's request and renders the room as the browser will
 * show it (the open pairs, the account), and the browser hydrates against the same.
 */
export const deviceChoices = { pairs: 'asset-storage', account: 'selected-account' } as const;
export type DeviceChoice = (typeof deviceChoices)[keyof typeof deviceChoices];

const oneYear = 60 * 60 * 24 * 365;

/** Keeps a choice for the next visit (a blocked cookie store: it lasts for this page only). */
export function writeDeviceChoice(name: DeviceChoice, value: unknown): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(JSON.stringify(value))}; Path=/; Max-Age=${oneYear}; SameSite=Lax${secure}`;
  // The same choice as this device kept it while only /mt4 read it: gone, so the two never disagree.
  document.cookie = `${name}=; Path=/mt4; Max-Age=0; SameSite=Lax${secure}`;
}

/**
 * A choice this device kept before it moved to a cookie: the old localStorage entry of the same name, read once and
 * removed (undefined when there is none or it is unreadable), so a returning trader keeps their pairs and account.
 */
export function takeLegacyChoice(name: DeviceChoice): unknown {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(name);
    if (raw === null) return undefined;
    localStorage.removeItem(name);
    return JSON.parse(raw) as unknown;
  } catch {
    // A blocked store or a value this code did not write: as if there were none.
    return undefined;
  }
}

/** The server's side: the choices a request's `Cookie` header carries (unreadable ones left out), for the page state. */
export function readDeviceChoices(cookieHeader: string | undefined): Record<string, unknown> {
  const names = new Set<string>(Object.values(deviceChoices));
  const choices: Record<string, unknown> = {};
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    if (at < 0 || !names.has(name)) continue;
    try {
      choices[name] = JSON.parse(decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      // A cookie this code did not write: as if there were none.
    }
  }
  return choices;
}

/** The account a room shows: the one this device chose while it is one of the customer's, else their first (or none). */
export function accountShown(accountIds: readonly number[], choice: unknown): number | null {
  return typeof choice === 'number' && accountIds.includes(choice) ? choice : (accountIds[0] ?? null);
}
