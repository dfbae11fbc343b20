import './catalogue-editor.css';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import * as z from 'zod/mini';
import {
  advisorBillingLabels,
  advisorBillings,
  advisorChangeRequest,
  autotraderFeatureLabel,
  autotraderFeatureValue,
  catalogueAdvisorSchema,
  cataloguePlanSchema,
  catalogueTexts,
  leverageFeatureLabel,
  leverageFeatureValue,
  planChangeRequest,
  type AdvisorBilling,
  type CatalogueAdvisor,
  type CataloguePlan,
} from '../../shared/api/catalogue.schema';
import { fieldErrors, type FieldErrors } from '../../shared/api/common.schema';
import { catalogueApi } from '../../shared/api/endpoints/catalogue';
import { Modal } from '../components/modal';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const planChoice = z.object({ id: z.number(), title: z.string() });
const advisorChoice = z.object({ id: z.number(), name: z.string(), enabled: z.boolean() });
/** One row's Edit button and its dialog: an advisor with the plans it may be in, or a plan with the advisors it may include. */
const propsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('advisor'), advisor: catalogueAdvisorSchema, plans: z.array(planChoice) }),
  z.object({ kind: z.literal('plan'), plan: cataloguePlanSchema, advisors: z.array(advisorChoice), leverageMax: z.number() }),
]);
type Props = z.infer<typeof propsSchema>;

const fallback = 'The change could not be saved. Please try again.';
/** After a change the page is rendered again by the server, so the tables show the new catalogue. */
const reloadSoon = () => setTimeout(() => window.location.reload(), 600);

/** A price as the field shows it: two decimals ("49" → "49.00"); prices never have more. */
function twoDecimals(price: string): string {
  const [whole = '0', fraction = ''] = price.split('.');
  return `${whole}.${`${fraction}00`.slice(0, 2)}`;
}

const sameIds = (a: readonly number[], b: readonly number[]) => [...a].sort((x, y) => x - y).join(',') === [...b].sort((x, y) => x - y).join(',');
const toggled = (ids: readonly number[], id: number, on: boolean) => (on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id));

/** What a field needs to show its own message: its id, aria attributes, and the message under it. */
function useFieldErrors(errors: FieldErrors) {
  const base = useId();
  const idOf = (name: string) => `${base}-${name.replace(/\W/g, '-')}`;
  return {
    idOf,
    attrs: (name: string) => {
      const message = errors[name]?.[0];
      return { id: idOf(name), 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? `${idOf(name)}-problem` : undefined } as const;
    },
    problem: (name: string) =>
      errors[name]?.[0] ? (
        <small id={`${idOf(name)}-problem`} className="field-problem" role="alert">
          {errors[name][0]}
        </small>
      ) : null,
  };
}

