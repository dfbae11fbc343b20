import type { Request, RequestHandler, Response } from 'express';
import type { Access } from '../../../shared/api/endpoint';
import { accessRefusal, type AccessDeps } from '../auth/access-rules';
import { bearerToken, hashToken } from '../db/opaque-tokens';
import type { AuthContext } from '../auth/sign-ins';
import type { ApiDeps } from '../deps';
import { fail } from '../errors';
import type { StaffActor } from '../users/staff-actor';
import { unauthenticated } from './errors';
import { ipOf } from './request-client';

export type { AuthContext };

export function authOf(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw unauthenticated();
  return auth;
}

/** The signed-in staff member behind a back-office call, as the audit trail records them. */
export function staffActorOf(req: Request, res: Response): StaffActor {
  const { user } = authOf(res);
  return { id: user.id, role: user.role, ip: ipOf(req) };
}

/** A valid bearer token, or 401 `Unauthenticated.` */
export function authenticate({ signIns }: Pick<ApiDeps, 'signIns'>): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    const found = token ? await signIns.find(hashToken(token)) : undefined;
    if (!found) throw unauthenticated();
    res.locals.auth = found satisfies AuthContext;
    next();
  };
}

/**
 * The checks an access kind makes of the signed-in user beyond their token (standing, role, staff's
 * enrolment): `accessRefusal`, the one rule the realtime channels ask too (docs/access.md#who-may-do-what).
 */
export function requireAccess(deps: AccessDeps, access: Access): RequestHandler {
  return async (_req, res, next) => {
    const refused = await accessRefusal(deps, authOf(res).user, access);
    if (refused) fail(refused);
    next();
  };
}
