import {
  autotraderFeatureLabel,
  autotraderFeatureValue,
  catalogueTexts as texts,
  leverageFeatureLabel,
  leverageFeatureValue,
  type AdvisorChangeRequest,
  type Catalogue,
  type CatalogueAdvisor,
  type CataloguePlan,
  type PlanChangeRequest,
} from '../../../shared/api/catalogue.schema';
import type { FieldErrors } from '../../../shared/api/common.schema';
import { Money } from '../../../shared/money';
import { recordAudit } from '../db/audit.repo';
import {
  advisorIdsAmong,
  catalogueAdvisors,
  cataloguePlans,
  highestClassLeverage,
  lockCatalogue,
  planIdsAmong,
  setAdvisorPlans,
  setPlanAdvisors,
  setPlanFeatureValues,
  updateAdvisorRow,
  updatePlanRow,
  type AdvisorChanges,
  type CatalogueAdvisorRow,
  type CataloguePlanRow,
  type PlanChanges,
} from '../db/catalogue.repo';
import type { AppDb, Executor } from '../db/database';
import { listPlanFeatures } from '../db/reference-data.repo';
import { fail, refusal } from '../errors';
import type { StaffActor as Actor } from './staff-actor';

/**
 * The catalogue admins edit (docs/back-office.md#catalogue). Each change runs in one transaction, one
 * at a time (`lockCatalogue`), and is audited with the fields it changed, before and after
 * (`catalogue.advisor_updated`, `catalogue.plan_updated`); a change that changes nothing writes nothing.
 */

export function presentCatalogueAdvisor({ advisor, planIds, owners }: CatalogueAdvisorRow): CatalogueAdvisor {
  return {
    id: advisor.id,
    slug: advisor.slug,
    name: advisor.name,
    description: advisor.description,
    author: advisor.author,
    category: advisor.category,
    image: advisor.image,
    price: new Money(advisor.price).toFixed(2),
    billing: advisor.billing,
    enabled: advisor.enabled,
    plan_ids: planIds,
    owners,
  };
}

export function presentCataloguePlan({ plan, features, advisorIds, customers }: CataloguePlanRow): CataloguePlan {
  return {
    id: plan.id,
    slug: plan.slug,
    title: plan.title,
    color: plan.color,
    leverage: plan.leverage,
    is_default: plan.isDefault,
    is_recommended: plan.isRecommended,
    autotrader_allowed: plan.autotraderAllowed,
    price: plan.price,
    features,
    advisor_ids: advisorIds,
    customers,
  };
}

/** GET /admin/catalogue: every advisor and plan, the feature rows, and the most leverage a plan may be given. */
export async function readCatalogue(db: Executor): Promise<Catalogue> {
  const [advisors, plans, features, leverageMax] = [await catalogueAdvisors(db), await cataloguePlans(db), await listPlanFeatures(db), await highestClassLeverage(db)];
  return { advisors: advisors.map(presentCatalogueAdvisor), plans: plans.map(presentCataloguePlan), features, leverage_max: leverageMax };
}

/** Ids as a set would hold them: each once, in order. */
const idSet = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
const sameIds = (a: readonly number[], b: readonly number[]) => idSet(a).join(',') === idSet(b).join(',');

/** One field's change for the audit: before and after, side by side. */
class Diff {
  readonly before: Record<string, unknown> = {};
  readonly after: Record<string, unknown> = {};
  add(field: string, from: unknown, to: unknown) {
    this.before[field] = from;
    this.after[field] = to;
  }
  get empty() {
    return Object.keys(this.after).length === 0;
  }
}

/**
 * PATCH /admin/catalogue/advisors/{id}: name, description, price, billing, on sale, and exactly which plans
 * include it. A new price applies to new purchases and the next monthly renewal (both read it then);
 * the ledger's past entries are never touched. Unknown plan ids are refused on `plan_ids`.
 */
export async function changeAdvisor(db: AppDb, actor: Actor, id: number, change: AdvisorChangeRequest): Promise<{ advisor: CatalogueAdvisor; changed: boolean }> {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const [row] = await catalogueAdvisors(tx, id);
    if (!row) fail(refusal.notFound(texts.advisorNotFound));
    const { advisor } = row;

    const planIds = change.plan_ids === undefined ? undefined : idSet(change.plan_ids);
    if (planIds) {
      const known = new Set(await planIdsAmong(tx, planIds));
      const unknown = planIds.filter((planId) => !known.has(planId));
      if (unknown.length > 0) fail(refusal.invalid(texts.unknownPlans(unknown), 'plan_ids'));
    }

    const diff = new Diff();
    const set: AdvisorChanges = {};
    if (change.name !== undefined && change.name !== advisor.name) {
      diff.add('name', advisor.name, change.name);
      set.name = change.name;
    }
    if (change.description !== undefined && change.description !== advisor.description) {
      diff.add('description', advisor.description, change.description);
      set.description = change.description;
    }
    if (change.price !== undefined && !new Money(change.price).eq(advisor.price)) {
      const price = new Money(change.price).toFixed(2);
      diff.add('price', new Money(advisor.price).toFixed(2), price);
      set.price = price;
    }
    if (change.billing !== undefined && change.billing !== advisor.billing) {
      diff.add('billing', advisor.billing, change.billing);
      set.billing = change.billing;
    }
    if (change.enabled !== undefined && change.enabled !== advisor.enabled) {
      diff.add('enabled', advisor.enabled, change.enabled);
      set.enabled = change.enabled;
    }
    if (planIds && !sameIds(planIds, row.planIds)) diff.add('plan_ids', idSet(row.planIds), planIds);
    if (diff.empty) return { advisor: presentCatalogueAdvisor(row), changed: false };

    await updateAdvisorRow(tx, id, set);
    if ('plan_ids' in diff.after) await setAdvisorPlans(tx, id, planIds!);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'catalogue.advisor_updated',
      subjectType: 'expert_advisor',
      subjectId: id,
      details: { name: set.name ?? advisor.name, before: diff.before, after: diff.after },
      ip: actor.ip,
    });
    const [after] = await catalogueAdvisors(tx, id);
    return { advisor: presentCatalogueAdvisor(after!), changed: true };
  });
}

