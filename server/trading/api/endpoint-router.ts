import { Router, type Request, type RequestHandler, type Response } from 'express';
import * as z from 'zod/mini';
import { fieldErrors, firstError } from '../../../shared/api/common.schema';
import type { Access, Endpoint, ParsedRequestOf, ResponseOf } from '../../../shared/api/endpoint';
import { queryOfForm } from '../../../shared/api/form-query';
import type { ApiDeps } from '../deps';
import { authenticate, requireAccess } from './auth.middleware';
import { notFound } from './errors';
import { parseInput } from './validate';

/**
 * A route's work: it gets the request parsed by the endpoint's schemas and returns the answer's body
 * (typed by the endpoint's response schema), which is sent with the endpoint's status; or it answers
 * itself (a file) and returns nothing. Refusals are thrown (`DomainError`, `ApiError`).
 */
export type Handler<E extends Endpoint> = (input: ParsedRequestOf<E>, req: Request, res: Response) => Promise<ResponseOf<E> | WireBody | void> | ResponseOf<E> | WireBody | void;

/** A body a route has already put in the wire's types (item by item, with the endpoint's schemas): sent as it is. */
export class WireBody {
  constructor(readonly wire: unknown) {}
}

/**
 * The checks each kind of access runs before the route: who is calling (401 without a valid token), then
 * `accessRefusal` (standing, role, staff's enrolment), the rule the realtime channels share
 * (docs/access.md#who-may-do-what).
 */
export function accessGuards(deps: ApiDeps): Record<Access, RequestHandler[]> {
  const signedIn = authenticate(deps);
  const guarded = (access: Access): RequestHandler[] => [signedIn, requireAccess(deps, access)];
  return {
    public: [],
    'signed-in': [signedIn],
    'pending-ok': guarded('pending-ok'),
    active: guarded('active'),
    customer: guarded('customer'),
    staff: guarded('staff'),
    admin: guarded('admin'),
  };
}

/** Path parameters that do not parse name nothing there is: not found, with the parameter's own message. */
function parseParams(e: Endpoint, params: unknown): unknown {
  if (!e.params) return undefined;
  const result = e.params.safeParse(params);
  if (!result.success) throw notFound(firstError(fieldErrors(result.error.issues)));
  return result.data;
}

/**
 * A router whose routes are declared by endpoint (`shared/api/endpoints.ts`): `on(api.placeOrder, handler)`,
 * with any extra middleware (rate limits, body readers) before the handler. The endpoint's access
 * decides the guards; its schemas parse the path parameters (404 when they do not), the query and the
 * body (422 with the fields' messages).
 */
export function endpointRouter(deps: ApiDeps) {
  const router = Router();
  const guards = accessGuards(deps);
  const methods = { GET: 'get', POST: 'post', PATCH: 'patch', DELETE: 'delete' } as const;

  function on<E extends Endpoint>(e: E, ...chain: [...RequestHandler[], Handler<E>]): void {
    const handler = chain.pop() as Handler<E>;
    const before = chain as RequestHandler[];
    router[methods[e.method]](e.path, ...guards[e.access], ...before, async (req: Request, res: Response) => {
      const input = {
        params: parseParams(e, req.params),
        query: e.query ? parseInput(e.query, queryOfForm(req.query)) : undefined,
        body: e.body ? parseInput(e.body, req.body) : undefined,
      } as ParsedRequestOf<E>;
      const body = await handler(input, req, res);
      // Encoded by the response schema: decimals become the wire's numbers (shared/api/wire.ts), and a
      // body outside the contract fails here rather than in a client.
      if (body === undefined || res.headersSent) return;
      res.status(e.status ?? 200).json(body instanceof WireBody ? body.wire : e.response ? z.encode(e.response, body) : body);
    });
  }

  return { router, on };
}

/** `on` of an `endpointRouter`, for a route file cut into groups of routes that each take it. */
export type EndpointOn = ReturnType<typeof endpointRouter>['on'];
