import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import AccountBar from '../../client/islands/account-bar.island';
import AlgoTrader from '../../client/islands/algo-trader.island';
import MarketWatch from '../../client/islands/market-watch.island';
import MobileMenu from '../../client/islands/mobile-menu.island';
import Positions from '../../client/islands/positions.island';
import PriceChart from '../../client/islands/price-chart.island';
import TradeHeader from '../../client/islands/trade-header.island';
import TradeRail from '../../client/islands/trade-rail.island';
import TradeSplash from '../../client/islands/trade-splash.island';
import { Brand } from '../components/brand';
import { ProfileMenuItems } from '../../client/components/profile-menu-items';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';
import { SignedInIslands, ToastLane, unreadOf } from '../components/signed-in-islands';
import NotificationBell from '../../client/islands/notification-bell.island';

/**
 * `/mt4`, the trade room (docs/trade-room.md#layout): a server-rendered frame whose parts are islands sharing the
 * market and trading signals — header with tabs and BUY/SELL, left rail and its panels, the chart, the
 * market watch over the Algo Trader tree, the positions drawer and the account bar.
 */
export function TradeRoomPage({ settings, user, csrfToken }: { settings: SiteSettings; user: User; csrfToken: string }) {
  return (
    <>
      <TradeRoomNeedsScripts />
      <div className="terminal">
        <Stylesheet src="client/styles/app.scss" />
        <Stylesheet src="views/pages/trade-room.css" />
        <header className="terminal-header">
          <Island island={MobileMenu} client="media" media="(max-width: 767px)" props={{ planTitle: user.account_type?.title ?? null }} />
          <Brand name={settings.name} logo={settings.logo_sm ?? settings.logo} href="/main/dashboard" />
          <Island island={TradeHeader} client="load" props={{ planId: user.account_type?.id ?? null, planTitle: user.account_type?.title ?? null }} />
          <div className="terminal-bell">
            <Island island={NotificationBell} client="idle" props={{ unread: unreadOf(user) }} />
          </div>
          <div className="terminal-user">
            <a className="button-link deposit" href="/main/deposit">
              Deposit
            </a>
            <details className="profile-menu">
              {/* Named by its visible text plus what it opens, not by an aria-label that would hide the name shown (WCAG 2.5.3). */}
              <summary>
                <span className="avatar" aria-hidden="true">
                  {(user.first_name[0] ?? '?').toUpperCase()}
                </span>
                <span className="profile-name">{user.first_name}</span>
                <span className="visually-hidden">, profile menu</span>
              </summary>
              <ul>
                <ProfileMenuItems csrfToken={csrfToken} otherTerminal="light" buttonClassName="link-like" />
              </ul>
            </details>
          </div>
        </header>
        <Island island={TradeRail} client="load" props={{}} />
        <main className="terminal-chart">
          <Island island={PriceChart} client="load" props={{}} />
          <ToastLane user={user} toasts="load" />
        </main>
        <aside className="terminal-sidebar">
          <Island island={MarketWatch} client="load" props={{}} />
          <Island island={AlgoTrader} client="load" props={{ eas: user.eas }} />
        </aside>
        <section className="terminal-positions">
          <Island island={Positions} client="load" props={{}} />
        </section>
        <footer className="terminal-bar">
          <Island island={AccountBar} client="load" props={{}} />
          <a className="button-link dashboard" href="/main/dashboard">
            DASHBOARD
          </a>
        </footer>
        <Island island={TradeSplash} client="load" props={{ siteName: settings.name }} />
        {/* Order results are toasts: the toast area is ready at once here. */}
        <SignedInIslands user={user} />
      </div>
    </>
  );
}

/**
 * With scripting off the room shows the last known prices but nothing can trade: a notice says why, with the
 * way back to the dashboard (docs/trade-room.md#splash). Outside the terminal's grid, fixed over the chart.
 */
export function TradeRoomNeedsScripts() {
  return (
    <noscript>
      <section className="noscript-notice notice notice-warning" aria-labelledby="noscript-title">
        <h2 id="noscript-title">The trade room needs JavaScript</h2>
        <p>Prices, the chart and your orders run in your browser. Turn JavaScript on for this site and reload the page, or go back to your dashboard.</p>
        <p>
          <a href="/main/dashboard">Go to the dashboard</a>
        </p>
      </section>
    </noscript>
  );
}
