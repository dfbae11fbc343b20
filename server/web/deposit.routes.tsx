import { Router, type Request, type Response } from 'express';
import type { ReactElement } from 'react';
import type { FundingOverview, HistoryRow } from '../../shared/api/customer-funding.schema';
import { api as endpoints } from '../../shared/api/endpoints';
import { isStaffRole } from '../../shared/api/user.schema';
import { channelBySlug } from '../../shared/funding/crypto-channels';
import { paths } from '../../shared/routes';
import { DepositBankPage, DepositCardPage, DepositCryptoPage, DepositPage, DepositWalletPage, type CardStep } from '../../views/pages/deposit';
import { dataOrNothing } from './answers';
import { callContext } from './gate';
import { gatedPage, sendNotFound, type PageDeps, type PassedPage } from './gated';
import { sendPage } from './render';
import { UpstreamUnavailable } from './trading-client';

type CustomerPage = PassedPage & { user: NonNullable<PassedPage['user']>; token: string };

/** `usdt` alone names the asset on both its networks; the other slugs one channel each. */
const assetSlugs: Record<string, string> = { usdt: 'USDT' };

/** A path's id: digits only, as the API's ids (anything else names nothing). */
const idOf = (value: unknown): number | null => (typeof value === 'string' && /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) < 2 ** 31 ? Number(value) : null);

