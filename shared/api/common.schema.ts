import * as z from 'zod/mini';

/** Money and rates travel as decimal strings so no binary float ever touches them. */
export const decimalPattern = /^-?\d+(\.\d+)?$/;
export const decimalString = z.string().check(z.regex(decimalPattern, 'Must be a decimal number'));

export const isoDateTime = z.string().check(z.minLength(10));

/**
 * A character no database text column can hold: NUL (PostgreSQL refuses it in text and jsonb) or half
 * of a UTF-16 surrogate pair (it cannot be encoded as UTF-8, so it would come back as U+FFFD).
 */
export const unstorableCharacter = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/** Control characters (C0 and DEL) never belong in a name, a code or an id; a multi-line text keeps tab and line breaks. */
const lineControls = /[\u0000-\u001f\u007f]/;
const textControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when a person could have typed `value` into one field (`multiline`: a text area) and the database can store it. */
export function isPlainText(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return !(multiline ? textControls : lineControls).test(value) && !unstorableCharacter.test(value);
}

/** A string check refusing control and unstorable characters with the field's `message`. */
export const plainText = (message: string, options: { multiline?: boolean } = {}) => z.refine<string>((value) => isPlainText(value, options), message);

export function resource<T extends z.core.$ZodType>(data: T) {
  return z.object({ data });
}

export const messageBody = z.object({ message: z.string() });

export const validationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});

export type FieldErrors = Record<string, string[]>;

/** Laravel-style `errors` from zod issues: every field keeps its messages, the whole body uses `_`. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The `message` of an error body, or `fallback` when it has none (the server's message, else the screen's own text: docs/api-conventions.md#from-the-browser). */
export function messageOf(body: unknown, fallback: string): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.length > 0 ? message : fallback;
}

export function firstError(errors: FieldErrors): string {
  for (const list of Object.values(errors)) if (list[0]) return list[0];
  return 'The given data was invalid.';
}

/** A database id (or other positive integer) sent as a number or a string: 1 to `max` (2³¹−1, what an integer column holds). */
export const positiveInt = (message: string, max = 2_147_483_647) =>
  z.pipe(
    z.union([z.string(message), z.number(message)], message),
    z.transform((value, ctx) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return n;
    }),
  );

/** The id of a row in a table with a bigint key (trades, orders, notifications, messages): 1 to 2⁵³−1. */
export const recordId = (message: string) => positiveInt(message, Number.MAX_SAFE_INTEGER);
