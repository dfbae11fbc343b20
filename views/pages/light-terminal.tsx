import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import AccountBar from '../../client/islands/account-bar.island';
import AlgoTrader from '../../client/islands/algo-trader.island';
import LightPairTabs from '../../client/islands/light-pair-tabs.island';
import LightStatusBar from '../../client/islands/light-status-bar.island';
import LightToolbar from '../../client/islands/light-toolbar.island';
import LightTradePanel from '../../client/islands/light-trade-panel.island';
import MarketWatch from '../../client/islands/market-watch.island';
import Positions from '../../client/islands/positions.island';
import PriceChart from '../../client/islands/price-chart.island';
import TradeSplash from '../../client/islands/trade-splash.island';
import { lightSideId } from '../../shared/trading/light-terminal';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';
import { SignedInIslands, ToastLane, unreadOf } from '../components/signed-in-islands';
import { TradeRoomNeedsScripts } from './trade-room';

/**
 * `/mt4-light`, the light terminal (docs/trade-room.md#light-terminal): the trade room's islands and signals in the
 * classic desktop-terminal layout and a light theme — title bar and toolbar, market watch over the Algo Trader tree,
 * the chart with BUY/SELL over it and the open pairs as tabs under it, the account bar, the positions panel and the
 * status bar.
 */
export function LightTerminalPage({ settings, user }: { settings: SiteSettings; user: User; csrfToken: string }) {
  return (
    <>
      <TradeRoomNeedsScripts />
      <div className="terminal light-terminal">
        <Stylesheet src="client/styles/app.scss" />
        <Stylesheet src="views/pages/trade-room.css" />
        <Stylesheet src="views/pages/light-terminal.css" />
        <div className="light-head">
          <Island
            island={LightToolbar}
            client="load"
            props={{
              siteName: settings.name,
              planId: user.account_type?.id ?? null,
              planTitle: user.account_type?.title ?? null,
              firstName: user.first_name,
              unread: unreadOf(user),
            }}
          />
        </div>
        <aside className="light-side" id={lightSideId} aria-label="Market watch and expert advisors">
          <div className="light-watch">
            <Island island={MarketWatch} client="load" props={{ look: 'light' }} />
          </div>
          <div className="light-algo">
            <Island island={AlgoTrader} client="load" props={{ eas: user.eas }} />
          </div>
        </aside>
        <main className="light-chart">
          <Island island={PriceChart} client="load" props={{}} />
          <div className="light-panel-slot">
            <Island island={LightTradePanel} client="load" props={{}} />
          </div>
          <ToastLane user={user} toasts="load" />
          <Island island={LightPairTabs} client="load" props={{}} />
        </main>
        <section className="light-account" aria-label="Account">
          <Island island={AccountBar} client="load" props={{}} />
        </section>
        <div className="light-positions">
          <Island island={Positions} client="load" props={{ look: 'light' }} />
        </div>
        <footer className="light-status">
          <Island island={LightStatusBar} client="load" props={{}} />
        </footer>
        <Island island={TradeSplash} client="load" props={{ siteName: settings.name }} />
        <SignedInIslands user={user} />
      </div>
    </>
  );
}
