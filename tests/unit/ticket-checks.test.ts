import { describe, expect, it } from 'vitest';
import { trailingStopBeyondZero } from '../../shared/trading/levels';
import { tradeTexts } from '../../shared/trading/texts';
import { checkTexts, levelProblems, pnlAtLevel, refusalOf, trailingInputOf, trailingNote, typedLevel } from '../../shared/trading/ticket-checks';

describe('levels as typed in the ticket and the TP & SL dialog', () => {
  it('reads an empty field or 0 as no level, a lone point as no number, and rounds to the digits like the server', () => {
    expect(typedLevel('', 5)).toBeNull();
    expect(typedLevel('0', 5)).toBeNull();
    expect(typedLevel('.', 5)).toBeUndefined();
    expect(typedLevel('1.1', 5)).toBe('1.10000');
    expect(typedLevel('1.123456', 5)).toBe('1.12346');
  });

  it('puts a market buy’s TP above and SL below the sell price it would close at, with the server’s words', () => {
    const buy = { side: 'buy' as const, digits: 5, price: '1.10000' };
    expect(levelProblems({ ...buy, takeProfit: '1.2', stopLoss: '1.0' })).toEqual({});
    expect(levelProblems({ ...buy, takeProfit: '1.1', stopLoss: '1.1' })).toEqual({
      take_profit: [tradeTexts.takeProfitSide('buy', 'current')],
      stop_loss: [tradeTexts.stopLossSide('buy', 'current')],
    });
    expect(levelProblems({ side: 'sell', digits: 5, price: '1.10000', takeProfit: '1.2', stopLoss: '' })).toEqual({ take_profit: [tradeTexts.takeProfitSide('sell', 'current')] });
  });

  it('checks a pending order’s levels against its order price', () => {
    const errors = levelProblems({ side: 'buy', digits: 2, price: '100', against: 'order', takeProfit: '99', stopLoss: '' });
    expect(errors.take_profit).toEqual([tradeTexts.takeProfitSide('buy', 'order')]);
    expect(errors.take_profit?.[0]).toContain('order price');
  });

  it('does not check again a level the trade already has (the server does not), only a changed one', () => {
    // The price has run past the stop: the kept stop stands, a moved one must be on its side.
    const kept = { takeProfit: null, stopLoss: '1.20000' };
    expect(levelProblems({ side: 'buy', digits: 5, price: '1.10000', takeProfit: '', stopLoss: '1.2', kept })).toEqual({});
    expect(levelProblems({ side: 'buy', digits: 5, price: '1.10000', takeProfit: '', stopLoss: '1.15', kept }).stop_loss).toHaveLength(1);
  });

  it('flags a field that is not a number even without a quote, and checks no side without one', () => {
    expect(levelProblems({ side: 'buy', digits: 5, price: null, takeProfit: '.', stopLoss: '5' })).toEqual({ take_profit: [checkTexts.notAPrice] });
  });
});

describe('projected P/L at a level', () => {
  it('is the P/L of closing there, in the account currency, to the cent', () => {
    // 0.10 lot of EUR/USD bought at 1.10000: 10,000 units × 0.005 = 50 USD at 1.105, −30 at 1.097.
    const position = { side: 'buy' as const, units: '10000', opening: '1.10000', digits: 5, conversion: '1' };
    expect(pnlAtLevel({ ...position, level: '1.105' })).toBe('50.00');
    expect(pnlAtLevel({ ...position, level: '1.097' })).toBe('-30.00');
    expect(pnlAtLevel({ ...position, side: 'sell', level: '1.097' })).toBe('30.00');
    // USD/JPY in a USD account: 1,000 units × 1 JPY at 1/150 USD per JPY.
    expect(pnlAtLevel({ side: 'buy', units: '1000', opening: '150.000', level: '151', digits: 3, conversion: '0.0066666666666666666667' })).toBe('6.67');
  });

  it('is not shown without a level or without a rate into the account currency', () => {
    expect(pnlAtLevel({ side: 'buy', units: '1', opening: '1', level: '', digits: 5, conversion: '1' })).toBeNull();
    expect(pnlAtLevel({ side: 'buy', units: '1', opening: '1', level: '2', digits: 5, conversion: undefined })).toBeNull();
  });
});

