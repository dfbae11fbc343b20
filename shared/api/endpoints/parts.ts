import * as z from 'zod/mini';
import { positiveInt, recordId } from '../common.schema';

/** Path parameters named `id`: a row of a bigint table, or of an integer one. */
export const idOf = (message: string) => z.object({ id: recordId(message) });
export const smallIdOf = (message: string) => z.object({ id: positiveInt(message) });
/** An answer with its data and a message to show. */
export const withMessage = <T extends z.ZodMiniType>(data: T) => z.object({ data, message: z.string() });
