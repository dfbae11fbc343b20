import * as z from 'zod/mini';
import { canonicalCountry, countries, countrySlugs } from '../countries';
import { registrationTexts, validationTexts } from '../texts';
import { emailField } from './credentials.schema';
import { isoDateTime, plainText, resource, unstorableCharacter } from './common.schema';

/** Personal information, its photo, the e-mail change and the password change (docs/customer-area.md#personal-information). */
export const profileTexts = {
  title: 'Personal Information',
  subtitle: 'Manage your account details and profile',
  unnamed: 'Unnamed User',
  basicPlan: 'Basic Plan',
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  address: 'Address must be at least 5 characters',
  country: 'Please select a country',
  countryPlaceholder: 'Select a country',
  birthDate: 'Date of birth is required',
  birthDateInvalid: 'Please enter a valid date of birth',
  birthDateAdult: 'You must be at least 18 years old',
  phone: 'Phone number must be at least 5 characters',
  phoneCharacters: 'A phone number holds digits, spaces, brackets, dots, dashes and a leading +',
  accountType: 'Account type cannot be modified',
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile. Please try again.',
  /** A verified customer's names, date of birth and country (docs/customer-area.md#personal-information). */
  lockedNote: 'Your identity is verified, so your name, date of birth and country are locked. To correct them, contact support with a new identity document.',
  locked: (field: string) => `Your ${field} is verified and cannot be changed here. Contact support with a new identity document.`,
  emailTaken: registrationTexts.emailTaken,
  emailChangeSent: (to: string) => `We sent a confirmation link to ${to}. Your e-mail address changes once you follow it.`,
  emailChangePending: (to: string) => `A change of your e-mail address to ${to} is waiting for confirmation: follow the link we sent there.`,
  emailChangeTooMany: 'Too many e-mail change requests. Please try again in an hour.',
  emailLinkInvalid: 'This confirmation link is invalid or has expired.',
  emailChanged: (to: string) => `Your e-mail address is now ${to}. Use it to sign in from now on.`,
  emailChangeCancelled: 'The e-mail address change was cancelled.',
  emailNeedsPassword: 'Enter your current password to change your e-mail address.',
  photoDrop: 'Click or drag to upload',
  photoHint: 'JPG, GIF or PNG. Max 5 MB.',
  photoType: 'The photo must be a JPG, GIF or PNG image.',
  photoTooLarge: 'The photo must not be larger than 5 MB.',
  photoMissing: 'Choose a photo to upload.',
  photoUnreadable: 'The photo could not be read. Please try another image.',
  photoUpdated: 'Profile photo updated',
  photoRemoved: 'Profile photo removed',
  photoNotFound: 'Photo not found.',
  photoFailed: 'Failed to upload the photo. Please try again.',
  guidelinesTitle: 'It is not allowed to publish:',
  guidelines: [
    'Photos of a sexual nature, or that show violence or hatred',
    'Photos of persons under 18',
    'Photos protected by copyright that you have no right to use',
    'Images larger than 5 MB and in a format other than JPG, GIF or PNG',
  ],
} as const;

export const passwordTexts = {
  currentRequired: 'Current password is required',
  newMin: validationTexts.passwordMin,
  newMax: 'The password may not be greater than 128 characters.',
  confirmRequired: 'Please confirm your password',
  mismatch: registrationTexts.passwordsDiffer,
  currentWrong: 'The current password is incorrect.',
  sameAsCurrent: 'The new password must be different from the current one.',
  changed: 'Password changed successfully',
  failed: 'Failed to change password',
  tooMany: 'Too many attempts. Please try again later.',
  placeholder: 'Min. 8 characters',
} as const;

/** The largest photo taken, upload or data URL alike. */
export const photoMaxBytes = 5 * 1024 * 1024;

const nameField = (message: string, field: string) => z.string(message).check(z.trim(), z.minLength(2, message), z.maxLength(100, message), plainText(registrationTexts.controlCharacters(field)));

