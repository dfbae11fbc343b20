import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { amountPattern, customerFundingTexts, fundingLimits } from '../../shared/api/customer-funding.schema';
import { Money } from '../../shared/money';
import { userEvents } from '../../shared/realtime-events/user';
import { realtime } from '../realtime/connection';
import { listen } from '../realtime/events';
import { currentUser, realtimeKey } from '../state/session';
import { formatMoney } from '../lib/format';

/**
 * What the deposit steps share (server-rendered views and the deposit islands): money as the customer
 * reads it, the amount's checks with the original's messages, a Copy button, and "refresh when the
 * server says something changed, and poll meanwhile".
 */

const symbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };

/** An amount in the account currency: `$1,000` for whole amounts (the original's quick amounts and limits), `$12.50` otherwise; `1,000.00 CHF` for a currency without a symbol. */
export function moneyText(amount: string, currency: string): string {
  let value: Money;
  try {
    value = new Money(amount);
  } catch {
    return `${amount} ${currency}`;
  }
  return formatMoney({ amount: value, currency, symbol: symbols[currency], decimals: value.isInteger() ? 0 : 2 });
}

/** An amount with its cents always shown (balances, credited amounts). */
export function moneyExact(amount: string, currency: string): string {
  return formatMoney({ amount, currency, symbol: symbols[currency] });
}

export interface AmountLimits {
  min: string;
  max?: string | undefined;
  currency: string;
}

/** The amount's first problem, in the original's words ("Amount is required", "Minimum amount is $5", …), or null when it may be sent. */
export function amountProblem(raw: string, { min, max, currency }: AmountLimits): string | null {
  const value = raw.trim();
  if (!value) return customerFundingTexts.amountRequired;
  if (!amountPattern.test(value)) return customerFundingTexts.amountNumber;
  const amount = new Money(value);
  if (amount.lessThan(min)) return currency === 'USD' && new Money(min).equals(fundingLimits.card.min) ? customerFundingTexts.cardMin : `Minimum amount is ${moneyText(min, currency)}`;
  if (max !== undefined && amount.greaterThan(max))
    return currency === 'USD' && new Money(max).equals(fundingLimits.card.max) ? customerFundingTexts.cardMax : `Maximum amount is ${moneyText(max, currency)}`;
  return null;
}

/** The amount input of a deposit step, with its hint and (once checked) its problem, tied together for screen readers. */
export function AmountField({ id, label, value, error, hint, onChange }: { id: string; label: string; value: string; error: string | null; hint: string; onChange: (value: string) => void }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="Enter amount"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      ) : null}
      <small id={`${id}-hint`} className="field-hint">
        {hint}
      </small>
    </div>
  );
}

/** "Copy" → "Copied" for two seconds; says so to screen readers too. Falls back to selecting the text when the clipboard is refused. */
export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const copied = await navigator.clipboard.writeText(text).then(
      () => true,
      () => false,
    );
    setState(copied ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };
  return (
    <button type="button" className={className ? `copy-button ${className}` : 'copy-button'} aria-label={`${state === 'copied' ? 'Copied' : 'Copy'} ${label}`} onClick={() => void copy()}>
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Select and copy' : 'Copy'}</span>
    </button>
  );
}

/**
 * Calls `refresh` whenever the server says this customer changed (`user.updated`, a new notification: a
 * deposit credited raises both) and every `pollMs` meanwhile, in case no event can reach the page; the
 * polling stops after `forMs` (then `onGiveUp`), or when `active` turns false.
 */
export function useLiveRefresh(refresh: () => void, { active, pollMs, forMs, onGiveUp }: { active: boolean; pollMs: number; forMs?: number; onGiveUp?: () => void }) {
  useSignals();
  const user = currentUser.value;
  const key = realtimeKey.value;
  const latest = useRef({ refresh, onGiveUp });
  latest.current = { refresh, onGiveUp };

  useEffect(() => {
    if (!active || !key || !user) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // A credit raises both events at once: one refresh for them.
    let soon: ReturnType<typeof setTimeout> | undefined;
    realtime(key)
      .then((echo) => {
        if (cancelled) return;
        const changed = () => {
          clearTimeout(soon);
          soon = setTimeout(() => latest.current.refresh(), 250);
        };
        const offs = [listen(echo, userEvents.userUpdated, user.id, changed), listen(echo, userEvents.notification, user.id, changed)];
        stop = () => offs.forEach((off) => off());
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      clearTimeout(soon);
      stop?.();
    };
  }, [active, key, user]);

  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (forMs !== undefined && Date.now() - started >= forMs) {
        clearInterval(timer);
        latest.current.onGiveUp?.();
        return;
      }
      if (document.visibilityState !== 'hidden' || forMs !== undefined) latest.current.refresh();
    }, pollMs);
    return () => clearInterval(timer);
  }, [active, pollMs, forMs]);
}

/** `abcd1234…89ef01` for a transaction id too long for a phone; the whole id stays in the title. */
export function shortId(id: string): string {
  return id.length > 16 ? `${id.slice(0, 8)}…${id.slice(-6)}` : id;
}
