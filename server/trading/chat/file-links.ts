import { createHmac, timingSafeEqual } from 'node:crypto';
import { pathOf } from '../../../shared/api/endpoint';
import { api } from '../../../shared/api/endpoints';

/**
 * Signed download links for chat attachments (docs/chat.md#downloads): `…/chat/files/{id}?expires=&signature=`
 * opens the file without any header, so a plain `<img src>` or link shows it, until the link expires.
 *
 * A link works for at least `fileLinkLifetimeMs` and at most one `fileLinkStepMs` longer: its expiry is
 * rounded up to a whole step, so every link to a file made within one step is the same URL and the
 * browser's cache serves it again.
 */
export const fileLinkLifetimeMs = 2 * 3_600_000;
export const fileLinkStepMs = 15 * 60_000;

/** What a link is made for: the file, and the conversation it belongs to (a staff upload not yet sent has none). */
export interface LinkedFile {
  id: string;
  customerId: number | null;
}

export type LinkCheck = 'valid' | 'invalid' | 'expired';

/** A link's query as it came: either part may be missing or anything at all. */
type LinkParts = { expires?: string | undefined; signature?: string | undefined };

export interface FileLinks {
  /** The signed download path of a file, valid from `now` for at least `fileLinkLifetimeMs`. */
  urlOf(file: LinkedFile, now?: number): string;
  /** Whether `expires` and `signature` are this file's, made for the conversation it belongs to now, and not yet expired. */
  check(file: LinkedFile, link: LinkParts, now?: number): LinkCheck;
}

/**
 * Who may read the file, as signed: the customer's conversation (the customer and the staff), or, for a
 * staff upload not yet sent, the staff alone. A link made before a file joined a conversation stops working then.
 */
const audienceOf = (file: LinkedFile) => (file.customerId === null ? 'staff' : `customer:${file.customerId}`);

/** Whether a link's parts could be a signed link at all (an expiry in seconds, a SHA-256 as base64url): checked before anything is looked up. */
export const isLinkShaped = (link: LinkParts): link is { expires: string; signature: string } =>
  typeof link.expires === 'string' && /^\d{1,12}$/.test(link.expires) && typeof link.signature === 'string' && /^[A-Za-z0-9_-]{43}$/.test(link.signature);

/**
 * Links signed with a key of their own, derived from `secret` (the realtime app's secret, which only
 * the trading tier holds and every trading process shares): a link's signature is never a valid
 * channel signature, nor the other way round.
 */
export function fileLinks(secret: string): FileLinks {
  const key = createHmac('sha256', secret).update('chat-file-links/v1').digest();
  const sign = (file: LinkedFile, expires: string) =>
    createHmac('sha256', key)
      .update(`${file.id}\n${audienceOf(file)}\n${expires}`)
      .digest('base64url');

  return {
    urlOf(file, now = Date.now()) {
      const expires = String(Math.ceil((now + fileLinkLifetimeMs) / fileLinkStepMs) * (fileLinkStepMs / 1000));
      return pathOf(api.chatFile, { id: file.id }, { expires, signature: sign(file, expires) });
    },
    check(file, link, now = Date.now()) {
      if (!isLinkShaped(link)) return 'invalid';
      const expected = Buffer.from(sign(file, link.expires));
      const given = Buffer.from(link.signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(link.expires) * 1000 > now ? 'valid' : 'expired';
    },
  };
}
