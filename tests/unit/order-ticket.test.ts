import { describe, expect, it } from 'vitest';
import { convertVolume, levelInputOf, orderLots, orderTypeTexts, stepLevel, stepVolume, unitsOf, volumeInputOf } from '../../shared/trading/ticket';
import { stopBehindTrail } from '../../shared/trading/levels';
import { typedLevel } from '../../shared/trading/ticket-checks';
import { effectiveLeverage } from '../../shared/trading/leverage';
import { conversionRate } from '../../shared/trading/conversion';
import { Money } from '../../shared/money';
import { calculate, defaultLevels } from '../../shared/trading/calculator';
import { pipSizeOf } from '../../shared/trading/market-watch';

const eurusd = { contractSize: '100000', price: '1.10000', conversion: '1' };

describe('order ticket volume', () => {
  it('keeps only digits and the first decimal point of what is typed', () => {
    expect(volumeInputOf('1a.2.3')).toBe('1.23');
    expect(volumeInputOf('-5e3')).toBe('53');
    expect(volumeInputOf('..1')).toBe('.1');
    expect(volumeInputOf('')).toBe('');
  });

  it('steps by 0.01 lot, 1000 units or 10 currency units, and never below one step', () => {
    expect(stepVolume('0.01', 'lots', 1)).toBe('0.02');
    expect(stepVolume('0.01', 'lots', -1)).toBe('0.01');
    expect(stepVolume('0.015', 'lots', -1)).toBe('0.01');
    expect(stepVolume('', 'units', 1)).toBe('1000');
    expect(stepVolume('2500', 'units', -1)).toBe('1500');
    expect(stepVolume('15', 'currency', -1)).toBe('10');
    expect(stepVolume('100', 'currency', 1)).toBe('110');
  });

  it('converts between lots, units and currency with the contract size, price and quote rate', () => {
    expect(convertVolume('0.5', 'lots', 'units', eurusd)).toBe('50000');
    expect(convertVolume('50000', 'units', 'currency', eurusd)).toBe('55000.00');
    expect(convertVolume('55000', 'currency', 'lots', eurusd)).toBe('0.50');
    // Shown in lots, an amount is what it buys in whole steps, never more: 1,099 USD of EUR/USD is under one step.
    expect(convertVolume('1099', 'currency', 'lots', eurusd)).toBe('0.00');
    // USD/JPY in a USD account: one unit is worth price × (1 / USDJPY) = 1 USD.
    const usdjpy = { contractSize: '100000', price: '150.000', conversion: '0.0066666666666666666667' };
    expect(convertVolume('1000', 'units', 'currency', usdjpy)).toBe('1000.00');
    expect(convertVolume('abc', 'lots', 'units', eurusd)).toBe('abc');
  });

  it('sizes an order in whole lot steps, rounding down', () => {
    expect(orderLots(unitsOf('1234', 'units', eurusd)!, eurusd.contractSize).toFixed(2)).toBe('0.01');
    expect(orderLots(unitsOf('1099', 'currency', eurusd)!, eurusd.contractSize).toFixed(2)).toBe('0.00');
    expect(unitsOf('.', 'lots', eurusd)).toBeNull();
  });
});

describe('pending order type', () => {
  it('names the order as chosen on its submit, with or without a price', () => {
    expect(orderTypeTexts.place({ side: 'sell', kind: 'limit', lots: '0.01', price: '67547.31' })).toBe('Place Sell Limit 0.01 at 67547.31');
    expect(orderTypeTexts.place({ side: 'buy', kind: 'stop', lots: '0.10', price: null })).toBe('Place Buy Stop 0.10');
  });

  it('says where each type waits against the price it watches, and how it fills', () => {
    expect(orderTypeTexts.where('buy', 'limit', '1.10010')).toBe('Below the buy price 1.10010: fills at this price or lower');
    expect(orderTypeTexts.where('buy', 'stop', '1.10010')).toBe('Above the buy price 1.10010: fills at the market once reached');
    expect(orderTypeTexts.where('sell', 'limit', '1.10000')).toBe('Above the sell price 1.10000: fills at this price or higher');
    expect(orderTypeTexts.where('sell', 'stop', '1.10000')).toBe('Below the sell price 1.10000: fills at the market once reached');
  });
});

describe('price fields of the ticket and the TP & SL dialog', () => {
  it('keep no more decimals than the instrument has', () => {
    expect(levelInputOf('189.995', 2)).toBe('189.99');
    expect(levelInputOf('1.0850012', 5)).toBe('1.08500');
    expect(levelInputOf('1a.2.3', 5)).toBe('1.23');
    expect(levelInputOf('190', 2)).toBe('190');
    expect(levelInputOf('190.', 2)).toBe('190.');
  });

  it('are read at the digits, half up, as the server rounds them', () => {
    expect(typedLevel('189.995', 2)).toBe('190.00');
    expect(typedLevel('1.085', 5)).toBe('1.08500');
  });

  it('step one point from what is typed, else from the live price, and never below one point', () => {
    expect(stepLevel('1.08500', 5, 1, '1.2')).toBe('1.08501');
    expect(stepLevel('1.085', 5, -1, '1.2')).toBe('1.08499');
    expect(stepLevel('', 2, 1, '190.004')).toBe('190.01');
    expect(stepLevel('abc', 2, -1, 190)).toBe('189.99');
    expect(stepLevel('0.01', 2, -1, '190')).toBe('0.01');
    expect(stepLevel('', 5, -1, '0')).toBe('0.00001');
  });
});

