import './forms.css';
import type { ReactNode } from 'react';
import type { EndpointForm } from './use-endpoint-form';

/** What a field needs of its form (methods, so a form of any values fits). */
interface Form {
  field(name: string): ReturnType<EndpointForm['field']>;
  error(name: string): string | undefined;
  errorId(name: string): string;
  idOf(name: string): string;
}

/** A field's message, under it (the `id` its input's `aria-describedby` names). */
export function FieldMessage({ form, name }: { form: Form; name: string }) {
  const message = form.error(name);
  return message ? (
    <small id={form.errorId(name)} className="field-problem" data-error-for={name} role="alert">
      {message}
    </small>
  ) : null;
}

/**
 * Label, control and message, as the server-rendered forms lay them out (`views/components/form-fields.tsx`).
 * The control is a plain input with the field's props unless `children` gives another (spread `form.field(name)`).
 */
export function Field({
  form,
  name,
  label,
  className = 'form-field',
  input,
  children,
}: {
  form: Form;
  name: string;
  label: ReactNode;
  className?: string;
  /** More props for the default input (`inputMode`, `maxLength`, `placeholder`, …). */
  input?: React.InputHTMLAttributes<HTMLInputElement>;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={form.idOf(name)}>{label}</label>
      {children ?? <input autoComplete="off" {...input} {...form.field(name)} />}
      <FieldMessage form={form} name={name} />
    </div>
  );
}

/** What went wrong with the request as a whole (the account, a refusal no field shows), above the buttons. */
export function Problem({ form, className }: { form: Pick<EndpointForm, 'problem'>; className?: string }) {
  return form.problem ? (
    <p className={className ? `field-problem ${className}` : 'field-problem'} role="alert">
      {form.problem}
    </p>
  ) : null;
}
