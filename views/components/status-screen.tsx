import type { ReactNode } from 'react';
import { Stylesheet } from '../page-needs';

/** A centred full-screen card: the gate states, not-found and error pages. */
export function StatusScreen({ icon, tone, title, children }: { icon?: ReactNode; tone: 'danger' | 'warning' | 'info'; title: string; children: ReactNode }) {
  return (
    <main className="gate">
      <Stylesheet src="views/components/status-screen.css" />
      <article className={`gate-card gate-${tone}`}>
        {icon ? <div className="gate-icon">{icon}</div> : null}
        <h1>{title}</h1>
        {children}
      </article>
    </main>
  );
}
