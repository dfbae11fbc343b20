import type { Currency } from '../../../shared/api/data.schema';
import {
  defaultLanguage,
  languageCodes,
  notificationTopicKeys,
  preferencesTexts as texts,
  type LanguageCode,
  type NotificationTopic,
  type Preferences,
  type PreferencesUpdate,
  type SessionView,
} from '../../../shared/api/preferences.schema';
import type { Logger } from '../../logger';
import { recordAudit } from '../db/audit.repo';
import type { AppDb, Executor } from '../db/database';
import { readPreferenceColumns, writePreferenceColumns, type PreferenceColumns } from '../db/preferences.repo';
import { listLiveSessions, revokeOwnSession, type SessionRow } from '../db/sessions.repo';
import { revokeTokensOfUser } from '../db/tokens.repo';
import { findUserById } from '../db/users.repo';
import { fail, refusal } from '../errors';
import type { Mail, Mailer } from '../mail/mailer';
import { deviceName } from './device-name';

/** Who changes their own settings: the signed-in customer, their session and address (for the audit trail). */
export interface SelfActor {
  userId: number;
  tokenId: number;
  ip: string | null;
}

/** Whether the customer wants e-mail on a topic: on unless they switched it off (docs/customer-area.md#settings). */
export function wantsMail(prefs: Record<string, boolean> | null | undefined, topic: NotificationTopic): boolean {
  return prefs?.[topic] !== false;
}

function present(row: PreferenceColumns): Preferences {
  const language = (languageCodes as readonly string[]).includes(row.language ?? '') ? (row.language as LanguageCode) : defaultLanguage;
  return {
    display_currency: row.displayCurrency,
    language,
    sounds_enabled: row.soundsEnabled,
    one_click_trading: row.oneClickTradingAt !== null,
    watch_digits: row.watchDigits,
    terminal: row.terminal,
    notifications: Object.fromEntries(notificationTopicKeys.map((topic) => [topic, wantsMail(row.notificationPrefs, topic)])) as Preferences['notifications'],
  };
}

export async function readPreferences(db: Executor, userId: number): Promise<Preferences> {
  const row = await readPreferenceColumns(db, userId);
  if (!row) return fail(refusal.notFound('User not found.'));
  return present(row);
}

/**
 * Changes some of the customer's settings, under their row's lock, and audits what changed
 * (`user.preferences_changed`, before and after). The display currency must be one the site offers
 * (`display` in GET /data; docs/site-settings.md), or null for each account's own.
 */
export async function changePreferences(db: AppDb, actor: SelfActor, patch: PreferencesUpdate, currencies: readonly Currency[]): Promise<{ preferences: Preferences; changed: string[] }> {
  const code = patch.display_currency;
  if (code !== undefined && code !== null && !currencies.some((c) => c.code === code && c.display)) fail(refusal.invalid(texts.currency, 'display_currency'));
  // One-click trading is switched on only with its risk confirmation (docs/trade-room.md#one-click-trading); the time it was accepted is kept.
  if (patch.one_click_trading === true && patch.one_click_risk_accepted !== true) fail(refusal.invalid(texts.oneClickRisk, 'one_click_risk_accepted'));
  return db.transaction(async (tx) => {
    const before = await readPreferenceColumns(tx, actor.userId, { forUpdate: true });
    if (!before) return fail(refusal.notFound('User not found.'));
    const next: PreferenceColumns = {
      displayCurrency: code === undefined ? before.displayCurrency : code,
      language: patch.language ?? before.language,
      soundsEnabled: patch.sounds_enabled ?? before.soundsEnabled,
      oneClickTradingAt: patch.one_click_trading === undefined ? before.oneClickTradingAt : patch.one_click_trading ? (before.oneClickTradingAt ?? new Date()) : null,
      watchDigits: patch.watch_digits ?? before.watchDigits,
      terminal: patch.terminal ?? before.terminal,
      notificationPrefs: { ...before.notificationPrefs, ...patch.notifications },
    };
    const [was, now] = [present(before), present(next)];
    const changed = (['display_currency', 'language', 'sounds_enabled', 'one_click_trading', 'watch_digits', 'terminal', 'notifications'] as const).filter(
      (key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]),
    );
    if (changed.length === 0) return { preferences: was, changed };
    await writePreferenceColumns(tx, actor.userId, next);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'user.preferences_changed',
      subjectType: 'user',
      subjectId: actor.userId,
      details: Object.fromEntries(changed.map((key) => [key, { from: was[key], to: now[key] }])),
      ip: actor.ip,
    });
    return { preferences: now, changed };
  });
}

