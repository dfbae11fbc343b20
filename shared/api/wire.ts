import * as z from 'zod/mini';
import { Money } from '../money';
import { decimalPattern } from './common.schema';

/**
 * The wire's types for money and ids (docs/api-conventions.md#wire-types). Prices, amounts, volumes,
 * P/L, margin, rates, spreads and balances travel as JSON numbers, the type the original client
 * computes with; everywhere else — inside the server and in our own client — they are decimal strings,
 * never binary floats. Each is a codec: parsing an answer (`schema.parse`, our `call()`, the web tier's
 * client) turns the number into its decimal string; answering (`z.encode`, in the endpoint router and
 * the realtime bridge) turns the server's decimal string into the number.
 *
 * The server rounds every figure before it is presented (an instrument's digits, a currency's 2
 * decimals), so a figure has at most 15 significant digits and its number is exact as a decimal: the
 * number's shortest form reads back as the same decimal.
 */

/** 15 significant digits: every decimal with at most this many survives the trip through a double. */
const exactDigits = 15;

/**
 * A number's decimal string: its shortest form, never exponent notation ("1e-7" is "0.0000001"), '0' for
 * -0. `String(n)` is exactly that whenever it has no exponent (every figure between 1e-6 and 1e21), at a
 * fraction of the cost of a decimal: the price feed's hot path reads thousands a second.
 */
export function decimalOfNumber(n: number): string {
  const text = String(n);
  return text.includes('e') ? new Money(n).toFixed() : text;
}

/**
 * A decimal string as the wire's number. Presenters round first, so this is exact; a figure with more
 * than 15 significant digits (a currency rate kept to 10 decimals) is rounded to 15 rather than sent as
 * a double that is not the decimal. A text of at most 15 characters cannot hold more digits than that.
 */
export const numberOfDecimal = (text: string): number => (text.length <= exactDigits ? Number(text) : new Money(text).toSignificantDigits(exactDigits).toNumber());

export const wireDecimal = z.codec(z.number().check(z.refine(Number.isFinite, 'Must be a finite number')), z.string().check(z.regex(decimalPattern, 'Must be a decimal number')), {
  decode: decimalOfNumber,
  encode: numberOfDecimal,
});

/** An id our code keeps as a number that the wire sends as a string (trade ids: the original calls string methods on them). */
export const wireStringId = z.codec(z.string().check(z.regex(/^[1-9]\d{0,15}$/, 'Must be an id')), z.number(), {
  decode: (text) => Number(text),
  encode: (id) => String(id),
});
