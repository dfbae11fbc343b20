import type { ReactNode } from 'react';
import { signClass } from '../lib/format';
import { displayMoney } from '../state/site-data';

/**
 * A labelled price or distance field of the order ticket and the position dialogs: its problem shown under it
 * (`aria-invalid`, `aria-describedby`, so a screen reader reads it with the field) and, when there is none, a
 * note (the projected P/L, what a trailing distance means). With `onStep`, − and + beside it.
 */
export function LevelField({
  id,
  label,
  value,
  onChange,
  placeholder,
  problem,
  note,
  onStep,
  inputMode = 'decimal',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string | undefined;
  problem?: string | null | undefined;
  note?: ReactNode;
  onStep?: ((direction: 1 | -1) => void) | undefined;
  inputMode?: 'decimal' | 'numeric';
}) {
  const messageId = `${id}-message`;
  const message = problem ?? note ?? null;
  const input = (
    <input
      id={id}
      inputMode={inputMode}
      value={value}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={problem ? true : undefined}
      aria-describedby={message ? messageId : undefined}
    />
  );
  return (
    <div className="level-field">
      <label htmlFor={id}>{label}</label>
      {onStep ? (
        <div className="stepper">
          <button type="button" aria-label={`${label} down`} onClick={() => onStep(-1)}>
            −
          </button>
          {input}
          <button type="button" aria-label={`${label} up`} onClick={() => onStep(1)}>
            +
          </button>
        </div>
      ) : (
        input
      )}
      {message ? (
        <small id={messageId} className={problem ? 'field-message field-error' : 'field-message'}>
          {message}
        </small>
      ) : null}
    </div>
  );
}

/** The projected P/L at a level, as a field's note: "P/L at this level +12.40 USD" in the display currency, coloured by sign; null without one. */
export function pnlNote(pnl: string | null, currency: string, label: string): ReactNode {
  if (pnl === null) return null;
  return (
    <>
      {label} <strong className={signClass(pnl)}>{displayMoney(pnl, currency)}</strong>
    </>
  );
}