/** `YYYY-MM-DD` naming a real day. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01';
}

/** Whether someone born on `value` (a calendar date) is 18 or older on `today`. */
export function isAdultOn(value: string, today = new Date()): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const eighteenth = `${String(y + 18).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return eighteenth <= today.toISOString().slice(0, 10);
}

/** The fields of the Account Details form, each with the original's message (docs/customer-area.md#personal-information). */
export const profileFields = {
  first_name: nameField(profileTexts.firstName, 'first name'),
  last_name: nameField(profileTexts.lastName, 'last name'),
  address: z
    .string(profileTexts.address)
    .check(z.trim(), z.minLength(5, profileTexts.address), z.maxLength(200, 'The address may not be greater than 200 characters.'), plainText(registrationTexts.controlCharacters('address'))),
  country: z.string(profileTexts.country).check(
    z.trim(),
    z.overwrite(canonicalCountry),
    z.refine((value) => countrySlugs.has(value), profileTexts.country),
  ),
  birth_date: z.string(profileTexts.birthDate).check(
    z.trim(),
    z.minLength(1, profileTexts.birthDate),
    z.refine((value) => value === '' || isCalendarDate(value), profileTexts.birthDateInvalid),
    z.refine((value) => !isCalendarDate(value) || isAdultOn(value), profileTexts.birthDateAdult),
  ),
  email: emailField,
  phone: z
    .string(profileTexts.phone)
    .check(z.trim(), z.minLength(5, profileTexts.phone), z.maxLength(32, 'The phone number may not be greater than 32 characters.'), z.regex(/^\+?[0-9][0-9 ().-]*$/, profileTexts.phoneCharacters)),
};
export type ProfileField = keyof typeof profileFields;
export const profileFieldNames = Object.keys(profileFields) as ProfileField[];

/** The fields a verified identity fixes: changed only by staff, with a new document. */
export const identityFields = ['first_name', 'last_name', 'birth_date', 'country'] as const satisfies readonly ProfileField[];
export const identityFieldLabels: Record<(typeof identityFields)[number], string> = { first_name: 'first name', last_name: 'last name', birth_date: 'date of birth', country: 'country' };

/** The form as our page posts it: every field (the web tier checks it before calling the API). */
/** Asked only when the e-mail address changes (docs/customer-area.md#e-mail-change): a session alone cannot move the account to another address. */
const currentPasswordForEmail = z.optional(z.string().check(z.maxLength(128, passwordTexts.currentWrong)));
export const profileForm = z.extend(z.object(profileFields), { current_password: currentPasswordForEmail });
export type ProfileForm = z.infer<typeof profileForm>;

/**
 * `POST /update` (the original's call, and our page's through the web tier): the fields sent are
 * changed, those left out stay. The original sends them all with `avatar`: a `data:` URL of a new photo
 * (checked as an upload is), or the photo it already shows (left as it is).
 */
export const profileUpdateRequest = z.object({
  first_name: z.optional(profileFields.first_name),
  last_name: z.optional(profileFields.last_name),
  address: z.optional(profileFields.address),
  country: z.optional(profileFields.country),
  birth_date: z.optional(profileFields.birth_date),
  email: z.optional(profileFields.email),
  current_password: currentPasswordForEmail,
  phone: z.optional(profileFields.phone),
  // A 5 MB photo as base64, with its `data:image/…;base64,` prefix.
  avatar: z.optional(z.nullable(z.string(profileTexts.photoType).check(z.maxLength(Math.ceil(photoMaxBytes / 3) * 4 + 64, profileTexts.photoTooLarge)))),
});
export type ProfileUpdate = z.infer<typeof profileUpdateRequest>;

/** The customer's profile as the page shows it. */
export const profileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  country: z.nullable(z.string()),
  address: z.nullable(z.string()),
  birth_date: z.nullable(z.string()),
  /** The photo's address on our origin (signed-in readers only), or null. */
  avatar: z.nullable(z.string()),
  /** Names, date of birth and country are fixed by an approved identity (`identityFields`). */
  identity_locked: z.boolean(),
  /** A new address waiting for its confirmation link to be followed, and until when the link works. */
  pending_email: z.nullable(z.string()),
  pending_email_expires_at: z.nullable(isoDateTime),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponse = resource(profileSchema);
export const profileUpdateResponse = z.object({ message: z.string(), data: profileSchema });

/** `POST /profile/email/confirm`: the token from the link mailed to the new address. */
export const emailConfirmRequest = z.object({
  token: z.string(profileTexts.emailLinkInvalid).check(z.minLength(16, profileTexts.emailLinkInvalid), z.maxLength(200, profileTexts.emailLinkInvalid)),
});

/** `POST /change/password` (the original's call and our page's). */
export const changePasswordRequest = z
  .object({
    current_password: z.string(passwordTexts.currentRequired).check(z.minLength(1, passwordTexts.currentRequired), z.maxLength(1024, passwordTexts.currentWrong)),
    new_password: z.string(passwordTexts.newMin).check(
      z.minLength(8, passwordTexts.newMin),
      z.maxLength(128, passwordTexts.newMax),
      z.refine((value) => !unstorableCharacter.test(value), validationTexts.unstorable('password')),
    ),
    confirm_new_password: z.string(passwordTexts.confirmRequired).check(z.minLength(1, passwordTexts.confirmRequired), z.maxLength(1024, passwordTexts.mismatch)),
  })
  .check(z.refine((form) => form.confirm_new_password === '' || form.new_password === form.confirm_new_password, { message: passwordTexts.mismatch, path: ['confirm_new_password'] }));
export type ChangePassword = z.infer<typeof changePasswordRequest>;

export const strengthLabels = ['Weak', 'Fair', 'Good', 'Strong', 'Very Strong'] as const;
export type StrengthLabel = (typeof strengthLabels)[number];

/** The original's strength bar: a point each for length ≥ 8, length ≥ 12, an upper-case letter, a digit, a symbol (0–5). */
export function passwordStrength(password: string): { score: number; label: StrengthLabel | null } {
  if (password.length === 0) return { score: 0, label: null };
  const score = [password.length >= 8, password.length >= 12, /[A-Z]/.test(password), /[0-9]/.test(password), /[^A-Za-z0-9]/.test(password)].filter(Boolean).length;
  return { score, label: strengthLabels[Math.max(0, score - 1)]! };
}

/** Older sign-ups stored a few countries under other names (docs/access.md#countries): the list's value for each. */
const countryAliases: Readonly<Record<string, string>> = { uk: 'united-kingdom', us: 'united-states', united_states: 'united-states', ca: 'canada', au: 'australia' };

/** The country list's value for a stored country, or null when it names none of them. */
export function countryValueOf(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const value = countryAliases[stored] ?? stored;
  return countrySlugs.has(value) ? value : null;
}

/** A stored country as a person reads it. */
export function countryLabelOf(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const value = countryValueOf(stored);
  return countries.find((c) => c.value === value)?.label ?? stored;
}

/** The share of the profile filled in, in whole percent: names, e-mail, phone, country, address, date of birth and photo (8 fields). */
export function profileCompletion(profile: Pick<Profile, 'first_name' | 'last_name' | 'email' | 'phone' | 'country' | 'address' | 'birth_date' | 'avatar'>): number {
  const filled = [profile.first_name, profile.last_name, profile.email, profile.phone, profile.country, profile.address, profile.birth_date, profile.avatar].filter(
    (value) => typeof value === 'string' && value.trim().length > 0,
  ).length;
  return Math.round((filled / 8) * 100);
}
