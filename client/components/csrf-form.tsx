import type { ReactNode } from 'react';

/** A same-origin POST form carrying the page's CSRF token; works without JavaScript. */
export function CsrfForm({ action, csrfToken, children, className }: { action: string; csrfToken: string; children: ReactNode; className?: string }) {
  return (
    <form method="post" action={action} className={className}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      {children}
    </form>
  );
}
