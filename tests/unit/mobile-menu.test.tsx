// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import MobileMenu from '../../client/islands/mobile-menu.island';
import { currentUser } from '../../client/state/session';

/** The trade room's phone menu (docs/trade-room.md#mobile-menu): the one-click switch, and Escape closes it. */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Menu = MobileMenu.component;
let root: Root | undefined;
afterEach(() => act(() => root?.unmount()));

async function openMenu(oneClick: boolean) {
  currentUser.value = { id: 7, first_name: 'Ada', last_name: 'L', email: 'ada@example.test', role: 'customer', status: 'active', one_click_trading: oneClick } as never;
  document.body.innerHTML = '<div id="root"></div>';
  root = createRoot(document.getElementById('root')!);
  await act(() => root!.render(<Menu planTitle={null} />));
  const toggle = document.querySelector<HTMLButtonElement>('.hamburger')!;
  toggle.focus();
  await act(() => toggle.click());
  return toggle;
}

describe('the phone menu', () => {
  it('has the one-click trading switch, showing the setting as it is', async () => {
    await openMenu(true);
    const on = document.querySelector<HTMLInputElement>('.mobile-menu .menu-one-click input[role="switch"]')!;
    expect(on.checked).toBe(true);
    expect(document.querySelector('.menu-one-click')!.textContent).toContain('One-click trading');
    await act(() => root!.unmount());
    root = undefined;
    await openMenu(false);
    expect(document.querySelector<HTMLInputElement>('.menu-one-click input')!.checked).toBe(false);
  });

  it('closes on Escape, focus back on the menu button', async () => {
    const toggle = await openMenu(false);
    expect(document.querySelector('.mobile-menu')).not.toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    document.querySelector<HTMLButtonElement>('.mobile-shortcuts button')!.focus();
    await act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(document.querySelector('.mobile-menu')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