/** The deposit pages (docs/funding.md): `/main/deposit` and its card, bank and crypto steps. */
export function depositPageRoutes(deps: PageDeps): Router {
  const router = Router();
  const { api, assets } = deps;

  /** A customer's page: staff work in the back office (as for the dashboard), so they are sent there. */
  const customer = (render: (req: Request, res: Response, page: CustomerPage) => Promise<void>) =>
    gatedPage(deps, 'customer', async (req, res, page) => {
      const user = page.user!;
      if (isStaffRole(user.role)) return res.redirect(302, paths.admin);
      await render(req, res, { ...page, user, token: page.token! });
    });

  const overviewOf = (req: Request, page: CustomerPage): Promise<FundingOverview | null> =>
    dataOrNothing(api.request(endpoints.fundingOverview, { token: page.token }, callContext(req))).then((answer) => answer?.data ?? null);

  /** The first page of the customer's deposits (newest first), with how many there are; null when the API could not say. */
  const depositsOf = async (req: Request, page: CustomerPage): Promise<{ rows: HistoryRow[]; total: number } | null> => {
    const answer = await dataOrNothing(api.request(endpoints.fundingHistory, { token: page.token, query: { kind: 'deposit', status: 'all', page: 1 } }, callContext(req)));
    return answer ? { rows: answer.data, total: answer.meta.total } : null;
  };

  /** The page, or 503 when the API did not give the overview (the page then says deposits cannot be shown). */
  const send = (req: Request, res: Response, page: CustomerPage, title: string, overview: FundingOverview | null, body: (csrfToken: string) => ReactElement) =>
    sendPage(req, res, assets, { status: overview ? 200 : 503, title, settings: page.settings, user: page.user, body });

  const frame = (page: CustomerPage, csrfToken: string) => ({ settings: page.settings, user: page.user, csrfToken });
  const depositCount = (deposits: { total: number } | null) => (deposits ? { deposits: deposits.total } : {});

  router.get(
    paths.deposit,
    customer(async (req, res, page) => {
      const [overview, deposits] = await Promise.all([overviewOf(req, page), depositsOf(req, page)]);
      send(req, res, page, 'Deposit', overview, (csrfToken) => <DepositPage {...frame(page, csrfToken)} overview={overview} deposits={deposits?.rows ?? null} />);
    }),
  );

  router.get(
    `${paths.deposit}/card`,
    customer(async (req, res, page) => {
      const [overview, deposits] = await Promise.all([overviewOf(req, page), depositsOf(req, page)]);
      // The provider sends the browser back with `?deposit={id}&result=success|cancelled` (docs/funding.md#card-deposits).
      const depositId = idOf(req.query.deposit);
      const result = req.query.result;
      let step: CardStep;
      if (req.query.deposit !== undefined || result !== undefined) {
        const row = depositId === null ? undefined : deposits?.rows.find((r) => r.kind === 'deposit' && r.id === depositId && r.method === 'card');
        step = !row ? { kind: 'unknown' } : result === 'success' ? { kind: 'success', deposit: row } : result === 'cancelled' ? { kind: 'cancelled', deposit: row } : { kind: 'unknown' };
      } else {
        const amount = typeof req.query.amount === 'string' && /^\d{1,9}(\.\d{1,2})?$/.test(req.query.amount) ? req.query.amount : '';
        step = { kind: 'amount', amount };
      }
      send(req, res, page, 'Card deposit', overview, (csrfToken) => <DepositCardPage {...frame(page, csrfToken)} overview={overview} step={step} {...depositCount(deposits)} />);
    }),
  );

  router.get(
    `${paths.deposit}/bank`,
    customer(async (req, res, page) => {
      const [overview, deposits] = await Promise.all([overviewOf(req, page), depositsOf(req, page)]);
      const pending = (deposits?.rows ?? []).filter((row) => row.method === 'bank_transfer' && row.status === 'pending');
      send(req, res, page, 'Bank transfer', overview, (csrfToken) => <DepositBankPage {...frame(page, csrfToken)} overview={overview} pending={pending} {...depositCount(deposits)} />);
    }),
  );

  router.get(
    `${paths.deposit}/:crypto`,
    customer(async (req, res, page) => {
      const slug = String(req.params.crypto).toLowerCase();
      const asset = assetSlugs[slug];
      if (!asset && !channelBySlug(slug)) return sendNotFound(req, res, assets, page.settings);
      const [overview, deposits] = await Promise.all([overviewOf(req, page), depositsOf(req, page)]);
      const channels = (overview?.crypto.channels ?? []).filter((channel) => (asset ? channel.asset === asset : channel.slug === slug));
      const title = asset ? `${asset} deposit` : `${channels[0]?.asset ?? slug.toUpperCase()} deposit`;
      send(req, res, page, title, overview, (csrfToken) => <DepositCryptoPage {...frame(page, csrfToken)} overview={overview} current={slug} channels={channels} {...depositCount(deposits)} />);
    }),
  );

  router.get(
    `${paths.deposit}/:crypto/:walletId`,
    customer(async (req, res, page) => {
      const slug = String(req.params.crypto).toLowerCase();
      const walletId = idOf(req.params.walletId);
      if ((!assetSlugs[slug] && !channelBySlug(slug)) || walletId === null) return sendNotFound(req, res, assets, page.settings);
      const [overview, wallet, deposits] = await Promise.all([
        overviewOf(req, page),
        api.request(endpoints.cryptoWallet, { token: page.token, params: { id: walletId } }, callContext(req)).catch((error: unknown): null => {
          if (error instanceof UpstreamUnavailable) return null;
          throw error;
        }),
        depositsOf(req, page),
      ]);
      // Not this customer's wallet (the API answers 404), or not one at all.
      if (wallet && !wallet.ok && (wallet.status === 404 || wallet.status === 422)) return sendNotFound(req, res, assets, page.settings);
      if (!wallet?.ok) return send(req, res, page, 'Deposit', null, (csrfToken) => <DepositPage {...frame(page, csrfToken)} overview={null} deposits={null} />);
      const view = wallet.data.data;
      if (view.channel.slug !== slug) return res.redirect(302, `${paths.deposit}/${view.channel.slug}/${view.id}`);
      send(req, res, page, `${view.channel.asset} deposit`, overview, (csrfToken) => <DepositWalletPage {...frame(page, csrfToken)} overview={overview} wallet={view} {...depositCount(deposits)} />);
    }),
  );

  return router;
}
