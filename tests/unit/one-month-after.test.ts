import { describe, expect, it } from 'vitest';
import { oneMonthAfter } from '../../server/trading/ea/advisors';

describe('oneMonthAfter', () => {
  it('is the same day next month, or the last day of a shorter month', () => {
    expect(oneMonthAfter(new Date('2026-01-15T09:30:00Z')).toISOString()).toBe('2026-02-15T09:30:00.000Z');
    expect(oneMonthAfter(new Date('2026-01-31T12:00:00Z')).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(oneMonthAfter(new Date('2028-01-31T12:00:00Z')).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(oneMonthAfter(new Date('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-31T23:00:00.000Z');
  });
});
