import './catalogue-editor.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import { catalogueSchema } from '../../shared/api/catalogue.schema';
import { defineIsland } from '../runtime/define-island';
import { withAdvisor, withPlan } from './catalogue-editor/catalogue-state';
import { AdvisorsSection, PlansSection } from './catalogue-editor/tables';

/**
 * The catalogue page's tables (docs/back-office.md#catalogue): the expert advisors and the plans, each row with
 * its Edit dialog. A change shows at once from its answer, in its row and in the other table's links.
 */
function CatalogueEditor({ catalogue: first }: { catalogue: z.infer<typeof catalogueSchema> }) {
  const [catalogue, setCatalogue] = useState(first);
  return (
    <>
      <AdvisorsSection catalogue={catalogue} onSaved={(advisor) => setCatalogue((current) => withAdvisor(current, advisor))} />
      <PlansSection catalogue={catalogue} onSaved={(plan) => setCatalogue((current) => withPlan(current, plan))} />
    </>
  );
}

export default defineIsland({ name: 'catalogue-editor', component: CatalogueEditor, props: z.object({ catalogue: catalogueSchema }) });
