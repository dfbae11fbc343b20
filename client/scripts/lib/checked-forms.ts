import { loginRequest } from '../../../shared/api/credentials.schema';
import { forgotPasswordRequest, registerRequest, resetPasswordRequest, startPageForm } from '../../../shared/api/registration.schema';

/** The forms that check themselves in the browser (`<form data-check="…">`), each with the schema the server checks again. */
export const checkedForms = {
  login: loginRequest,
  'signup-start': startPageForm,
  register: registerRequest,
  'forgot-password': forgotPasswordRequest,
  'reset-password': resetPasswordRequest,
} as const;
export type CheckedForm = keyof typeof checkedForms;
