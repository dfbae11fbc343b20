import { maxVisibleToasts } from '../../shared/constants';
import type { ToastInput } from '../../shared/page-state.schema';
import { toastDurationMs } from '../../client/lib/toast-durations';
import { useContext } from 'react';
import { PageNeedsContext, Script, Stylesheet } from '../page-needs';

/**
 * Messages the server knows when it renders the page (a failed sign-in, an account just created), as
 * toasts in the page's HTML: readable without JavaScript; the `toasts` script closes each after its time
 * and shows its close button.
 */
export function Toasts({ toasts }: { toasts: readonly ToastInput[] }) {
  const needs = useContext(PageNeedsContext);
  // A signed-in page's toast lane has shown them already, where they cover no control.
  if (toasts.length === 0 || needs?.flashShown) return null;
  const bottomLeft = toasts.filter((t) => t.placement === 'bottom-left').slice(-maxVisibleToasts);
  return (
    <>
      <Stylesheet src="client/styles/toasts.css" />
      <ToastList toasts={toasts.filter((t) => t.placement !== 'bottom-left').slice(-maxVisibleToasts)} />
      {bottomLeft.length > 0 ? <ToastList toasts={bottomLeft} className="toaster-bottom-left" /> : null}
      <Script name="toasts" />
    </>
  );
}

function ToastList({ toasts, className }: { toasts: readonly ToastInput[]; className?: string }) {
  return (
    <ol className={className ? `toaster ${className}` : 'toaster'} aria-live="polite">
      {toasts.map((toast, i) => (
        <li key={i} className={`toast toast-${toast.kind}`} data-toast={toastDurationMs[toast.kind]}>
          {/* The message carries the role: a list item must stay one (an `li` with role alert breaks the list for screen readers). */}
          <div role={toast.kind === 'error' ? 'alert' : 'status'}>
            <strong>{toast.title}</strong>
            {toast.description ? <p>{toast.description}</p> : null}
          </div>
          <button type="button" className="toast-close" aria-label="Close" hidden>
            ×
          </button>
        </li>
      ))}
    </ol>
  );
}
