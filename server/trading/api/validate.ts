import type { RequestHandler } from 'express';
import type * as z from 'zod/mini';
import { fieldErrors, unstorableCharacter, type FieldErrors } from '../../../shared/api/common.schema';
import { validationTexts } from '../../../shared/texts';
import { validationFailed } from './errors';

/** Parses input with a shared schema; a 422 with the fields' own texts when it does not fit (docs/api-conventions.md#validation). */
export function parseInput<T extends z.ZodMiniType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationFailed(fieldErrors(result.error.issues));
  return result.data;
}

/**
 * The first place in a parsed body or query where a string (a value or a key) holds a character the
 * database cannot store, as a field path (`attachments.0`), or undefined. Walked without recursion, so
 * a deeply nested body cannot overflow the stack.
 */
export function unstorableField(input: unknown): string | undefined {
  const stack: [unknown, string][] = [[input, '']];
  const within = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorableCharacter.test(value)) return path || '_';
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push([value[i], within(path, String(i))]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        // A key the database could not store is named with U+FFFD for its bad characters.
        if (unstorableCharacter.test(key)) return within(path, key.replace(/[\u0000\ud800-\udfff]/g, '\uFFFD'));
        stack.push([item, within(path, key)]);
      }
    }
  }
  return undefined;
}

function refused(field: string): FieldErrors {
  return { [field]: [validationTexts.unstorable(field === '_' ? 'request' : field.replaceAll('_', ' '))] };
}

/** The same guard for input no body parser read (a payment webhook's verified event, docs/funding.md#money-from-outside): 422 naming the field. */
export function refuseUnstorable(input: unknown): void {
  const field = unstorableField(input);
  if (field !== undefined) throw validationFailed(refused(field));
}

/**
 * The safety net under every route's own field rules: a JSON body, a query or a path that holds NUL
 * or half a surrogate pair is answered 422 naming the field, before any route (or SQL) sees it.
 * Mounted once, after the body parser.
 */
export const refuseUnstorableText: RequestHandler = (req, _res, next) => {
  for (const segment of req.path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      continue; // Express answers a malformed escape itself when it decodes the route's parameters.
    }
    if (unstorableCharacter.test(decoded)) throw validationFailed(refused('path'));
  }
  const field = unstorableField(req.query) ?? unstorableField(req.body);
  if (field !== undefined) throw validationFailed(refused(field));
  next();
};
