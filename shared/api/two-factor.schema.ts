import * as z from 'zod/mini';
import { validationTexts } from '../texts';

/** Two-factor sign-in with an authenticator app (docs/access.md#two-factor-sign-in): texts, rules and wire shapes. */

/** TOTP as authenticator apps compute it: 6 digits every 30 seconds; one step either side is accepted. */
export const totpRules = { digits: 6, periodSeconds: 30, toleranceSteps: 1 } as const;

/** Login challenges: how long one lasts, how many wrong codes it takes, and how many wrong codes one user may make in the cooldown window. */
export const challengeRules = { ttlMs: 5 * 60_000, maxAttempts: 5, userWrongCodes: 10, cooldownMs: 15 * 60_000 } as const;

/** How many recovery codes a set holds. */
export const recoveryCodeCount = 10;

export const twoFactorTexts = {
  codeRequired: 'Security code is required',
  codeDigits: 'Code must contain only numbers',
  recoveryRequired: 'Recovery code is required',
  recoveryFormat: 'Recovery codes have ten letters and digits, such as abcde-12345',
  codeLength: 'Security code must be 6 digits',
  invalidCode: 'Invalid security code',
  invalidCodeLeft: (left: number) => `Invalid security code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
  invalidRecovery: 'Invalid or already used recovery code',
  challengeExpired: 'This sign-in has expired. Please enter your e-mail and password again.',
  challengeLocked: 'Too many wrong codes. Please enter your e-mail and password again.',
  cooldown: 'Too many wrong security codes for this account. Please try again in 15 minutes.',
  enterCode: 'Enter the 6-digit code from your authenticator app.',
  notEnrolling: 'Start the set-up again: no two-factor set-up is in progress.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is not on.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor sign-in is off.',
  regenerated: 'New recovery codes made. The old ones no longer work.',
  setupCancelled: 'Two-factor set-up cancelled.',
  staffMustEnrol: 'Staff must turn on two-factor sign-in before using the back office. Set it up on the Security page.',
  /** The API's refusal, for any client: the page's address, where a client has no Security page of its own. */
  staffMustEnrolAt: (url: string) => `Staff must turn on two-factor sign-in before using the back office. Set it up on the Security page: ${url}`,
  staffCannotDisable: 'Staff cannot turn off two-factor sign-in while the site requires it.',
  passwordWrong: 'The password is not correct.',
  verifyTitle: 'Verify Login',
  verifying: 'Verifying...',
  verifyButton: 'Verify & Login',
  loginSuccess: 'Login successful! Redirecting...',
} as const;

const squash = (value: string) => value.replace(/[\s-]/g, '').toLowerCase();

/** A TOTP code as typed: spaces dropped, then exactly six digits. */
export const totpCode = z.pipe(
  z.string(twoFactorTexts.codeRequired).check(z.minLength(1, twoFactorTexts.codeRequired), z.maxLength(64, twoFactorTexts.codeDigits)),
  z.pipe(
    z.transform((value: string) => value.replace(/\s/g, '')),
    z.string().check(z.minLength(1, twoFactorTexts.codeRequired), z.regex(/^\d+$/, twoFactorTexts.codeDigits), z.length(totpRules.digits, twoFactorTexts.codeLength)),
  ),
);

/** A recovery code as typed: case, spaces and the hyphen do not matter; ten letters and digits. */
export const recoveryCode = z.pipe(
  z.string(twoFactorTexts.recoveryRequired).check(z.minLength(1, twoFactorTexts.recoveryRequired), z.maxLength(64, twoFactorTexts.recoveryFormat)),
  z.pipe(z.transform(squash), z.string().check(z.minLength(1, twoFactorTexts.recoveryRequired), z.regex(/^[a-z0-9]{10}$/, twoFactorTexts.recoveryFormat))),
);

/** Either a TOTP code or a recovery code (step 2 of a login, disabling): six digits mean TOTP. */
export const secondFactorCode = z.pipe(
  z.string(twoFactorTexts.codeRequired).check(z.minLength(1, twoFactorTexts.codeRequired), z.maxLength(64, twoFactorTexts.codeDigits)),
  z.pipe(
    z.transform(squash),
    z.string().check(
      z.minLength(1, twoFactorTexts.codeRequired),
      z.refine((value) => /^\d{6}$/.test(value) || /^[a-z0-9]{10}$/.test(value), twoFactorTexts.invalidCode),
    ),
  ),
);

/** `GET /two-factor`: where the caller stands, and while a set-up is in progress, what to scan. */
export const twoFactorSetup = z.object({
  /** The base32 secret, for typing in by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code: an SVG data URL. */
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: z.nullable(z.string()),
  /** Whether this user must have it on (staff and admins while STAFF_TWO_FACTOR is required). */
  required: z.boolean(),
  recovery_codes_left: z.number(),
  /** A set-up started and not yet confirmed. */
  setup: z.nullable(twoFactorSetup),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const twoFactorStatusResponse = z.object({ data: twoFactorStatus });
export const twoFactorSetupResponse = z.object({ message: z.string(), data: twoFactorSetup });

/** `POST /two-factor/confirm` and `POST /two-factor/recovery-codes`: a current code. */
export const confirmTwoFactorRequest = z.object({ code: totpCode });
export const regenerateCodesRequest = z.object({ code: totpCode });

/** `POST /two-factor/disable`: the password and a current code or a recovery code. */
export const disableTwoFactorRequest = z.object({
  password: z.string(validationTexts.passwordRequired).check(z.minLength(1, validationTexts.passwordRequired), z.maxLength(1024, validationTexts.passwordRequired)),
  code: secondFactorCode,
});

/** The recovery codes, shown once: after confirming and after making a new set. */
export const recoveryCodesResponse = z.object({ message: z.string(), data: z.object({ recovery_codes: z.array(z.string()) }) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** The forms on the web pages: the code field alone (TOTP on the verify step; recovery on its other form). */
export const verifyCodeForm = z.object({ code: totpCode });
export const verifyRecoveryForm = z.object({ code: recoveryCode });
