// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryRow } from '../../shared/api/customer-funding.schema';
import { CancelWithdrawal } from '../../client/funding/cancel-withdrawal';
import { toasts } from '../../client/state/toasts';
import { mount, unmountIslands } from '../support/islands';

/**
 * A pending withdrawal's Cancel (docs/funding.md#withdrawals): asked first ("Keep it" is the way out); whatever the
 * answer the dialog closes and the page reads the row again, since staff may have decided it meanwhile.
 */

HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
const call = vi.hoisted(() => vi.fn());
vi.mock('../../client/lib/call', () => ({ call }));

const row: HistoryRow = {
  key: 'withdrawal-7',
  id: 7,
  kind: 'withdrawal',
  method: 'bank_transfer',
  method_label: 'Bank transfer',
  status: 'pending',
  status_label: 'Pending',
  amount: '-75.00',
  fee: '0.00',
  currency: 'USD',
  reference: 'WD-7',
  description: 'NatWest ••5432',
  reason: null,
  created_at: '2026-11-29T06:00:00.000Z',
  updated_at: null,
  cancellable: true,
};
const done = vi.fn();

beforeEach(() => {
  call.mockReset();
  done.mockReset();
  toasts.value = [];
  mount(<CancelWithdrawal row={row} formats={{ USD: { symbol: '$', decimals: 2 } }} done={done} />);
});
afterEach(unmountIslands);

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
async function cancel() {
  await act(async () => button('Cancel').click());
  expect(document.querySelector('dialog')!.textContent).toContain('Cancel your withdrawal of $75.00 (Bank transfer, WD-7)?');
  await act(async () => button('Cancel withdrawal').click());
}

describe('CancelWithdrawal', () => {
  it('takes the request back, says so, closes and reads the row again', async () => {
    call.mockResolvedValue({ ok: true, status: 200, data: { data: row, message: 'The amount is back in your balance.' } });
    await cancel();
    expect(call.mock.calls[0]![1]).toEqual({ params: { id: 7 } });
    expect(toasts.value.map((t) => [t.kind, t.title, t.description])).toEqual([['success', 'Withdrawal cancelled', 'The amount is back in your balance.']]);
    expect(document.querySelector('dialog')).toBeNull();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('when staff decided it first, says it was not cancelled, closes and reads the row again', async () => {
    call.mockResolvedValue({ ok: false, failure: 'refused', status: 409, message: 'This withdrawal was already paid.', errors: {}, retryAfter: null });
    await cancel();
    expect(toasts.value.map((t) => [t.kind, t.title, t.description])).toEqual([['error', 'Not cancelled', 'This withdrawal was already paid.']]);
    expect(document.querySelector('dialog')).toBeNull();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('keeps the request when the customer says Keep it', async () => {
    await act(async () => button('Cancel').click());
    await act(async () => button('Keep it').click());
    expect(document.querySelector('dialog')).toBeNull();
    expect(call).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
  });
});