/** The dialog's frame: the form, a refusal not about a field, and Cancel / Save (Save waits for a change). */
function EditDialog({
  title,
  busy,
  problem,
  unchanged,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  problem: string | null;
  unchanged: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal title={title} onClose={() => !busy && onClose()} className="catalogue-dialog">
      <form onSubmit={submit} noValidate>
        {children}
        {problem ? (
          <p className="field-problem catalogue-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <footer>
          {unchanged ? <small className="catalogue-unchanged">No changes yet.</small> : null}
          <button type="button" className="outline secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" aria-busy={busy || undefined} disabled={busy || unchanged}>
            Save
          </button>
        </footer>
      </form>
    </Modal>
  );
}

/** What a change's call comes to (either endpoint's answer carries `changed` and `message`). */
type SaveResult = { ok: true; data: { changed: boolean; message: string } } | { ok: false; errors: FieldErrors; message: string | null };

/**
 * Sends a change (checked first with the request's own schema, so a bad field is shown at once), then a
 * toast and a reload; a refusal's field messages go to the fields, anything else above the buttons.
 */
function useSave(fields: readonly string[]) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const atAField = (found: FieldErrors) => Object.keys(found).some((key) => fields.includes(key) || key.startsWith('features.'));
  const refuse = (found: FieldErrors, message: string | null) => {
    setErrors(found);
    setProblem(atAField(found) ? null : (message ?? fallback));
  };
  async function save(send: () => Promise<SaveResult>, onClose: () => void) {
    setBusy(true);
    setErrors({});
    setProblem(null);
    const result = await send();
    setBusy(false);
    if (!result.ok) return refuse(result.errors, result.message);
    onClose();
    showToast({ kind: 'success', title: result.data.changed ? 'Saved' : 'Nothing changed', description: result.data.message });
    if (result.data.changed) reloadSoon();
  }
  return { busy, errors, problem, refuse, save };
}

const advisorFields = ['name', 'description', 'price', 'billing', 'enabled', 'plan_ids'] as const;

function AdvisorDialog({ advisor, plans, onClose }: { advisor: CatalogueAdvisor; plans: z.infer<typeof planChoice>[]; onClose: () => void }) {
  const initial = { name: advisor.name, description: advisor.description, price: twoDecimals(advisor.price), billing: advisor.billing, enabled: advisor.enabled, planIds: advisor.plan_ids };
  const [form, setForm] = useState(initial);
  const { busy, errors, problem, refuse, save } = useSave(advisorFields);
  const { idOf, attrs, problem: fieldProblem } = useFieldErrors(errors);

  const body: Record<string, unknown> = {};
  if (form.name.trim() !== initial.name) body.name = form.name;
  if (form.description.trim() !== initial.description) body.description = form.description;
  if (form.price.trim() !== initial.price) body.price = form.price;
  if (form.billing !== initial.billing) body.billing = form.billing;
  if (form.enabled !== initial.enabled) body.enabled = form.enabled;
  if (!sameIds(form.planIds, initial.planIds)) body.plan_ids = form.planIds;

  function submit() {
    const checked = advisorChangeRequest.safeParse(body);
    if (!checked.success) return refuse(fieldErrors(checked.error.issues), null);
    void save(() => call(catalogueApi.changeCatalogueAdvisor, { params: { id: advisor.id }, body: checked.data }), onClose);
  }

  return (
    <EditDialog title={`Edit ${advisor.name}`} busy={busy} problem={problem} unchanged={Object.keys(body).length === 0} onSubmit={submit} onClose={onClose}>
      <label htmlFor={idOf('name')}>Name</label>
      <input {...attrs('name')} required maxLength={100} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      {fieldProblem('name')}
      <label htmlFor={idOf('description')}>Description</label>
      <textarea {...attrs('description')} required rows={3} maxLength={2000} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
      {fieldProblem('description')}
      <div className="catalogue-pair">
        <div>
          <label htmlFor={idOf('price')}>Price (USD)</label>
          <input {...attrs('price')} inputMode="decimal" autoComplete="off" value={form.price} onChange={(e) => setForm({ ...form, price: e.target.value })} />
          {fieldProblem('price')}
        </div>
        <div>
          <label htmlFor={idOf('billing')}>Billing</label>
          <select {...attrs('billing')} value={form.billing} onChange={(e) => setForm({ ...form, billing: e.target.value as AdvisorBilling })}>
            {advisorBillings.map((b) => (
              <option key={b} value={b}>
                {advisorBillingLabels[b]}
              </option>
            ))}
          </select>
          {fieldProblem('billing')}
        </div>
      </div>
      <small className="catalogue-field-hint">
        0 makes it free. A new price applies to new purchases and to the next monthly renewal; charges already made stay as they were.
        {form.billing !== initial.billing && initial.billing === 'monthly' ? ' Subscriptions running now end at the end of their paid month; their owners may then buy it once.' : ''}
      </small>
      <label className="catalogue-check">
        <input type="checkbox" role="switch" {...attrs('enabled')} checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
        On sale in the marketplace
      </label>
      {fieldProblem('enabled')}
      <small className="catalogue-field-hint">Off: customers who do not have it no longer see it or buy it; those who own it, or whose plan includes it, keep using it.</small>
      <fieldset className="catalogue-choices" aria-describedby={errors.plan_ids ? `${idOf('plan_ids')}-problem` : undefined}>
        <legend>Included in plans</legend>
        {plans.map((plan) => (
          <label key={plan.id}>
            <input type="checkbox" checked={form.planIds.includes(plan.id)} onChange={(e) => setForm({ ...form, planIds: toggled(form.planIds, plan.id, e.target.checked) })} />
            {plan.title}
          </label>
        ))}
      </fieldset>
      {fieldProblem('plan_ids')}
    </EditDialog>
  );
}

const planFields = ['title', 'color', 'leverage', 'is_recommended', 'autotrader_allowed', 'price', 'features', 'advisor_ids'] as const;

function PlanDialog({ plan, advisors, leverageMax, onClose }: { plan: CataloguePlan; advisors: z.infer<typeof advisorChoice>[]; leverageMax: number; onClose: () => void }) {
  const initial = {
    title: plan.title,
    color: plan.color?.toLowerCase() ?? '',
    leverage: String(plan.leverage),
    isRecommended: plan.is_recommended,
    autotraderAllowed: plan.autotrader_allowed,
    /** How customers move to it: a one-off price, or staff approval (docs/customer-area.md#plans). */
    byApproval: plan.price === null,
    price: plan.price === null ? '' : twoDecimals(plan.price),
    features: Object.fromEntries(plan.features.map((f) => [f.id, f.value])) as Record<number, string>,
    advisorIds: plan.advisor_ids,
  };
  const [form, setForm] = useState(initial);
  // Rows the admin wrote into: they no longer follow the AutoTrader switch or the leverage.
  const [written, setWritten] = useState<ReadonlySet<number>>(new Set());
  const { busy, errors, problem, refuse, save } = useSave(planFields);
  const { idOf, attrs, problem: fieldProblem } = useFieldErrors(errors);
  const rowLabelled = (label: string) => plan.features.find((f) => f.label.trim().toLowerCase() === label.toLowerCase());
  const autotraderRow = rowLabelled(autotraderFeatureLabel);
  const leverageRow = rowLabelled(leverageFeatureLabel);

  /** The form with the rows that follow a field set as the server would set them (back to their own text when the field is back). */
  function following(next: typeof form): typeof form {
    const features = { ...next.features };
    if (autotraderRow && !written.has(autotraderRow.id))
      features[autotraderRow.id] = next.autotraderAllowed === initial.autotraderAllowed ? initial.features[autotraderRow.id]! : autotraderFeatureValue(next.autotraderAllowed);
    const leverage = Number(next.leverage);
    if (leverageRow && !written.has(leverageRow.id))
      features[leverageRow.id] = next.leverage === initial.leverage || !Number.isInteger(leverage) || leverage < 1 ? initial.features[leverageRow.id]! : leverageFeatureValue(leverage);
    return { ...next, features };
  }

  const body: Record<string, unknown> = {};
  if (form.title.trim() !== initial.title) body.title = form.title;
  if (form.color !== initial.color) body.color = form.color || null;
  if (form.leverage.trim() !== initial.leverage) {
    const n = Number(form.leverage);
    body.leverage = form.leverage.trim() !== '' && Number.isFinite(n) ? n : form.leverage;
  }
  if (form.isRecommended !== initial.isRecommended) body.is_recommended = form.isRecommended;
  if (form.autotraderAllowed !== initial.autotraderAllowed) body.autotrader_allowed = form.autotraderAllowed;
  if (form.byApproval !== initial.byApproval || (!form.byApproval && form.price.trim() !== initial.price)) body.price = form.byApproval ? null : form.price;
  const features = Object.fromEntries(plan.features.filter((f) => (form.features[f.id] ?? '').trim() !== f.value).map((f) => [String(f.id), form.features[f.id] ?? '']));
  if (Object.keys(features).length > 0) body.features = features;
  if (!sameIds(form.advisorIds, initial.advisorIds)) body.advisor_ids = form.advisorIds;

  function submit() {
    const checked = planChangeRequest.safeParse(body);
    if (!checked.success) return refuse(fieldErrors(checked.error.issues), null);
    if (checked.data.leverage !== undefined && checked.data.leverage > leverageMax) return refuse({ leverage: [catalogueTexts.leverageAbove(leverageMax)] }, null);
    void save(() => call(catalogueApi.changeCataloguePlan, { params: { id: plan.id }, body: checked.data }), onClose);
  }

  return (
    <EditDialog title={`Edit ${plan.title}`} busy={busy} problem={problem} unchanged={Object.keys(body).length === 0} onSubmit={submit} onClose={onClose}>
      <div className="catalogue-pair">
        <div>
          <label htmlFor={idOf('title')}>Title</label>
          <input {...attrs('title')} required maxLength={50} value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
          {fieldProblem('title')}
        </div>
        <div>
          <label htmlFor={idOf('color')}>Colour</label>
          <input {...attrs('color')} type="color" value={form.color || '#64748b'} onChange={(e) => setForm({ ...form, color: e.target.value.toLowerCase() })} />
          {fieldProblem('color')}
        </div>
      </div>
      <label htmlFor={idOf('leverage')}>Leverage (1:…)</label>
      <input
        {...attrs('leverage')}
        type="number"
        inputMode="numeric"
        min={1}
        max={leverageMax}
        step={1}
        value={form.leverage}
        onChange={(e) => setForm(following({ ...form, leverage: e.target.value }))}
        aria-describedby={[attrs('leverage')['aria-describedby'], `${idOf('leverage')}-hint`].filter(Boolean).join(' ')}
      />
      {fieldProblem('leverage')}
      <small id={`${idOf('leverage')}-hint`} className="catalogue-field-hint">
        1 to {leverageMax}, the highest leverage of any asset class. On each order the engine applies the lower of the plan’s leverage and the instrument’s cap (its class’s leverage and its regulatory
        limit). Open trades keep theirs.
      </small>
      <label className="catalogue-check">
        <input type="checkbox" role="switch" {...attrs('is_recommended')} checked={form.isRecommended} onChange={(e) => setForm({ ...form, isRecommended: e.target.checked })} />
        Recommended (marked in the plans dialog)
      </label>
      {fieldProblem('is_recommended')}
      <label className="catalogue-check">
        <input type="checkbox" role="switch" {...attrs('autotrader_allowed')} checked={form.autotraderAllowed} onChange={(e) => setForm(following({ ...form, autotraderAllowed: e.target.checked }))} />
        AutoTrader allowed
      </label>
      {fieldProblem('autotrader_allowed')}
      <small className="catalogue-field-hint">
        Customers on the plan may ask for AutoTrader; staff approve each request. Off: new requests and approvals are refused; AutoTrader already on stays on until staff revoke it.
      </small>
      <fieldset className="catalogue-move">
        <legend>Moving to this plan</legend>
        <label className="catalogue-check">
          <input type="radio" name={idOf('price-mode')} checked={!form.byApproval} onChange={() => setForm({ ...form, byApproval: false })} />A one-off price, taken from the customer’s Live balance
        </label>
        <label className="catalogue-check">
          <input type="radio" name={idOf('price-mode')} checked={form.byApproval} onChange={() => setForm({ ...form, byApproval: true })} />
          Staff approval, no charge
        </label>
        {form.byApproval ? null : (
          <>
            <label htmlFor={idOf('price')}>Price (USD)</label>
            <input
              {...attrs('price')}
              inputMode="decimal"
              autoComplete="off"
              required
              value={form.price}
              onChange={(e) => setForm({ ...form, price: e.target.value })}
              aria-describedby={[attrs('price')['aria-describedby'], `${idOf('price')}-hint`].filter(Boolean).join(' ')}
            />
          </>
        )}
        {fieldProblem('price')}
        <small id={`${idOf('price')}-hint`} className="catalogue-field-hint">
          Charged once when a customer moves to the plan, within what may leave their Live account. 0 makes it free, but a free move that raises a customer’s leverage still goes to staff. A new price
          applies to moves from now on.
        </small>
      </fieldset>
      <fieldset className="catalogue-features">
        <legend>Plans comparison</legend>
        {plan.features.map((f) => {
          const name = `features.${f.id}`;
          return (
            <div key={f.id}>
              <label htmlFor={idOf(name)}>{f.label}</label>
              <input
                {...attrs(name)}
                maxLength={100}
                value={form.features[f.id] ?? ''}
                onChange={(e) => {
                  setWritten(new Set([...written, f.id]));
                  setForm({ ...form, features: { ...form.features, [f.id]: e.target.value } });
                }}
              />
              {fieldProblem(name)}
            </div>
          );
        })}
      </fieldset>
      {autotraderRow || leverageRow ? (
        <small className="catalogue-field-hint">
          The {[leverageRow?.label, autotraderRow?.label].filter(Boolean).join(' and ')} row{leverageRow && autotraderRow ? 's follow' : ' follows'} the{' '}
          {[leverageRow ? 'leverage' : null, autotraderRow ? 'AutoTrader switch' : null].filter(Boolean).join(' and ')} unless you write your own text there.
        </small>
      ) : null}
      {fieldProblem('features')}
      <fieldset className="catalogue-choices">
        <legend>Expert advisors included</legend>
        {advisors.map((advisor) => (
          <label key={advisor.id}>
            <input type="checkbox" checked={form.advisorIds.includes(advisor.id)} onChange={(e) => setForm({ ...form, advisorIds: toggled(form.advisorIds, advisor.id, e.target.checked) })} />
            {advisor.name}
            {advisor.enabled ? null : <span className="muted"> (off sale)</span>}
          </label>
        ))}
      </fieldset>
      {fieldProblem('advisor_ids')}
    </EditDialog>
  );
}

/** The catalogue page's Edit button for one advisor or plan (docs/back-office.md#catalogue). */
function CatalogueEditor(props: Props) {
  const [open, setOpen] = useState(false);
  const name = props.kind === 'advisor' ? props.advisor.name : props.plan.title;
  return (
    <div className="catalogue-edit">
      <button type="button" className="outline" aria-label={`Edit ${name}`} onClick={() => setOpen(true)}>
        Edit
      </button>
      {open && props.kind === 'advisor' ? <AdvisorDialog advisor={props.advisor} plans={props.plans} onClose={() => setOpen(false)} /> : null}
      {open && props.kind === 'plan' ? <PlanDialog plan={props.plan} advisors={props.advisors} leverageMax={props.leverageMax} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

export default defineIsland({ name: 'catalogue-editor', component: CatalogueEditor, props: propsSchema });
