import type { SiteSettings } from '../../shared/api/settings.schema';
import { Brand } from '../components/brand';
import { RiskWarning } from '../components/risk-warning';
import { Stylesheet } from '../page-needs';
import type { LegalDocument } from '../legal/documents';

export function LegalPage({ settings, document }: { settings: SiteSettings; document: LegalDocument }) {
  return (
    <div className="app-shell">
      <Stylesheet src="views/components/app-shell.css" />
      <Stylesheet src="views/pages/legal.css" />
      <header className="topbar">
        <Brand name={settings.name} logo={settings.logo_sm ?? settings.logo} />
        <nav aria-label="Main" />
        <a href="/">Sign in</a>
      </header>
      <main className="app-main legal">
        <h1>{document.title}</h1>
        {document.body}
      </main>
      <footer className="app-footer">
        <RiskWarning settings={settings} />
      </footer>
    </div>
  );
}
