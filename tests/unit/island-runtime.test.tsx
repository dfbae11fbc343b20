// @vitest-environment happy-dom
import { act, useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot } from 'react-dom/client';
import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineIsland } from '../../client/runtime/define-island';
import { afterHydration, hydrationStarted } from '../../client/runtime/hydration';
import { defineIslandElement, hydrateIsland, type IslandRegistry } from '../../client/runtime/island-element';
import { isTranslationConflict, TranslationBoundary } from '../../client/runtime/translation-boundary';
import type { PageAssets } from '../../views/assets';
import { renderDocument } from '../../views/document';
import { Island } from '../../views/island';
import { Script } from '../../views/page-needs';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Counter({ start }: { start: number }) {
  const [n, setN] = useState(start);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      count {n}
    </button>
  );
}
const counter = defineIsland({ name: 'counter', component: Counter, props: z.object({ start: z.number() }) });
const registry: IslandRegistry = { counter: async () => ({ default: counter as never }) };

const assets: PageAssets = {
  links: ({ islands, scripts }) => ({
    styles: ['/app.css'],
    preloads: islands.map((n) => `/${n}.js`),
    scripts: [...(islands.length > 0 ? ['/runtime.js'] : []), ...scripts.map((n) => `/${n}.js`)],
  }),
};
const pageState = { csrfToken: 't', siteName: 'Site', user: null, realtimeKey: null };

/** The island's server HTML, put into the document as the server would send it. */
function mountServerHtml(props: unknown, name = 'counter'): HTMLElement {
  const html = renderDocument({ title: 'x', siteName: 'S', favicon: null, nonce: 'n', assets, pageState, body: <Island island={counter} client="load" props={props as { start: number }} /> });
  document.body.innerHTML = /<body>(.*?)<script/s.exec(html)![1]!;
  const element = document.querySelector('app-island') as HTMLElement;
  element.setAttribute('name', name);
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('island runtime', () => {
  it('when the server HTML and props are good, then the island hydrates and becomes interactive', async () => {
    const element = mountServerHtml({ start: 41 });
    expect(element.getAttribute('client')).toBe('load');
    await act(() => hydrateIsland(element, registry));
    expect(element.hasAttribute('hydrated')).toBe(true);
    await act(async () => element.querySelector('button')!.click());
    expect(element.textContent).toBe('count 42');
  });

  it('when React has not yet committed the island, then it is not marked hydrated (tests and tools wait on the mark before clicking)', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const element = mountServerHtml({ start: 1 });
      await hydrateIsland(element, registry);
      expect(element.hasAttribute('hydrated')).toBe(false);
      await vi.waitFor(() => expect(element.hasAttribute('hydrated')).toBe(true));
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('when islands are hydrating, then what came with the page waits until every one has committed or failed', async () => {
    const settled = () => {
      let done = false;
      void afterHydration().then(() => (done = true));
      return async () => {
        await Promise.resolve();
        return done;
      };
    };
    const one = hydrationStarted();
    const two = hydrationStarted();
    const check = settled();
    one();
    one();
    expect(await check()).toBe(false);
    two();
    expect(await check()).toBe(true);

    const element = mountServerHtml({ start: 5 });
    await act(() => hydrateIsland(element, registry));
    expect(await settled()()).toBe(true);
  });

  it('when the props do not fit the schema, then the server HTML stays and an island:error event says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = mountServerHtml({ start: 1 });
    element.setAttribute('props', JSON.stringify({ start: 'one' }));
    const before = element.innerHTML;
    const events: string[] = [];
    document.addEventListener('island:error', (e) => events.push((e as CustomEvent<{ name: string }>).detail.name), { once: true });
    await act(() => hydrateIsland(element, registry));
    expect(element.innerHTML).toBe(before);
    expect(element.hasAttribute('failed')).toBe(true);
    expect(events).toEqual(['counter']);
  });

  it('when no island has that name, then it fails the same way', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = mountServerHtml({ start: 1 }, 'nothing-here');
    await act(() => hydrateIsland(element, registry));
    expect(element.hasAttribute('failed')).toBe(true);
    expect(element.textContent).toBe('count 1');
  });

  it('when the chunk cannot load, then the server HTML stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const element = mountServerHtml({ start: 3 });
    await act(() => hydrateIsland(element, { counter: () => Promise.reject(new Error('network down')) }));
    expect(element.hasAttribute('failed')).toBe(true);
    expect(element.textContent).toBe('count 3');
  });
});

