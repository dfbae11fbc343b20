import { fieldErrors, type FieldErrors } from '../../shared/api/common.schema';
import { checkedForms, type CheckedForm } from './lib/checked-forms';

/**
 * Server-rendered forms (`<form data-check="…">`): before the browser posts one, its fields are checked
 * with the schema the server uses again, and the errors shown in place (the markup of
 * views/components/form-fields.tsx); a form that passes posts as usual and its submit button says it is
 * busy (`data-busy-label`) until the next page arrives. `data-enabled-by="{checkbox id}"` keeps a submit
 * button disabled until that box is ticked. Without this script the same form posts and the server
 * answers with the same messages.
 */

const errorId = (input: Element) => `${input.id}-error`;

/** Where a field's message goes: after its wrapper (password with Show, country with flag), its label (checkbox), or itself. */
function anchorOf(input: HTMLInputElement | HTMLSelectElement): Element {
  if (input instanceof HTMLInputElement && input.type === 'checkbox') return input.closest('label') ?? input;
  return input.closest('.password-field, .country-select') ?? input;
}

/** The visible field a message belongs to; messages about fields the form does not show (hidden, kept on the server) are the server's to tell. */
function fieldOf(form: HTMLFormElement, name: string): HTMLInputElement | HTMLSelectElement | null {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLInputElement && field.type !== 'hidden') return field;
  return field instanceof HTMLSelectElement ? field : null;
}

function check(form: HTMLFormElement): Map<HTMLInputElement | HTMLSelectElement, string> {
  const schema = checkedForms[form.dataset.check as CheckedForm] as (typeof checkedForms)[CheckedForm] | undefined;
  const parsed = schema?.safeParse(Object.fromEntries(new FormData(form)));
  const errors: FieldErrors = parsed && !parsed.success ? fieldErrors(parsed.error.issues) : {};
  for (const box of form.querySelectorAll<HTMLInputElement>('input[type=checkbox][required]')) {
    if (!box.checked) errors[box.name] = [box.dataset.error ?? ''];
  }
  const found = new Map<HTMLInputElement | HTMLSelectElement, string>();
  for (const [name, messages] of Object.entries(errors)) {
    const field = fieldOf(form, name);
    if (field && messages[0] !== undefined && !found.has(field)) found.set(field, messages[0]);
  }
  return found;
}

function show(form: HTMLFormElement, errors: Map<HTMLInputElement | HTMLSelectElement, string>): void {
  for (const old of form.querySelectorAll('[data-error-for]')) old.remove();
  for (const field of form.querySelectorAll('[aria-invalid]')) {
    field.removeAttribute('aria-invalid');
    field.removeAttribute('aria-describedby');
  }
  for (const [field, message] of errors) {
    const small = document.createElement('small');
    small.id = errorId(field);
    small.dataset.errorFor = field.name;
    if (field.type === 'checkbox') small.className = 'consent-error';
    small.textContent = message;
    anchorOf(field).after(small);
    field.setAttribute('aria-invalid', 'true');
    if (field.type !== 'checkbox') field.setAttribute('aria-describedby', small.id);
  }
}

function setBusy(form: HTMLFormElement, busy: boolean): void {
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[type=submit][data-busy-label]')) {
    if (busy) {
      button.dataset.idleLabel = button.textContent ?? '';
      button.textContent = button.dataset.busyLabel ?? '';
      button.setAttribute('aria-busy', 'true');
    } else {
      if (button.dataset.idleLabel !== undefined) button.textContent = button.dataset.idleLabel;
      button.removeAttribute('aria-busy');
    }
    button.disabled = busy;
  }
}

const gates: (() => void)[] = [];

/** A submit button that waits for a box to be ticked (the consent of sign-up step 2). */
function gate(form: HTMLFormElement): void {
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[data-enabled-by]')) {
    const box = document.getElementById(button.dataset.enabledBy ?? '');
    if (!(box instanceof HTMLInputElement)) continue;
    const update = () => {
      if (!button.hasAttribute('aria-busy')) button.disabled = !box.checked;
    };
    box.addEventListener('change', update);
    update();
    gates.push(update);
  }
}

const forms = [...document.querySelectorAll<HTMLFormElement>('form[data-check]')];
for (const form of forms) {
  form.addEventListener('submit', (event) => {
    const errors = check(form);
    show(form, errors);
    if (errors.size > 0) {
      event.preventDefault();
      return;
    }
    setBusy(form, true);
  });
  gate(form);
  form.dataset.enhanced = '';
}

// Back to a page kept in the browser's cache after posting it: the form is ready again.
window.addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  for (const form of forms) setBusy(form, false);
  for (const update of gates) update();
});
