import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../shared/api/customer-funding.schema';
import cardResult from '../../client/islands/deposit-card-result.island';

/** The card step's result (docs/funding.md#card-deposits) for each state a deposit can be in when the provider sends the browser back. */
const row = (status: HistoryRow['status'], status_label: string): HistoryRow => ({
  key: 'deposit-7',
  id: 7,
  kind: 'deposit',
  method: 'card',
  method_label: 'Card',
  status,
  status_label,
  amount: '250.00',
  fee: '0.00',
  currency: 'USD',
  reference: 'CARD-ABCD2345',
  description: 'Card payment on the provider’s secure page',
  reason: null,
  created_at: '2026-11-29T10:00:00.000Z',
  updated_at: null,
  cancellable: false,
});
const text = (deposit: HistoryRow) => renderToStaticMarkup(<cardResult.component deposit={deposit} />).replace(/<[^>]+>/g, ' ');

describe('the card payment’s result', () => {
  it('when the payment is held for our team (other than expected), then it says so as waiting, asks for nothing, and does not offer to pay again', () => {
    const shown = text(row('held', 'Being reviewed'));
    expect(shown).toContain('Being reviewed by our team');
    expect(shown).toContain('Please do not pay again');
    expect(shown).not.toContain('Try again');
    expect(renderToStaticMarkup(<cardResult.component deposit={row('held', 'Being reviewed')} />)).toContain('status-pending');
  });

  it('when it failed, then it offers to try again', () => {
    expect(text(row('failed', 'Failed'))).toContain('Try again');
  });
});
