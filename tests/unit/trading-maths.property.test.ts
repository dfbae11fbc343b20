import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../../shared/money';
import { accountSummary, bookedPnl, marginFor, notionalOf, pnlOf } from '../../shared/trading/account-maths';
import { effectiveLeverage } from '../../shared/trading/leverage';
import { closingPrice, openingPrice, quoteFromMid } from '../../shared/trading/prices';
import { lotsProblem, unitsFromLots } from '../../shared/trading/sizing';
import { formatPoints, pointSpread, pointsOf, quotePoints } from '../../shared/trading/points';

/** A price with `digits` decimals as a string, from an integer number of points. */
const priceArb = (digits: number) => fc.integer({ min: 1, max: 10 ** (digits + 5) }).map((points) => (points / 10 ** digits).toFixed(digits));
const spreadArb = fc.integer({ min: 0, max: 2_000 }).map((tenthBps) => (tenthBps / 1e6).toString());
const lotsArb = fc.integer({ min: 1, max: 5_000 }).map((hundredths) => (hundredths / 100).toFixed(2));
const sideArb = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
const digitsArb = fc.constantFrom(0, 1, 2, 3, 4, 5, 8);

/** Exact oracle in integers: price points × lot hundredths × contract size, in cents, rounded down (toward the house). */
function oraclePnlCents({
  side,
  openPts,
  closePts,
  digits,
  lotHundredths,
  contractSize,
}: {
  side: 'buy' | 'sell';
  openPts: bigint;
  closePts: bigint;
  digits: number;
  lotHundredths: bigint;
  contractSize: bigint;
}): bigint {
  const move = side === 'buy' ? closePts - openPts : openPts - closePts;
  // pnl = move / 10^digits × lotHundredths / 100 × contractSize; in cents: × 100.
  const numerator = move * lotHundredths * contractSize * 100n;
  const denominator = 10n ** BigInt(digits) * 100n;
  const quotient = numerator / denominator; // BigInt division truncates toward zero
  return numerator < 0n && quotient * denominator !== numerator ? quotient - 1n : quotient;
}

describe('prices', () => {
  it('buy ≥ mid ≥ sell for any mid, spreads and digits', () => {
    fc.assert(
      fc.property(
        digitsArb.chain((d) => fc.tuple(fc.constant(d), priceArb(d))),
        spreadArb,
        spreadArb,
        ([digits, mid], buySpread, sellSpread) => {
          const quote = quoteFromMid({ mid, spec: { buySpread, sellSpread, digits } });
          expect(new Money(quote.ask).gte(mid)).toBe(true);
          expect(new Money(mid).gte(quote.bid)).toBe(true);
          expect(quote.ask.split('.')[1]?.length ?? 0).toBe(digits);
        },
      ),
    );
  });

  it('opening and closing at an unchanged quote loses exactly the spread', () => {
    fc.assert(
      fc.property(
        digitsArb.chain((d) => fc.tuple(fc.constant(d), priceArb(d))),
        spreadArb,
        spreadArb,
        sideArb,
        lotsArb,
        ([digits, mid], buySpread, sellSpread, side, lots) => {
          const quote = quoteFromMid({ mid, spec: { buySpread, sellSpread, digits } });
          const units = unitsFromLots({ lots, contractSize: 100_000 });
          const pnl = pnlOf({ side, units, opening: openingPrice({ side, quote }), closing: closingPrice({ side, quote }) });
          expect(pnl.equals(new Money(quote.ask).minus(quote.bid).times(units).negated())).toBe(true);
        },
      ),
    );
  });
});

describe('margin', () => {
  it('margin × leverage covers the notional, and by less than a cent per unit of leverage', () => {
    fc.assert(
      fc.property(priceArb(5), lotsArb, fc.integer({ min: 1, max: 500 }), (price, lots, leverage) => {
        const units = unitsFromLots({ lots, contractSize: 100_000 });
        const margin = marginFor({ units, price, leverage });
        const notional = notionalOf({ units, price });
        const over = margin.times(leverage).minus(notional);
        expect(over.gte(0)).toBe(true);
        expect(over.lt(new Money(leverage).times('0.01'))).toBe(true);
      }),
    );
  });
});

describe('P/L against an exact integer oracle', () => {
  for (const digits of [5, 3]) {
    it(`agrees to the cent for ${digits}-digit instruments over random prices, volumes and sides`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 10 ** (digits + 3) }),
          fc.integer({ min: 1, max: 10 ** (digits + 3) }),
          fc.integer({ min: 1, max: 5_000 }),
          sideArb,
          fc.constantFrom(1, 100, 100_000),
          (openPts, closePts, lotHundredths, side, contractSize) => {
            const opening = (openPts / 10 ** digits).toFixed(digits);
            const closing = (closePts / 10 ** digits).toFixed(digits);
            const lots = (lotHundredths / 100).toFixed(2);
            const units = unitsFromLots({ lots, contractSize });
            const booked = bookedPnl(pnlOf({ side, units, opening, closing }));
            const cents = oraclePnlCents({ side, openPts: BigInt(openPts), closePts: BigInt(closePts), digits, lotHundredths: BigInt(lotHundredths), contractSize: BigInt(contractSize) });
            expect(booked.times(100).toFixed(0)).toBe(cents.toString());
          },
        ),
      );
    });
  }
});

