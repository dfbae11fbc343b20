import type * as z from 'zod/mini';

/** Where the trading API lives, on the API itself and behind the web tier's proxy alike. */
export const apiPrefix = '/api/v1';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: anyone; any signed-in user whatever their standing (so the gate can show a
 * pending or deactivated customer their screen); a signed-in user who is not deactivated (a customer
 * awaiting approval verifies and asks support: docs/customer-area.md#verification); a user in good
 * standing; a customer in good standing; staff (staff or admin) in good standing.
 */
export type Access = 'public' | 'signed-in' | 'pending-ok' | 'active' | 'customer' | 'staff' | 'admin';

/**
 * One call of the API: its method and path under `apiPrefix` (`:name` for a path parameter), the schemas
 * of what it takes, and the schema of the body it answers with on success. The routes parse with these
 * schemas, the web tier's client and the browser's `call()` build requests and read answers with them,
 * and the fuzz suite derives its inputs from them.
 */
export interface Endpoint {
  readonly method: Method;
  readonly path: `/${string}`;
  readonly access: Access;
  readonly params?: z.ZodMiniType;
  readonly query?: z.ZodMiniType;
  readonly body?: z.ZodMiniType;
  /** How the body travels: JSON (the default), a multipart upload, or a URL-encoded form. */
  readonly encoding?: 'json' | 'multipart' | 'form';
  /** The body of a successful answer; none for an answer that is not JSON (a file download). */
  readonly response?: z.ZodMiniType;
  /** The status of a successful answer (200 unless said). */
  readonly status?: 200 | 201;
}

/** Declares an endpoint, keeping its literal types. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Input<S> = S extends z.ZodMiniType ? z.input<S> : undefined;
type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** What a caller sends (before parsing: ids may be strings, decimals numbers). */
export interface RequestOf<E extends Endpoint> {
  params: Input<E['params']>;
  query: Input<E['query']>;
  body: Input<E['body']>;
}

/** What a route handler gets once the schemas have parsed the request. */
export interface ParsedRequestOf<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
}

/** The body of a successful answer. */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodMiniType ? z.output<E['response']> : never;

type Scalar = string | number | boolean | null | undefined;

/** The path of a call with its parameters filled in and its query appended, under `apiPrefix`. */
export function pathOf(e: Pick<Endpoint, 'path'>, params: Record<string, Scalar> = {}, query: Record<string, Scalar> = {}): string {
  const path = e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${e.path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.toString();
  return `${apiPrefix}${path}${qs ? `?${qs}` : ''}`;
}
