import { createHash, randomBytes } from 'node:crypto';

/**
 * The opaque tokens the database keeps only as their SHA-256 (API tokens, one-time links): made, hashed for
 * storage and look-up, and recognised in an `Authorization` header. Here, beside the repositories that store
 * them, so `db/` needs nothing from the domain.
 */

/** A new token: 32 random bytes, and the hash to store. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const token = match?.[1];
  return token && tokenPattern.test(token) ? token : undefined;
}
