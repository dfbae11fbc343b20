import { describe, expect, it } from 'vitest';
import { schedules } from '../../shared/trading/hours';
import { LocalBus } from '../../server/trading/bus';
import { RiskMonitor } from '../../server/trading/engine/risk-monitor';
import type { Instrument } from '../../server/trading/market/instruments';
import { createMarket } from '../../server/trading/market/market';
import { TradingConditions } from '../../server/trading/market/conditions';
import { ManualPriceSource } from '../../server/trading/market/price-source';
import type { LiveQuote } from '../../server/trading/market/quote-book';

/** An instrument without spread (bid = ask = mid), trading around the clock. */
function instrument(id: number, symbol: string, assetClass: Instrument['assetClass'], base: string | null, quote: string, digits: number, seedPrice: string): Instrument {
  return {
    id,
    symbol,
    name: symbol,
    shortKey: symbol,
    assetClass,
    category: assetClass,
    baseCurrency: base,
    quoteCurrency: quote,
    digits,
    contractSize: '1',
    spread: { buySpread: '0', sellSpread: '0', digits },
    maxDeviation: '0.01',
    regulatoryCap: 100,
    schedule: schedules.crypto,
    tvSymbol: '',
    image: '',
    seedPrice,
    volatility: 0,
    enabled: true,
  };
}

function setup() {
  const list = [
    instrument(1, 'AAAUSD', 'crypto', 'AAA', 'USD', 2, '100.00'),
    instrument(2, 'BBBUSD', 'crypto', 'BBB', 'USD', 2, '50.00'),
    instrument(3, 'USDJPY', 'forex', 'USD', 'JPY', 3, '100.000'),
  ];
  const bus = new LocalBus();
  const source = new ManualPriceSource();
  const market = createMarket({ instruments: list, source, bus, startPrices: new Map() });
  market.start();
  let last: readonly LiveQuote[] = [];
  bus.subscribe('market.quotes', (quotes) => (last = quotes));
  const risk = new RiskMonitor(market, 100);
  /** Moves prices and screens the batch they make. */
  const move = (mids: Record<number, string>) => {
    source.set(mids, Date.now());
    return risk.screen(last);
  };
  return { risk, move, market };
}

const position = (tradeId: number, assetId: number, side: 'buy' | 'sell', units: number, openPrice: number, quoteCurrency = 'USD') => ({ tradeId, assetId, side, units, openPrice, quoteCurrency });

describe('the margin screen', () => {
  it('reports an account once its level is at or below the screen level, with that level', () => {
    const { risk, move } = setup();
    // Funds 1,100 and margin 1,000: 10 units bought at 100 reach 100 % when the price falls to 90.
    risk.set({ accountId: 7, userId: 1, currency: 'USD', group: 0, funds: 1100, usedMargin: 1000, positions: [position(1, 1, 'buy', 10, 100)] });
    expect(move({ 1: '95.00' })).toEqual([]);
    expect(risk.level(7)).toBeCloseTo(105, 9);
    const found = move({ 1: '90.00' });
    expect(found.map((f) => f.accountId)).toEqual([7]);
    expect(found[0]!.level).toBeCloseTo(100, 9);
    expect(move({ 1: '80.00' })[0]!.level).toBeCloseTo(90, 9);
    expect(move({ 1: '91.00' })).toEqual([]);
  });

  it('takes a new position’s opening commission off the funds it screens, and values each client group at its own quote', () => {
    const { risk, move, market } = setup();
    market.replaceConditions(
      TradingConditions.from({
        defaultPlanId: null,
        rows: [{ planId: 2, assetClass: 'crypto', assetId: null, spreadMarkup: 200, commissionKind: 'per_lot', commissionRate: '0', commissionMinimum: '0' }],
      }),
    );
    // Funds 1,100, margin 500 for 5 units at 100 (level 220 % at 100).
    risk.set({ accountId: 11, userId: 1, currency: 'USD', group: 0, funds: 1100, usedMargin: 500, positions: [position(1, 1, 'buy', 5, 100)] });
    expect(move({ 1: '100.00' })).toEqual([]);
    // 5 more units with 500 margin and a 100.00 commission: (1,100 − 100) / 1,000 = 100 % at 100, at the screen level.
    expect(risk.addPosition(11, position(2, 1, 'buy', 5, 100), 500, 100)).toBe(true);
    expect(risk.level(11)).toBeCloseTo(100, 9);
    // Group 2 closes longs 1.00 (100 points of 0.01) below the raw bid: 10 units at 99 are −10 below the raw valuation.
    risk.set({ accountId: 12, userId: 2, currency: 'USD', group: 2, funds: 1100, usedMargin: 1000, positions: [position(3, 1, 'buy', 10, 100)] });
    expect(risk.level(12)).toBeCloseTo(((1100 - 10) / 1000) * 100, 9);
    expect(move({ 1: '91.00' }).map((f) => f.accountId)).toEqual([11, 12]);
  });

  it('does not report an account that a later tick of the same batch lifted back above the level', () => {
    const { risk, move } = setup();
    risk.set({ accountId: 8, userId: 1, currency: 'USD', group: 0, funds: 1100, usedMargin: 1000, positions: [position(1, 1, 'buy', 10, 100), position(2, 2, 'sell', 10, 50)] });
    // AAA down 15 (−150) and BBB down 10 (+100 on the sell): net −50, level 105 %.
    expect(move({ 1: '85.00', 2: '40.00' })).toEqual([]);
    expect(risk.level(8)).toBeCloseTo(105, 9);
  });

  it('values positions quoted in another currency at the live rate, and revalues them when the rate moves', () => {
    const { risk, move } = setup();
    // 1,000 USDJPY sold at 100.000 in a USD account: P/L in JPY is (100 − price) × 1,000, in USD divided by the price.
    risk.set({ accountId: 9, userId: 1, currency: 'USD', group: 0, funds: 1000, usedMargin: 900, positions: [position(1, 3, 'sell', 1000, 100, 'JPY')] });
    expect(move({ 3: '100.000' })).toEqual([]);
    // At 110: −10,000 JPY = −90.909… USD; level (1,000 − 90.909) / 900 = 101.01 %.
    expect(move({ 3: '110.000' })).toEqual([]);
    expect(risk.level(9)).toBeCloseTo(((1000 - 10_000 / 110) / 900) * 100, 6);
    // At 125: −25,000 JPY = −200 USD; level 88.9 %.
    const found = move({ 3: '125.000' });
    expect(found.map((f) => f.accountId)).toEqual([9]);
    expect(found[0]!.level).toBeCloseTo((800 / 900) * 100, 6);
  });

  it('reports nothing for an account without margin in use, and forgets an account set without positions', () => {
    const { risk, move } = setup();
    risk.set({ accountId: 10, userId: 1, currency: 'USD', group: 0, funds: 10, usedMargin: 0, positions: [position(1, 1, 'buy', 10, 100)] });
    expect(move({ 1: '1.00' })).toEqual([]);
    risk.set({ accountId: 10, userId: 1, currency: 'USD', group: 0, funds: 10, usedMargin: 0, positions: [] });
    expect(risk.size).toBe(0);
    expect(risk.level(10)).toBe(Infinity);
  });
});