export function presentSession(row: SessionRow, currentTokenId: number): SessionView {
  return {
    id: row.id,
    device: deviceName(row.userAgent),
    ip: row.ip,
    signed_in_at: row.createdAt.toISOString(),
    last_active_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
    current: row.id === currentTokenId,
  };
}

/** The devices signed in to the account, this one first (docs/customer-area.md#settings). */
export async function listSessions(db: Executor, actor: Pick<SelfActor, 'userId' | 'tokenId'>): Promise<SessionView[]> {
  const rows = (await listLiveSessions(db, actor.userId)).map((row) => presentSession(row, actor.tokenId));
  return [...rows.filter((s) => s.current), ...rows.filter((s) => !s.current)];
}

/** Signs out one of the customer's own devices (this one too); someone else's, an ended or unknown one is 404. Audited. */
export async function signOutSession(db: AppDb, actor: SelfActor, sessionId: number): Promise<{ current: boolean }> {
  return db.transaction(async (tx) => {
    const row = await revokeOwnSession(tx, actor.userId, sessionId);
    if (!row) return fail(refusal.notFound(texts.sessionNotFound));
    const current = row.id === actor.tokenId;
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'session.revoked',
      subjectType: 'user',
      subjectId: actor.userId,
      details: { session_id: row.id, device: deviceName(row.userAgent), current },
      ip: actor.ip,
    });
    return { current };
  });
}

/** Signs out every other device of the customer, keeping this one. Audited with how many. */
export async function signOutOtherSessions(db: AppDb, actor: SelfActor): Promise<number> {
  return db.transaction(async (tx) => {
    const revoked = await revokeTokensOfUser(tx, actor.userId, { except: actor.tokenId });
    await recordAudit(tx, { actorId: actor.userId, action: 'session.revoked_others', subjectType: 'user', subjectId: actor.userId, details: { revoked }, ip: actor.ip });
    return revoked;
  });
}

/** A notice as a mail: its title the subject, its message the body, greeting the customer by name. */
export function noticeMail(firstName: string, notice: { title: string; message: string }): Omit<Mail, 'to'> {
  return { subject: notice.title, text: `Hello ${firstName},\n\n${notice.message}\n` };
}

/**
 * The one way a customer's optional e-mail goes out (docs/customer-area.md#settings): a notice on a
 * topic, sent when they have not switched the topic off, else left unsent (nothing in the outbox).
 * Security mail and notices that restrict the account do not come through here: they always go.
 * Returns whether the mail went.
 */
export async function mailCustomer(deps: { db: Executor; mailer: Mailer }, userId: number, topic: NotificationTopic, notice: { title: string; message: string }): Promise<boolean> {
  const user = await findUserById(deps.db, userId);
  if (!user || user.status === 'deactivated' || !wantsMail(user.notificationPrefs, topic)) return false;
  await deps.mailer.send({ to: user.email, ...noticeMail(user.firstName, notice) });
  return true;
}

/** `mailCustomer` from code that must not wait for it nor fail with it (a notice after the money moved): errors are logged. */
export function mailCustomerLater(
  deps: { database: { db: AppDb }; mailer: Mailer; logger: Logger },
  userId: number,
  topic: NotificationTopic,
  notice: { title: string; message: string } | undefined,
): void {
  if (!notice) return;
  mailCustomer({ db: deps.database.db, mailer: deps.mailer }, userId, topic, notice).catch((error: unknown) => deps.logger.error({ err: error, userId, topic }, 'customer mail not sent'));
}
