import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { authTexts } from '../../../shared/texts';
import { memoryRateLimitStores, type RateLimitStores } from '../../redis';

const fifteenMinutes = 15 * 60_000;

function emailOf(req: Request): string {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

/** The client a request comes from: its IP (an IPv6 address by its /56, which one customer's router hands out). Uploads are counted by it too. */
export function clientKeyOf(req: Request): string {
  return ipKeyGenerator(req.ip ?? '');
}

/**
 * Failed logins, counted per (e-mail address, client) pair and per client, never per address alone: a
 * client guessing one account's password is slowed after `limit` failures, one trying many accounts
 * after five times as many, each with 429 and Retry-After for 15 minutes. Someone hammering an address
 * from elsewhere slows only themselves, so its owner still signs in from their own client. A sign-in
 * that succeeds is not counted.
 */
export function loginRateLimits({ limit, stores = memoryRateLimitStores }: { limit: number; stores?: RateLimitStores | undefined }): RequestHandler[] {
  const common = {
    windowMs: fifteenMinutes,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    handler: (_req: Request, res: Parameters<RequestHandler>[1]) => {
      res.status(429).json({ message: authTexts.tooManyAttempts });
    },
  };
  return [
    rateLimit({ ...common, store: stores('login-client'), limit: limit * 5, keyGenerator: (req) => `client:${clientKeyOf(req)}` }),
    rateLimit({ ...common, store: stores('login-pair'), limit, keyGenerator: (req) => `pair:${clientKeyOf(req)}|${emailOf(req)}` }),
  ];
}

/**
 * Availability checks (they reveal whether an address is registered): every request counted per client
 * (slows walking through addresses) and per (address, client) pair, so nobody can use up an address's
 * checks for the person who owns it.
 */
export function emailCheckRateLimits({ limit, stores = memoryRateLimitStores }: { limit: number; stores?: RateLimitStores | undefined }): RequestHandler[] {
  const handler = (_req: Request, res: Parameters<RequestHandler>[1]) => {
    res.status(429).json({ success: false, message: authTexts.tooManyAttempts, data: { available: false, country: null } });
  };
  const common = { windowMs: fifteenMinutes, standardHeaders: 'draft-8' as const, legacyHeaders: false, handler };
  return [
    rateLimit({ ...common, store: stores('email-check-client'), limit: limit * 3, keyGenerator: (req) => `client:${clientKeyOf(req)}` }),
    rateLimit({ ...common, store: stores('email-check-pair'), limit, keyGenerator: (req) => `pair:${clientKeyOf(req)}|${emailOf(req)}` }),
  ];
}

/** Requests per IP on one kind of call (account creation, sign-in links): a person needs a few; a script is slowed. */
export function ipRateLimit({
  name,
  limit,
  windowMs = 60 * 60_000,
  stores = memoryRateLimitStores,
}: {
  name: string;
  limit: number;
  windowMs?: number;
  stores?: RateLimitStores | undefined;
}): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: stores(`${name}-ip`),
    keyGenerator: (req) => `ip:${clientKeyOf(req)}`,
    handler: (_req, res) => {
      res.status(429).json({ message: authTexts.tooManyAttempts });
    },
  });
}
