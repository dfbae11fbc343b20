import express, { Router } from 'express';
import type { ReactElement } from 'react';
import { api as endpoints } from '../../shared/api/endpoints';
import { messageOf } from '../../shared/api/common.schema';
import { preferencesTexts, terminalKinds, type TerminalKind } from '../../shared/api/preferences.schema';
import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import { paths, terminalPathOf } from '../../shared/routes';
import { accountShown, deviceChoices, readDeviceChoices } from '../../client/lib/device-choices';
import { LightTerminalPage } from '../../views/pages/light-terminal';
import { TradeRoomPage } from '../../views/pages/trade-room';
import { firstAnswer } from './answers';
import { bodyOf } from './forms';
import { callContext } from './gate';
import { customerPage, gatedPage, type PageDeps } from './gated';
import { csrf } from './security';
import { sendPage } from './render';
import { flashNext } from './session';
import { UpstreamUnavailable, type Forwarded } from './trading-client';

type TerminalView = (props: { settings: SiteSettings; user: User; csrfToken: string }) => ReactElement;

/**
 * The two layouts of the trade room (docs/trade-room.md#terminals): `/mt4` and the light terminal `/mt4-light`, one
 * set of islands and signals; and `POST /terminal`, the customer's choice of the one "Trade room" links open.
 */
export function terminalRoutes(deps: PageDeps): Router {
  const router = Router();
  const { api, assets } = deps;

  /** Page data for islands travels as the API answered it (docs/api-conventions.md#wire-types); each island reads it with the endpoint's schema. */
  const asAnswered = async (call: Promise<Forwarded>): Promise<unknown> => (await firstAnswer(call))?.body;

  const accountIdsOf = (body: unknown): number[] | undefined => endpoints.accounts.response?.safeParse(body).data?.data.map((account) => account.id);

  /** The accounts, then the three lists of the one the room will show (the device's choice, else the first). */
  const accountsAndLists = async (token: string, ctx: ReturnType<typeof callContext>, choice: unknown) => {
    const accounts = await firstAnswer(api.forward(endpoints.accounts, { token }, ctx));
    const ids = accountIdsOf(accounts?.body);
    const shown = ids ? accountShown(ids, choice) : null;
    if (shown === null) return [accounts?.body, {}] as const;
    const query = { page: 1, account_id: shown };
    const [openTrades, closedTrades, pendingOrders] = await Promise.all([
      asAnswered(api.forward(endpoints.openTrades, { token, query }, ctx)),
      asAnswered(api.forward(endpoints.closedTrades, { token, query }, ctx)),
      asAnswered(api.forward(endpoints.pendingOrders, { token, query: { account_id: shown } }, ctx)),
    ]);
    return [accounts?.body, { openTrades, closedTrades, pendingOrders, tradesAccount: shown }] as const;
  };

  const terminalPage = (path: string, title: string, View: TerminalView, theme: 'dark' | 'light') =>
    router.get(
      [path, `${path}/`],
      // A customer's room: staff, who hold no accounts, go to the back office (customerPage).
      customerPage(deps, async (req, res, page) => {
        const user = page.user;
        const ctx = callContext(req);
        // The islands' first data comes with the page: the catalogue, the accounts, the site data, and the lists of the
        // account the room shows, so its first paint has the positions and no fetch repeats them.
        const token = page.token;
        const device = readDeviceChoices(req.headers.cookie);
        const [catalogue, [accounts, lists], siteData] = await Promise.all([
          asAnswered(api.forward(endpoints.assets, { token }, ctx)),
          accountsAndLists(token, ctx, device[deviceChoices.account]),
          asAnswered(api.forward(endpoints.siteData, { token }, ctx)),
        ]);
        sendPage(req, res, assets, {
          title,
          theme,
          settings: page.settings,
          user,
          // The room as this device left it (its open pairs and account: cookies), so the HTML shows what hydration will.
          data: { assets: catalogue, accounts, siteData, ...lists, device },
          body: (csrfToken) => <View settings={page.settings} user={user} csrfToken={csrfToken} />,
        });
      }),
    );

  terminalPage(paths.tradeRoom, 'Trade room', TradeRoomPage, 'dark');
  terminalPage(paths.lightTerminal, 'Light terminal', LightTerminalPage, 'light');

  // A plain form from either terminal's menu: saved on the customer (every device follows), then that terminal opens.
  router.post(
    paths.terminalChoice,
    express.urlencoded({ extended: false, limit: '1kb' }),
    csrf.csrfSynchronisedProtection,
    gatedPage(deps, 'customer', async (req, res, page) => {
      const chosen = bodyOf(req).terminal;
      const terminal: TerminalKind | undefined = terminalKinds.find((kind) => kind === chosen);
      const user = page.user!;
      if (!terminal) {
        flashNext(req, { kind: 'error', title: preferencesTexts.terminal });
        return res.redirect(303, terminalPathOf(user));
      }
      const answer = await api.request(endpoints.updatePreferences, { token: page.token!, body: { terminal } }, callContext(req)).catch((error: unknown) => {
        if (error instanceof UpstreamUnavailable) return null;
        throw error;
      });
      // Not saved (the API down or refusing): the terminal still opens, and says the choice was not kept (and why, when the API said).
      if (!answer?.ok) {
        const why = answer ? messageOf(answer.body, '') : '';
        flashNext(req, { kind: 'warning', title: preferencesTexts.terminalNotSaved, ...(why ? { description: why } : {}) });
      }
      res.redirect(303, terminalPathOf({ terminal }));
    }),
  );

  // Signed out while posting the form, a reader signs in and comes back here with a GET: their terminal opens.
  router.get(
    paths.terminalChoice,
    gatedPage(deps, 'customer', (_req, res, page) => res.redirect(302, terminalPathOf(page.user!))),
  );

  return router;
}
