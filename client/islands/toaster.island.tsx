import '../styles/toasts.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { defineIsland } from '../runtime/define-island';
import { toastInput } from '../../shared/page-state.schema';
import { dismissToast, showToast, toasts, visibleToasts, type Toast } from '../state/toasts';

function ToastItem({ toast, live = true }: { toast: Toast; live?: boolean }) {
  useEffect(() => {
    if (!live) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, live]);
  return (
    <li className={`toast toast-${toast.kind}`}>
      {/* The message carries the role, so the list keeps list items (as the server's toasts: views/components/toasts.tsx). */}
      <div role={toast.kind === 'error' ? 'alert' : 'status'}>
        <strong>{toast.title}</strong>
        {toast.description ? <p>{toast.description}</p> : null}
      </div>
      <button type="button" className="toast-close" aria-label="Close" hidden={!live} onClick={() => dismissToast(toast.id)}>
        ×
      </button>
    </li>
  );
}

const props = z.object({
  /** Messages the server knew for the page (a save that went through): in its HTML, readable before and without scripts. */
  flash: z.array(toastInput),
});

/**
 * The toast lists (the usual one, and one for the few placed bottom-left), in the page's toast lane (docs/screens.md#toasts): at
 * most three each, closing after their duration. The server renders the page's flash messages; once hydrated they join the
 * page's toasts (closing and closable like any), and toasts shown by the page follow.
 */
function Toaster({ flash }: z.infer<typeof props>) {
  useSignals();
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    for (const toast of flash) showToast(toast);
    setMounted(true);
  }, [flash]);
  const served: Toast[] = flash.map((toast, i) => ({ ...toast, id: -1 - i, durationMs: 0 }));
  const all = mounted ? toasts.value : served;
  const bottomLeft = visibleToasts(all.filter((t) => t.placement === 'bottom-left'));
  return (
    <>
      <ol className="toaster" aria-live="polite">
        {visibleToasts(all.filter((t) => t.placement !== 'bottom-left')).map((toast) => (
          <ToastItem key={toast.id} toast={toast} live={mounted} />
        ))}
      </ol>
      {bottomLeft.length > 0 ? (
        <ol className="toaster toaster-bottom-left" aria-live="polite">
          {bottomLeft.map((toast) => (
            <ToastItem key={toast.id} toast={toast} live={mounted} />
          ))}
        </ol>
      ) : null}
    </>
  );
}

export default defineIsland({ name: 'toaster', component: Toaster, props });
