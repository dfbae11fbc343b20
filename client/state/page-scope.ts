import { computed, signal, Signal, type ReadonlySignal } from '@preact/signals-react';

/**
 * Page state that each server render has its own of (docs/front-end.md#islands-only-for-interaction). The browser shows
 * one page, so it has one of each; the server renders many pages at once in one process, so a render reads and writes
 * its own copies, made on first use and dropped with the render. Which render is running the server says
 * (`setRenderScope`, with an AsyncLocalStorage: views/page-scope.ts), so nothing here imports a Node module.
 */
export interface RenderScope {
  /** This render's copy of each page value, by the value's key. */
  readonly values: Map<object, unknown>;
}

export const newRenderScope = (): RenderScope => ({ values: new Map() });

let currentScope: () => RenderScope | undefined = () => undefined;

/** The server's side: how to find the render running now (undefined outside any). */
export function setRenderScope(accessor: () => RenderScope | undefined): void {
  currentScope = accessor;
}

/** True while a server render is running (in the browser, never). */
export const inRenderScope = (): boolean => currentScope() !== undefined;

/**
 * A value of the page's own, made by `make` on first use: in the browser once, on the server once per render. Outside
 * any render the server gets the browser's copy, which no render writes, so a stray read sees the value as made.
 */
export function pageLocal<T>(make: () => T): () => T {
  const key = {};
  let own: { value: T } | undefined;
  return () => {
    const scope = currentScope();
    if (!scope) return (own ??= { value: make() }).value;
    if (!scope.values.has(key)) scope.values.set(key, make());
    return scope.values.get(key) as T;
  };
}

/**
 * A signal that stands for the page's own signal: every read and write goes to `of()`'s, so islands and state modules
 * use it as any signal (`.value`, `.peek()`, rendered as text) and React subscribes to the signal underneath.
 */
class PageSignal<T> extends Signal<T> {
  readonly #of: () => Signal<T>;

  constructor(of: () => Signal<T>) {
    super(undefined as T);
    this.#of = of;
  }

  override get value(): T {
    return this.#of().value;
  }

  override set value(value: T) {
    this.#of().value = value;
  }

  override peek(): T {
    return this.#of().peek();
  }
}

/** A signal the page seeds, or any render may write: each server render has its own, starting at `initial`. */
export const pageSignal = <T>(initial: T): Signal<T> => new PageSignal(pageLocal(() => signal(initial)));

/**
 * A computed over page signals: each server render has its own, so a value worked out for one page is never
 * served from the cache to the next (a module-level `computed` would keep the first render's).
 */
export const pageComputed = <T>(fn: () => T): ReadonlySignal<T> => new PageSignal(pageLocal(() => computed(fn) as Signal<T>));
