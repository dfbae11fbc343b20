import type { ReactNode } from 'react';
import { riskWarningText } from '../../shared/texts';

export interface LegalDocument {
  title: string;
  body: ReactNode;
}

/** The broker's public documents, linked from settings (`terms_url`, `privacy_url`, `risk_url`, `help_url`). */
export const legalDocuments: Readonly<Record<string, LegalDocument>> = {
  risk: {
    title: 'Risk disclosure',
    body: (
      <>
        <p>
          <strong>{riskWarningText}</strong>
        </p>
        <p>
          Contracts for difference (CFDs) are leveraged products. A small price movement can produce large losses as well as gains, and losses can exceed the margin you put up for a position. Leverage
          multiplies both.
        </p>
        <p>
          Prices of forex, stocks, indices, crypto, commodities and metals move quickly and can gap when markets open or on news. A stop loss closes a position at the first price at or through its
          level; it does not guarantee that level.
        </p>
        <p>
          If the equity of an account falls to 50% of the margin in use, open positions are closed, the most losing first, until the margin level recovers (stop-out). Retail balances are protected
          against going below zero.
        </p>
        <p>Automated strategies (expert advisors and AutoTrader) trade on your account without asking you before each order. Their past results do not predict future results.</p>
      </>
    ),
  },
  terms: {
    title: 'Terms of business',
    body: (
      <>
        <p>These terms govern your use of the trading platform and the accounts we open for you.</p>
        <h2>Your accounts</h2>
        <p>
          Each customer has a Live account and a Demo account with virtual funds. Demo results do not indicate live results. Every change to a balance is recorded as an entry in the account's ledger.
        </p>
        <h2>Orders and prices</h2>
        <p>
          We price every order from our own quotes when we receive it. If the price has moved against you by more than the allowed deviation since you saw it, we ask you to accept the new price
          instead of filling at one we did not quote.
        </p>
        <h2>Account approval</h2>
        <p>Accounts become active after review by our Client Management Team, who may ask for documents to verify your identity.</p>
      </>
    ),
  },
  privacy: {
    title: 'Privacy notice',
    body: (
      <>
        <p>
          We keep the details you give us when you register (name, e-mail, phone, country, nationality), your trading activity and your messages to support, to run your account and to meet our
          regulatory duties.
        </p>
        <p>Your password is stored only as a one-way hash. Your sign-in session lives in a secure, http-only cookie; access tokens are never kept in your browser's storage.</p>
        <p>We keep records for as long as the law requires and do not sell your data. Ask support for a copy of your data or corrections.</p>
      </>
    ),
  },
  help: {
    title: 'Help centre',
    body: (
      <>
        <h2>Signing in</h2>
        <p>Use the e-mail and password you registered with. After several failed attempts, sign-in pauses for a few minutes to protect you.</p>
        <h2>Awaiting approval</h2>
        <p>New accounts are reviewed by our Client Management Team. You can sign in and check the status at any time.</p>
        <h2>Demo and Live accounts</h2>
        <p>Your Demo account starts with 10,000 USD of virtual funds for practice. Your Live account holds your real deposits.</p>
      </>
    ),
  },
};
