import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer token: 32 random bytes; only its SHA-256 is stored. */
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
