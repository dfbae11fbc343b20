// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../client/runtime/strategies/idle';
import { whenInteracted } from '../../client/runtime/strategies/interaction';
import { whenMedia } from '../../client/runtime/strategies/media';
import { whenVisible } from '../../client/runtime/strategies/visible';
import { parseStrategies, waitForStrategies } from '../../client/runtime/strategies';

/** Settles `promise`'s state without waiting for it: 'pending' until it resolves. */
async function stateOf(promise: Promise<unknown>): Promise<'pending' | 'resolved' | 'rejected'> {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  return state;
}

class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  fire(target: Element, isIntersecting: boolean) {
    this.callback([{ target, isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function islandWithChild(): { island: HTMLElement; child: HTMLElement } {
  const island = document.createElement('app-island');
  const child = document.createElement('div');
  island.append(child);
  document.body.append(island);
  return { island, child };
}

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('visible', () => {
  it('when a child scrolls into view, then it resolves, and not before', async () => {
    const { island, child } = islandWithChild();
    const visible = whenVisible(island);
    const observer = FakeIntersectionObserver.instances[0]!;
    expect(observer.observed).toEqual([child]);
    observer.fire(child, false);
    expect(await stateOf(visible)).toBe('pending');
    observer.fire(child, true);
    expect(await stateOf(visible)).toBe('resolved');
    expect(observer.disconnected).toBe(true);
  });

  it('when the island has no children to observe, then it resolves at once', async () => {
    const island = document.createElement('app-island');
    expect(await stateOf(whenVisible(island))).toBe('resolved');
  });
});

describe('idle', () => {
  it('when the page has loaded, then it waits for an idle callback', async () => {
    vi.useFakeTimers();
    const callbacks: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => callbacks.push(cb));
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    const idle = whenIdle();
    expect(await stateOf(idle)).toBe('pending');
    expect(callbacks).toHaveLength(1);
    callbacks[0]!({ didTimeout: false, timeRemaining: () => 10 });
    expect(await stateOf(idle)).toBe('resolved');
  });

  it('when the browser has no requestIdleCallback, then a timer stands in', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    const idle = whenIdle();
    expect(await stateOf(idle)).toBe('pending');
    await vi.advanceTimersByTimeAsync(250);
    expect(await stateOf(idle)).toBe('resolved');
  });

  it('when the page is still loading, then it waits for the load event first', async () => {
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => cb({ didTimeout: false, timeRemaining: () => 10 }));
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    const idle = whenIdle();
    expect(await stateOf(idle)).toBe('pending');
    window.dispatchEvent(new Event('load'));
    expect(await stateOf(idle)).toBe('resolved');
  });
});

describe('interaction', () => {
  it('when the person focuses something inside, then it resolves and stops listening', async () => {
    const { island, child } = islandWithChild();
    const add = vi.spyOn(island, 'addEventListener');
    const interacted = whenInteracted(island);
    expect(await stateOf(interacted)).toBe('pending');
    child.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(await stateOf(interacted)).toBe('resolved');
    expect(add.mock.calls.every(([, , options]) => (options as AddEventListenerOptions).passive === true)).toBe(true);
  });
});

describe('media', () => {
  it('when the query starts to match later, then it resolves', async () => {
    let listener: ((event: MediaQueryListEvent) => void) | undefined;
    vi.stubGlobal('matchMedia', () => ({
      matches: false,
      addEventListener: (_: string, cb: (event: MediaQueryListEvent) => void) => (listener = cb),
      removeEventListener: () => (listener = undefined),
    }));
    const media = whenMedia('(max-width: 768px)');
    expect(await stateOf(media)).toBe('pending');
    listener!({ matches: false } as MediaQueryListEvent);
    expect(await stateOf(media)).toBe('pending');
    listener!({ matches: true } as MediaQueryListEvent);
    expect(await stateOf(media)).toBe('resolved');
  });
});

describe('combined strategies', () => {
  it('when an island asks for "visible interaction", then both must happen', async () => {
    const { island, child } = islandWithChild();
    const ready = waitForStrategies(island, parseStrategies('visible interaction'));
    FakeIntersectionObserver.instances[0]!.fire(child, true);
    expect(await stateOf(ready)).toBe('pending');
    child.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(await stateOf(ready)).toBe('resolved');
  });

  it('when the strategy is unknown or media has no query, then it fails loudly', async () => {
    expect(() => parseStrategies('whenever')).toThrow(/Unknown hydration strategy/);
    const { island } = islandWithChild();
    expect(await stateOf(waitForStrategies(island, ['media']))).toBe('rejected');
  });

  it('when no strategy is given, then it hydrates on load', () => {
    expect(parseStrategies(null)).toEqual(['load']);
  });
});
