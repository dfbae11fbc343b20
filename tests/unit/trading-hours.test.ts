import { describe, expect, it } from 'vitest';
import { isMarketOpen, localTime, schedules, nextOpen } from '../../shared/trading/hours';

const open = (id: keyof typeof schedules, iso: string) => isMarketOpen(schedules[id], new Date(iso));

describe('trading hours', () => {
  it('forex trades 24/5 from Sunday 22:00 to Friday 22:00 UTC', () => {
    expect(open('forex', '2026-11-22T21:59:00Z')).toBe(false);
    expect(open('forex', '2026-11-22T22:00:00Z')).toBe(true);
    expect(open('forex', '2026-11-25T03:00:00Z')).toBe(true);
    expect(open('forex', '2026-11-27T21:59:00Z')).toBe(true);
    expect(open('forex', '2026-11-27T22:00:00Z')).toBe(false);
    expect(open('forex', '2026-11-28T12:00:00Z')).toBe(false);
  });

  it('US stocks follow New York time across the daylight-saving change', () => {
    // November: EST (UTC−5).
    expect(open('us-stocks', '2026-11-18T14:29:00Z')).toBe(false);
    expect(open('us-stocks', '2026-11-18T14:30:00Z')).toBe(true);
    expect(open('us-stocks', '2026-11-18T20:59:00Z')).toBe(true);
    expect(open('us-stocks', '2026-11-18T21:00:00Z')).toBe(false);
    // July: EDT (UTC−4).
    expect(open('us-stocks', '2026-07-15T13:30:00Z')).toBe(true);
    expect(open('us-stocks', '2026-07-15T20:00:00Z')).toBe(false);
    expect(open('us-stocks', '2026-11-21T16:00:00Z')).toBe(false);
  });

  it('commodities pause for the daily break from 17:00 to 18:00 New York time', () => {
    expect(open('commodities', '2026-11-18T21:59:00Z')).toBe(true);
    expect(open('commodities', '2026-11-18T22:00:00Z')).toBe(false);
    expect(open('commodities', '2026-11-18T23:00:00Z')).toBe(true);
    expect(open('commodities', '2026-11-22T22:59:00Z')).toBe(false);
    expect(open('commodities', '2026-11-22T23:00:00Z')).toBe(true);
  });

  it('crypto never closes; London keeps its own clock', () => {
    expect(open('crypto', '2026-11-22T03:00:00Z')).toBe(true);
    expect(open('uk-stocks', '2026-07-15T07:00:00Z')).toBe(true); // 08:00 BST
    expect(open('uk-stocks', '2026-11-18T07:59:00Z')).toBe(false); // 07:59 GMT
    expect(localTime(new Date('2026-03-29T01:30:00Z'), 'Europe/London')).toEqual({ day: 0, minute: 150 }); // 02:30 BST
  });
});

describe('nextOpen', () => {
  it('is null while the market is open', () => {
    expect(nextOpen(schedules.crypto, new Date('2026-11-24T03:00:00Z'))).toBeNull();
  });

  it('gives the next session start in the exchange’s time zone: US stocks at night open at 09:30 New York', () => {
    // Tuesday 02:00 UTC = Monday 21:00 in New York (EST, UTC−5): next open Tuesday 09:30 EST = 14:30 UTC.
    expect(nextOpen(schedules['us-stocks'], new Date('2026-11-24T02:00:00Z'))?.toISOString()).toBe('2026-11-24T14:30:00.000Z');
  });

  it('skips the weekend: forex closed on Saturday opens Sunday 22:00 UTC', () => {
    expect(nextOpen(schedules.forex, new Date('2026-11-28T12:34:56Z'))?.toISOString()).toBe('2026-11-29T22:00:00.000Z');
  });

  it('counts across a clock change: London on the Friday before summer time opens Monday 08:00 BST', () => {
    // Summer time starts Sunday 29 March 2026; Monday 08:00 BST = 07:00 UTC.
    expect(nextOpen(schedules['uk-stocks'], new Date('2026-03-27T18:00:00Z'))?.toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('is the first minute the schedule calls open', () => {
    const at = new Date('2026-11-25T21:10:30Z');
    const opens = nextOpen(schedules['eu-stocks'], at)!;
    expect(isMarketOpen(schedules['eu-stocks'], opens)).toBe(true);
    expect(isMarketOpen(schedules['eu-stocks'], new Date(opens.getTime() - 60_000))).toBe(false);
  });
});
