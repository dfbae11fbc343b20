/**
 * Plain scripts, each `client/scripts/<name>.ts`: one small behaviour for server-rendered markup (no
 * React, no island runtime), built by Vite as its own entry and loaded only by pages that render that
 * markup. A view declares one with `<Script name="…" />` next to the markup it serves.
 */
export const pageScripts = ['toasts', 'password-reveal', 'forms', 'country-flag', 'risk-banner'] as const;
export type PageScript = (typeof pageScripts)[number];

/** The sheet every page links first: Pico, the design tokens and the primitives every page uses. */
export const baseSheet = 'client/styles/base.scss';
/** Linked after it on pages in the light look (the `td` entry pages). */
export const lightSheet = 'client/styles/light.scss';

/**
 * Style sheets of server-rendered views, each a Vite entry of its own: a view declares the ones its
 * markup needs with `<Stylesheet src="…" />`, so a page without islands has its styles in `<head>` too.
 * An island's styles are not here: it imports its own (`client/islands/x.css`) and the server links that
 * chunk's sheets from Vite's manifest.
 */
export const pageSheets = [
  'client/styles/app.scss',
  'client/styles/pico-forms.scss',
  'client/styles/toasts.css',
  'views/components/auth-frames.css',
  'views/components/td-frame.css',
  'views/components/form-fields.css',
  'views/components/status-screen.css',
  'views/components/app-shell.css',
  'views/pages/dashboard.css',
  'views/pages/legal.css',
  'views/pages/chat.css',
  'views/pages/trade-room.css',
  'views/pages/light-terminal.css',
  'client/styles/staff-tables.css',
  'views/pages/admin/back-office.css',
  'views/pages/admin/audit.css',
  'views/pages/admin/settings.css',
  'views/pages/admin/savings.css',
  'views/funding/deposit-methods.css',
  'views/pages/wallet.css',
  'views/pages/savings.css',
  'views/pages/accounts.css',
  'views/pages/deposit.css',
  'views/pages/personal.css',
  'views/pages/settings.css',
  'views/pages/system-status.css',
  'views/pages/security.css',
  'views/pages/plans.css',
] as const;
export type PageSheet = (typeof pageSheets)[number];

/** What a page's body used, collected while it renders, and its look. */
export interface PageNeeds {
  islands: readonly string[];
  scripts: readonly PageScript[];
  sheets: readonly PageSheet[];
  theme: 'dark' | 'light';
}

/** The URLs a page references: style sheets for `<head>`, modules to preload there, and module scripts for the end of `<body>`. */
export interface PageLinks {
  styles: readonly string[];
  /** Sheets small enough to be sent inside the page (by URL): a request of their own cost a round trip before the first paint. */
  inlined?: ReadonlyMap<string, string>;
  preloads: readonly string[];
  scripts: readonly string[];
}

/** Resolves a page's needs to its built (or, in development, served) files. */
export interface PageAssets {
  links(needs: PageNeeds): PageLinks;
}
