// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Preferences } from '../../shared/api/preferences.schema';
import SettingsPreferences from '../../client/islands/settings-preferences.island';
import { currentUser } from '../../client/state/session';
import { toasts } from '../../client/state/toasts';
import { mount, unmountIslands } from '../support/islands';

/**
 * Settings › Trade room's choice of terminal (docs/customer-area.md#settings, docs/trade-room.md#terminals): saved on
 * the user as it is made, like the other choices; a refusal puts the previous choice back with the server's message.
 */

const call = vi.hoisted(() => vi.fn());
vi.mock('../../client/lib/call', () => ({ call }));

const preferences: Preferences = {
  display_currency: null,
  language: 'en',
  sounds_enabled: true,
  one_click_trading: false,
  watch_digits: 'fixed',
  terminal: 'classic',
  notifications: { account: true, funding: true },
};

const Island = SettingsPreferences.component;

beforeEach(() => {
  call.mockReset();
  toasts.value = [];
  currentUser.value = { id: 7, first_name: 'Ada', last_name: 'L', email: 'ada@example.test', role: 'customer', status: 'active', ...preferences } as never;
  mount(<Island preferences={preferences} currencies={[]} accountCurrency="USD" />);
});
afterEach(unmountIslands);

const radio = (kind: 'classic' | 'light') => document.querySelector<HTMLInputElement>(`input[type="radio"][name="terminal"][value="${kind}"]`)!;
const labelOf = (input: HTMLInputElement) => input.closest('label')!.querySelector('strong')!.textContent;

describe('Settings › Trade room: the terminal', () => {
  it('offers the classic and the light terminal as radios, the saved one checked, under the Trade room heading', () => {
    expect(labelOf(radio('classic'))).toBe('Classic terminal');
    expect(labelOf(radio('light'))).toBe('Light terminal');
    expect(radio('classic').checked).toBe(true);
    expect(radio('light').checked).toBe(false);
    const fieldset = radio('light').closest('fieldset')!;
    expect(fieldset.closest('section')!.querySelector('h2')!.textContent).toBe('Trade room');
    expect(document.getElementById(fieldset.getAttribute('aria-describedby')!)!.textContent).toContain('“Trade room” links open');
  });

  it('saves the choice through PATCH /user/preferences, the page’s user and its Trade room links follow and “Settings saved” shows', async () => {
    call.mockResolvedValueOnce({ ok: true, status: 200, data: { data: { ...preferences, terminal: 'light' }, message: 'Settings saved' } });
    // The app shell's link, server-rendered outside the island.
    document.body.insertAdjacentHTML('beforeend', '<a id="shell-trade-room" href="/mt4" data-trade-room="">Trade room</a>');
    await act(() => radio('light').click());
    expect(document.getElementById('shell-trade-room')!.getAttribute('href')).toBe('/mt4-light');
    document.getElementById('shell-trade-room')!.remove();
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]![1]).toEqual({ body: { terminal: 'light' } });
    expect(radio('light').checked).toBe(true);
    expect(radio('classic').checked).toBe(false);
    expect((currentUser.value as { terminal: string }).terminal).toBe('light');
    expect(toasts.value.map((t) => [t.kind, t.title])).toEqual([['success', 'Settings saved']]);
  });

  it('puts the previous choice back with the server’s message when the save is refused', async () => {
    call.mockResolvedValueOnce({ ok: false, failure: 'refused', status: 422, message: 'Choose the classic or the light terminal.', errors: {}, retryAfter: null });
    await act(() => radio('light').click());
    expect(radio('classic').checked).toBe(true);
    expect(radio('light').checked).toBe(false);
    expect(radio('classic').disabled).toBe(false);
    expect((currentUser.value as { terminal: string }).terminal).toBe('classic');
    expect(toasts.value.map((t) => [t.kind, t.title])).toEqual([['error', 'Choose the classic or the light terminal.']]);
  });
});
