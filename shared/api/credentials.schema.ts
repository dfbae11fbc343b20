import * as z from 'zod/mini';
import { validationTexts } from '../texts';

/**
 * The fields a person types to sign in, apart from the API's answers: the login page's script checks its form with
 * `loginRequest`, and importing it from `auth.schema` would bring the user object's schema (and decimal.js) with it.
 */
export const emailField = z.string(validationTexts.email).check(z.trim(), z.toLowerCase(), z.maxLength(254, validationTexts.email), z.email(validationTexts.email));

export const passwordField = z.string(validationTexts.passwordRequired).check(z.minLength(1, validationTexts.passwordRequired), z.maxLength(1024, validationTexts.passwordRequired));

/** The web tier's login form: e-mail and password. */
export const loginRequest = z.object({ email: emailField, password: passwordField });
