import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldErrors, type FieldErrors } from '../../shared/api/common.schema';
import type { Endpoint, ResponseOf } from '../../shared/api/endpoint';
import type { ToastInput } from '../../shared/page-state.schema';
import { call, type CallInput, type CallResult } from '../lib/call';
import { dismissToast, showToast } from '../state/toasts';

/** A form's values: what the person typed or chose, by field name (the body's name where the body has one). */
export type FormValues = Record<string, string | boolean>;

/** How a send ended well: the answer (with its `message` when it has one), or settled by someone else first (no answer, the server's message). */
export type Outcome<E extends Endpoint> = { data: ResponseOf<E>; message: string | null } | { data: null; message: string };

export interface EndpointFormOptions<E extends Endpoint, V extends FormValues> {
  initial: V | (() => V);
  /** The call the values make. */
  request: (values: V) => CallInput<E>;
  /** Checks beyond the endpoint's body schema (a minimum, an amount left), worded as the server words them. */
  check?: (values: V) => FieldErrors;
  /** Where a field's messages are filed when the body names it otherwise (`{ accountId: 'account_id' }`). */
  errorKeys?: Partial<Record<keyof V & string, string>>;
  /** What the person is told when it went through; nothing when it says nothing. */
  done?: (outcome: Outcome<E>, values: V) => ToastInput | null;
  /** A failure is also a toast with this title (one at a time: the next failure replaces it). */
  failureTitle?: string;
  /** The message when the server gives none. */
  fallback?: string;
  /** The message when no answer came at all (else `fallback`). */
  unreachable?: string;
  /**
   * A decision another person made first (409) or on a row that is gone (404) is settled, not failed:
   * `done` and `onDone` run with no data and the server's message (docs/back-office.md#decisions-happen-once).
   */
  settledElsewhere?: boolean;
  /** After it went through: update the page from the answer (or, settled elsewhere, from what the message says). */
  onDone?: (outcome: Outcome<E>, values: V) => void | Promise<void>;
  /** After every send, whether it went through or not: what follows either way (read the list again, close the dialog). */
  after?: () => void | Promise<void>;
}

const defaultFallback = 'The request failed. Please try again.';

/**
 * One form's state over one endpoint (docs/front-end.md#forms): the values, which fields were touched, the
 * endpoint's own body schema and `check` run as the person types (shown once a field is touched or a send was
 * tried), the server's field errors (422 `errors`) until that field changes, the request-level problem, busy
 * while sending (and while `onDone` and `after` update the page), and one toast policy. `field(name)` hands back
 * an input's props with its message wired; after a submit that did not go through, the first field with a message
 * takes the focus, as a browser's own checks do.
 */
export function useEndpointForm<E extends Endpoint, V extends FormValues>(e: E, options: EndpointFormOptions<E, V>) {
  const [values, setValues] = useState<V>(options.initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const failureToast = useRef<number | null>(null);
  const refusedIn = useRef<HTMLFormElement | null>(null);
  const [refusals, setRefusals] = useState(0);
  const base = useId();
  useEffect(() => {
    refusedIn.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    refusedIn.current = null;
  }, [refusals]);

  const keyOf = (name: string) => options.errorKeys?.[name as keyof V & string] ?? name;
  const checked = checkValues(e, options, values);
  const error = (name: string): string | undefined => serverErrors[keyOf(name)]?.[0] ?? (attempted || touched.has(name) ? checked[keyOf(name)]?.[0] : undefined);
  const idOf = (name: string) => `${base}-${name}`;
  const errorId = (name: string) => `${idOf(name)}-error`;

  const set = (patch: Partial<V>) => {
    const names = Object.keys(patch);
    setValues((current) => ({ ...current, ...patch }));
    setTouched((current) => new Set([...current, ...names]));
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !names.some((name) => keyOf(name) === key))));
    setProblem(null);
  };
  const reset = (next: V = typeof options.initial === 'function' ? options.initial() : options.initial) => {
    setValues(next);
    setTouched(new Set());
    setAttempted(false);
    setServerErrors({});
    setProblem(null);
  };
  const sayFailure = (message: string | null) => {
    if (failureToast.current !== null) dismissToast(failureToast.current);
    failureToast.current = message && options.failureTitle ? showToast({ kind: 'error', title: options.failureTitle, description: message }) : null;
  };

  /** Says how the call ended and files what the server said; true when it went through or was settled elsewhere. */
  async function settle(result: CallResult<E>): Promise<boolean> {
    if (result.ok || (options.settledElsewhere && (result.status === 409 || result.status === 404))) {
      sayFailure(null);
      const outcome: Outcome<E> = result.ok ? { data: result.data, message: messageIn(result.data) } : { data: null, message: result.message ?? options.fallback ?? defaultFallback };
      const toast = options.done?.(outcome, values);
      if (toast) showToast(toast);
      await options.onDone?.(outcome, values);
      return true;
    }
    setServerErrors(result.errors);
    const message = result.message ?? (result.failure === 'unreachable' ? options.unreachable : undefined) ?? options.fallback ?? defaultFallback;
    // A message no field shows (the account, the whole request) stays above the buttons; a field's own shows beside it.
    const fieldShown = Object.keys(values).find((name) => result.errors[keyOf(name)]?.[0]);
    setProblem(fieldShown ? null : (Object.values(result.errors)[0]?.[0] ?? message));
    sayFailure(message);
    return false;
  }

  /** Sends the values (when they pass the checks); resolves true when it went through or was settled elsewhere. */
  async function send(): Promise<boolean> {
    setAttempted(true);
    if (Object.keys(checked).length > 0) return false;
    setBusy(true);
    setProblem(null);
    try {
      const went = await settle(await call(e, options.request(values)));
      await options.after?.();
      return went;
    } finally {
      setBusy(false);
    }
  }

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const shown = event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
    void send().then((went) => {
      if (went || !shown) return;
      refusedIn.current = shown;
      setRefusals((count) => count + 1);
    });
  };

  /** An input's, select's or textarea's props for field `name`: id, value, change, touch and its message wired. */
  const field = (name: keyof V & string) => ({
    id: idOf(name),
    name,
    value: String(values[name] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => set({ [name]: event.target.value } as Partial<V>),
    onBlur: () => setTouched((current) => new Set([...current, name])),
    'aria-invalid': error(name) ? true : undefined,
    'aria-describedby': error(name) ? errorId(name) : undefined,
  });

  /** A checkbox's props for boolean field `name`, wired as `field`'s are. */
  const checkbox = (name: keyof V & string) => {
    const { value: _text, onChange: _typed, ...wired } = field(name);
    return { ...wired, type: 'checkbox' as const, checked: values[name] === true, onChange: (event: ChangeEvent<HTMLInputElement>) => set({ [name]: event.target.checked } as Partial<V>) };
  };

  return { values, set, reset, field, checkbox, error, idOf, errorId, busy, problem, send, submit };
}

export type EndpointForm = ReturnType<typeof useEndpointForm>;

const messageIn = (data: unknown): string | null => {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
};

/** The endpoint's body schema over what the values would send, then the form's own checks; `_` (the whole body) is the server's to say. */
function checkValues<E extends Endpoint, V extends FormValues>(e: E, options: EndpointFormOptions<E, V>, values: V): FieldErrors {
  const body = e.body ? e.body.safeParse(options.request(values).body) : undefined;
  const errors: FieldErrors = body && !body.success ? fieldErrors(body.error.issues) : {};
  for (const [key, messages] of Object.entries(options.check?.(values) ?? {})) errors[key] ??= messages;
  delete errors._;
  return errors;
}
