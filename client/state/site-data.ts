import { computed, signal } from '@preact/signals-react';
import type { AdvisorSummary } from '../../shared/api/advisors.schema';
import type { Currency, Plan } from '../../shared/api/data.schema';
import { siteApi } from '../../shared/api/endpoints/site';
import { defaultCurrency } from '../../shared/constants';
import { formatAmount, Money } from '../../shared/money';
import { readStored, writeStored } from '../lib/storage';
import { firstCall } from './page-data';

/** Site data (GET /data): currencies with their USD rates, the plans and their feature rows, the EA catalogue. */
export const currencies = signal<readonly Currency[]>([]);
export const plans = signal<readonly Plan[] | null>(null);
export const planFeatures = signal<readonly string[]>([]);
/** The expert-advisor catalogue (id, name, image…); which of them the customer may use is `user.eas`. */
export const advisorCatalogue = signal<readonly AdvisorSummary[] | null>(null);
export const siteDataFailed = signal(false);

/** The display currency, kept on the device (default USD; docs/accounts-and-ledger.md#display-currency). */
export const displayCurrency = signal<string>(readStored('currency', defaultCurrency));

let loading: Promise<void> | undefined;
/** Once per page: the site data the page came with (the server fetched it), else `GET /data`. */
export function loadSiteData(): Promise<void> {
  loading ??= firstCall('siteData', siteApi.siteData).then((result) => {
    if (!result.ok) {
      siteDataFailed.value = true;
      loading = undefined;
      return;
    }
    const { data } = result.data;
    currencies.value = data.currencies;
    plans.value = data.plans;
    planFeatures.value = data.plan_features;
    advisorCatalogue.value = data.expert_advisors;
    siteDataFailed.value = false;
  });
  return loading;
}

export function chooseDisplayCurrency(code: string): void {
  displayCurrency.value = code;
  writeStored('currency', code);
}

const byCode = computed(() => new Map(currencies.value.map((c) => [c.code, c])));

/**
 * A money figure in the display currency: converted through USD with the site's rates (units per USD),
 * with that currency's symbol and decimals. Until the rates are known it shows the account currency.
 */
export function displayMoney(amount: string | null | undefined, accountCurrency: string): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const from = byCode.value.get(accountCurrency);
  const to = byCode.value.get(displayCurrency.value);
  if (!from || !to || from.code === to.code) return `${formatAmount({ amount, decimals: from?.decimals ?? 2 })} ${accountCurrency}`;
  const converted = new Money(amount).dividedBy(from.rate).times(to.rate);
  return `${formatAmount({ amount: converted, decimals: to.decimals })} ${to.code}`;
}
