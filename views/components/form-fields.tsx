import type { ReactNode } from 'react';
import { registrationTexts } from '../../shared/texts';
import type { CheckedForm } from '../../client/scripts/lib/checked-forms';
import { Script, Stylesheet } from '../page-needs';

/**
 * Server-rendered form parts. The same markup comes back from the server with its messages after a
 * post, and the `forms` script (client/scripts/forms.ts) writes the same `<small data-error-for>` in
 * place when it checks a form before posting it.
 */

/** A same-origin POST form with the page's CSRF token that checks itself (the `forms` script) before it posts. */
export function CheckedFormTag({
  check,
  action,
  csrfToken,
  className,
  label,
  children,
}: {
  check: CheckedForm | '';
  action: string;
  csrfToken: string;
  className: string;
  /** The form's name, where the page has several (`aria-label`). */
  label?: string;
  children: ReactNode;
}) {
  return (
    <form className={className} method="post" action={action} noValidate data-check={check} aria-label={label}>
      <Stylesheet src="views/components/form-fields.css" />
      <input type="hidden" name="_csrf" value={csrfToken} />
      {children}
      <Script name="forms" />
    </form>
  );
}

/** A field's message; `id` is the field's id. */
export function FieldError({ id, name, message, className }: { id: string; name: string; message: string | undefined; className?: string }) {
  if (!message) return null;
  return (
    <small id={`${id}-error`} data-error-for={name} className={className}>
      {message}
    </small>
  );
}

interface InputProps {
  id: string;
  name: string;
  type?: string;
  autoComplete?: string;
  value?: string;
  error?: string | undefined;
  required?: boolean;
}

export function Input({ id, name, type = 'text', autoComplete, value, error, required }: InputProps) {
  return (
    <input
      id={id}
      name={name}
      type={type}
      autoComplete={autoComplete}
      required={required}
      defaultValue={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    />
  );
}

/** A password input with Show/Hide (shown once the `password-reveal` script runs). Passwords never come back from the server. */
export function PasswordInput({ id, name, autoComplete, error, required }: Omit<InputProps, 'type' | 'value'>) {
  return (
    <div className="password-field">
      <Input id={id} name={name} type="password" autoComplete={autoComplete} error={error} required={required} />
      <button type="button" className="reveal" data-reveals={id} hidden aria-pressed="false" aria-label="Show password">
        Show
      </button>
      <Script name="password-reveal" />
    </div>
  );
}

/** Label, input (or `children` in its place) and message in a `.form-field`. */
export function FormField({ label, children, ...input }: InputProps & { label: string; children?: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={input.id}>{label}</label>
      {children ?? <Input {...input} />}
      <FieldError id={input.id} name={input.name} message={input.error} />
    </div>
  );
}

/** A labelled native select (keyboard and screen readers for free) with its message, in a `.form-field`. */
export function SelectField({
  id,
  name,
  label,
  value,
  options,
  error,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  error: string | undefined;
}) {
  return (
    <FormField id={id} name={name} label={label} error={error}>
      <select id={id} name={name} defaultValue={value} aria-invalid={error ? true : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

export interface CountryOption {
  value: string;
  label: string;
  flag: string;
  /** The calling code a phone's code field follows (the `country-flag` script), "+44". */
  dial?: string;
}

/** A native country picker (keyboard, screen readers and phone wheels for free) showing the chosen country's flag. */
export function CountryField({ id, name, label, value, options }: { id: string; name: string; label: string; value: string; options: readonly CountryOption[] }) {
  const flag = options.find((option) => option.value === value)?.flag;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <div className="country-select">
        {flag ? <img src={flag} alt="" width={24} height={18} /> : null}
        <select id={id} name={name} defaultValue={value}>
          {options.map((option) => (
            <option key={option.value} value={option.value} data-flag={option.flag} data-dial={option.dial}>
              {option.label}
            </option>
          ))}
        </select>
        <Script name="country-flag" />
      </div>
    </div>
  );
}

/** The privacy consent; the `forms` script asks for it before posting, and so does the server. `checked`: as the customer left it (a form sent back). */
export function ConsentField({ id, name, error, checked }: { id: string; name: string; error: string | undefined; checked?: boolean }) {
  return (
    <>
      <Stylesheet src="client/styles/pico-forms.scss" />
      <label className="consent">
        <input type="checkbox" id={id} name={name} required defaultChecked={checked} data-error={registrationTexts.privacy} aria-invalid={error ? true : undefined} />I agree to the Privacy Policy and
        I am over 18
      </label>
      <FieldError id={id} name={name} message={error} className="consent-error" />
    </>
  );
}

/** The form's submit button: disabled with `busyLabel` while the next page loads; `enabledBy` waits for that checkbox. */
export function SubmitButton({ children, busyLabel, enabledBy }: { children: ReactNode; busyLabel: string; enabledBy?: string }) {
  return (
    <button type="submit" data-busy-label={busyLabel} data-enabled-by={enabledBy}>
      {children}
    </button>
  );
}
