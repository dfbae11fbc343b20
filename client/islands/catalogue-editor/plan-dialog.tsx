import { useState } from 'react';
import { autotraderFeatureLabel, autotraderFeatureValue, catalogueTexts, leverageFeatureLabel, leverageFeatureValue, type CataloguePlan } from '../../../shared/api/catalogue.schema';
import type { FieldErrors } from '../../../shared/api/common.schema';
import { catalogueApi } from '../../../shared/api/endpoints/catalogue';
import { FieldMessage } from '../../forms/field';
import { useEndpointForm } from '../../forms/use-endpoint-form';
import { idsOf, idsText, toggledIds, twoDecimals } from './catalogue-state';
import { EditDialog, savedToast, type EditProps } from './edit-button';

export type AdvisorChoice = { id: number; name: string; enabled: boolean };
type FeatureKey = `features.${number}`;
type Values = {
  title: string;
  color: string;
  leverage: string;
  is_recommended: boolean;
  autotrader_allowed: boolean;
  /** How customers move to it: a one-off price, or staff approval (docs/customer-area.md#plans). */
  by_approval: boolean;
  price: string;
  advisor_ids: string;
} & Record<FeatureKey, string>;
type PlanForm = ReturnType<typeof useEndpointForm<typeof catalogueApi.changeCataloguePlan, Values>>;

const featureKey = (id: number): FeatureKey => `features.${id}`;

const valuesOf = (plan: CataloguePlan): Values => ({
  title: plan.title,
  color: plan.color?.toLowerCase() ?? '',
  leverage: String(plan.leverage),
  is_recommended: plan.is_recommended,
  autotrader_allowed: plan.autotrader_allowed,
  by_approval: plan.price === null,
  price: plan.price === null ? '' : twoDecimals(plan.price),
  advisor_ids: idsText(plan.advisor_ids),
  ...Object.fromEntries(plan.features.map((f) => [featureKey(f.id), f.value])),
});

/** Only the fields changed, as `PATCH /admin/catalogue/plans/{id}` takes them (a change of spaces alone is none). */
function changesOf(v: Values, initial: Values, plan: CataloguePlan): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (v.title.trim() !== initial.title) body.title = v.title;
  if (v.color !== initial.color) body.color = v.color || null;
  if (v.leverage.trim() !== initial.leverage) {
    const n = Number(v.leverage);
    body.leverage = v.leverage.trim() !== '' && Number.isFinite(n) ? n : v.leverage;
  }
  if (v.is_recommended !== initial.is_recommended) body.is_recommended = v.is_recommended;
  if (v.autotrader_allowed !== initial.autotrader_allowed) body.autotrader_allowed = v.autotrader_allowed;
  if (v.by_approval !== initial.by_approval || (!v.by_approval && v.price.trim() !== initial.price)) body.price = v.by_approval ? null : v.price;
  const features = Object.fromEntries(plan.features.filter((f) => (v[featureKey(f.id)] ?? '').trim() !== f.value).map((f) => [String(f.id), v[featureKey(f.id)] ?? '']));
  if (Object.keys(features).length > 0) body.features = features;
  if (v.advisor_ids !== initial.advisor_ids) body.advisor_ids = idsOf(v.advisor_ids);
  return body;
}