describe('server rendering of islands', () => {
  it('when props contain markup, then they are escaped in the attribute and the page state', () => {
    const html = renderDocument({
      title: 'x',
      siteName: 'S',
      favicon: null,
      nonce: 'n',
      assets,
      pageState: { ...pageState, siteName: '</script><script>alert(1)</script>' },
      body: (
        <Island
          island={defineIsland({ name: 'echo', component: ({ text }: { text: string }) => <p>{text}</p>, props: z.object({ text: z.string() }) })}
          client="idle"
          props={{ text: '"><img src=x onerror=alert(1)>' }}
        />
      ),
    });
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('when the props break the schema on the server, then rendering fails instead of shipping bad state', () => {
    expect(() =>
      renderDocument({ title: 'x', siteName: 'S', favicon: null, nonce: 'n', assets, pageState, body: <Island island={counter} client="load" props={{ start: 'x' } as never} /> }),
    ).toThrow();
  });

  it('when a page has islands, then it gets the runtime, page state and preloads of exactly those islands', () => {
    const html = renderDocument({ title: 'x', siteName: 'S', favicon: null, nonce: 'abc', assets, pageState, body: <Island island={counter} client="load" props={{ start: 1 }} /> });
    expect(html).toContain('<script type="module" src="/runtime.js" nonce="abc">');
    // At low priority: the sheets the first paint waits for go first (docs/front-end.md#chunks).
    expect(html).toContain('<link rel="modulepreload" href="/counter.js" fetchPriority="low"/>');
    expect(html).toContain('id="page-state"');
  });

  it('when a page declares plain scripts and no island, then it gets exactly those, without the runtime or page state', () => {
    const body = (
      <main>
        <Script name="forms" />
        <Script name="password-reveal" />
        <Script name="forms" />
      </main>
    );
    const html = renderDocument({ title: 'x', siteName: 'S', favicon: null, nonce: 'abc', assets, pageState, body });
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="module" src="/forms.js" nonce="abc">', '<script type="module" src="/password-reveal.js" nonce="abc">']);
    expect(html).not.toContain('page-state');
  });

  it('when the server has messages for the page, then they are toasts in its HTML with the script that closes them', () => {
    const html = renderDocument({
      title: 'x',
      siteName: 'S',
      favicon: null,
      nonce: 'abc',
      assets,
      pageState,
      body: <main />,
      flash: [{ kind: 'error', title: 'Login failed', description: '<b>no</b>' }],
    });
    expect(html).toContain('<li class="toast toast-error" data-toast="5000"><div role="alert"><strong>Login failed</strong><p>&lt;b&gt;no&lt;/b&gt;</p></div>');
    expect(html).toContain('src="/toasts.js"');
  });

  it('when a page has no island, then it ships no script at all', () => {
    const html = renderDocument({ title: 'x', siteName: 'S', favicon: null, nonce: 'abc', assets, pageState, body: <main>static</main> });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('modulepreload');
  });
});

describe('translation boundary', () => {
  it('recognises the errors translation tools cause and nothing else', () => {
    const notFound = new Error("Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.");
    expect(isTranslationConflict(notFound)).toBe(true);
    expect(isTranslationConflict(new TypeError('x is undefined'))).toBe(false);
  });

  it('when a translation conflict happens, then it shows the notice and renders again after 1 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    function Fragile() {
      if (fail) throw new Error("Failed to execute 'insertBefore' on 'Node'");
      return <p>recovered</p>;
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <TranslationBoundary>
          <Fragile />
        </TranslationBoundary>,
      ),
    );
    expect(container.textContent).toBe('Recovering from translation conflict...');
    fail = false;
    await act(async () => vi.advanceTimersByTime(999));
    expect(container.textContent).toBe('Recovering from translation conflict...');
    await act(async () => vi.advanceTimersByTime(1));
    expect(container.textContent).toBe('recovered');
    vi.useRealTimers();
  });

  it('when another error happens, then it is rethrown to the root', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new TypeError('real bug');
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    await expect(
      act(async () =>
        root.render(
          <TranslationBoundary>
            <Broken />
          </TranslationBoundary>,
        ),
      ),
    ).rejects.toThrow('real bug');
    expect(container.textContent).not.toContain('Recovering');
  });
});

describe('server markup', () => {
  it('matches what the island renders by itself', () => {
    const html = renderToString(
      <TranslationBoundary>
        <Counter start={5} />
      </TranslationBoundary>,
    );
    expect(html).toBe('<button type="button">count <!-- -->5</button>');
  });

  it('when a region is rendered again, the island taken off the page unmounts and the new one hydrates', async () => {
    const mounted = vi.fn();
    const unmounted = vi.fn();
    function Watched({ start }: { start: number }) {
      useEffect(() => {
        mounted(start);
        return () => unmounted(start);
      }, [start]);
      return <span>{`watched ${start}`}</span>;
    }
    const watched = defineIsland({ name: 'watched', component: Watched, props: z.object({ start: z.number() }) });
    defineIslandElement({ watched: async () => ({ default: watched as never }) });
    const island = (start: number) => `<app-island name="watched" client="load" props='{"start":${start}}'><span>watched ${start}</span></app-island>`;
    document.body.innerHTML = `<section data-region="r">${island(1)}</section>`;
    await vi.waitFor(() => expect(mounted).toHaveBeenCalledWith(1));
    const fresh = document.createElement('section');
    fresh.innerHTML = island(2);
    await act(async () => document.querySelector('section')!.replaceWith(fresh));
    await vi.waitFor(() => expect(unmounted).toHaveBeenCalledWith(1));
    await vi.waitFor(() => expect(mounted).toHaveBeenCalledWith(2));
    expect(unmounted).not.toHaveBeenCalledWith(2);
  });
});
