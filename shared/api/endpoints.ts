import { adminApi } from './endpoints/admin';
import { auditApi } from './endpoints/audit';
import { backOfficeApi } from './endpoints/back-office';
import { catalogueApi } from './endpoints/catalogue';
import { fundingApi } from './endpoints/funding';
import { customerFundingApi } from './endpoints/customer-funding';
import { instrumentsAdminApi } from './endpoints/instruments-admin';
import { financingApi } from './endpoints/financing';
import { conditionsApi } from './endpoints/conditions';
import { dividendsApi } from './endpoints/dividends';
import { staffAccountsApi } from './endpoints/staff-accounts';
import { authApi } from './endpoints/auth';
import { automationApi } from './endpoints/automation';
import { chatApi } from './endpoints/chat';
import { notificationsApi } from './endpoints/notifications';
import { siteApi } from './endpoints/site';
import { tradingApi } from './endpoints/trading';
import { plansApi } from './endpoints/plans';
import { preferencesApi } from './endpoints/preferences';
import { savingsApi } from './endpoints/savings';
import { accountsApi } from './endpoints/accounts';
import { kycApi } from './endpoints/kyc';
import { twoFactorApi } from './endpoints/two-factor';
import { profileApi } from './endpoints/profile';
import { dashboardApi } from './endpoints/dashboard';

/**
 * The trading API's calls (`/api/v1`), one table for the routes, the web tier's client, the browser and
 * the fuzz suite, declared by area under endpoints/ (the browser imports only the areas a page uses, so
 * it loads only their schemas). A wire type changes there, once.
 */
export const api = {
  ...siteApi,
  ...notificationsApi,
  ...authApi,
  ...tradingApi,
  ...automationApi,
  ...chatApi,
  ...adminApi,
  ...backOfficeApi,
  ...auditApi,
  ...staffAccountsApi,
  ...fundingApi,
  ...customerFundingApi,
  ...catalogueApi,
  ...instrumentsAdminApi,
  ...financingApi,
  ...conditionsApi,
  ...dividendsApi,
  ...dashboardApi,
  ...profileApi,
  ...twoFactorApi,
  ...kycApi,
  ...accountsApi,
  ...savingsApi,
  ...preferencesApi,
  ...plansApi,
} as const;

export type Api = typeof api;
export type EndpointName = keyof Api;
export {
  adminApi,
  auditApi,
  customerFundingApi,
  authApi,
  backOfficeApi,
  catalogueApi,
  fundingApi,
  instrumentsAdminApi,
  financingApi,
  conditionsApi,
  dividendsApi,
  staffAccountsApi,
  automationApi,
  chatApi,
  notificationsApi,
  siteApi,
  tradingApi,
  dashboardApi,
  profileApi,
  twoFactorApi,
  kycApi,
  accountsApi,
  savingsApi,
  preferencesApi,
  plansApi,
};
