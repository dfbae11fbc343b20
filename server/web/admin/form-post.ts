import express, { type Request, type Response, type Router } from 'express';
import type * as z from 'zod/mini';
import { fieldErrors, messageOf, type FieldErrors } from '../../../shared/api/common.schema';
import type { Endpoint } from '../../../shared/api/endpoint';
import { bodyOf, keptValues } from '../forms';
import { callContext } from '../gate';
import { staffPage, type PageDeps, type StaffPage } from '../gated';
import { csrf } from '../security';
import { flashNext } from '../session';
import { UpstreamUnavailable } from '../trading-client';

const notDone = 'That could not be done. Please try again.';

/** A refused post: which form, what was typed, and the messages by field (the page shows them on that form). */
export interface Posted<Form extends string> {
  form: Form;
  values: Record<string, string>;
  errors: FieldErrors;
}

/**
 * One back-office form's plain post, admins only: checked with the endpoint's own body schema, sent to the API, and on
 * success back to `page` (at `anchor`) with the API's message; refused, the page again (`again`) with what was typed and why.
 */
export function adminFormPost<Form extends string, E extends Endpoint & { body: z.ZodMiniType }>(
  router: Router,
  deps: PageDeps,
  {
    path,
    form,
    endpoint,
    fields,
    page: pagePath,
    anchor = '',
    again,
  }: {
    path: string;
    form: Form;
    endpoint: E;
    fields: readonly string[];
    /** Where a success goes back to. */
    page: string;
    anchor?: string;
    again: (req: Request, res: Response, page: StaffPage, posted: Posted<Form>, status: number, message: string) => Promise<void>;
  },
): void {
  router.post(
    path,
    express.urlencoded({ extended: false, limit: '2kb' }),
    csrf.csrfSynchronisedProtection,
    staffPage(
      deps,
      async (req, res, page) => {
        const values = keptValues(req, fields);
        const refuse = (errors: FieldErrors, status: number, message: string) => again(req, res, page, { form, values, errors }, status, message);
        const parsed = endpoint.body.safeParse(Object.fromEntries(fields.map((name) => [name, String(bodyOf(req)[name] ?? '')])));
        if (!parsed.success) {
          const errors = fieldErrors(parsed.error.issues);
          return refuse(errors, 422, Object.values(errors)[0]?.[0] ?? notDone);
        }
        let answer;
        try {
          answer = await deps.api.request(endpoint, { token: page.token, body: parsed.data } as never, callContext(req));
        } catch (error) {
          if (!(error instanceof UpstreamUnavailable)) throw error;
          return refuse({}, 503, notDone);
        }
        if (!answer.ok) return refuse((answer.body as { errors?: FieldErrors } | null)?.errors ?? {}, answer.status, messageOf(answer.body, notDone));
        flashNext(req, { kind: 'success', title: (answer.data as { message: string }).message });
        res.redirect(303, `${pagePath}${anchor}`);
      },
      { adminOnly: true },
    ),
  );
}
