// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '../../shared/api/staff-accounts.schema';
import queueDecision from '../../client/islands/queue-decision.island';
import staffAccounts from '../../client/islands/staff-accounts.island';
import { toasts } from '../../client/state/toasts';

/**
 * Back-office decisions without a page reload (docs/front-end.md#forms): a queue row shows what it came to where
 * its buttons were, and the page's regions are rendered again; an invitation shows in the staff list at once.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};

const call = vi.hoisted(() => vi.fn());
const renderRegionsAgain = vi.hoisted(() => vi.fn(async () => true));
vi.mock('../../client/lib/call', () => ({ call }));
vi.mock('../../client/forms/regions', () => ({ renderRegionsAgain }));

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  call.mockReset();
  renderRegionsAgain.mockClear();
  toasts.value = [];
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
const click = (name: string) => act(async () => button(name).click());
async function type(selector: string, text: string) {
  await act(async () => {
    const input = host.querySelector<HTMLInputElement>(selector)!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const submit = () => act(async () => host.querySelector('dialog form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));

describe('a queue decision', () => {
  const row = { kind: 'withdrawal' as const, id: 9, summary: '100.00 USD to Ada Byron', suggested: null, currency: 'USD' };

  it('when staff mark a withdrawal paid, then its buttons give way to its new status and the page regions are rendered again', async () => {
    call.mockResolvedValue({ ok: true, status: 200, data: { data: { status: 'paid' }, message: 'Withdrawal paid.' } });
    await act(async () => root.render(<queueDecision.component {...row} />));
    await click('Mark paid');
    await type('input[name="payout_reference"]', ' FPS-1 ');
    await submit();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/admin/queues/withdrawals/:id/pay' }), { params: { id: 9 }, body: { payout_reference: 'FPS-1' } });
    expect(host.querySelector('dialog')).toBeNull();
    expect(host.querySelectorAll('button')).toHaveLength(0);
    expect(host.querySelector('.status-badge')?.textContent).toBe('Paid');
    expect(toasts.value.map((t) => [t.title, t.description])).toEqual([['Withdrawal decided', 'Withdrawal paid.']]);
    expect(renderRegionsAgain).toHaveBeenCalledTimes(1);
  });

  it('when someone else decided it first, then the row says what the server said instead of its buttons', async () => {
    call.mockResolvedValue({ ok: false, failure: 'refused', status: 409, message: 'This has already been decided.', errors: {}, retryAfter: null });
    await act(async () => root.render(<queueDecision.component {...row} />));
    await click('Reject');
    await act(async () => {
      const reason = host.querySelector('textarea')!;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(reason, 'Name does not match');
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await submit();
    expect(host.querySelector('dialog')).toBeNull();
    expect(host.querySelector('.queue-waiting')?.textContent).toBe('This has already been decided.');
    expect(renderRegionsAgain).toHaveBeenCalledTimes(1);
  });
});

describe('the staff accounts page', () => {
  const member = (id: number, first: string, role: StaffMember['role']): StaffMember => ({
    id,
    name: `${first} Lovelace`,
    first_name: first,
    last_name: 'Lovelace',
    email: `${first.toLowerCase()}@example.test`,
    role,
    status: 'active',
    last_seen_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
  });

  it('when an admin invites someone, then the list shows them in its order and counts them, without a reload', async () => {
    const listHost = document.createElement('div');
    document.body.append(listHost);
    const listRoot = createRoot(listHost);
    await act(async () => listRoot.render(<staffAccounts.component part="list" members={[member(1, 'Ada', 'admin'), member(2, 'Zoe', 'staff')]} you={1} />));
    await act(async () => root.render(<staffAccounts.component part="invite" />));
    call.mockResolvedValue({ ok: true, status: 201, data: { data: member(3, 'Nia', 'staff'), message: 'Invitation sent to nia@example.test.' } });
    await click('Invite staff member');
    await type('input[name="email"]', 'nia@example.test');
    await type('input[name="first_name"]', 'Nia');
    await type('input[name="last_name"]', 'Lovelace');
    await submit();
    const names = [...listHost.querySelectorAll('tbody tr strong')].map((cell) => cell.textContent);
    expect(names).toEqual(['Ada Lovelace', 'Nia Lovelace', 'Zoe Lovelace']);
    expect(listHost.querySelector('.list-summary')?.textContent).toBe('3 accounts, 1 active admin');
    act(() => listRoot.unmount());
    listHost.remove();
  });
});