/** A plan's Edit dialog: title, colour, leverage, switches, how customers move to it, the comparison's rows, its advisors. */
export function PlanDialog({ plan, advisors, leverageMax, onClose, onSaved }: EditProps<CataloguePlan> & { plan: CataloguePlan; advisors: AdvisorChoice[]; leverageMax: number }) {
  const initial = valuesOf(plan);
  const form = useEndpointForm(catalogueApi.changeCataloguePlan, {
    initial,
    request: (v) => ({ params: { id: plan.id }, body: changesOf(v, initial, plan) }),
    // Only a new leverage: a plan already above the most (the seeded Premium) keeps its own until changed.
    check: (v): FieldErrors => (v.leverage.trim() !== initial.leverage && Number(v.leverage) > leverageMax ? { leverage: [catalogueTexts.leverageAbove(leverageMax)] } : {}),
    fallback: 'The change could not be saved. Please try again.',
    done: savedToast,
    onDone: ({ data }) => {
      onClose();
      if (data?.changed) onSaved(data.data);
    },
  });
  // Rows the admin wrote into: they no longer follow the AutoTrader switch or the leverage.
  const [written, setWritten] = useState<ReadonlySet<number>>(new Set());
  const follow = following(plan, initial, written);
  const unchanged = Object.keys(changesOf(form.values, initial, plan)).length === 0;
  return (
    <EditDialog name={plan.title} form={form} unchanged={unchanged} onClose={onClose}>
      <TitleAndColour form={form} />
      <LeverageField form={form} leverageMax={leverageMax} follow={follow} />
      <Switches form={form} follow={follow} />
      <MovingToPlan form={form} />
      <FeatureRows
        form={form}
        plan={plan}
        follow={follow}
        onWrite={(id, value) => {
          setWritten(new Set([...written, id]));
          form.set({ [featureKey(id)]: value });
        }}
      />
      <fieldset className="catalogue-choices">
        <legend>Expert advisors included</legend>
        {advisors.map((advisor) => (
          <label key={advisor.id}>
            <input
              type="checkbox"
              checked={idsOf(form.values.advisor_ids).includes(advisor.id)}
              onChange={(e) => form.set({ advisor_ids: toggledIds(form.values.advisor_ids, advisor.id, e.target.checked) })}
            />
            {advisor.name}
            {advisor.enabled ? null : <span className="muted"> (off sale)</span>}
          </label>
        ))}
      </fieldset>
      <FieldMessage form={form} name="advisor_ids" />
    </EditDialog>
  );
}

const rowLabelled = (plan: CataloguePlan, label: string) => plan.features.find((f) => f.label.trim().toLowerCase() === label.toLowerCase());

/**
 * The comparison's rows that follow the plan's own fields (docs/back-office.md#catalogue), set as the server
 * would set them once `next` is saved (back to their own text when the field is back), unless written into.
 */
function following(plan: CataloguePlan, initial: Values, written: ReadonlySet<number>) {
  const autotraderRow = rowLabelled(plan, autotraderFeatureLabel);
  const leverageRow = rowLabelled(plan, leverageFeatureLabel);
  const rows = (next: Values): Partial<Values> => {
    const patch: Partial<Values> = {};
    if (autotraderRow && !written.has(autotraderRow.id)) {
      const key = featureKey(autotraderRow.id);
      patch[key] = next.autotrader_allowed === initial.autotrader_allowed ? initial[key] : autotraderFeatureValue(next.autotrader_allowed);
    }
    const leverage = Number(next.leverage);
    if (leverageRow && !written.has(leverageRow.id)) {
      const key = featureKey(leverageRow.id);
      patch[key] = next.leverage === initial.leverage || !Number.isInteger(leverage) || leverage < 1 ? initial[key] : leverageFeatureValue(leverage);
    }
    return patch;
  };
  return { autotraderRow, leverageRow, rows };
}
type Following = ReturnType<typeof following>;

/** A field's own props with its hint's id added to what describes it. */
const withHint = (form: PlanForm, name: 'leverage' | 'price') => {
  const props = form.field(name);
  return { ...props, 'aria-describedby': [props['aria-describedby'], `${form.idOf(name)}-hint`].filter(Boolean).join(' ') };
};

function TitleAndColour({ form }: { form: PlanForm }) {
  return (
    <div className="catalogue-pair">
      <div>
        <label htmlFor={form.idOf('title')}>Title</label>
        <input {...form.field('title')} required maxLength={50} />
        <FieldMessage form={form} name="title" />
      </div>
      <div>
        <label htmlFor={form.idOf('color')}>Colour</label>
        <input {...form.field('color')} type="color" value={form.values.color || '#64748b'} onChange={(e) => form.set({ color: e.target.value.toLowerCase() })} />
        <FieldMessage form={form} name="color" />
      </div>
    </div>
  );
}

