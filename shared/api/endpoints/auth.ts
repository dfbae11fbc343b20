import * as z from 'zod/mini';
import { autoLoginRequest, loginApiRequest, loginResponse, loginStepResponse, loginVerifyRequest } from '../auth.schema';
import { messageBody } from '../common.schema';
import { checkEmailRequest, checkEmailResponse, forgotPasswordRequest, registerRequest, resetPasswordRequest } from '../registration.schema';
import { userSchema } from '../user.schema';
import { endpoint } from '../endpoint';

/** Signing in, signing up and recovery. */
export const authApi = {
  /** A token, or for a user with two-factor sign-in a challenge (docs/access.md#two-factor-sign-in). */
  login: endpoint({ method: 'POST', path: '/auth/login', access: 'public', body: loginApiRequest, response: loginStepResponse }),
  loginVerify: endpoint({ method: 'POST', path: '/auth/login/verify', access: 'public', body: loginVerifyRequest, response: loginResponse }),
  autoLogin: endpoint({ method: 'POST', path: '/auth/auto-login', access: 'public', body: autoLoginRequest, response: loginResponse }),
  logout: endpoint({ method: 'POST', path: '/auth/logout', access: 'signed-in', response: messageBody }),
  checkEmail: endpoint({ method: 'POST', path: '/auth/check-email', access: 'public', body: checkEmailRequest, response: checkEmailResponse }),
  register: endpoint({
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    body: registerRequest,
    status: 201,
    response: z.object({ message: z.string(), data: z.object({ user: userSchema, token: z.nullable(z.string()) }) }),
  }),
  forgotPassword: endpoint({ method: 'POST', path: '/auth/forgot-password', access: 'public', body: forgotPasswordRequest, response: messageBody }),
  resetPassword: endpoint({ method: 'POST', path: '/auth/reset-password', access: 'public', body: resetPasswordRequest, response: messageBody }),
} as const;
