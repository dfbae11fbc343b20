// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planTexts } from '../../shared/api/plans.schema';
import PlansSubscribe from '../../client/islands/plans-subscribe.island';
import { toasts } from '../../client/state/toasts';
import { mount, unmountIslands } from '../support/islands';

/**
 * A plan's Upgrade and its confirmation (docs/customer-area.md#plans): after the change the page's plans are
 * rendered again in place from the server (docs/front-end.md#forms), not by reloading the page; a refusal keeps
 * the dialog open with the server's message.
 */

HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
const call = vi.hoisted(() => vi.fn());
vi.mock('../../client/lib/call', () => ({ call }));

const Island = PlansSubscribe.component;
const props = { planId: 3, title: 'Gold', leverage: 200, move: 'charge' as const, priceLabel: '49.00 USD', moveText: 'One-off charge', label: 'Upgrade', regulatoryCap: 30 };
const region = (text: string) => `<div data-region="plans"><p class="plan-waiting">${text}</p></div>`;
const fetched = vi.fn();

beforeEach(() => {
  call.mockReset();
  fetched.mockReset().mockResolvedValue(new Response(`<html><body><main>${region('You are on Gold')}</main></body></html>`, { status: 200 }));
  vi.stubGlobal('fetch', fetched);
  toasts.value = [];
  document.body.insertAdjacentHTML('beforeend', region('Upgrade to Gold'));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await unmountIslands();
});

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
async function confirm() {
  await act(async () => button('Upgrade').click());
  await act(async () => button(planTexts.confirmButton).click());
}

describe('plans-subscribe', () => {
  it('after the change, closes the dialog, says so and renders the plans again in place', async () => {
    call.mockResolvedValue({ ok: true, status: 200, data: { message: 'Plan subscribed successfully: you are now on the Gold plan.' } });
    mount(<Island {...props} />);
    await confirm();
    expect(call.mock.calls[0]![1]).toEqual({ body: { plan_id: 3 } });
    expect(document.querySelector('dialog')).toBeNull();
    expect(toasts.value.map((t) => [t.kind, t.title])).toEqual([['success', 'Plan subscribed successfully: you are now on the Gold plan.']]);
    await vi.waitFor(() => expect(document.querySelector('[data-region="plans"]')!.textContent).toBe('You are on Gold'));
    expect(fetched).toHaveBeenCalledWith(window.location.href, expect.objectContaining({ headers: { Accept: 'text/html' } }));
  });

  it('keeps the dialog open with the refusal, and a toast, when the change is refused', async () => {
    call.mockResolvedValue({ ok: false, failure: 'refused', status: 409, message: 'Your Live balance is too small for this plan.', errors: {}, retryAfter: null });
    mount(<Island {...props} />);
    await confirm();
    expect(document.querySelector('dialog .field-problem')!.textContent).toBe('Your Live balance is too small for this plan.');
    expect(toasts.value.map((t) => [t.kind, t.title, t.description])).toEqual([['error', planTexts.failed, 'Your Live balance is too small for this plan.']]);
    expect(fetched).not.toHaveBeenCalled();
    expect(document.querySelector('[data-region="plans"]')!.textContent).toBe('Upgrade to Gold');
  });
});
