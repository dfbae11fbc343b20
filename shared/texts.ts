/** User-facing texts, word for word; one place so views, islands and the API agree. */

export const gateTexts = {
  unreachable: {
    title: 'Site Unreachable',
    body: "We're having trouble connecting to the server. This could be due to network issues or the server might be undergoing maintenance.",
    action: 'Try Again',
  },
  siteDisabled: {
    title: 'Site Temporarily Disabled',
    fallback: 'This site is currently unavailable. Please check back later.',
    action: 'Check Status',
  },
  logout: 'Logout',
  accountDisabled: {
    title: 'Account Currently Disabled',
    body: 'Your account is currently disabled, please contact support.',
    action: 'Check Status',
    reason: (reason: string) => `Reason given by our staff: ${reason}`,
  },
  awaitingApproval: {
    title: 'Awaiting Approval',
    body: 'Your account is awaiting approval from the Client Management Team',
    /** What opens the account, and where a customer awaiting approval may still go (docs/customer-area.md#verification). */
    verifyHint: 'Send your identity document and proof of address: your account opens once they are approved.',
    verify: 'Verification',
    chat: 'Support chat',
  },
} as const;

export const validationTexts = {
  email: 'Please enter a valid email address',
  passwordMin: 'Password must be at least 8 characters',
  passwordRequired: 'Please enter your password',
  /** Any field of any request holding NUL or half a surrogate pair: refused before it reaches the database. */
  /** A multipart upload busboy could not read. */
  multipartNoBoundary: 'The upload could not be read: its Content-Type names no multipart boundary.',
  multipartIncomplete: 'The upload could not be read: the body ended before the form did. Please try again.',
  multipartMalformed: 'The upload could not be read: the form data is malformed.',
  unstorable: (field: string) => `The ${field} field contains a character that cannot be stored (NUL or half of a surrogate pair). Remove it and try again.`,
} as const;

export const authTexts = {
  invalidCredentials: 'These credentials do not match our records.',
  unauthenticated: 'Unauthenticated.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  loginFailedTitle: 'Login failed',
  loginFailed: 'Login failed. Please try again.',
  serviceUnreachable: 'The trading service is unreachable. Please try again.',
  /** The API's 503 while its database does not answer (a restart, a failover): the caller may try again (an order with its order id is never done twice). */
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a few seconds.',
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  crossSite: 'Cross-site request refused.',
  loginLinkInvalid: 'This sign-in link is invalid or has expired.',
  /** A role the endpoint is not for (docs/access.md#who-may-do-what). */
  notForYourRole: 'This action is unauthorized.',
  /** Staff or an admin calling a customer-only endpoint (`customer` access). */
  customersOnly: 'Staff and admin accounts do not trade or hold customer accounts: sign in with a customer account.',
} as const;

/** Shown on the entry screens and the app's pages (docs/screens.md#risk-warning). */
export const riskWarningText = 'Trading CFDs carries a high level of risk to your capital, and you should only trade with money you can afford to lose.';

export const translationRecoveryText = 'Recovering from translation conflict...';

/** The connection toasts (docs/realtime.md#connection-toasts) and the notification card (docs/realtime.md#notifications). */
export const realtimeTexts = {
  reconnecting: 'Reconnecting to server...',
  connected: 'Connected to server',
  failed: (reason: string | null | undefined) => `Connection failed: ${reason || 'Unknown error'}`,
  connectionFailed: 'Connection failed',
  notificationTitle: 'Notification',
  /** `POST /broadcasting/auth` for a channel of someone else's (docs/realtime.md#who-may-subscribe). */
  channelNotYours: 'This channel belongs to another user.',
  channelUnknown: 'There is no such channel.',
} as const;

/** The notification bell (docs/realtime.md#the-bell); the first three are the main-area spec's words. */
export const bellTexts = {
  title: 'Notifications',
  markAll: 'Mark all as read',
  none: 'No notifications yet',
  /** After the count, for screen readers: "Notifications, 3 unread". */
  unread: 'unread',
  markOne: 'Mark as read',
  older: 'Show older',
  loadFailed: 'Your notifications could not be loaded.',
  markFailed: 'Could not mark them read. Please try again.',
} as const;

/** How long the connection toasts stay. */
export const realtimeToastMs = { connected: 2_000, failed: 4_000 } as const;

/** The registration messages (docs/access.md#registration-rules). */
export const registrationTexts = {
  /** Under the password of a sign-up form sent back with errors. */
  passwordAgain: 'For your security the password is never sent back: please type it again.',
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  username: 'Username must be at least 3 characters',
  phone: 'Please enter a valid phone number',
  passwordsDiffer: 'Passwords do not match',
  privacy: 'Please agree to the Privacy Policy',
  missingDraft: 'Please complete the registration process first',
  emailTaken: 'Email is already registered',
  emailAvailable: 'Email is available',
  emailVerified: 'Email verified successfully! Please continue with registration.',
  checkFailed: 'Failed to check email availability',
  genericError: 'An error occurred. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  registered: 'Your account has been created. You can sign in now.',
  usernameTaken: 'This username is already taken',
  required: (field: string) => `The ${field} field is required.`,
  controlCharacters: (field: string) => `The ${field} must not contain control characters.`,
} as const;

/** Password recovery: the same answer whether or not the address is registered. */
export const recoveryTexts = {
  linkSent: 'If an account exists for that address, we have sent a link to reset its password.',
  linkInvalid: 'This password reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. You can sign in now.',
  mailSubject: (site: string) => `Reset your ${site} password`,
} as const;
