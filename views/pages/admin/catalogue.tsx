import { StaffProblem } from '../../components/staff-problem';
import type { Catalogue } from '../../../shared/api/catalogue.schema';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import CatalogueEditor from '../../../client/islands/catalogue-editor.island';
import { AppShell } from '../../components/app-shell';
import { Island } from '../../island';
import { Stylesheet } from '../../page-needs';

interface CatalogueProps {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  /** The catalogue, or null when it could not be loaded; `problem` says why. */
  catalogue: Catalogue | null;
  problem: string | null;
}

/** `/admin/catalogue`, admins only (docs/back-office.md#catalogue): the expert advisors and the plans, each row with its Edit dialog. */
export function CataloguePage({ settings, user, csrfToken, catalogue, problem }: CatalogueProps) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="catalogue">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <section className="page-heading">
        <h1>Catalogue</h1>
        <p>The expert advisors customers buy and the plans they are on. Every change is kept in the audit log with its before and after.</p>
      </section>
      <StaffProblem message={problem} />
      {catalogue ? <Island island={CatalogueEditor} client="load" props={{ catalogue }} /> : null}
    </AppShell>
  );
}