describe('booking rounds toward the house', () => {
  it('never lets parts of a close book more than the whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: -5_000_000, max: 5_000_000 }), fc.integer({ min: 2, max: 10 }), (units, movePts, parts) => {
        const per = units * parts;
        const whole = bookedPnl(
          pnlOf({ side: 'buy', units: per, opening: '150.000', closing: new Money('150.000').plus(new Money(movePts).dividedBy(1000)), conversion: new Money(1).dividedBy(151) }),
        );
        let sum = new Money(0);
        for (let i = 0; i < parts; i += 1)
          sum = sum.plus(bookedPnl(pnlOf({ side: 'buy', units, opening: '150.000', closing: new Money('150.000').plus(new Money(movePts).dividedBy(1000)), conversion: new Money(1).dividedBy(151) })));
        expect(sum.lte(whole)).toBe(true);
      }),
    );
  });
});

describe('account summary', () => {
  it('equity = balance + credit + P/L, free margin = equity − margin, level with 2 decimals or ∞', () => {
    const summary = accountSummary({
      balance: '1000',
      credit: '50',
      positions: [
        { pnl: '-25.5', margin: '200' },
        { pnl: '10', margin: '100' },
      ],
      lifetimePnl: '12.3',
    });
    expect(summary).toEqual({ balance: '1000.00', credit: '50.00', equity: '1034.50', margin: '300.00', freeMargin: '734.50', marginLevel: '344.83', pnl: '-15.50', lifetimePnl: '12.30' });
    expect(accountSummary({ balance: '10', positions: [] }).marginLevel).toBe('∞');
  });
});

describe('sizing and leverage', () => {
  it('accepts 0.01 to 50 lots on 0.01 steps and names what is wrong otherwise', () => {
    expect(lotsProblem('0.01')).toBeNull();
    expect(lotsProblem('50')).toBeNull();
    expect(lotsProblem('0')).toBe('Volume must be a positive number');
    expect(lotsProblem('abc')).toBe('Volume must be a positive number');
    expect(lotsProblem('50.01')).toBe('Volume must be between 0.01 and 50 lots');
    expect(lotsProblem('0.005')).toBe('Volume must be between 0.01 and 50 lots');
    expect(lotsProblem('1.005')).toBe('Volume must be in steps of 0.01 lots');
  });

  it('follows the precedence and never exceeds the plan or the regulatory cap', () => {
    expect(effectiveLeverage({ regulatoryCap: 500 })).toBe(20);
    expect(effectiveLeverage({ assetLeverage: 100, planLeverage: 20, regulatoryCap: 30 })).toBe(20);
    expect(effectiveLeverage({ assetLeverage: 100, planLeverage: 200, regulatoryCap: 30 })).toBe(30);
    expect(effectiveLeverage({ userClassLeverage: 10, assetLeverage: 100, planLeverage: 200, regulatoryCap: 30 })).toBe(10);
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 1000 })),
        fc.option(fc.integer({ min: 1, max: 1000 })),
        fc.option(fc.integer({ min: 1, max: 1000 })),
        fc.integer({ min: 1, max: 100 }),
        (u, a, p, cap) => {
          const lev = effectiveLeverage({ userClassLeverage: u, assetLeverage: a, planLeverage: p, regulatoryCap: cap });
          expect(lev).toBeLessThanOrEqual(cap);
          if (p !== null) expect(lev).toBeLessThanOrEqual(p);
          expect(lev).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
});

describe('integer points fast path', () => {
  it('gives exactly the decimal quote for any mid, spreads and digits', () => {
    fc.assert(
      fc.property(
        digitsArb.chain((d) => fc.tuple(fc.constant(d), priceArb(d))),
        spreadArb,
        spreadArb,
        ([digits, mid], buySpread, sellSpread) => {
          const exact = quoteFromMid({ mid, spec: { buySpread, sellSpread, digits } });
          const fast = quotePoints(pointsOf(mid, digits), pointSpread({ buySpread, sellSpread, digits }));
          expect(formatPoints(fast.ask, digits)).toBe(exact.ask);
          expect(formatPoints(fast.bid, digits)).toBe(exact.bid);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('turns prices into exact integer points and back', () => {
    expect(pointsOf('1.10005', 5)).toBe(110005);
    expect(pointsOf('0.00002412', 8)).toBe(2412);
    expect(pointsOf('67350.25', 2)).toBe(6735025);
    expect(formatPoints(110005, 5)).toBe('1.10005');
    expect(formatPoints(5, 5)).toBe('0.00005');
    expect(formatPoints(7812, 0)).toBe('7812');
    expect(formatPoints(-250, 2)).toBe('-2.50');
  });
});
