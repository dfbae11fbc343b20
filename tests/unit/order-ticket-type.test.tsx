// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assetSchema, type Asset } from '../../shared/api/assets.schema';
import { pendingTexts } from '../../shared/trading/texts';
import { OrderTicket } from '../../client/components/order-ticket';
import { quoteOf, type Quote } from '../../client/state/market';
import { wireAsset } from '../support/api-shapes';

/**
 * The order ticket's type is the trader's choice (docs/trade-room.md#order-ticket): Market, Limit or Stop, never
 * derived from where the typed price sits against the live quote, so a tick cannot turn a sell limit into a sell stop.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const call = vi.hoisted(() => vi.fn(async (..._args: unknown[]): Promise<unknown> => ({ ok: true, status: 201, data: { data: { opening_price: '67550.12' } } })));
vi.mock('../../client/lib/call', () => ({ call }));
vi.mock('../../client/state/trading', async (original) => ({ ...(await original<object>()), refreshTrading: vi.fn(async () => undefined) }));

/** BTC/USD as the client holds it (decimals as strings), at 1:2, financed at -16.3 % a year long and -7.7 % short. */
const btc: Asset = assetSchema.parse({
  ...wireAsset({ id: 41, symbol: 'BTC/USD', bid: 67540, ask: 67550.12, updatedAt: Date.now() }),
  ...{ leverage: 2, max_leverage: 2, swap_type: 'percent', swap_long: -16.3, swap_short: -7.7 },
});

const quoted = (bid: string, ask: string) =>
  act(() => void (quoteOf(btc.id).value = { price: bid, bid, ask, low: bid, high: ask, change: '0', changePercent: '0', at: 0, receivedAt: Date.now(), direction: null, movedAt: 0 } satisfies Quote));

let root: Root;
let element: HTMLElement;
let done: ReturnType<typeof vi.fn<() => void>>;
const $ = <T extends Element = HTMLElement>(selector: string) => element.querySelector<T>(selector);
const byLabel = (text: string) => [...element.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)!;
const input = (text: string) => {
  const label = byLabel(text);
  return (label.control ?? label.querySelector('input')) as HTMLInputElement;
};
const choose = (text: string) => act(() => input(text).click());
const type = (field: HTMLInputElement, text: string) =>
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
const submitButton = () => $<HTMLButtonElement>('button[type="submit"]')!;
const price = () => $<HTMLInputElement>('#ticket-price');
const priceMessage = () => $('#ticket-price-message')?.textContent ?? null;
const submit = () => act(async () => void element.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
const render = (side: 'buy' | 'sell', initialType?: 'market' | 'limit' | 'stop') =>
  act(() => root.render(<OrderTicket asset={btc} side={side} onSide={() => undefined} onDone={done} {...(initialType ? { initialType } : {})} />));

beforeEach(async () => {
  call.mockClear();
  done = vi.fn<() => void>();
  element = document.createElement('div');
  document.body.append(element);
  root = createRoot(element);
  await quoted('67540.00', '67550.12');
});
afterEach(() => {
  act(() => root.unmount());
  element.remove();
});

describe('order ticket: the order type is chosen, not derived', () => {
  it('when a sell limit is typed above the bid and the bid then rises past it, then it stays a sell limit and the price field says so before sending', async () => {
    await render('sell');
    await choose('Limit');
    await type(price()!, '67547.31');
    expect(submitButton().textContent).toBe('Place Sell Limit 0.01 at 67547.31');
    expect(submitButton().disabled).toBe(false);

    await quoted('67549.00', '67559.12'); // the bid is now above the limit: a sell limit there would fill at once
    expect(submitButton().textContent).toBe('Place Sell Limit 0.01 at 67547.31');
    expect(priceMessage()).toBe(pendingTexts.priceSide('sell', 'limit'));
    expect(price()!.getAttribute('aria-invalid')).toBe('true');
    expect(submitButton().disabled).toBe(true);
    await submit();
    expect(call).not.toHaveBeenCalled();
  });

  it('when a sell limit is placed, then the request carries kind limit with the side and the typed price', async () => {
    await render('sell');
    await choose('Limit');
    await type(price()!, '67547.31');
    await submit();
    expect(call).toHaveBeenCalledTimes(1);
    const [endpoint, { body }] = call.mock.calls[0] as [{ path: string }, { body: Record<string, unknown> }];
    expect(endpoint.path).toBe('/orders/pending');
    expect(body).toMatchObject({ type: 'sell', kind: 'limit', price: '67547.31', volume: '0.01' });
    expect(done).toHaveBeenCalled();
  });

  it('when Stop is chosen for a buy below the ask, then the price field says a buy stop must be above the buy price and nothing is sent', async () => {
    await render('buy');
    await choose('Stop');
    await type(price()!, '67500.00');
    expect(priceMessage()).toBe(pendingTexts.priceSide('buy', 'stop'));
    expect(submitButton().textContent).toBe('Place Buy Stop 0.01 at 67500.00');
    expect(submitButton().disabled).toBe(true);
    await choose('Limit');
    expect(priceMessage()).not.toBe(pendingTexts.priceSide('buy', 'limit'));
    expect(submitButton().textContent).toBe('Place Buy Limit 0.01 at 67500.00');
    expect(submitButton().disabled).toBe(false);
  });

  it('when a limit has no price yet, then the submit waits for one and the field says where it must be', async () => {
    await render('buy', 'limit');
    expect(input('Limit').checked).toBe(true);
    expect(submitButton().disabled).toBe(true);
    expect(priceMessage()).toContain('67550.12');
  });

  it('when Market is chosen, then there is no price field and the order goes to the market at the price seen', async () => {
    await render('buy');
    expect(input('Market').checked).toBe(true);
    expect(price()).toBeNull();
    expect(submitButton().textContent).toBe('Buy 0.01 at 67550.12000');
    await submit();
    const [endpoint, { body }] = call.mock.calls[0] as [{ path: string }, { body: Record<string, unknown> }];
    expect(endpoint.path).toBe('/trades/store');
    expect(body).toMatchObject({ type: 'buy', opening_price: '67550.12' });
    expect(body).not.toHaveProperty('kind');
  });

  it('when the server refuses the price (the market moved meanwhile), then its message shows at the price field', async () => {
    call.mockResolvedValueOnce({ ok: false, failure: 'refused', retryAfter: null, status: 422, message: 'The given data was invalid.', errors: { price: [pendingTexts.priceSide('buy', 'limit')] } });
    await render('buy');
    await choose('Limit');
    await type(price()!, '67500.00');
    await submit();
    expect(priceMessage()).toBe(pendingTexts.priceSide('buy', 'limit'));
    expect(document.activeElement).toBe(price());
    expect(done).not.toHaveBeenCalled();
  });
});

describe('the ticket’s overnight figure', () => {
  const swapFigure = () => [...element.querySelectorAll('.ticket-figures div')].find((d) => d.querySelector('dt')?.textContent === 'Swap a night')?.querySelector('dd')?.textContent;

  it('shows what one night held costs at the plan’s rates, for the side chosen (docs/trading.md#overnight-financing)', async () => {
    render('buy');
    await type($<HTMLInputElement>('#ticket-volume')!, '1');
    // A buy of 1 BTC at the ask 67,550.12 at -16.3 % a year: 67,550.12 × 0.163 / 365 = 30.166… → a charge of 30.17 USD.
    expect(swapFigure()).toContain('-30.17');
    render('sell');
    // A sell at the bid 67,540.00 at -7.7 % a year: 67,540 × 0.077 / 365 = 14.248… → 14.25.
    expect(swapFigure()).toContain('-14.25');
  });
});