describe('a stop loss while a trailing stop runs', () => {
  it('may not go back behind the stop the engine has reached, as the server refuses it', () => {
    const live = '1.08750';
    expect(stopBehindTrail({ side: 'buy', stopLoss: '1.08501', liveStop: live, trailing: true })).toBe(
      'The trailing stop has moved the stop loss to 1.08750: it can only move further your way while trailing is on',
    );
    expect(stopBehindTrail({ side: 'buy', stopLoss: '1.08751', liveStop: live, trailing: true })).toBeNull();
    expect(stopBehindTrail({ side: 'sell', stopLoss: '1.08751', liveStop: live, trailing: true })).not.toBeNull();
    expect(stopBehindTrail({ side: 'sell', stopLoss: '1.08749', liveStop: live, trailing: true })).toBeNull();
    // Trailing switched off, or no stop either side: the customer may put it anywhere the side rule allows.
    expect(stopBehindTrail({ side: 'buy', stopLoss: '1.08501', liveStop: live, trailing: false })).toBeNull();
    expect(stopBehindTrail({ side: 'buy', stopLoss: null, liveStop: live, trailing: true })).toBeNull();
  });
});

describe('leverage precedence', () => {
  it('takes the customer setting, then the asset, then the plan, then 20, within the plan and regulatory caps', () => {
    expect(effectiveLeverage({ userClassLeverage: 50, assetLeverage: 100, planLeverage: 200, regulatoryCap: 30 })).toBe(30);
    expect(effectiveLeverage({ assetLeverage: 10, planLeverage: 200, regulatoryCap: 30 })).toBe(10);
    expect(effectiveLeverage({ planLeverage: 25, regulatoryCap: 30 })).toBe(25);
    expect(effectiveLeverage({ regulatoryCap: 30 })).toBe(20);
    expect(effectiveLeverage({ userClassLeverage: 500, planLeverage: 100, regulatoryCap: 500 })).toBe(100);
  });
});

describe('currency conversion from forex mids', () => {
  const mids: Record<string, string> = { EURUSD: '1.10', USDJPY: '150', GBPUSD: '1.25' };
  const midOf = (pair: string) => mids[pair];
  it('uses the direct pair, its inverse, or goes through USD', () => {
    expect(conversionRate('EUR', 'USD', midOf)!.toFixed(2)).toBe('1.10');
    expect(conversionRate('JPY', 'USD', midOf)!.toFixed(6)).toBe('0.006667');
    expect(conversionRate('EUR', 'JPY', midOf)!.toFixed(2)).toBe('165.00');
    expect(conversionRate('USD', 'USD', midOf)!.toFixed(0)).toBe('1');
    expect(conversionRate('CHF', 'USD', midOf)).toBeUndefined();
  });
});

describe('profit calculator', () => {
  const base = {
    side: 'buy' as const,
    volume: '100000',
    entry: '1.10000',
    takeProfit: '1.10110',
    stopLoss: '1.09890',
    leverage: 30,
    conversion: '1',
    pipSize: pipSizeOf(5),
    contractSize: '100000',
    freeMargin: '1000',
  };
  it('puts the default TP and SL 0.1 % from the entry', () => {
    expect(defaultLevels({ side: 'buy', entry: '1.10000', digits: 5 })).toEqual({ takeProfit: '1.10110', stopLoss: '1.09890' });
    expect(defaultLevels({ side: 'sell', entry: '1.10000', digits: 5 })).toEqual({ takeProfit: '1.09890', stopLoss: '1.10110' });
  });

  it('works out P/L at both levels, ROE, pip value, margin and the largest position', () => {
    expect(calculate(base)).toEqual({ ok: true, profit: '110.00', loss: '-110.00', roe: '3.00', pipValue: '10.00', margin: '3666.67', maxPosition: { value: '30000.00', lots: '0.27' } });
    expect(calculate({ ...base, side: 'sell', takeProfit: '1.09890', stopLoss: '1.10110' })).toMatchObject({ profit: '110.00', loss: '-110.00' });
  });

  it('works out pip value and the largest position from the instrument and the free margin, for every class (BTC is not a 4-decimal pair)', () => {
    // 0.1 BTC at 67,000.00 (2 decimals: a pip is one cent), leverage 1:2, 25,000 USD free.
    const btc = { ...base, volume: '0.1', entry: '67000.00', takeProfit: '67067.00', stopLoss: '66933.00', leverage: 2, pipSize: pipSizeOf(2), contractSize: '1', freeMargin: '25000' };
    expect(calculate(btc)).toMatchObject({ ok: true, pipValue: '0.001', margin: '3350.00', maxPosition: { value: '50000.00', lots: '0.74' } });
    expect(calculate({ ...btc, volume: '10' })).toMatchObject({ pipValue: '0.10' });
    // USD/JPY (3 decimals): a pip is 0.01; 100,000 units at 150.000 with JPY → USD at 1/150.
    expect(calculate({ ...base, entry: '150.000', takeProfit: '150.150', stopLoss: '149.850', pipSize: pipSizeOf(3), conversion: new Money(1).dividedBy(150) })).toMatchObject({ pipValue: '6.67' });
    // No account figures yet: no largest position rather than a made-up one.
    expect(calculate({ ...base, freeMargin: null })).toMatchObject({ maxPosition: null });
  });

  it('answers each bad field with its message', () => {
    expect(calculate({ ...base, volume: '0', entry: '-1', takeProfit: 'x', stopLoss: '-2' })).toEqual({
      ok: false,
      errors: {
        volume: 'Volume must be a positive number',
        entry: 'Entry price must be a positive number',
        takeProfit: 'Take profit must be a non-negative number',
        stopLoss: 'Stop loss must be a non-negative number',
      },
    });
  });
});
