import type * as Crypto from 'node:crypto';
import type { Request } from 'express';
import { describe, expect, it, vi } from 'vitest';
import { createTokenSealer, signOut, tokenOf } from '../../server/web/session';

// Deciphers counted: a remembered token is not deciphered again.
const counted = vi.hoisted(() => ({ deciphers: 0 }));
vi.mock('node:crypto', async (original) => {
  const real = await original<typeof Crypto>();
  return {
    ...real,
    createDecipheriv: (...args: Parameters<typeof real.createDecipheriv>) => {
      counted.deciphers += 1;
      return real.createDecipheriv(...args);
    },
  };
});

const secret = 'unit-session-secret-0123456789abcdef';
const requestWith = (sealed: string | undefined) => ({ session: sealed ? { t: sealed } : {} }) as unknown as Request;

describe('the session token sealer', () => {
  it('opens a session’s token once and then remembers it, until the session signs out', () => {
    const sealer = createTokenSealer(secret);
    const sealed = sealer.seal('api-token-1');
    const before = counted.deciphers;
    expect(tokenOf(requestWith(sealed), sealer)).toBe('api-token-1');
    expect(tokenOf(requestWith(sealed), sealer)).toBe('api-token-1');
    expect(counted.deciphers - before).toBe(1);
    signOut(requestWith(sealed), sealer);
    expect(tokenOf(requestWith(sealed), sealer)).toBe('api-token-1');
    expect(counted.deciphers - before).toBe(2);
  });

  it('remembers nothing it cannot open, and seals of another purpose do not open', () => {
    const sealer = createTokenSealer(secret);
    const other = createTokenSealer(secret, 'signup-password');
    expect(sealer.open(other.seal('a password'))).toBeUndefined();
    expect(sealer.open('not-a-seal')).toBeUndefined();
    const sealed = sealer.seal('api-token-2');
    expect(other.open(sealed)).toBeUndefined();
    expect(sealer.open(sealed)).toBe('api-token-2');
  });
});
