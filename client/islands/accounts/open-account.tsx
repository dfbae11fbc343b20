import type { AccountsOverview } from '../../../shared/api/accounts.schema';
import { accountsTexts as texts } from '../../../shared/api/accounts.schema';
import { accountsApi } from '../../../shared/api/endpoints/accounts';
import { accountTitles } from '../../../shared/api/user.schema';
import { Problem } from '../../forms/field';
import { useEndpointForm } from '../../forms/use-endpoint-form';
import { formatAmount } from '../../lib/format';
import { demoOpeningBalance } from '../../../shared/constants';

type AccountType = 'live' | 'demo';
export const typeLabels: Record<AccountType, string> = { live: 'Live', demo: 'Demo' };

export const openTexts = {
  title: 'Open another account',
  note: (demoStart: string) => `A Live account starts empty: fund it by a transfer from another Live account. A Demo account starts with ${demoStart} of virtual money.`,
  atLimit: (title: string, max: number) => `You hold the most ${title}s one customer may open (${max}).`,
} as const;

/** Opening a Live or Demo account within the limits (docs/customer-area.md#accounts); `changed` reads the accounts again. */
export function OpenAccount({ limits, active, changed }: { limits: AccountsOverview['limits']; active: boolean; changed: () => Promise<void> }) {
  const form = useEndpointForm(accountsApi.openAccount, {
    initial: { type: 'live' as AccountType },
    request: (v) => ({ body: { type: v.type } }),
    failureTitle: texts.openFailed,
    fallback: texts.openFailed,
    done: ({ message }) => ({ kind: 'success', title: message ?? '' }),
    onDone: changed,
  });
  const type = form.values.type;
  const full = limits[type].held >= limits[type].max;
  // The limit's refusal names the type: said above the button, as a refusal of the whole request is.
  const refused = form.problem ?? form.error('type');
  return (
    <section className="accounts-card" aria-labelledby={form.idOf('title')}>
      <h2 id={form.idOf('title')}>{openTexts.title}</h2>
      <p className="accounts-muted">{openTexts.note(formatAmount({ amount: demoOpeningBalance }))}</p>
      <form className="open-form" onSubmit={(event) => (full ? event.preventDefault() : form.submit(event))}>
        <fieldset className="open-types">
          <legend className="visually-hidden">Account type</legend>
          {(['live', 'demo'] as const).map((each) => (
            <label key={each} className={type === each ? 'open-type open-type-chosen' : 'open-type'}>
              <input type="radio" name={form.idOf('type')} value={each} checked={type === each} onChange={() => form.set({ type: each })} />
              <span>
                <strong>{typeLabels[each]}</strong>
                <small>
                  {limits[each].held} of {limits[each].max} held
                </small>
              </span>
            </label>
          ))}
        </fieldset>
        {full ? (
          <p className="accounts-muted" role="status">
            {openTexts.atLimit(accountTitles[type], limits[type].max)}
          </p>
        ) : null}
        <Problem form={{ problem: refused ?? null }} />
        <button type="submit" disabled={full || form.busy || !active} aria-busy={form.busy || undefined}>
          {form.busy ? 'Opening...' : `Open ${typeLabels[type]} account`}
        </button>
      </form>
    </section>
  );
}
