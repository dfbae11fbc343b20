import { describe, expect, it } from 'vitest';
import { countryLabelOf, countryValueOf, isAdultOn, passwordStrength, profileCompletion, profileForm } from '../../shared/api/profile.schema';

describe('the personal information rules (docs/customer-area.md#personal-information)', () => {
  it('scores a password as the original’s bar: a point each for ≥ 8, ≥ 12, upper case, a digit, a symbol', () => {
    expect(passwordStrength('')).toEqual({ score: 0, label: null });
    expect(passwordStrength('abc')).toEqual({ score: 0, label: 'Weak' });
    expect(passwordStrength('abcdefgh')).toEqual({ score: 1, label: 'Weak' });
    expect(passwordStrength('abcdefgh1')).toEqual({ score: 2, label: 'Fair' });
    expect(passwordStrength('Abcdefgh1')).toEqual({ score: 3, label: 'Good' });
    expect(passwordStrength('Abcdefghijk1')).toEqual({ score: 4, label: 'Strong' });
    expect(passwordStrength('Abcdefghijk1!')).toEqual({ score: 5, label: 'Very Strong' });
  });

  it('counts completion over eight fields', () => {
    const empty = { first_name: '', last_name: '', email: '', phone: null, country: null, address: null, birth_date: null, avatar: null };
    expect(profileCompletion(empty)).toBe(0);
    expect(profileCompletion({ ...empty, first_name: 'A', last_name: 'B', email: 'a@b.c' })).toBe(38);
    expect(profileCompletion({ first_name: 'A', last_name: 'B', email: 'a@b.c', phone: '1', country: 'x', address: 'y', birth_date: '2000-01-01', avatar: '/p' })).toBe(100);
  });

  it('is 18 on the eighteenth birthday, not the day before; refuses impossible dates', () => {
    expect(isAdultOn('2000-03-01', new Date('2018-03-01T00:00:00Z'))).toBe(true);
    expect(isAdultOn('2000-03-01', new Date('2018-02-28T23:59:59Z'))).toBe(false);
    const form = { first_name: 'Ab', last_name: 'Cd', address: '1 Main St', country: 'france', email: 'a@b.co', phone: '+33 1 23 45', birth_date: '1990-02-30' };
    expect(profileForm.safeParse(form).error?.issues.map((i) => i.message)).toEqual(['Please enter a valid date of birth']);
    expect(profileForm.safeParse({ ...form, birth_date: '1990-02-28' }).success).toBe(true);
  });

  it('reads older sign-ups’ country names as the list’s, and shows unknown ones as stored', () => {
    expect(countryValueOf('uk')).toBe('united-kingdom');
    expect(countryValueOf('united_states')).toBe('united-states');
    expect(countryValueOf('maldives')).toBeNull();
    expect(countryLabelOf('us')).toBe('United States');
    expect(countryLabelOf('atlantis')).toBe('atlantis');
  });
});
