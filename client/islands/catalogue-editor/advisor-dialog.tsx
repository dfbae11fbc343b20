import { advisorBillingLabels, advisorBillings, type CatalogueAdvisor } from '../../../shared/api/catalogue.schema';
import { catalogueApi } from '../../../shared/api/endpoints/catalogue';
import { FieldMessage } from '../../forms/field';
import { useEndpointForm } from '../../forms/use-endpoint-form';
import { idsOf, idsText, toggledIds, twoDecimals } from './catalogue-state';
import { EditDialog, savedToast, type EditProps } from './edit-button';

export type PlanChoice = { id: number; title: string };

const valuesOf = (advisor: CatalogueAdvisor) => ({
  name: advisor.name,
  description: advisor.description,
  price: twoDecimals(advisor.price),
  billing: advisor.billing as string,
  enabled: advisor.enabled,
  plan_ids: idsText(advisor.plan_ids),
});
type Values = ReturnType<typeof valuesOf>;
type AdvisorForm = ReturnType<typeof useEndpointForm<typeof catalogueApi.changeCatalogueAdvisor, Values>>;

/** Only the fields changed, as `PATCH /admin/catalogue/advisors/{id}` takes them (a change of spaces alone is none). */
function changesOf(v: Values, initial: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (v.name.trim() !== initial.name) body.name = v.name;
  if (v.description.trim() !== initial.description) body.description = v.description;
  if (v.price.trim() !== initial.price) body.price = v.price;
  if (v.billing !== initial.billing) body.billing = v.billing;
  if (v.enabled !== initial.enabled) body.enabled = v.enabled;
  if (v.plan_ids !== initial.plan_ids) body.plan_ids = idsOf(v.plan_ids);
  return body;
}

/** An advisor's Edit dialog: name, description, price and billing, on sale or not, the plans that include it. */
export function AdvisorDialog({ advisor, plans, onClose, onSaved }: EditProps<CatalogueAdvisor> & { advisor: CatalogueAdvisor; plans: PlanChoice[] }) {
  const initial = valuesOf(advisor);
  const form = useEndpointForm(catalogueApi.changeCatalogueAdvisor, {
    initial,
    request: (v) => ({ params: { id: advisor.id }, body: changesOf(v, initial) }),
    fallback: 'The change could not be saved. Please try again.',
    done: savedToast,
    onDone: ({ data }) => {
      onClose();
      if (data?.changed) onSaved(data.data);
    },
  });
  const { values } = form;
  const unchanged = Object.keys(changesOf(values, initial)).length === 0;
  return (
    <EditDialog name={advisor.name} form={form} unchanged={unchanged} onClose={onClose}>
      <label htmlFor={form.idOf('name')}>Name</label>
      <input {...form.field('name')} required maxLength={100} />
      <FieldMessage form={form} name="name" />
      <label htmlFor={form.idOf('description')}>Description</label>
      <textarea {...form.field('description')} required rows={3} maxLength={2000} />
      <FieldMessage form={form} name="description" />
      <PriceAndBilling form={form} initialBilling={initial.billing} />
      <label className="catalogue-check">
        <input role="switch" {...form.checkbox('enabled')} />
        On sale in the marketplace
      </label>
      <FieldMessage form={form} name="enabled" />
      <small className="catalogue-field-hint">Off: customers who do not have it no longer see it or buy it; those who own it, or whose plan includes it, keep using it.</small>
      <fieldset className="catalogue-choices" aria-describedby={form.error('plan_ids') ? form.errorId('plan_ids') : undefined}>
        <legend>Included in plans</legend>
        {plans.map((plan) => (
          <label key={plan.id}>
            <input type="checkbox" checked={idsOf(values.plan_ids).includes(plan.id)} onChange={(e) => form.set({ plan_ids: toggledIds(values.plan_ids, plan.id, e.target.checked) })} />
            {plan.title}
          </label>
        ))}
      </fieldset>
      <FieldMessage form={form} name="plan_ids" />
    </EditDialog>
  );
}

function PriceAndBilling({ form, initialBilling }: { form: AdvisorForm; initialBilling: string }) {
  return (
    <>
      <div className="catalogue-pair">
        <div>
          <label htmlFor={form.idOf('price')}>Price (USD)</label>
          <input {...form.field('price')} inputMode="decimal" autoComplete="off" />
          <FieldMessage form={form} name="price" />
        </div>
        <div>
          <label htmlFor={form.idOf('billing')}>Billing</label>
          <select {...form.field('billing')}>
            {advisorBillings.map((b) => (
              <option key={b} value={b}>
                {advisorBillingLabels[b]}
              </option>
            ))}
          </select>
          <FieldMessage form={form} name="billing" />
        </div>
      </div>
      <small className="catalogue-field-hint">
        0 makes it free. A new price applies to new purchases and to the next monthly renewal; charges already made stay as they were.
        {form.values.billing !== initialBilling && initialBilling === 'monthly' ? ' Subscriptions running now end at the end of their paid month; their owners may then buy it once.' : ''}
      </small>
    </>
  );
}