/**
 * PATCH /admin/catalogue/plans/{id}: title, colour, leverage (1 to the highest leverage of any asset class:
 * the engine applies the lowest of the plan's, the class's and each instrument's regulatory cap,
 * docs/trading.md#leverage), recommended, AutoTrader allowed, the price of moving to it (null: staff
 * approve the move; docs/customer-area.md#plans), the comparison's feature values, and exactly which
 * advisors it includes. `is_default` is not changed here.
 *
 * The rows "AutoTrader" and "Maximum leverage" of the comparison follow the plan's own fields: when
 * `autotrader_allowed` or `leverage` changes, that row becomes "Yes"/"No" or "1:{leverage}", unless the
 * same change writes another text into it (the admin's words win).
 */
export async function changePlan(db: AppDb, actor: Actor, id: number, change: PlanChangeRequest): Promise<{ plan: CataloguePlan; changed: boolean }> {
  return db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const [row] = await cataloguePlans(tx, id);
    if (!row) fail(refusal.notFound(texts.planNotFound));
    const { plan } = row;

    const errors: FieldErrors = {};
    if (change.leverage !== undefined) {
      const max = await highestClassLeverage(tx);
      if (change.leverage > max) errors.leverage = [texts.leverageAbove(max)];
    }
    const advisorIds = change.advisor_ids === undefined ? undefined : idSet(change.advisor_ids);
    if (advisorIds) {
      const known = new Set(await advisorIdsAmong(tx, advisorIds));
      const unknown = advisorIds.filter((advisorId) => !known.has(advisorId));
      if (unknown.length > 0) errors.advisor_ids = [texts.unknownAdvisors(unknown)];
    }
    const featureOf = new Map(row.features.map((f) => [f.id, f]));
    const written = new Map<number, string>();
    for (const [key, value] of Object.entries(change.features ?? {})) {
      const feature = featureOf.get(Number(key));
      if (!feature) errors[`features.${key}`] = [texts.unknownFeature];
      else if (value !== feature.value) written.set(feature.id, value);
    }
    if (Object.keys(errors).length > 0) fail(refusal.fields(errors));

    const diff = new Diff();
    const set: PlanChanges = {};
    if (change.title !== undefined && change.title !== plan.title) {
      diff.add('title', plan.title, change.title);
      set.title = change.title;
    }
    const color = change.color === undefined ? undefined : (change.color?.toLowerCase() ?? null);
    if (color !== undefined && color !== (plan.color?.toLowerCase() ?? null)) {
      diff.add('color', plan.color, color);
      set.color = color;
    }
    if (change.leverage !== undefined && change.leverage !== plan.leverage) {
      diff.add('leverage', plan.leverage, change.leverage);
      set.leverage = change.leverage;
    }
    if (change.is_recommended !== undefined && change.is_recommended !== plan.isRecommended) {
      diff.add('is_recommended', plan.isRecommended, change.is_recommended);
      set.isRecommended = change.is_recommended;
    }
    if (change.autotrader_allowed !== undefined && change.autotrader_allowed !== plan.autotraderAllowed) {
      diff.add('autotrader_allowed', plan.autotraderAllowed, change.autotrader_allowed);
      set.autotraderAllowed = change.autotrader_allowed;
    }
    // The price applies to moves from now on; one already paid or waiting for staff keeps what it was.
    const price = change.price === undefined ? undefined : change.price === null ? null : new Money(change.price).toFixed(2);
    const before = plan.price === null ? null : new Money(plan.price).toFixed(2);
    if (price !== undefined && price !== before) {
      diff.add('price', before, price);
      set.price = price;
    }

    // The comparison's rows that say what the plan's fields say follow them, unless this change writes them itself.
    const follow = (label: string, value: string) => {
      const feature = row.features.find((f) => f.label.trim().toLowerCase() === label.toLowerCase());
      if (feature && !written.has(feature.id) && feature.value !== value) written.set(feature.id, value);
    };
    if (set.autotraderAllowed !== undefined) follow(autotraderFeatureLabel, autotraderFeatureValue(set.autotraderAllowed));
    if (set.leverage !== undefined) follow(leverageFeatureLabel, leverageFeatureValue(set.leverage));
    if (written.size > 0) {
      const labelOf = (featureId: number) => featureOf.get(featureId)!.label;
      diff.add('features', Object.fromEntries([...written.keys()].map((f) => [labelOf(f), featureOf.get(f)!.value])), Object.fromEntries([...written].map(([f, value]) => [labelOf(f), value])));
    }
    if (advisorIds && !sameIds(advisorIds, row.advisorIds)) diff.add('advisor_ids', idSet(row.advisorIds), advisorIds);
    if (diff.empty) return { plan: presentCataloguePlan(row), changed: false };

    await updatePlanRow(tx, id, set);
    await setPlanFeatureValues(tx, id, written);
    if ('advisor_ids' in diff.after) await setPlanAdvisors(tx, id, advisorIds!);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'catalogue.plan_updated',
      subjectType: 'plan',
      subjectId: id,
      details: { title: set.title ?? plan.title, before: diff.before, after: diff.after },
      ip: actor.ip,
    });
    const [after] = await cataloguePlans(tx, id);
    return { plan: presentCataloguePlan(after!), changed: true };
  });
}
