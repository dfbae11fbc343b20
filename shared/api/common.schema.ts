import * as z from 'zod/mini';

/** Money and rates travel as decimal strings so no binary float ever touches them. */
export const decimalPattern = /^-?\d+(\.\d+)?$/;
export const decimalString = z.string().check(z.regex(decimalPattern, 'Must be a decimal number'));

export const isoDateTime = z.string().check(z.minLength(10));

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

/** The `message` of an error body, or `fallback` when it has none (the spec's "server message, else …" rule). */
export function messageOf(body: unknown, fallback: string): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.length > 0 ? message : fallback;
}

export function firstError(errors: FieldErrors): string {
  for (const list of Object.values(errors)) if (list[0]) return list[0];
  return 'The given data was invalid.';
}

/** A database id (or other positive integer) sent as a number or a string: 1 to 2³¹−1, what an integer column holds. */
export const positiveInt = (message: string) =>
  z.pipe(
    z.union([z.string(message), z.number(message)], message),
    z.transform((value, ctx) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return n;
    }),
  );
