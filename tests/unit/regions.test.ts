// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRegionsAgain } from '../../client/forms/regions';

/** Parts of a page rendered again in place after a change (docs/front-end.md#forms), instead of reloading it. */

const page = (body: string, redirected = false) => vi.fn(async () => ({ ok: true, redirected, text: async () => `<!doctype html><html><body>${body}</body></html>` }));
const text = (selector: string) => document.querySelector(selector)?.textContent ?? null;

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('renderRegionsAgain', () => {
  it('swaps each region for its fresh render, leaves the rest of the page, and drops a region the server no longer renders', async () => {
    document.body.innerHTML = '<h1>Queue</h1><input id="typed" value="kept"><p data-region="count">3 pending</p><span data-region="row-7-status">Pending</span>';
    vi.stubGlobal('fetch', page('<h1>Other</h1><p data-region="count">2 pending</p>'));
    expect(await renderRegionsAgain()).toBe(true);
    expect(text('[data-region="count"]')).toBe('2 pending');
    expect(text('[data-region="row-7-status"]')).toBeNull();
    expect(text('h1')).toBe('Queue');
    expect(document.querySelector<HTMLInputElement>('#typed')!.value).toBe('kept');
  });

  it('changes nothing when the page answered with another (a redirect to sign in) or with none of its regions', async () => {
    document.body.innerHTML = '<p data-region="count">3 pending</p>';
    vi.stubGlobal('fetch', page('<p data-region="count">Sign in</p>', true));
    expect(await renderRegionsAgain()).toBe(false);
    vi.stubGlobal('fetch', page('<p>Not found</p>'));
    expect(await renderRegionsAgain()).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await renderRegionsAgain()).toBe(false);
    expect(text('[data-region="count"]')).toBe('3 pending');
  });
});
