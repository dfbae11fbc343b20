import type { Request } from 'express';
import { socketIdHeader, socketIdPattern } from '../../../shared/realtime';

/** The realtime socket the page named (X-Socket-Id), if well formed: it does not hear this request's own events. */
export function originOf(req: Request): string | undefined {
  const socketId = req.get(socketIdHeader);
  return socketId && socketIdPattern.test(socketId) ? socketId : undefined;
}
