import type { RolloverClock } from '../../shared/trading/financing';
import type { FileStore } from './files/file-store';
import type { UploadGate } from './files/upload-gate';
import type { TrustProxy } from '../config';
import type { Logger } from '../logger';
import type { RateLimitStores } from '../redis';
import type { SignIns } from './auth/sign-ins';
import type { Bus } from './bus';
import type { AppCredentials } from './realtime/signature';
import type { Mailer } from './mail/mailer';
import type { ReferenceData } from './reference-data';
import type { TtlCache } from '../ttl-cache';
import type { Database } from './db/database';
import type { Market } from './market/market';
import type { PaymentProvider } from './funding/payments/provider';
import type { CryptoKeys } from './funding/crypto/keys';

/** What the trading API needs from outside; `createTradingApp` never reads config or env itself. */
export interface TradingDeps {
  database: Database;
  /** Instruments and their live quotes (started by the caller). */
  market: Market;
  /** Where trade, balance and price changes are announced. */
  bus: Bus;
  /** The realtime app's key and secret: `/broadcasting/auth` signs channel subscriptions with them. */
  realtime: AppCredentials;
  /** The card payment provider (docs/funding.md#card-deposits): the sandbox or Stripe. */
  payments: PaymentProvider;
  /** The broker's watch-only keys that derive customers' crypto deposit addresses (docs/funding.md#crypto-deposits). */
  cryptoKeys: CryptoKeys;
  /** Where outgoing mail goes (the outbox, and SMTP when configured). */
  mailer: Mailer;
  /** Where stored files' bytes are kept (opened only through files/stored-files.ts), and the largest chat attachment taken. */
  files: FileStore;
  uploadMaxBytes: number;
  /** The one gate every upload route takes its places at: per person and per address, and the minimum rate (docs/files.md#upload-limits). */
  uploadGate: UploadGate;
  /** The site's address as customers reach it, for links in mails (known once the web tier listens). */
  siteOrigin: () => string;
  /**
   * True when PUBLIC_ORIGIN sets the site's address (a deployment); false in the embedded mode, where a customer may come
   * on any of this machine's addresses and links back from outside return to the one they used (request-origin.ts).
   */
  publicOriginFixed?: boolean;
  logger: Logger;
  /** When the nightly rollover happens (ROLLOVER_TIME in its zone; staff's runs use it too) and whether it runs by itself (docs/trading.md#overnight-financing). */
  rollover: { readonly clock: RolloverClock; readonly scheduled: boolean };
  tokenTtlHours: number;
  /** Failed logins one client (IP) may make for one e-mail address in 15 minutes; five times as many over all addresses. */
  loginRateLimit: number;
  /** Whether staff and admins must use two-factor sign-in before the back office (STAFF_TWO_FACTOR; default required). */
  staffTwoFactor?: 'required' | 'off';
  trustProxy: TrustProxy;
  /** See Config.metricsToken. */
  metricsToken?: string | undefined;
  /** Where rate-limit counts live: process memory by default, Redis to share them between processes. */
  rateLimitStores?: RateLimitStores;
  /** False while the process is shutting down, so `/readyz` takes it out of the load balancer first. */
  isAcceptingWork?: () => boolean;
  /** Asks Redis for an answer, when the process shares state through it: `/readyz` fails while it cannot. */
  pingRedis?: () => Promise<unknown>;
}

/** What the API's routes get: the outside's deps and what `createTradingApp` keeps for all of them. */
export interface ApiDeps extends TradingDeps {
  signIns: SignIns;
  referenceData: TtlCache<ReferenceData, void>;
}
