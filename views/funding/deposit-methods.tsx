import type { FundingOverview } from '../../shared/api/customer-funding.schema';
import { customerFundingTexts } from '../../shared/api/customer-funding.schema';
import { paths } from '../../shared/routes';
import { Stylesheet } from '../page-needs';

/** One way to deposit: where its step lives and how long it honestly takes. */
export interface DepositMethod {
  /** `card`, `bank`, or a crypto channel's slug: the step route's last part. */
  key: string;
  label: string;
  time: string;
  href: string;
}

/** The methods this customer may use now, in the original's order (crypto first, then bank, then card), from the overview the server worked out. */
export function depositMethodsOf(overview: FundingOverview): DepositMethod[] {
  const methods: DepositMethod[] = [];
  if (overview.crypto.enabled) {
    for (const channel of overview.crypto.channels) {
      methods.push({
        key: channel.slug,
        label: `${channel.asset} (${channel.network_label})`,
        time: `After ${channel.confirmations} network confirmations`,
        href: `${paths.deposit}/${channel.slug}`,
      });
    }
  }
  if (overview.bank.enabled) methods.push({ key: 'bank', label: 'Bank transfer', time: '1–3 business days', href: `${paths.deposit}/bank` });
  if (overview.card.enabled) methods.push({ key: 'card', label: 'Credit/Debit Card', time: 'Instant', href: `${paths.deposit}/card` });
  return methods;
}

/**
 * "METHODS": each way to deposit as a link to its step (two to a row on a phone). Used by
 * `/main/deposit` and the wallet page's Deposit tab. `current` marks the method whose step is open.
 */
export function DepositMethodList({ overview, current }: { overview: FundingOverview; current?: string }) {
  const methods = overview.account ? depositMethodsOf(overview) : [];
  return (
    <section className="deposit-methods" aria-labelledby="deposit-methods-title">
      <Stylesheet src="views/funding/deposit-methods.css" />
      <h2 id="deposit-methods-title" className="deposit-methods-title">
        Methods
      </h2>
      {!overview.account ? (
        <p className="deposit-methods-empty" role="status">
          {customerFundingTexts.noLiveAccount}
        </p>
      ) : methods.length === 0 ? (
        <p className="deposit-methods-empty" role="status">
          No deposit method is available at the moment. Please contact support.
        </p>
      ) : (
        <ul className="deposit-method-chips">
          {methods.map((method) => (
            <li key={method.key}>
              <a className="deposit-method-chip" href={method.href} data-method={method.key} aria-current={current === method.key ? 'page' : undefined}>
                <span className="deposit-method-name">{method.label}</span>
                <span className="deposit-method-time">{method.time}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
