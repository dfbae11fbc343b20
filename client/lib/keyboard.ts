import { useEffect, useRef } from 'react';

/**
 * Keyboard help for the trade room (docs/trade-room.md#keyboard): which presses belong to what the person is
 * typing, window shortcuts that leave those alone, and moving through a list with the arrow keys.
 */

/** A press aimed at a text field, a select or editable content: the field's, never a shortcut's. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (!(element instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image'].includes(element.type);
}

/** A modal dialog is open: shortcuts of the page beneath it wait. */
export const modalOpen = (): boolean => typeof document !== 'undefined' && document.querySelector('dialog[open]') !== null;

/**
 * Calls `handler` when `key` is pressed anywhere on the page (not while typing unless `whileTyping`, never under
 * an open modal dialog, never with Ctrl, Alt or Meta). The handler is read afresh on every press.
 */
export function useShortcut(key: string, handler: (event: KeyboardEvent) => void, { enabled = true, whileTyping = false }: { enabled?: boolean; whileTyping?: boolean } = {}): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== key || event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      if ((!whileTyping && isTyping(event.target)) || modalOpen()) return;
      latest.current(event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [key, enabled, whileTyping]);
}

/** Where Up, Down, Home, End, Page Up and Page Down move in a list of `count` rows from `index` (null: not a list key). */
export function listMove(key: string, index: number, count: number, page = 10): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const from = Math.min(Math.max(index, 0), last);
  switch (key) {
    case 'ArrowDown':
      return Math.min(from + 1, last);
    case 'ArrowUp':
      return Math.max(from - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(from + page, last);
    case 'PageUp':
      return Math.max(from - page, 0);
    default:
      return null;
  }
}
