/** The route table and the site-gate exemptions (docs/access.md#the-gate). */

export const paths = {
  login: '/',
  loginAlias: '/login',
  main: '/main',
  dashboard: '/main/dashboard',
  signup: '/signup',
  tradeRoom: '/mt4',
  lightTerminal: '/mt4-light',
  terminalChoice: '/terminal',
  chat: '/main/chat',
  marketplace: '/main/marketplace',
  deposit: '/main/deposit',
  wallet: '/main/withdrawal',
  transactionHistory: '/main/transaction-history',
  personal: '/main/personal',
  security: '/main/security',
  verification: '/main/verification',
  accounts: '/main/accounts',
  savings: '/main/savings',
  settings: '/main/settings',
  plans: '/main/plans',
  systemStatus: '/main/test',
  admin: '/admin',
  adminCustomers: '/admin/customers',
  adminChat: '/admin/chat',
  adminAutotrader: '/admin/autotrader',
  adminAudit: '/admin/audit',
  adminOutbox: '/admin/outbox',
  adminSettings: '/admin/settings',
  adminStaff: '/admin/staff',
  adminCatalogue: '/admin/catalogue',
  adminInstruments: '/admin/instruments',
  adminFinancing: '/admin/financing',
  adminConditions: '/admin/conditions',
  adminQueues: '/admin/queues',
  adminSandboxChain: '/admin/sandbox-chain',
  adminSavings: '/admin/savings',
  adminPlanRequests: '/admin/plan-requests',
} as const;

/** Where a customer's "Trade room" links lead: the terminal they chose (docs/trade-room.md#terminals). */
export const terminalPathOf = (user: { terminal: 'classic' | 'light' }): string => (user.terminal === 'light' ? paths.lightTerminal : paths.tradeRoom);

/** Pages exempt from the data and account gate (docs/access.md#the-gate). */
export const publicPaths: readonly string[] = ['/', '/login', '/signup', '/register', '/register/country-residence', '/forgot-password', '/reset-password', '/auto-login'];

export function isPublicPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return publicPaths.includes(trimmed);
}

/**
 * The page to return to after login. Only same-site absolute paths are accepted, so a crafted
 * `next` cannot send the user to another host (`//evil`, `/\evil`, `https://…`).
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\\]/.test(value)) return null;
  return value;
}
