import * as z from 'zod/mini';
import { recoveryTexts, registrationTexts, validationTexts } from '../texts';
import { emailField } from './credentials.schema';
import { plainText, unstorableCharacter } from './common.schema';

// Capped so a sealed draft always fits in the session cookie (4 KB).
// Any character a keyboard makes is fine in a password (it is only hashed); NUL and half a surrogate pair are
// refused at the first step rather than by the API at the last.
const password = z.string(validationTexts.passwordMin).check(
  z.minLength(8, validationTexts.passwordMin),
  z.maxLength(128, 'The password may not be greater than 128 characters.'),
  z.refine((value) => !unstorableCharacter.test(value), validationTexts.unstorable('password')),
);
// `characters`: the message for control characters (a NUL, a bell) where the length message would mislead.
const text = (min: number, message: string, max = 100, characters = message) => z.string(message).check(z.trim(), z.minLength(min, message), z.maxLength(max, message), plainText(characters));
const required = (field: string, max = 64) =>
  z
    .string(registrationTexts.required(field))
    .check(z.trim(), z.minLength(1, registrationTexts.required(field)), z.maxLength(max, registrationTexts.required(field)), plainText(registrationTexts.controlCharacters(field)));

/** Step 1 (docs/access.md#registration): the e-mail whose availability is checked. */
export const checkEmailRequest = z.object({ email: emailField });

/** `POST /auth/check-email`: whether the address can register, and the visitor's country when known (two-letter code). */
export const checkEmailResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ available: z.boolean(), country: z.nullable(z.string()) }),
});
export type CheckEmailResponse = z.infer<typeof checkEmailResponse>;

/** The start page's own form: e-mail and password, checked in the browser before the call. */
export const startPageForm = z.object({ email: emailField, password });

/** `POST /auth/register` (docs/access.md#registration-rules); the same schema in the browser and on the server. */
export const registerRequest = z
  .object({
    first_name: text(2, registrationTexts.firstName, 100, registrationTexts.controlCharacters('first name')),
    last_name: text(2, registrationTexts.lastName, 100, registrationTexts.controlCharacters('last name')),
    username: text(3, registrationTexts.username, 40, registrationTexts.controlCharacters('username')),
    email: emailField,
    phone: text(6, registrationTexts.phone, 32),
    country_code: z._default(required('country code', 8), '+1'),
    country: required('country'),
    nationality: required('nationality'),
    password,
    confirm_password: z.string(registrationTexts.passwordsDiffer),
    promo_code: z.optional(z.string().check(z.trim(), z.maxLength(40, 'The promo code may not be greater than 40 characters.'), plainText(registrationTexts.controlCharacters('promo code')))),
    /**
     * Whether the answer signs the new customer in with a bearer token (docs/access.md#registration): yes unless false.
     * Our web tier's sign-up sends false and sends the customer to the login page.
     */
    sign_in: z.optional(z.boolean('sign_in must be true or false.')),
  })
  .check(z.refine((form) => form.password === form.confirm_password, { message: registrationTexts.passwordsDiffer, path: ['confirm_password'] }));
export type RegisterRequest = z.infer<typeof registerRequest>;

/** `POST /auth/forgot-password`. */
export const forgotPasswordRequest = z.object({ email: emailField });

/** `POST /auth/reset-password`: the token from the mailed link and the new password twice. */
export const resetPasswordRequest = z
  .object({
    token: z.string(recoveryTexts.linkInvalid).check(z.minLength(16, recoveryTexts.linkInvalid), z.maxLength(200, recoveryTexts.linkInvalid)),
    password,
    password_confirmation: z.string(registrationTexts.passwordsDiffer),
  })
  .check(z.refine((form) => form.password === form.password_confirmation, { message: registrationTexts.passwordsDiffer, path: ['password_confirmation'] }));
