import type { ReactNode } from 'react';

/** A centred full-screen card: the gate states, not-found and error pages. */
export function StatusScreen({ icon, tone, title, children }: { icon?: ReactNode; tone: 'danger' | 'warning' | 'info'; title: string; children: ReactNode }) {
  return (
    <main className="gate">
      <article className={`gate-card gate-${tone}`}>
        {icon ? <div className="gate-icon">{icon}</div> : null}
        <h1>{title}</h1>
        {children}
      </article>
    </main>
  );
}
