import type { ReactNode } from 'react';
import type { adminApi } from '../../../shared/api/endpoints/admin';
import type { useEndpointForm } from '../../forms/use-endpoint-form';
import type { BankKey, NumberField, SettingsValues, SwitchField, TextField } from './settings-values';

/** The settings form as the kit holds it. */
export type SettingsKit = ReturnType<typeof useEndpointForm<typeof adminApi.changeSettings, SettingsValues>>;
/** A field with `Notes`: a typed one, a bank part, or one of the choices. */
type NotedField = TextField | NumberField | BankKey | SwitchField | 'status' | 'r_page';

const hintId = (form: SettingsKit, name: string) => `${form.idOf(name)}-hint`;

/** The `aria-describedby` of a field with `Notes`: its message first, then its hint. */
export const describedBy = (form: SettingsKit, name: NotedField, hint: boolean) =>
  [form.error(name) ? form.errorId(name) : null, hint ? hintId(form, name) : null].filter(Boolean).join(' ') || undefined;

/** A field's message (first: it is what needs doing) and its hint, each with the id the field's `aria-describedby` names. */
export function Notes({ form, name, hint }: { form: SettingsKit; name: NotedField; hint?: ReactNode }) {
  const error = form.error(name);
  if (!hint && !error) return null;
  return (
    <div className="settings-notes">
      {error ? (
        <small id={form.errorId(name)} className="settings-error">
          {error}
        </small>
      ) : null}
      {hint ? (
        <small id={hintId(form, name)} className="settings-hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

export interface FieldOptions {
  hint?: ReactNode;
  kind?: 'text' | 'link' | 'email' | 'number' | 'textarea';
  required?: boolean;
  /** Shown as "(optional)" unless required or said otherwise (the bank parts: all or none). */
  optionalNote?: boolean;
  autoCapitalize?: 'characters';
  min?: number;
  max?: number;
}

/** A label, its input, a hint and the field's messages, tied together by `aria-describedby`. */
export function SettingField({
  form,
  name,
  label,
  hint,
  kind = 'text',
  required,
  optionalNote = !required,
  autoCapitalize,
  min,
  max,
}: FieldOptions & { form: SettingsKit; name: TextField | NumberField | BankKey; label: string }) {
  const common = { ...form.field(name), required, 'aria-describedby': describedBy(form, name, Boolean(hint)) };
  return (
    <div className="settings-field">
      <label htmlFor={common.id}>
        {label}
        {optionalNote ? <span className="settings-optional"> (optional)</span> : null}
      </label>
      {kind === 'textarea' ? (
        <textarea {...common} rows={3} />
      ) : (
        <input
          {...common}
          type={kind === 'number' ? 'number' : kind === 'email' ? 'email' : 'text'}
          inputMode={kind === 'link' ? 'url' : kind === 'number' ? 'numeric' : undefined}
          autoComplete="off"
          spellCheck={kind === 'text' && !autoCapitalize ? undefined : false}
          autoCapitalize={autoCapitalize}
          min={min}
          max={max}
          step={kind === 'number' ? 1 : undefined}
        />
      )}
      <Notes form={form} name={name} hint={hint} />
    </div>
  );
}

/** A box that switches a setting on or off, with its hint. */
export function SwitchBox({ form, name, label, hint }: { form: SettingsKit; name: SwitchField; label: string; hint: string }) {
  return (
    <div className="settings-field">
      <label htmlFor={form.idOf(name)}>
        <input {...form.checkbox(name)} aria-describedby={describedBy(form, name, true)} />
        {label}
      </label>
      <Notes form={form} name={name} hint={hint} />
    </div>
  );
}
