// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Asset } from '../../shared/api/assets.schema';
import type { TradeView } from '../../shared/api/trades.schema';
import { LevelsDialog } from '../../client/components/position-dialogs';
import { liveOpenTrades, openTrades } from '../../client/state/trading';

/**
 * The TP & SL dialog of a position whose stop loss trails (review M1, docs/trade-room.md#tp-and-sl-dialog): its stop
 * loss follows the live trade until edited, steps from the live stop, and is not sent back behind it.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const call = vi.hoisted(() => vi.fn(async () => ({ ok: true, data: {} })));
vi.mock('../../client/lib/call', () => ({ call }));
vi.mock('../../client/state/trading', async (original) => ({ ...(await original<object>()), refreshTrading: vi.fn(async () => undefined) }));

const trade: TradeView = {
  id: 12,
  trade_id: 'T00000012',
  account_id: 1,
  asset_id: 'EURUSD',
  instrument_id: 7,
  asset_symbol: 'EURUSD',
  asset_name: 'Euro / US Dollar',
  trade_type: 'buy',
  volume: '10000',
  lots: '0.1',
  margin: '100',
  leverage: 100,
  opening_price: '1.08500',
  closing_price: '1.09000',
  take_profit: null,
  stop_loss: '1.08500',
  trailing_stop: 150,
  pnl: '50',
  paid_commission: '0.00',
  swap: '0.00',
  dividends: '0.00',
  status: 'open',
  close_reason: null,
  open_time: '2026-11-24T10:00:00.000Z',
  close_time: null,
  placed_by: 'customer',
  expert_advisor_id: null,
};
const asset = { id: 7, digits: 5, quote_currency: 'USD' } as Asset;

let root: Root;
let element: HTMLElement;
const listed = (changes: Partial<TradeView>) => act(() => void (openTrades.value = { items: [{ ...trade, ...changes }], next: null, state: 'idle', error: null }));
const stop = () => element.querySelector<HTMLInputElement>('#levels-sl')!;
const click = (selector: string) => act(() => element.querySelector<HTMLButtonElement>(selector)!.click());
const type = (input: HTMLInputElement, text: string) =>
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
const submit = () => act(async () => void element.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));

beforeEach(async () => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  call.mockClear();
  element = document.createElement('div');
  document.body.append(element);
  root = createRoot(element);
  await listed({});
  await act(() => root.render(<LevelsDialog trade={liveOpenTrades.value[0]!} asset={asset} onClose={() => undefined} />));
});
afterEach(() => {
  act(() => root.unmount());
  element.remove();
});

describe('TP & SL dialog of a trailing stop', () => {
  it('shows the stop the engine has trailed to while the dialog is open, and saves nothing when only that changed', async () => {
    expect(stop().value).toBe('1.08500');
    await listed({ stop_loss: '1.08750', closing_price: '1.09200' });
    expect(stop().value).toBe('1.08750');
    await submit();
    expect(call).not.toHaveBeenCalled();
  });

  it('steps one point from the live stop, not from the one the dialog opened with', async () => {
    await listed({ stop_loss: '1.08750', closing_price: '1.09200' });
    await click('button[aria-label="Stop loss (trailing) up"]');
    expect(stop().value).toBe('1.08751');
    await submit();
    expect(call).toHaveBeenCalledTimes(1);
    expect((call.mock.calls[0] as unknown as [unknown, { body: unknown }])[1].body).toEqual({ stop_loss: '1.08751', trailing_stop: 150 });
  });

  it('refuses at the field a stop typed behind the live one, until trailing is switched off', async () => {
    await type(stop(), '1.08600');
    expect(stop().getAttribute('aria-invalid')).toBeNull();
    await listed({ stop_loss: '1.08750', closing_price: '1.09200' });
    expect(stop().value).toBe('1.08600');
    expect(stop().getAttribute('aria-invalid')).toBe('true');
    expect(element.querySelector('#levels-sl-message')!.textContent).toBe('The trailing stop has moved the stop loss to 1.08750: it can only move further your way while trailing is on');
    await submit();
    expect(call).not.toHaveBeenCalled();
    await type(element.querySelector<HTMLInputElement>('#levels-trailing')!, '');
    expect(stop().getAttribute('aria-invalid')).toBeNull();
    await submit();
    expect((call.mock.calls[0] as unknown as [unknown, { body: unknown }])[1].body).toEqual({ stop_loss: '1.08600', trailing_stop: null });
  });
});
