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
