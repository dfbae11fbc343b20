import { describe, expect, it } from 'vitest';
import type { Catalogue, CatalogueAdvisor, CataloguePlan } from '../../shared/api/catalogue.schema';
import { idsOf, toggledIds, twoDecimals, withAdvisor, withPlan } from '../../client/islands/catalogue-editor/catalogue-state';

const advisor = (id: number, plan_ids: number[]): CatalogueAdvisor => ({
  id,
  slug: `ea-${id}`,
  name: `EA ${id}`,
  description: 'Trades.',
  author: 'Meridian',
  category: 'Trend',
  image: null,
  price: '49.00',
  billing: 'one_time',
  enabled: true,
  plan_ids,
  owners: 0,
});
const plan = (id: number, advisor_ids: number[]): CataloguePlan => ({
  id,
  slug: `plan-${id}`,
  title: `Plan ${id}`,
  color: null,
  leverage: 30,
  is_default: id === 1,
  is_recommended: false,
  autotrader_allowed: false,
  price: null,
  features: [],
  advisor_ids,
  customers: 0,
});
const catalogue: Catalogue = {
  advisors: [advisor(1, [1, 3]), advisor(2, [3])],
  plans: [plan(1, [1]), plan(2, []), plan(3, [1, 2])],
  features: [],
  leverage_max: 100,
};

describe('the catalogue after a change, from its answer', () => {
  it('when an advisor is saved with other plans, then its row is the answer and each plan lists it or not, ids ascending', () => {
    const saved = { ...advisor(2, [1, 2]), name: 'EA Two' };
    const next = withAdvisor(catalogue, saved);
    expect(next.advisors).toEqual([catalogue.advisors[0], saved]);
    expect(next.plans.map((p) => p.advisor_ids)).toEqual([[1, 2], [2], [1]]);
  });

  it('when a plan is saved with other advisors, then its row is the answer and each advisor lists it or not', () => {
    const saved = { ...plan(1, [2]), title: 'Starter' };
    const next = withPlan(catalogue, saved);
    expect(next.plans[0]).toBe(saved);
    expect(next.advisors.map((a) => a.plan_ids)).toEqual([[3], [1, 3]]);
  });
});

describe('the dialogs’ values', () => {
  it('keeps ids as sorted text, ticked and unticked', () => {
    expect(toggledIds('3,1', 2, true)).toBe('1,2,3');
    expect(toggledIds('1,2', 2, false)).toBe('1');
    expect(idsOf('')).toEqual([]);
  });

  it('shows prices with two decimals', () => {
    expect([twoDecimals('49'), twoDecimals('29.9'), twoDecimals('0.05')]).toEqual(['49.00', '29.90', '0.05']);
  });
});
