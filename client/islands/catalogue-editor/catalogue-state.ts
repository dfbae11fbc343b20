import type { Catalogue, CatalogueAdvisor, CataloguePlan } from '../../../shared/api/catalogue.schema';

/**
 * The catalogue as the page shows it after a change, from the change's answer: the row it answers with, and
 * the other side of the plans ⇄ advisors links, which the answer implies (ids ascending, as the API lists them).
 */
export function withAdvisor(catalogue: Catalogue, advisor: CatalogueAdvisor): Catalogue {
  return {
    ...catalogue,
    advisors: catalogue.advisors.map((a) => (a.id === advisor.id ? advisor : a)),
    plans: catalogue.plans.map((plan) => ({ ...plan, advisor_ids: linked(plan.advisor_ids, advisor.id, advisor.plan_ids.includes(plan.id)) })),
  };
}

export function withPlan(catalogue: Catalogue, plan: CataloguePlan): Catalogue {
  return {
    ...catalogue,
    plans: catalogue.plans.map((p) => (p.id === plan.id ? plan : p)),
    advisors: catalogue.advisors.map((advisor) => ({ ...advisor, plan_ids: linked(advisor.plan_ids, plan.id, plan.advisor_ids.includes(advisor.id)) })),
  };
}

const linked = (ids: readonly number[], id: number, on: boolean) => (on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id)).sort((a, b) => a - b);

/** A list of ids as a form value (sorted, joined by commas), and back. */
export const idsText = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');
export const idsOf = (text: string | boolean): number[] => (typeof text === 'string' && text ? text.split(',').map(Number) : []);
/** The ids with `id` ticked or not, as a form value. */
export const toggledIds = (text: string | boolean, id: number, on: boolean) => idsText(on ? [...new Set([...idsOf(text), id])] : idsOf(text).filter((x) => x !== id));

/** A price as the field shows it: two decimals ("49" → "49.00"); prices never have more. */
export function twoDecimals(price: string): string {
  const [whole = '0', fraction = ''] = price.split('.');
  return `${whole}.${`${fraction}00`.slice(0, 2)}`;
}
