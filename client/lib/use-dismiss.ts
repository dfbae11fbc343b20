import { useEffect, type RefObject } from 'react';

/** Closes a popup on Escape, and on a press outside `ref` when one is given (not while a modal dialog is open above it). */
export function useDismiss(open: boolean, ref: RefObject<HTMLElement | null> | null, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) close();
    };
    const onPointer = (event: PointerEvent) => {
      if (ref?.current && !ref.current.contains(event.target as Node) && !document.querySelector('dialog[open]')) close();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open, ref, close]);
}
