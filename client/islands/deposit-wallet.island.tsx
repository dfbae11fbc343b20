import './deposit-steps.css';
import { useCallback, useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import { walletSchema, type WalletView } from '../../shared/api/customer-funding.schema';
import { formatWhen } from '../lib/format';
import { defineIsland } from '../runtime/define-island';
import { call } from '../lib/call';
import { CopyButton, moneyExact, shortId, useLiveRefresh } from './deposit-parts';

/** Polled this often while the page is open, in case no realtime event reaches it. */
const pollMs = 10_000;

const props = z.object({ wallet: walletSchema, currency: z.string() });

type Payment = WalletView['payments'][number];

const statusText: Record<Payment['status'], string> = {
  credited: 'Credited',
  seen: 'Waiting for confirmations',
  held: 'Being reviewed',
  below_minimum: 'Below minimum',
  rejected: 'Not credited',
};

/** A payment waiting (for blocks or for our team), credited, or not credited (its notice says why). */
const statusTone: Record<Payment['status'], 'pending' | 'done' | 'failed'> = { seen: 'pending', held: 'pending', credited: 'done', below_minimum: 'failed', rejected: 'failed' };

/** The QR as an image: an SVG in a data URL (CSP allows `img-src data:`), so its markup is never part of the page. */
const qrSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * The customer's own deposit address for one coin and network (docs/funding.md#crypto-deposits): QR,
 * address with Copy, the network warning, and the payments the chain watcher saw, updated live (the
 * customer's realtime events, and every 10 s meanwhile).
 */
function WalletPane({ wallet: first, currency }: z.infer<typeof props>) {
  const [wallet, setWallet] = useState(first);
  const { asset } = wallet.channel;
  // Times are shown in the browser's time zone, so only once in the browser.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);

  const refresh = useCallback(async () => {
    const result = await call(customerFundingApi.cryptoWallet, { params: { id: first.id } });
    if (result.ok) setWallet(result.data.data);
  }, [first.id]);
  useLiveRefresh(() => void refresh(), { active: true, pollMs });

  return (
    <div className="wallet-pane">
      {wallet.demo ? (
        <p className="sandbox-note" role="note">
          Sandbox chain: do not send real coins
        </p>
      ) : null}
      <div className="wallet-grid">
        <figure className="wallet-qr">
          <figcaption>{asset} QR CODE</figcaption>
          <img src={qrSource(wallet.qr_svg)} width={200} height={200} alt={`QR code of your ${asset} deposit address on ${wallet.channel.network_label}`} data-testid="wallet-qr" />
        </figure>
        <div className="wallet-address-block">
          <h3 className="wallet-label" id="wallet-address-label">
            {asset} ADDRESS
          </h3>
          <div className="wallet-address">
            <code aria-labelledby="wallet-address-label" data-testid="wallet-address">
              {wallet.address}
            </code>
            <CopyButton text={wallet.address} label={`${asset} address`} />
          </div>
          <dl className="deposit-facts">
            <div>
              <dt>Network</dt>
              <dd>{wallet.channel.network_label}</dd>
            </div>
            <div>
              <dt>Confirmations</dt>
              <dd>{wallet.channel.confirmations}</dd>
            </div>
            <div>
              <dt>Minimum</dt>
              <dd>
                {wallet.channel.min_deposit} {asset}
              </dd>
            </div>
          </dl>
          <p className="network-warning" role="note">
            {wallet.warning}
          </p>
        </div>
      </div>
      <section className="chain-payments" aria-labelledby="chain-payments-title">
        <h3 id="chain-payments-title">Payments received</h3>
        {wallet.payments.length === 0 ? (
          <p className="step-note">No payments yet. A payment shows here as soon as the network sees it, and is credited after {wallet.channel.confirmations} confirmations.</p>
        ) : (
          <ul className="payment-list">
            {wallet.payments.map((payment) => (
              <li key={payment.id} className={`payment-row status-${payment.status}`} data-testid="chain-payment">
                <span className="payment-tx mono" title={payment.tx_id}>
                  {shortId(payment.tx_id)}
                </span>
                <span className="payment-amount">
                  {payment.amount} {asset}
                  {payment.credited !== null ? <small> = {moneyExact(payment.credited, currency)}</small> : null}
                </span>
                <span className="payment-confirmations">
                  {payment.confirmations}/{payment.required} confirmations
                </span>
                <span className={`deposit-status status-${statusTone[payment.status]}`}>{statusText[payment.status]}</span>
                <time className="payment-time" dateTime={payment.seen_at}>
                  {inBrowser ? formatWhen(payment.seen_at) : ''}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default defineIsland({ name: 'deposit-wallet', component: WalletPane, props });
