import type { FieldErrors } from '../../../shared/api/common.schema';
import { firstError } from '../../../shared/api/common.schema';
import { authTexts } from '../../../shared/texts';

/** An error with a permanent code, an HTTP status and a message that is safe to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): { message: string; errors?: FieldErrors } {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const unauthenticated = () => new ApiError(401, authTexts.unauthenticated, 'unauthenticated');
export const forbidden = (message = 'This action is unauthorized.') => new ApiError(403, message, 'forbidden');
export const notFound = (message = 'Not Found.') => new ApiError(404, message, 'not_found');
export const validationFailed = (errors: FieldErrors) => new ApiError(422, firstError(errors), 'validation_failed', errors);
