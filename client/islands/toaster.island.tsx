import '../styles/toasts.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { defineIsland } from '../runtime/define-island';
import { dismissToast, toasts, visibleToasts, type Toast } from '../state/toasts';

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs]);
  return (
    <li className={`toast toast-${toast.kind}`}>
      {/* The message carries the role, so the list keeps list items (as the server's toasts: views/components/toasts.tsx). */}
      <div role={toast.kind === 'error' ? 'alert' : 'status'}>
        <strong>{toast.title}</strong>
        {toast.description ? <p>{toast.description}</p> : null}
      </div>
      <button type="button" className="toast-close" aria-label="Close" onClick={() => dismissToast(toast.id)}>
        ×
      </button>
    </li>
  );
}

/** The toast lists (the usual one, and one for the few placed bottom-left), in the page's toast lane (docs/screens.md#toasts): at most three each, closing after their duration. */
function Toaster() {
  useSignals();
  // The server renders the area empty; toasts appear only after hydration so the markup matches.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const all = mounted ? toasts.value : [];
  const bottomLeft = visibleToasts(all.filter((t) => t.placement === 'bottom-left'));
  return (
    <>
      <ol className="toaster" aria-live="polite">
        {visibleToasts(all.filter((t) => t.placement !== 'bottom-left')).map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
      {bottomLeft.length > 0 ? (
        <ol className="toaster toaster-bottom-left" aria-live="polite">
          {bottomLeft.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ol>
      ) : null}
    </>
  );
}

export default defineIsland({ name: 'toaster', component: Toaster, props: z.object({}) });
