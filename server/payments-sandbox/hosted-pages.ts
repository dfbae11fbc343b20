import { formatMoney } from '../../shared/money';
import { fromMinorUnits, minorUnitDecimals } from '../trading/funding/payments/minor-units';
import { groupedCardNumber, testCards, type CardField, type CardFieldErrors, type CardFormEcho } from './cards';
import type { CheckoutSessionRecord } from './checkout';
import { html, type SafeHtml } from './html';

/** The hosted checkout's pages: server-rendered, plain forms, no script. */

export const sandboxBanner = 'Sandbox — no real money moves';
export const noMoneyTaken = 'No money was taken.';

export const amountText = (session: Pick<CheckoutSessionRecord, 'amount' | 'currency'>): string =>
  formatMoney({ amount: fromMinorUnits(session.amount, session.currency), currency: session.currency.toUpperCase(), decimals: minorUnitDecimals(session.currency) });

function layout(title: string, main: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <link rel="stylesheet" href="/sandbox.css" />
      </head>
      <body>
        <div class="banner" role="note">${sandboxBanner}</div>
        <main>${main}</main>
      </body>
    </html> `.value;
}

function summary(session: CheckoutSessionRecord, merchantName: string): SafeHtml {
  return html`<p class="merchant">${merchantName}</p>
    <h1>${amountText(session)}</h1>
    <p class="description">${session.description}</p>`;
}

function field({
  name,
  label,
  autocomplete,
  value,
  placeholder,
  inputmode,
  errors,
}: {
  name: CardField;
  label: string;
  autocomplete: string;
  value?: string;
  placeholder?: string;
  inputmode?: string;
  errors: CardFieldErrors;
}): SafeHtml {
  const error = errors[name];
  return html`<label for="${name}">${label}</label>
    <input
      type="text"
      id="${name}"
      name="${name}"
      autocomplete="${autocomplete}"
      ${inputmode ? html` inputmode="${inputmode}"` : ''}${placeholder ? html` placeholder="${placeholder}"` : ''}
      value="${value ?? ''}"
      ${error ? html` aria-invalid="true" aria-describedby="${name}-error"` : ''}
      required
    />
    ${error ? html`<p class="error" id="${name}-error">${error}</p>` : ''}`;
}

const testCardList = html`<section class="card">
  <h2>Test cards</h2>
  <p>Any future expiry date, any 3 digit CVC, any name.</p>
  <table>
    <thead>
      <tr>
        <th>Card number</th>
        <th>Result</th>
      </tr>
    </thead>
    <tbody>
      ${testCards.map(
        (card) =>
          html`<tr>
            <td><code>${groupedCardNumber(card.number)}</code></td>
            <td>${card.result}</td>
          </tr>`,
      )}
    </tbody>
  </table>
</section>`;

export function checkoutPage({
  session,
  merchantName,
  errors = {},
  echo = { name: '', expiry: '' },
}: {
  session: CheckoutSessionRecord;
  merchantName: string;
  errors?: CardFieldErrors;
  echo?: CardFormEcho;
}): string {
  const hasErrors = Object.keys(errors).length > 0;
  return layout(
    `Pay ${merchantName}`,
    html`<section class="card">
        ${summary(session, merchantName)} ${hasErrors ? html`<p class="error" role="alert">Check the fields marked below.</p>` : ''}
        <form method="post" action="/pay/${session.id}" novalidate>
          <input type="hidden" name="_csrf" value="${session.formToken}" />
          ${field({ name: 'name', label: 'Name on card', autocomplete: 'cc-name', value: echo.name, errors })}
          ${field({ name: 'number', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234', errors })}
          <div class="row">
            <div>${field({ name: 'expiry', label: 'Expiry (MM/YY)', autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM/YY', value: echo.expiry, errors })}</div>
            <div>${field({ name: 'cvc', label: 'CVC', autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', errors })}</div>
          </div>
          <button type="submit">Pay ${amountText(session)}</button>
        </form>
        <a class="cancel" href="${session.cancelUrl}">Cancel and return to ${merchantName}</a>
      </section>
      ${testCardList}`,
  );
}

export function authenticationPage({ session, merchantName }: { session: CheckoutSessionRecord; merchantName: string }): string {
  const button = (outcome: 'complete' | 'fail', label: string, style: string) =>
    html`<form method="post" action="/pay/${session.id}/3ds">
      <input type="hidden" name="_csrf" value="${session.formToken}" />
      <input type="hidden" name="outcome" value="${outcome}" />
      <button type="submit" ${style ? html` class="${style}"` : ''}>${label}</button>
    </form>`;
  return layout(
    '3-D Secure authentication',
    html`<section class="card">
      <p class="merchant">Your bank (sandbox)</p>
      <h1>Authenticate this payment</h1>
      <p>Confirm the payment of ${amountText(session)} to ${merchantName}${session.card ? html` with your card ending ${session.card.last4}` : ''}.</p>
      <p>In the sandbox you choose what the bank decides.</p>
      ${button('complete', 'Complete authentication', '')} ${button('fail', 'Fail authentication', 'secondary')}
    </section>`,
  );
}

/** A session that can no longer be paid: why, and the way back to the merchant. */
export function closedPage({ session, merchantName }: { session: CheckoutSessionRecord; merchantName: string }): string {
  const body =
    session.status === 'paid'
      ? html`<div class="notice ok">
            <h2>Payment received</h2>
            <p>This checkout is already paid${session.card ? html` (card ending ${session.card.last4})` : ''}.</p>
          </div>
          <a class="cancel" href="${successUrlOf(session)}">Return to ${merchantName}</a>`
      : html`<div class="notice" role="alert">
            <h2>${session.status === 'expired' ? 'This checkout has expired' : 'Payment failed'}</h2>
            <p>${session.failureReason ?? 'This checkout can no longer be paid.'}</p>
            <p>${noMoneyTaken}</p>
          </div>
          <a class="cancel" href="${session.cancelUrl}">Return to ${merchantName}</a>`;
  return layout(session.status === 'paid' ? 'Payment received' : 'Payment failed', html`<section class="card">${summary(session, merchantName)}${body}</section>`);
}

export function messagePage(title: string, message: string): string {
  return layout(
    title,
    html`<section class="card">
      <h1>${title}</h1>
      <p>${message}</p>
    </section>`,
  );
}

/** Where the browser goes after a payment: the merchant's success URL with the session's id added. */
export function successUrlOf(session: Pick<CheckoutSessionRecord, 'id' | 'successUrl'>): string {
  const url = new URL(session.successUrl);
  url.searchParams.set('session_id', session.id);
  return url.href;
}
