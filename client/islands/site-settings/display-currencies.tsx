import { defaultCurrency } from '../../../shared/constants';
import type { SettingsKit } from './fields';

/**
 * Which currencies customers may show their figures in (the account bar's selector): a box per currency;
 * USD, the accounts' own, is always one. Every box ticked saves "all" (null), so new currencies join.
 */
export function DisplayCurrencies({ form, currencies }: { form: SettingsKit; currencies: readonly { code: string; name: string }[] }) {
  const value = form.values.display_currencies;
  const error = form.error('display_currencies');
  const chosen = new Set(value === '' ? currencies.map((c) => c.code) : value.split(','));
  const toggle = (code: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(code);
    else next.delete(code);
    next.add(defaultCurrency);
    form.set({ display_currencies: currencies.every((c) => next.has(c.code)) ? '' : [...next].sort().join(',') });
  };
  return (
    <fieldset className="settings-field settings-currencies" aria-describedby={error ? form.errorId('display_currencies') : undefined}>
      <legend>Display currencies</legend>
      <p className="settings-hint">The currencies customers may show their figures in; their accounts stay in USD.</p>
      <div className="settings-currency-list">
        {currencies.map((c) => (
          <label key={c.code}>
            <input type="checkbox" checked={c.code === defaultCurrency || chosen.has(c.code)} disabled={c.code === defaultCurrency} onChange={(e) => toggle(c.code, e.target.checked)} />
            <span className="currency-code">{c.code}</span>
            <span className="currency-name">{c.name}</span>
          </label>
        ))}
      </div>
      {error ? (
        <small id={form.errorId('display_currencies')} className="settings-error" role="alert">
          {error}
        </small>
      ) : null}
    </fieldset>
  );
}
