import type * as z from 'zod/mini';
import { fieldErrors } from '../../../shared/api/common.schema';
import { validationFailed } from './errors';

/** Parses input with a shared schema; a 422 with the spec's texts when it does not fit. */
export function parseInput<T extends z.ZodMiniType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationFailed(fieldErrors(result.error.issues));
  return result.data;
}
