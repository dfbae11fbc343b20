import { signal } from '@preact/signals-react';
import type { AdvisorSummary } from '../../shared/api/advisors.schema';
import type { ResponseOf } from '../../shared/api/endpoint';
import type { Currency, Plan } from '../../shared/api/data.schema';
import { siteApi } from '../../shared/api/endpoints/site';
import { preferencesApi } from '../../shared/api/endpoints/preferences';
import { Money } from '../../shared/money';
import { call } from '../lib/call';
import { formatAmount } from '../lib/format';
import { readStored, writeStored } from '../lib/storage';
import { pageAnswer, seedFromPage } from './page-data';
import { pageComputed, pageLocal, pageSignal } from './page-scope';
import { currentUser } from './session';
import { showToast } from './toasts';

/** Site data (GET /data): currencies with their USD rates, the plans and their feature rows, the EA catalogue. */
export const currencies = pageSignal<readonly Currency[]>([]);
export const plans = pageSignal<readonly Plan[] | null>(null);
export const planFeatures = pageSignal<readonly string[]>([]);
/** The expert-advisor catalogue (id, name, image…); which of them the customer may use is `user.eas`. */
export const advisorCatalogue = pageSignal<readonly AdvisorSummary[] | null>(null);
export const siteDataFailed = signal(false);

/**
 * The display currency (docs/accounts-and-ledger.md#display-currency): the user's stored choice
 * (`user.display_currency`, which follows them to every device; null: each account's own currency).
 * A choice made on this page shows at once; the device keeps a copy under `currency`, read only where
 * the page carries no user.
 */
const chosenHere = signal<string | null | undefined>(undefined);
export const displayCurrency = pageComputed<string | null>(() => {
  if (chosenHere.value !== undefined) return chosenHere.value;
  const user = currentUser.value;
  if (user) return user.display_currency ?? null;
  return readStored<string | null>('currency', null);
});

type SiteData = ResponseOf<typeof siteApi.siteData>['data'];

function applySiteData(data: SiteData): void {
  currencies.value = data.currencies;
  plans.value = data.plans;
  planFeatures.value = data.plan_features;
  advisorCatalogue.value = data.expert_advisors;
}

/** The page's load of the site data: settled from the start when the page came with it. */
const loading = pageLocal<{ done?: Promise<void> }>(() => ({}));

/** The site data the page came with (the server fetched it): the account bar's currencies and the advisors render with the page. */
seedFromPage((page) => {
  const answer = pageAnswer(page, 'siteData', siteApi.siteData);
  if (!answer) return;
  applySiteData(answer.data);
  loading().done = Promise.resolve();
});

/** Once per page: the site data the page came with, else `GET /data`. */
export function loadSiteData(): Promise<void> {
  const load = loading();
  load.done ??= call(siteApi.siteData).then((result) => {
    if (!result.ok) {
      siteDataFailed.value = true;
      load.done = undefined;
      return;
    }
    applySiteData(result.data.data);
    siteDataFailed.value = false;
  });
  return load.done;
}

/**
 * Shows figures in `code` (null: each account's own) at once and saves it on the user through the API,
 * so every device shows it after a reload. A refused or failed save puts the previous choice back and
 * says why; the answer is returned.
 */
export async function chooseDisplayCurrency(code: string | null): Promise<boolean> {
  const before = displayCurrency.value;
  chosenHere.value = code;
  writeStored('currency', code);
  const result = await call(preferencesApi.updatePreferences, { body: { display_currency: code } });
  if (result.ok) return true;
  chosenHere.value = before;
  writeStored('currency', before);
  showToast({ kind: 'error', title: result.message ?? 'The display currency could not be saved. Try again.' });
  return false;
}

const byCode = pageComputed(() => new Map(currencies.value.map((c) => [c.code, c])));

/** The currency figures of an account in `accountCurrency` are shown in: the display currency once its rate is known. */
export function shownCurrency(accountCurrency: string): string {
  const to = displayCurrency.value;
  return to && to !== accountCurrency && byCode.value.has(to) && byCode.value.has(accountCurrency) ? to : accountCurrency;
}

/**
 * A money figure in the display currency: converted through USD with the site's rates (units per USD),
 * with that currency's decimals, marked "≈" when converted (a converted figure is an estimate, never
 * the account's own: docs/customer-area.md#display-currency). Until the rates are known it shows the account currency.
 * Numbers are written the way the customer's language writes them.
 */
export function displayMoney(amount: string | null | undefined, accountCurrency: string): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const from = byCode.value.get(accountCurrency);
  const code = shownCurrency(accountCurrency);
  if (!from || code === accountCurrency) return `${formatAmount({ amount, decimals: from?.decimals ?? 2 })} ${accountCurrency}`;
  const to = byCode.value.get(code)!;
  const converted = new Money(amount).dividedBy(from.rate).times(to.rate);
  return `≈ ${formatAmount({ amount: converted, decimals: to.decimals })} ${to.code}`;
}
