import type { Request } from 'express';

/** The parsed body, or an empty one when the request had none or a type we do not parse. */
export const bodyOf = (req: Request) => (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;

/** A script's call (JSON body or Accept) rather than a browser's form post, which gets a page back. */
export const wantsJson = (req: Request) => req.is('application/json') === 'application/json' || req.accepts(['html', 'json']) === 'json';

/** The posted text fields among `names` (a form post sends only strings), to show again when the page comes back. Never pass passwords here. */
export function keptValues(req: Request, names: readonly string[]): Record<string, string> {
  const body = bodyOf(req);
  return Object.fromEntries(names.flatMap((name) => (typeof body[name] === 'string' ? [[name, body[name] as string]] : [])));
}