function LeverageField({ form, leverageMax, follow }: { form: PlanForm; leverageMax: number; follow: Following }) {
  return (
    <>
      <label htmlFor={form.idOf('leverage')}>Leverage (1:…)</label>
      <input
        {...withHint(form, 'leverage')}
        type="number"
        inputMode="numeric"
        min={1}
        max={leverageMax}
        step={1}
        onChange={(e) => form.set({ leverage: e.target.value, ...follow.rows({ ...form.values, leverage: e.target.value }) })}
      />
      <FieldMessage form={form} name="leverage" />
      <small id={`${form.idOf('leverage')}-hint`} className="catalogue-field-hint">
        1 to {leverageMax}, the highest leverage of any asset class. On each order the engine applies the lower of the plan’s leverage and the instrument’s cap (its class’s leverage and its regulatory
        limit). Open trades keep theirs.
      </small>
    </>
  );
}

function Switches({ form, follow }: { form: PlanForm; follow: Following }) {
  return (
    <>
      <label className="catalogue-check">
        <input role="switch" {...form.checkbox('is_recommended')} />
        Recommended (marked in the plans dialog)
      </label>
      <FieldMessage form={form} name="is_recommended" />
      <label className="catalogue-check">
        <input
          role="switch"
          {...form.checkbox('autotrader_allowed')}
          onChange={(e) => form.set({ autotrader_allowed: e.target.checked, ...follow.rows({ ...form.values, autotrader_allowed: e.target.checked }) })}
        />
        AutoTrader allowed
      </label>
      <FieldMessage form={form} name="autotrader_allowed" />
      <small className="catalogue-field-hint">
        Customers on the plan may ask for AutoTrader; staff approve each request. Off: new requests and approvals are refused; AutoTrader already on stays on until staff revoke it.
      </small>
    </>
  );
}

function MovingToPlan({ form }: { form: PlanForm }) {
  const byApproval = form.values.by_approval;
  return (
    <fieldset className="catalogue-move">
      <legend>Moving to this plan</legend>
      <label className="catalogue-check">
        <input type="radio" name={form.idOf('price-mode')} checked={!byApproval} onChange={() => form.set({ by_approval: false })} />A one-off price, taken from the customer’s Live balance
      </label>
      <label className="catalogue-check">
        <input type="radio" name={form.idOf('price-mode')} checked={byApproval} onChange={() => form.set({ by_approval: true })} />
        Staff approval, no charge
      </label>
      {byApproval ? null : (
        <>
          <label htmlFor={form.idOf('price')}>Price (USD)</label>
          <input {...withHint(form, 'price')} inputMode="decimal" autoComplete="off" required />
        </>
      )}
      <FieldMessage form={form} name="price" />
      <small id={`${form.idOf('price')}-hint`} className="catalogue-field-hint">
        Charged once when a customer moves to the plan, within what may leave their Live account. 0 makes it free, but a free move that raises a customer’s leverage still goes to staff. A new price
        applies to moves from now on.
      </small>
    </fieldset>
  );
}

function FeatureRows({ form, plan, follow, onWrite }: { form: PlanForm; plan: CataloguePlan; follow: Following; onWrite: (id: number, value: string) => void }) {
  const { autotraderRow, leverageRow } = follow;
  return (
    <>
      <fieldset className="catalogue-features">
        <legend>Plans comparison</legend>
        {plan.features.map((f) => (
          <div key={f.id}>
            <label htmlFor={form.idOf(featureKey(f.id))}>{f.label}</label>
            <input {...form.field(featureKey(f.id))} maxLength={100} onChange={(e) => onWrite(f.id, e.target.value)} />
            <FieldMessage form={form} name={featureKey(f.id)} />
          </div>
        ))}
      </fieldset>
      {autotraderRow || leverageRow ? (
        <small className="catalogue-field-hint">
          The {[leverageRow?.label, autotraderRow?.label].filter(Boolean).join(' and ')} row{leverageRow && autotraderRow ? 's follow' : ' follows'} the{' '}
          {[leverageRow ? 'leverage' : null, autotraderRow ? 'AutoTrader switch' : null].filter(Boolean).join(' and ')} unless you write your own text there.
        </small>
      ) : null}
      <FieldMessage form={form} name="features" />
    </>
  );
}