describe('trailing stop field', () => {
  it('keeps digits only and says what a distance means at the instrument’s digits', () => {
    expect(trailingInputOf('1a5.0')).toBe('150');
    expect(trailingNote('150', 5)).toEqual({ problem: null, note: 'Stop loss follows the price at 150 points (0.00150)' });
    expect(trailingNote('2500', 2).note).toBe('Stop loss follows the price at 2,500 points (25.00)');
    expect(trailingNote('', 5)).toEqual({ problem: null, note: checkTexts.trailingOff });
    expect(trailingNote('0', 5).problem).toBeNull();
  });

  it('refuses what the server refuses', () => {
    expect(trailingNote('5', 5).problem).toBe(tradeTexts.trailingStop);
    expect(trailingNote('1000001', 5).problem).toBe(tradeTexts.trailingStop);
    // Without a stop loss a buy's stop would start at the price minus the distance: not at or below zero.
    expect(trailingNote('20000', 2, { side: 'buy', closing: '150.00', stopLoss: null }).problem).toBe(trailingStopBeyondZero);
    expect(trailingNote('20000', 2, { side: 'sell', closing: '150.00', stopLoss: null }).problem).toBeNull();
    // At zero exactly as the server (trailedStop): 15,000 points from 150.00 starts at 0.00, refused; one point less starts at 0.01.
    expect(trailingNote('15000', 2, { side: 'buy', closing: '150.00', stopLoss: null }).problem).toBe(trailingStopBeyondZero);
    expect(trailingNote('14999', 2, { side: 'buy', closing: '150.00', stopLoss: null }).note).toMatch(/starting at 0\.01$/);
    expect(trailingNote('20000', 2, { side: 'buy', closing: '150.00', stopLoss: '140.00' }).problem).toBeNull();
  });

  it('says where the stop starts when there is none yet', () => {
    expect(trailingNote('150', 5, { side: 'buy', closing: '1.10000', stopLoss: null }).note).toBe('Stop loss follows the price at 150 points (0.00150), starting at 1.09850');
    expect(trailingNote('150', 5, { side: 'sell', closing: '1.10000', stopLoss: null }).note).toBe('Stop loss follows the price at 150 points (0.00150), starting at 1.10150');
    expect(trailingNote('150', 5, { side: 'sell', closing: '1.10000', stopLoss: '1.11000' }).note).toBe('Stop loss follows the price at 150 points (0.00150)');
  });
});

describe('a refusal laid out in a dialog', () => {
  it('puts field errors at the fields on screen and says nothing twice', () => {
    const refusal = { message: 'Take profit must be above the current sell price', errors: { take_profit: ['Take profit must be above the current sell price'] } };
    expect(refusalOf(refusal, ['take_profit', 'stop_loss'], 'fallback')).toEqual({ fields: { take_profit: refusal.message }, alert: null });
  });

  it('puts errors of fields not on screen, a message without fields, or no answer on the line above the buttons', () => {
    expect(refusalOf({ message: 'x', errors: { leverage: ['Leverage too high'] } }, ['volume'], 'fallback')).toEqual({ fields: {}, alert: 'Leverage too high' });
    expect(refusalOf({ message: 'Insufficient free margin', errors: {} }, ['volume'], 'fallback')).toEqual({ fields: {}, alert: 'Insufficient free margin' });
    expect(refusalOf({ message: null, errors: {} }, ['volume'], 'fallback')).toEqual({ fields: {}, alert: 'fallback' });
  });

  it('words a closed market with its next open', () => {
    expect(checkTexts.marketClosed(null)).toBe('Market closed');
    expect(checkTexts.marketClosed(new Date(2025, 0, 7, 14, 30))).toBe('Market closed · Opens Tue 14:30');
  });
});
