// @vitest-environment happy-dom
import { effect } from '@preact/signals-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../client/lib/call';
import { socketId } from '../../client/state/realtime';
import { csrfToken } from '../../client/state/session';
import { siteApi } from '../../shared/api/endpoints/site';

/**
 * A call reads the page's CSRF token and socket id as they are when it is made, and subscribes to neither: an effect
 * that loads something (the activated EA's figures for the chosen account) loaded it again when the realtime socket
 * connected and its id arrived.
 */
afterEach(() => vi.unstubAllGlobals());

describe('call inside an effect', () => {
  it('runs again for what the effect follows, not when the socket id or the CSRF token changes', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ data: {} }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const stop = effect(() => void call(siteApi.user));
    socketId.value = '123.456';
    csrfToken.value = 'another-token';
    stop();
    expect(fetch).toHaveBeenCalledTimes(1);
    // The next call carries them.
    await call(siteApi.user);
    expect(fetch.mock.calls[1]).toMatchObject([expect.any(String), { headers: expect.objectContaining({ 'X-CSRF-Token': 'another-token', 'x-socket-id': '123.456' }) }]);
  });
});
