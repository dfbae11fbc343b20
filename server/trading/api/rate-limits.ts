import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { authTexts } from '../../../shared/texts';
import { memoryRateLimitStores, type RateLimitStores } from '../../redis';

const fifteenMinutes = 15 * 60_000;

function emailOf(req: Request): string {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

/**
 * Login attempts: failed ones counted per e-mail address (slows guessing one account from many IPs)
 * and all of them per IP (slows spraying many accounts from one IP). 429 with Retry-After.
 */
export function loginRateLimits({ limit, stores = memoryRateLimitStores }: { limit: number; stores?: RateLimitStores | undefined }): RequestHandler[] {
  const common = {
    windowMs: fifteenMinutes,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    handler: (_req: Request, res: Parameters<RequestHandler>[1]) => {
      res.status(429).json({ message: authTexts.tooManyAttempts });
    },
  };
  return [
    rateLimit({ ...common, store: stores('login-ip'), limit: limit * 5, keyGenerator: (req) => `ip:${ipKeyGenerator(req.ip ?? '')}` }),
    rateLimit({
      ...common,
      store: stores('login-email'),
      limit,
      skipSuccessfulRequests: true,
      keyGenerator: (req) => `email:${emailOf(req)}`,
    }),
  ];
}

/** Availability checks (they reveal whether an address is registered): per IP and per address, every request counted. */
export function emailCheckRateLimits({ limit, stores = memoryRateLimitStores }: { limit: number; stores?: RateLimitStores | undefined }): RequestHandler[] {
  const handler = (_req: Request, res: Parameters<RequestHandler>[1]) => {
    res.status(429).json({ success: false, message: authTexts.tooManyAttempts, data: { available: false, country: null } });
  };
  const common = { windowMs: fifteenMinutes, standardHeaders: 'draft-8' as const, legacyHeaders: false, handler };
  return [
    rateLimit({ ...common, store: stores('email-check-ip'), limit: limit * 3, keyGenerator: (req) => `ip:${ipKeyGenerator(req.ip ?? '')}` }),
    rateLimit({ ...common, store: stores('email-check-email'), limit, keyGenerator: (req) => `email:${emailOf(req)}` }),
  ];
}

/** Requests per IP on one kind of call (account creation, sign-in links): a person needs a few; a script is slowed. */
export function ipRateLimit({ name, limit, windowMs = 60 * 60_000, stores = memoryRateLimitStores }: { name: string; limit: number; windowMs?: number; stores?: RateLimitStores | undefined }): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: stores(`${name}-ip`),
    keyGenerator: (req) => `ip:${ipKeyGenerator(req.ip ?? '')}`,
    handler: (_req, res) => {
      res.status(429).json({ message: authTexts.tooManyAttempts });
    },
  });
}
