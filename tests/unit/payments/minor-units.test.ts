import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from '../../../server/trading/funding/payments/minor-units';
import { ProviderError } from '../../../server/trading/funding/payments/provider';

describe('minor units', () => {
  it("when an amount is in major units, then it becomes the currency's smallest units exactly", () => {
    expect(toMinorUnits('500.00', 'USD')).toBe(50000);
    expect(toMinorUnits('500', 'usd')).toBe(50000);
    expect(toMinorUnits('0.1', 'EUR')).toBe(10);
    expect(toMinorUnits('1234567.89', 'GBP')).toBe(123456789);
    expect(toMinorUnits('5000', 'JPY')).toBe(5000);
    expect(toMinorUnits('5.124', 'KWD')).toBe(5124);
  });

  it('when the amount has more decimals than the currency, is not positive or is not a number, then it is refused', () => {
    expect(() => toMinorUnits('1.005', 'USD')).toThrow(ProviderError);
    expect(() => toMinorUnits('5000.5', 'JPY')).toThrow(ProviderError);
    expect(() => toMinorUnits('0', 'USD')).toThrow(ProviderError);
    expect(() => toMinorUnits('-5', 'USD')).toThrow(ProviderError);
    expect(() => toMinorUnits('five', 'USD')).toThrow(ProviderError);
    expect(() => toMinorUnits('1e300', 'USD')).toThrow(ProviderError);
  });

  it("when minor units come back, then they read as a decimal string with the currency's decimals", () => {
    expect(fromMinorUnits(50000, 'usd')).toBe('500.00');
    expect(fromMinorUnits(1, 'USD')).toBe('0.01');
    expect(fromMinorUnits(5000, 'jpy')).toBe('5000');
    expect(fromMinorUnits(5124, 'KWD')).toBe('5.124');
    expect(() => fromMinorUnits(1.5, 'USD')).toThrow(RangeError);
  });
});
