import type { Request } from 'express';
import type { SiteSettings } from '../../shared/api/settings.schema';
import { isStaffRole, type User } from '../../shared/api/user.schema';
import { paths } from '../../shared/routes';
import type { GateKind } from '../../views/pages/gate';
import type { TtlCache } from '../ttl-cache';
import { signOut, tokenOf, type TokenSealer } from './session';
import { UpstreamUnavailable, type CallContext, type TradingClient } from './trading-client';
import { api as endpoints } from '../../shared/api/endpoints';

export type Access = 'public' | 'customer';

export type PageDecision =
  | { kind: 'redirect'; location: string }
  | { kind: 'gate'; gate: GateKind; status: number; settings: SiteSettings | null; /** Why staff disabled the account, for its screen. */ reason?: string | null }
  | { kind: 'page'; settings: SiteSettings; user: User | null; token: string | undefined };

export interface GateDeps {
  api: TradingClient;
  /** Site settings, kept for SETTINGS_CACHE_MS; Check Status refreshes them. */
  settings: TtlCache<SiteSettings, CallContext>;
  sealer: TokenSealer;
}

export function callContext(req: Request): CallContext {
  return { requestId: String(req.id), ip: req.ip, userAgent: req.get('user-agent') };
}

const isStaff = (user: User | null) => user !== null && isStaffRole(user.role);

export function loginRedirect(req: Request): string {
  const next = req.originalUrl;
  return next === paths.login || next === paths.dashboard ? paths.login : `${paths.login}?next=${encodeURIComponent(next)}`;
}

/**
 * What a customer awaiting approval may still open (docs/customer-area.md#verification): verification,
 * which lifts the gate once their documents are approved, and support chat. Every other page is the gate.
 */
export const openWhileAwaiting = (path: string): boolean => ([paths.verification, kycAlias, paths.chat] as string[]).includes(path.length > 1 ? path.replace(/\/+$/, '') : path);
/** The livetrader menu's address for verification: it redirects to `paths.verification`. */
export const kycAlias = '/main/kyc';

/**
 * The site gate (docs/access.md#the-gate), decided on the server before anything renders:
 * settings first (unreachable, switched off), then for non-public pages the signed-in user
 * (signed out, deactivated, awaiting approval). Staff pass the maintenance switch.
 */
export async function decidePage(
  req: Request,
  { api, settings: settingsCache, sealer }: GateDeps,
  { access, openDuringMaintenance = false }: { access: Access; openDuringMaintenance?: boolean },
): Promise<PageDecision> {
  const ctx = callContext(req);
  try {
    const settings = await settingsCache.get(ctx);
    let token = tokenOf(req, sealer);
    let user: User | null = null;
    if (token && (access !== 'public' || settings.status === 'disabled')) {
      const result = await api.request(endpoints.user, { token }, ctx);
      if (result.ok) user = result.data.data;
      else if (result.status === 401) {
        signOut(req, sealer);
        token = undefined;
      } else throw new UpstreamUnavailable(`GET /user answered ${result.status}`);
    }
    if (settings.status === 'disabled' && !isStaff(user) && !openDuringMaintenance) {
      return { kind: 'gate', gate: 'site-disabled', status: 503, settings };
    }
    if (access === 'public') return { kind: 'page', settings, user, token };
    if (!user) return { kind: 'redirect', location: loginRedirect(req) };
    if (user.status === 'deactivated') return { kind: 'gate', gate: 'account-disabled', status: 403, settings, reason: user.status_reason };
    if (user.status === 'pending' && settings.must_verify_account && !openWhileAwaiting(req.path)) {
      return { kind: 'gate', gate: 'awaiting-approval', status: 403, settings };
    }
    return { kind: 'page', settings, user, token };
  } catch (error) {
    if (error instanceof UpstreamUnavailable) {
      req.log.warn({ err: error }, 'trading API unavailable; showing Site Unreachable');
      return { kind: 'gate', gate: 'unreachable', status: 503, settings: null };
    }
    throw error;
  }
}
