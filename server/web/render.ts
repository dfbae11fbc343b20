import type { Request, RequestHandler, Response } from 'express';
import type { ReactElement } from 'react';
import { themeOf, type EntryLook, type SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import type { PageData, PageUser, ToastInput } from '../../shared/page-state.schema';
import type { PageAssets } from '../../views/assets';
import { renderDocument } from '../../views/document';
import { csrf } from './security';
import { takeFlash } from './session';

export function pageUserOf(user: User | null): PageUser | null {
  return user
    ? {
        id: user.id,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        role: user.role,
        status: user.status,
        display_currency: user.display_currency,
        language: user.language,
        sounds_enabled: user.sounds_enabled,
        one_click_trading: user.one_click_trading,
        watch_digits: user.watch_digits,
        terminal: user.terminal,
      }
    : null;
}

export interface PageOptions {
  status?: number;
  title: string;
  settings: SiteSettings | null;
  user?: User | null;
  flash?: ToastInput[];
  /** What the server already fetched for the page's islands (their first data, in the page state). */
  data?: PageData;
  /** Sign-in and sign-up pages follow the look of the registration variant (light for `td`). */
  look?: EntryLook;
  /** A signed-in page in the light palette (the light terminal); otherwise the look's, else dark. */
  theme?: 'dark' | 'light';
  body: (csrfToken: string) => ReactElement;
}

/** Renders a page to HTML with its CSRF token, page state and CSP nonce, and sends it. Pages are never cached. */
/** Notes when a request arrived, before anything is read for it: the page's `readsFrom` (docs/realtime.md#catching-up). */
export const noteArrival: RequestHandler = (_req, res, next) => {
  res.locals.arrivedAt = Date.now();
  next();
};

export function sendPage(req: Request, res: Response, assets: PageAssets, options: PageOptions): void {
  const csrfToken = csrf.generateToken(req);
  // What the gate read for a signed-in page's frame (`gatedPage`) goes with the page's own data.
  const chatUnread = options.user ? (res.locals.chatUnread as PageData['chatUnread']) : undefined;
  const data = chatUnread === undefined ? options.data : { ...options.data, chatUnread };
  const siteName = options.settings?.name ?? 'Trading Platform';
  const html = renderDocument({
    title: options.title,
    siteName,
    favicon: options.settings?.favicon ?? null,
    nonce: res.locals.cspNonce as string,
    assets,
    pageState: {
      csrfToken,
      siteName,
      user: pageUserOf(options.user ?? null),
      realtimeKey: options.user ? ((res.locals.realtimeKey as string | undefined) ?? null) : null,
      ...(typeof res.locals.arrivedAt === 'number' ? { readsFrom: res.locals.arrivedAt } : {}),
      ...(data ? { data } : {}),
    },
    body: options.body(csrfToken),
    flash: [...takeFlash(req), ...(options.flash ?? [])],
    theme: options.theme ?? (options.look ? themeOf(options.look) : 'dark'),
  });
  res
    .status(options.status ?? 200)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(html);
}
