import * as z from 'zod/mini';
import { authTexts } from '../texts';
import { resource } from './common.schema';
import { userSchema } from './user.schema';
import { secondFactorCode } from './two-factor.schema';
import { emailField, passwordField } from './credentials.schema';

/**
 * `POST /auth/login`: e-mail and password; the original client's second step sends them again with
 * `otp` (a code from the authenticator app, or a recovery code) instead of the challenge
 * (docs/access.md#two-factor-sign-in).
 */
export const loginApiRequest = z.object({ email: emailField, password: passwordField, otp: z.optional(secondFactorCode) });

export const loginResponse = resource(z.object({ token: z.string(), user: userSchema }));
export type LoginResponse = z.infer<typeof loginResponse>;

/** Step 1 for a user with two-factor sign-in: no token yet, a short-lived challenge to answer with a code. */
export const loginChallengeResponse = z.object({
  message: z.string(),
  data: z.object({ require_otp: z.literal(true), challenge: z.string(), expires_at: z.string() }),
});
export type LoginChallengeResponse = z.infer<typeof loginChallengeResponse>;

export const loginStepResponse = z.union([loginResponse, loginChallengeResponse]);
export type LoginStepResponse = z.infer<typeof loginStepResponse>;

/** `POST /auth/login/verify`: step 2, the challenge and a code (authenticator or recovery). */
export const loginVerifyRequest = z.object({
  challenge: z.string(authTexts.loginFailed).check(z.minLength(16, authTexts.loginFailed), z.maxLength(200, authTexts.loginFailed)),
  code: secondFactorCode,
});

/** `POST /auth/auto-login`: a single-use login link's token. */
export const autoLoginRequest = z.object({ token: z.string(authTexts.loginLinkInvalid).check(z.minLength(16, authTexts.loginLinkInvalid), z.maxLength(200, authTexts.loginLinkInvalid)) });
