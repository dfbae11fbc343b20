/**
 * The sandbox's test cards and the hosted form's checks. The card number lives only in the request that
 * carries it: nothing here keeps or logs more than its brand and last four digits.
 */

export type CardOutcome = { kind: 'succeed' } | { kind: 'decline'; reason: string } | { kind: 'authenticate' };

export interface TestCard {
  number: string;
  result: string;
  outcome: CardOutcome;
}

export const testCards: readonly TestCard[] = [
  { number: '4242424242424242', result: 'Succeeds', outcome: { kind: 'succeed' } },
  { number: '4000000000000002', result: 'Declined', outcome: { kind: 'decline', reason: 'Your card was declined.' } },
  { number: '4000000000009995', result: 'Declined: insufficient funds', outcome: { kind: 'decline', reason: 'Your card has insufficient funds.' } },
  { number: '4000002760003184', result: 'Asks for 3-D Secure authentication', outcome: { kind: 'authenticate' } },
];

export const unknownTestCard = 'This test card is not recognised: use one of the test cards listed.';

/** `4242424242424242` -> `4242 4242 4242 4242`. */
export const groupedCardNumber = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

export interface CardSummary {
  brand: string;
  last4: string;
}

export type CardField = 'name' | 'number' | 'expiry' | 'cvc';
export type CardFieldErrors = Partial<Record<CardField, string>>;

/** What the form may show again after an error: never the number or the CVC. */
export interface CardFormEcho {
  name: string;
  expiry: string;
}

export type CardFormResult = { ok: true; card: CardSummary; outcome: CardOutcome } | { ok: false; errors: CardFieldErrors; echo: CardFormEcho };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Checks the hosted form's fields (as a real provider would, on its side) and picks the test card's outcome. */
export function readCardForm(body: Record<string, unknown>, now: Date): CardFormResult {
  const name = text(body.name).trim();
  const expiry = text(body.expiry).trim();
  const digits = text(body.number).replace(/[\s-]/g, '');
  const cvc = text(body.cvc).trim();
  const errors: CardFieldErrors = {};

  if (name.length < 2 || name.length > 100) errors.name = 'Enter the name on the card.';

  let card: TestCard | undefined;
  if (digits === '') errors.number = 'Enter the card number.';
  else if (!/^\d{12,19}$/.test(digits)) errors.number = 'A card number has 12 to 19 digits.';
  else if (!passesLuhn(digits)) errors.number = 'This card number is not valid: check it for a typing mistake.';
  else if (!(card = testCards.find((candidate) => candidate.number === digits))) errors.number = unknownTestCard;

  const expiryParts = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry);
  if (!expiryParts) errors.expiry = 'Enter the expiry date as MM/YY.';
  else {
    const month = Number(expiryParts[1]);
    const year = 2000 + Number(expiryParts[2]);
    const monthsFromNow = year * 12 + month - (now.getUTCFullYear() * 12 + now.getUTCMonth() + 1);
    if (month < 1 || month > 12) errors.expiry = 'The month must be 01 to 12.';
    // A card is good until the end of its expiry month.
    else if (monthsFromNow < 0) errors.expiry = 'This card has expired.';
    else if (monthsFromNow > 20 * 12) errors.expiry = 'Check the expiry year.';
  }

  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'Enter the 3 or 4 digit security code.';

  if (card && Object.keys(errors).length === 0) return { ok: true, card: { brand: cardBrand(digits), last4: digits.slice(-4) }, outcome: card.outcome };
  return { ok: false, errors, echo: { name, expiry } };
}
