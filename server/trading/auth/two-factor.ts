import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { isStaffRole } from '../../../shared/api/user.schema';
import { challengeRules, recoveryCodeCount, totpRules, twoFactorTexts, type TwoFactorSetup, type TwoFactorStatus } from '../../../shared/api/two-factor.schema';
import { fail, refusal } from '../errors';
import { recordAudit } from '../db/audit.repo';
import type { Tx } from '../db/database';
import { issueOneTimeToken } from '../db/one-time-tokens.repo';
import { getSettings } from '../db/settings.repo';
import {
  countWrongCode,
  deleteRecoveryCodes,
  lockLoginChallenge,
  recentWrongCodes,
  replaceRecoveryCodes,
  setTotpState,
  unusedRecoveryCodeCount,
  useLoginChallenge,
  useRecoveryCode,
} from '../db/two-factor.repo';
import { findUserById, lockUserRow, type UserRow } from '../db/users.repo';
import type { TradingDeps } from '../deps';
import { verifyPassword } from './passwords';
import { hashToken } from '../db/opaque-tokens';

/**
 * Two-factor sign-in with an authenticator app (docs/access.md#two-factor-sign-in): TOTP (RFC 6238 as
 * the apps compute it, by otplib), recovery codes, login challenges, and staff's duty to enrol.
 */

export type StaffTwoFactor = 'required' | 'off';
type Deps = Pick<TradingDeps, 'database' | 'realtime'> & { staffTwoFactor?: StaffTwoFactor | undefined };

// ---------------------------------------------------------------------------------------------------
// The TOTP state at rest: the secret and the last time step a code was accepted for, sealed together
// (AES-256-GCM) so a code is never taken twice and the secret is never stored readable.

interface TotpState {
  /** The base32 secret. */
  s: string;
  /** The last time step a code was accepted for (null before the first). */
  l: number | null;
}

const sealVersion = 'v1';

/**
 * The sealing key, derived (HKDF, a label of its own) from the trading tier's own secret, the realtime
 * app's secret (`PUSHER_APP_SECRET`, or the one kept in the data folder): the only secret every trading
 * process is configured with and the web tier never holds. Changing that secret makes enrolled users'
 * secrets unreadable (they then sign in with a recovery code and enrol again). The `v1.` prefix lets a
 * dedicated key replace it later.
 */
function keyOf(deps: Pick<TradingDeps, 'realtime'>): Buffer {
  return Buffer.from(hkdfSync('sha256', deps.realtime.secret, 'totp-secret-seal', sealVersion, 32));
}

