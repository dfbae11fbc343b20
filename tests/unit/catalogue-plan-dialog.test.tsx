// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CataloguePlan } from '../../shared/api/catalogue.schema';
import { catalogueApi } from '../../shared/api/endpoints/catalogue';
import { PlanDialog } from '../../client/islands/catalogue-editor/plan-dialog';

/** The catalogue's plan dialog (docs/back-office.md#catalogue): only what changed is sent, and the comparison's rows follow the leverage and the AutoTrader switch. */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};

const call = vi.hoisted(() => vi.fn());
vi.mock('../../client/lib/call', () => ({ call }));

const premium: CataloguePlan = {
  id: 3,
  slug: 'premium',
  title: 'Premium',
  color: '#2563EB',
  leverage: 200,
  is_default: false,
  is_recommended: false,
  autotrader_allowed: false,
  price: '99.00',
  features: [
    { id: 1, label: 'Maximum leverage', value: '1:200' },
    { id: 2, label: 'AutoTrader', value: 'No' },
    { id: 3, label: 'Support', value: 'Priority' },
  ],
  advisor_ids: [],
  customers: 4,
};

let root: Root;
let host: HTMLElement;
const onSaved = vi.fn();
const onClose = vi.fn();

const byLabel = (text: string) => {
  const label = [...host.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)!;
  return (label.htmlFor ? host.ownerDocument.getElementById(label.htmlFor) : label.querySelector('input')) as HTMLInputElement;
};
const save = () => [...host.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].find((b) => b.textContent === 'Save')!;
async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function submit() {
  await act(async () => {
    host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

beforeEach(async () => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  call.mockReset();
  onSaved.mockReset();
  await act(async () => root.render(<PlanDialog plan={premium} advisors={[]} leverageMax={100} onClose={onClose} onSaved={onSaved} />));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('the plan dialog', () => {
  it('when nothing changed, then Save waits and says so', () => {
    expect(save().disabled).toBe(true);
    expect(host.querySelector('.catalogue-unchanged')?.textContent).toBe('No changes yet.');
  });

  it('when a plan above the most leverage is renamed, then only the title is sent and the row is updated from the answer', async () => {
    const saved = { ...premium, title: 'Premium Plus' };
    call.mockResolvedValue({ ok: true, status: 200, data: { data: saved, changed: true, message: 'Premium Plus saved.' } });
    await type(byLabel('Title'), 'Premium Plus');
    expect(save().disabled).toBe(false);
    await submit();
    expect(call).toHaveBeenCalledWith(catalogueApi.changeCataloguePlan, { params: { id: 3 }, body: { title: 'Premium Plus' } });
    expect(onSaved).toHaveBeenCalledWith(saved);
  });

  it('when the leverage goes above the most, then its field says so and nothing is sent', async () => {
    await type(byLabel('Leverage (1:…)'), '150');
    await submit();
    expect(call).not.toHaveBeenCalled();
    expect(host.querySelector('[data-error-for="leverage"]')?.textContent).toBe('The leverage may be at most 100 (1:100, the highest leverage of any asset class): more would never apply.');
  });

  it('when the leverage and the AutoTrader switch change, then their rows follow, unless written into', async () => {
    await type(byLabel('Leverage (1:…)'), '50');
    await act(async () => byLabel('AutoTrader allowed').click());
    expect(byLabel('Maximum leverage').value).toBe('1:50');
    expect(byLabel('AutoTrader').value).toBe('Yes');
    await type(byLabel('Maximum leverage'), 'Up to 1:50');
    await type(byLabel('Leverage (1:…)'), '40');
    expect(byLabel('Maximum leverage').value).toBe('Up to 1:50');
    await act(async () => byLabel('AutoTrader allowed').click());
    expect(byLabel('AutoTrader').value).toBe('No');
    call.mockResolvedValue({ ok: true, status: 200, data: { data: premium, changed: true, message: 'Premium saved.' } });
    await submit();
    expect(call).toHaveBeenCalledWith(catalogueApi.changeCataloguePlan, { params: { id: 3 }, body: { leverage: 40, features: { '1': 'Up to 1:50' } } });
  });
});
