import type { Request, RequestHandler, Response } from 'express';
import type { Role } from '../../../shared/api/user.schema';
import { gateTexts } from '../../../shared/texts';
import { bearerToken, hashToken } from '../auth/tokens';
import { getSettings } from '../db/settings.repo';
import type { AuthContext } from '../auth/sign-ins';
import type { ApiDeps, TradingDeps } from '../deps';
import { standingOf } from '../engine/standing';
import type { StaffActor } from '../users/staff-actor';
import { forbidden, unauthenticated } from './errors';

export type { AuthContext };

export function authOf(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw unauthenticated();
  return auth;
}

/** The signed-in staff member behind a back-office call, as the audit trail records them. */
export function staffActorOf(req: Request, res: Response): StaffActor {
  const { user } = authOf(res);
  return { id: user.id, role: user.role, ip: req.ip ?? null };
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
 * Deactivated users, and pending ones while the site requires verification, may read their own user
 * and the settings and log out (so the gate can show their screen); everything else is 403. With
 * `awaitingApproval`, a user awaiting approval passes (verification and support chat), a deactivated one not.
 */
export function requireStanding({ database }: TradingDeps, { awaitingApproval = false }: { awaitingApproval?: boolean } = {}): RequestHandler {
  return async (_req, res, next) => {
    const { user } = authOf(res);
    const standing = await standingOf(user.status, async () => (await getSettings(database.db)).must_verify_account);
    if (standing === 'deactivated') throw forbidden(gateTexts.accountDisabled.body);
    if (standing === 'awaiting_approval' && !awaitingApproval) throw forbidden(gateTexts.awaitingApproval.body);
    next();
  };
}

export function requireRole(...roles: Role[]): RequestHandler {
  return (_req, res, next) => {
    if (!roles.includes(authOf(res).user.role)) throw forbidden();
    next();
  };
}