export function sealTotpState(deps: Pick<TradingDeps, 'realtime'>, state: TotpState): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(deps), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(state), 'utf8'), cipher.final()]);
  return `${sealVersion}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function openTotpState(deps: Pick<TradingDeps, 'realtime'>, sealed: string | null): TotpState | undefined {
  if (!sealed?.startsWith(`${sealVersion}.`)) return undefined;
  try {
    const raw = Buffer.from(sealed.slice(sealVersion.length + 1), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(deps), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const state = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as TotpState;
    return typeof state.s === 'string' ? state : undefined;
  } catch {
    return undefined;
  }
}

/** The time TOTP codes are checked at (seconds). */
const epochNow = () => Math.floor(Date.now() / 1000);

/** The time step a code is accepted for, or null: wrong, outside one step either side, or not after the last one accepted. */
export async function acceptedStep(state: TotpState, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verifyTotp({
    secret: state.s,
    token: code,
    digits: totpRules.digits,
    period: totpRules.periodSeconds,
    epoch: epochNow(),
    epochTolerance: totpRules.periodSeconds * totpRules.toleranceSteps,
    ...(state.l === null ? {} : { afterTimeStep: state.l }),
  }).catch(() => ({ valid: false as const }));
  // The functional API's result covers HOTP too; a TOTP verification carries the step it matched.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// ---------------------------------------------------------------------------------------------------
// Recovery codes: ten of ten letters and digits (50 bits each), shown once as `abcde-12345`; only
// their SHA-256 is kept.

const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The hash a recovery code is kept as: of its ten characters, lower-cased, without the hyphen. */
export const recoveryCodeHash = (code: string) =>
  createHash('sha256')
    .update(`recovery:${code.replace(/[\s-]/g, '').toLowerCase()}`)
    .digest('hex');

async function newRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash));
  return codes;
}

// ---------------------------------------------------------------------------------------------------
// Who must enrol.

/** Staff and admins must have two-factor sign-in while STAFF_TWO_FACTOR is `required` (the default). */
export function mustEnrol(deps: Pick<Deps, 'staffTwoFactor'>, user: Pick<UserRow, 'role'>): boolean {
  return (deps.staffTwoFactor ?? 'required') === 'required' && isStaffRole(user.role);
}

/** A staff member who must enrol and has not: the back office refuses them (the cached user is read afresh first). */
export async function blockedFromBackOffice(deps: Deps, user: UserRow): Promise<boolean> {
  if (!mustEnrol(deps, user) || user.totpEnabledAt !== null) return false;
  const fresh = await findUserById(deps.database.db, user.id);
  return fresh?.totpEnabledAt === null || fresh === undefined;
}

// ---------------------------------------------------------------------------------------------------
// Enrolment.

async function setupOf(deps: Deps, user: UserRow, secret: string): Promise<TwoFactorSetup> {
  const issuer = (await getSettings(deps.database.db)).name || 'Trading';
  const otpauthUri = generateURI({ issuer, label: user.email, secret, digits: totpRules.digits, period: totpRules.periodSeconds });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
  return { secret, otpauth_uri: otpauthUri, qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

export async function twoFactorStatus(deps: Deps, userId: number): Promise<TwoFactorStatus> {
  const user = await findUserById(deps.database.db, userId);
  if (!user) return fail(refusal.notFound('Not Found.'));
  const state = user.totpEnabledAt === null ? openTotpState(deps, user.totpSecret) : undefined;
  return {
    enabled: user.totpEnabledAt !== null,
    enabled_at: user.totpEnabledAt?.toISOString() ?? null,
    required: mustEnrol(deps, user),
    recovery_codes_left: user.totpEnabledAt === null ? 0 : await unusedRecoveryCodeCount(deps.database.db, user.id),
    setup: state ? await setupOf(deps, user, state.s) : null,
  };
}

/** Starts (or starts again) a set-up: a new secret, kept sealed but not in force until a code confirms it. */
export async function startEnrolment(deps: Deps, userId: number): Promise<TwoFactorSetup> {
  // Under the user's lock, so a set-up started again while a confirmation commits cannot turn it back off.
  const { user, secret } = await deps.database.db.transaction(async (tx) => {
    const locked = await lockUserRow(tx, userId);
    if (!locked) return fail(refusal.notFound('Not Found.'));
    if (locked.totpEnabledAt !== null) return fail(refusal.conflict(twoFactorTexts.alreadyEnabled));
    const fresh = generateSecret({ length: 20 });
    await setTotpState(tx, locked.id, sealTotpState(deps, { s: fresh, l: null }), null);
    return { user: locked, secret: fresh };
  });
  return setupOf(deps, user, secret);
}

export async function cancelEnrolment(deps: Deps, userId: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const user = await lockUserRow(tx, userId);
    if (!user || user.totpEnabledAt !== null) return;
    await setTotpState(tx, user.id, null, null);
  });
}

/** A code from the app turns the set-up on; the ten recovery codes come back, the only time they are shown. */
export async function confirmEnrolment(deps: Deps, userId: number, code: string, ip: string | null): Promise<string[]> {
  const outcome = await deps.database.db.transaction(async (tx) => {
    const user = await lockUserRow(tx, userId);
    if (!user) return fail(refusal.notFound('Not Found.'));
    if (user.totpEnabledAt !== null) return fail(refusal.conflict(twoFactorTexts.alreadyEnabled));
    const state = openTotpState(deps, user.totpSecret);
    if (!state) return fail(refusal.invalid(twoFactorTexts.notEnrolling, 'code'));
    const step = await acceptedStep(state, code);
    if (step === null) return fail(refusal.invalid(twoFactorTexts.invalidCode, 'code'));
    await setTotpState(tx, user.id, sealTotpState(deps, { s: state.s, l: step }), new Date());
    const codes = await newRecoveryCodes(tx, user.id);
    await recordAudit(tx, { actorId: user.id, action: 'user.two_factor_enabled', subjectType: 'user', subjectId: user.id, ip });
    return codes;
  });
  return outcome;
}

/** A new set of recovery codes (the old ones stop working); needs a current code from the app. */
export async function regenerateRecoveryCodes(deps: Deps, userId: number, code: string, ip: string | null): Promise<string[]> {
  return deps.database.db.transaction(async (tx) => {
    const user = await lockUserRow(tx, userId);
    if (!user) return fail(refusal.notFound('Not Found.'));
    const state = user.totpEnabledAt === null ? undefined : openTotpState(deps, user.totpSecret);
    if (!state) return fail(refusal.conflict(twoFactorTexts.notEnabled));
    const step = await acceptedStep(state, code);
    if (step === null) return fail(refusal.invalid(twoFactorTexts.invalidCode, 'code'));
    await setTotpState(tx, user.id, sealTotpState(deps, { s: state.s, l: step }));
    const codes = await newRecoveryCodes(tx, user.id);
    await recordAudit(tx, { actorId: user.id, action: 'user.recovery_codes_regenerated', subjectType: 'user', subjectId: user.id, ip });
    return codes;
  });
}

/** Turns two-factor sign-in off: the password and a code (from the app, or a recovery code). Staff may not while it is required. */
export async function disableTwoFactor(deps: Deps, userId: number, input: { password: string; code: string }, ip: string | null): Promise<void> {
  const user = await findUserById(deps.database.db, userId);
  if (!user) return fail(refusal.notFound('Not Found.'));
  if (mustEnrol(deps, user)) return fail(refusal.forbidden(twoFactorTexts.staffCannotDisable));
  if (!(await verifyPassword(input.password, user.passwordHash))) return fail(refusal.invalid(twoFactorTexts.passwordWrong, 'password'));
  await deps.database.db.transaction(async (tx) => {
    const locked = await lockUserRow(tx, userId);
    if (!locked || locked.totpEnabledAt === null) return fail(refusal.conflict(twoFactorTexts.notEnabled));
    const method = await checkSecondFactor(deps, tx, locked, input.code);
    if (!method) return fail(refusal.invalid(twoFactorTexts.invalidCode, 'code'));
    await setTotpState(tx, locked.id, null, null);
    await deleteRecoveryCodes(tx, locked.id);
    await recordAudit(tx, { actorId: locked.id, action: 'user.two_factor_disabled', subjectType: 'user', subjectId: locked.id, details: { method }, ip });
  });
}

/**
 * Checks a second-factor code for a user whose row the transaction holds locked, and uses it up: a TOTP
 * code's step becomes the last accepted, a recovery code is marked used. Which kind it was, or null.
 */
async function checkSecondFactor(deps: Deps, tx: Tx, user: UserRow, code: string): Promise<'totp' | 'recovery' | null> {
  if (/^\d{6}$/.test(code)) {
    const state = openTotpState(deps, user.totpSecret);
    const step = state ? await acceptedStep(state, code) : null;
    if (!state || step === null) return null;
    await setTotpState(tx, user.id, sealTotpState(deps, { s: state.s, l: step }));
    return 'totp';
  }
  return (await useRecoveryCode(tx, user.id, recoveryCodeHash(code))) ? 'recovery' : null;
}

// ---------------------------------------------------------------------------------------------------
// Login challenges: step 1 (the password) of an enrolled user issues one; step 2 answers it with a code.

export interface LoginChallenge {
  challenge: string;
  expiresAt: Date;
}

/** Refuses a user who made too many wrong codes lately (over all their challenges): a cooldown, per account. */
async function refuseDuringCooldown(deps: Deps, userId: number): Promise<void> {
  if ((await recentWrongCodes(deps.database.db, userId, challengeRules.cooldownMs)) >= challengeRules.userWrongCodes) fail(refusal.invalid(twoFactorTexts.cooldown, 'code'));
}

export async function issueLoginChallenge(deps: Deps, user: UserRow, ip: string | null): Promise<LoginChallenge> {
  await refuseDuringCooldown(deps, user.id);
  const { token, expiresAt } = await issueOneTimeToken(deps.database.db, { userId: user.id, purpose: 'login_challenge', ttlMs: challengeRules.ttlMs });
  await recordAudit(deps.database.db, { actorId: user.id, action: 'user.login_challenged', subjectType: 'user', subjectId: user.id, ip });
  return { challenge: token, expiresAt };
}

type ChallengeOutcome = { ok: true; user: UserRow } | { ok: false; message: string; field: 'code' | 'challenge' };

/**
 * Step 2: the challenge and a code. A wrong code is counted (and kept, whatever follows); at the
 * attempt limit the challenge is used up. The user whose identity is now proven, or the refusal.
 */
export async function answerLoginChallenge(deps: Deps, input: { challenge: string; code: string; ip: string | null }): Promise<UserRow> {
  const outcome = await deps.database.db.transaction(async (tx): Promise<ChallengeOutcome> => {
    const row = await lockLoginChallenge(tx, hashToken(input.challenge));
    if (!row || !row.live) {
      const locked = row !== undefined && row.attempts >= challengeRules.maxAttempts;
      return { ok: false, message: locked ? twoFactorTexts.challengeLocked : twoFactorTexts.challengeExpired, field: 'challenge' };
    }
    const user = await lockUserRow(tx, row.userId);
    // Turned off since step 1: this challenge cannot be answered. (A secret that cannot be read any more
    // still lets a recovery code in: checkSecondFactor refuses only the app's codes then.)
    if (!user?.totpEnabledAt) {
      await useLoginChallenge(tx, row.id);
      return { ok: false, message: twoFactorTexts.challengeExpired, field: 'challenge' };
    }
    if ((await recentWrongCodes(tx, user.id, challengeRules.cooldownMs)) >= challengeRules.userWrongCodes) return { ok: false, message: twoFactorTexts.cooldown, field: 'code' };
    const method = await checkSecondFactor(deps, tx, user, input.code);
    if (method) {
      await useLoginChallenge(tx, row.id);
      await recordAudit(tx, { actorId: user.id, action: 'user.login_two_factor', subjectType: 'user', subjectId: user.id, details: { method }, ip: input.ip });
      if (method === 'recovery') {
        const left = await unusedRecoveryCodeCount(tx, user.id);
        await recordAudit(tx, { actorId: user.id, action: 'user.recovery_code_used', subjectType: 'user', subjectId: user.id, details: { left }, ip: input.ip });
      }
      return { ok: true, user };
    }
    const attempts = await countWrongCode(tx, row.id, challengeRules.maxAttempts);
    await recordAudit(tx, { actorId: user.id, action: 'user.login_code_failed', subjectType: 'user', subjectId: user.id, details: { attempts }, ip: input.ip });
    const left = challengeRules.maxAttempts - attempts;
    return left > 0 ? { ok: false, message: twoFactorTexts.invalidCodeLeft(left), field: 'code' } : { ok: false, message: twoFactorTexts.challengeLocked, field: 'challenge' };
  });
  if (!outcome.ok) return fail(refusal.invalid(outcome.message, outcome.field));
  return outcome.user;
}
