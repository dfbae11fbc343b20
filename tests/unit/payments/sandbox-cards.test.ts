import { describe, expect, it } from 'vitest';
import { passesLuhn, readCardForm, testCards, unknownTestCard } from '../../../server/payments-sandbox/cards';

const now = new Date('2030-06-15T12:00:00Z');
const form = (fields: Record<string, string>) => ({ name: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/31', cvc: '123', ...fields });

describe('the sandbox card form', () => {
  it('when a test card is entered, then its outcome is picked and only its brand and last four digits are kept', () => {
    const result = readCardForm(form({}), now);
    expect(result).toEqual({ ok: true, card: { brand: 'visa', last4: '4242' }, outcome: { kind: 'succeed' } });
    expect(readCardForm(form({ number: '4000-0000-0000-0002' }), now)).toMatchObject({ ok: true, outcome: { kind: 'decline', reason: 'Your card was declined.' } });
    expect(readCardForm(form({ number: '4000000000009995' }), now)).toMatchObject({ ok: true, outcome: { kind: 'decline', reason: 'Your card has insufficient funds.' } });
    expect(readCardForm(form({ number: '4000 0027 6000 3184' }), now)).toMatchObject({ ok: true, outcome: { kind: 'authenticate' } });
  });

  it('when the test cards are listed, then each passes the Luhn check', () => {
    for (const card of testCards) expect(passesLuhn(card.number)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });

  it('when fields are wrong, then each gets its own message and the number and CVC are not echoed', () => {
    const result = readCardForm({ name: 'A', number: '4242424242424241', expiry: '13/31', cvc: '12' }, now);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['cvc', 'expiry', 'name', 'number']);
    expect(result.errors.number).toMatch(/not valid/);
    expect(result.echo).toEqual({ name: 'A', expiry: '13/31' });
  });

  it('when the card expired last month, then it is refused; this month still pays', () => {
    expect(readCardForm(form({ expiry: '05/30' }), now)).toMatchObject({ ok: false, errors: { expiry: 'This card has expired.' } });
    expect(readCardForm(form({ expiry: '06/30' }), now)).toMatchObject({ ok: true });
  });

  it('when a valid number is not a test card, then the customer is told to use one of the listed cards', () => {
    expect(readCardForm(form({ number: '5555555555554444' }), now)).toMatchObject({ ok: false, errors: { number: unknownTestCard } });
  });
});
