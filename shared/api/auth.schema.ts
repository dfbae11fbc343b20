import * as z from 'zod/mini';
import { authTexts, validationTexts } from '../texts';
import { resource } from './common.schema';
import { userSchema } from './user.schema';

export const emailField = z.string(validationTexts.email).check(z.trim(), z.toLowerCase(), z.maxLength(254, validationTexts.email), z.email(validationTexts.email));

export const loginRequest = z.object({
  email: emailField,
  password: z.string(validationTexts.passwordRequired).check(z.minLength(1, validationTexts.passwordRequired), z.maxLength(1024, validationTexts.passwordRequired)),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = resource(z.object({ token: z.string(), user: userSchema }));
export type LoginResponse = z.infer<typeof loginResponse>;

/** `POST /auth/auto-login`: a single-use login link's token. */
export const autoLoginRequest = z.object({ token: z.string(authTexts.loginLinkInvalid).check(z.minLength(16, authTexts.loginLinkInvalid), z.maxLength(200, authTexts.loginLinkInvalid)) });
