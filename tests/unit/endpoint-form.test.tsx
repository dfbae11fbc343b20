// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backOfficeApi } from '../../shared/api/endpoints/back-office';
import { catalogueApi } from '../../shared/api/endpoints/catalogue';
import { ActionDialog } from '../../client/forms/action-dialog';
import { Field, FieldMessage, Problem } from '../../client/forms/field';
import { useEndpointForm } from '../../client/forms/use-endpoint-form';
import { toasts } from '../../client/state/toasts';

/**
 * The form kit (docs/front-end.md#forms): the endpoint's own body schema checks as the person types, the
 * server's 422 field errors land beside their fields until changed, a refusal no field shows is the request's
 * problem, one failure toast at a time, busy while sending, and a decision settled elsewhere counts as done.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};

const call = vi.hoisted(() => vi.fn());
vi.mock('../../client/lib/call', () => ({ call }));

const refused = (status: number, message: string | null, errors: Record<string, string[]> = {}) => ({ ok: false, failure: 'refused', status, message, errors, retryAfter: null });
const noteAdded = { ok: true, status: 201, data: { data: { id: 1, body: 'Called', author: 'Ada', created_at: '2026-11-29T06:00:00.000Z' } } };

let root: Root;
let host: HTMLElement;
const done = vi.fn();

function NoteForm({ settledElsewhere = false, waits = false }: { settledElsewhere?: boolean; waits?: boolean }) {
  const form = useEndpointForm(backOfficeApi.addCustomerNote, {
    initial: { body: '' },
    request: ({ body }) => ({ params: { id: 7 }, body: { body } }),
    failureTitle: 'Note not saved',
    settledElsewhere,
    done: ({ message }) => ({ kind: 'success', title: 'Saved', description: message ?? '' }),
    onDone: done,
  });
  return (
    <ActionDialog
      title="Add note"
      confirm="Save"
      form={form}
      onClose={() => undefined}
      problemClassName="note-problem"
      ready={!waits || form.values.body !== ''}
      note={waits && form.values.body === '' ? <small className="note-waits">Nothing to save yet.</small> : null}
    >
      <Field form={form} name="body" label="Note" />
    </ActionDialog>
  );
}

function OnSaleForm() {
  const form = useEndpointForm(catalogueApi.changeCatalogueAdvisor, { initial: { enabled: false }, request: ({ enabled }) => ({ params: { id: 3 }, body: { enabled } }) });
  return (
    <form onSubmit={form.submit}>
      <input {...form.checkbox('enabled')} />
      <FieldMessage form={form} name="enabled" />
    </form>
  );
}

/** A form with nothing to type: sends, then does what follows either way (`after`). */
function QuickNote({ after }: { after: () => Promise<void> }) {
  const form = useEndpointForm(backOfficeApi.addCustomerNote, {
    initial: { body: 'Called' },
    request: ({ body }) => ({ params: { id: 7 }, body: { body } }),
    fallback: 'Not saved.',
    unreachable: 'No answer came.',
    onDone: done,
    after,
  });
  return (
    <form onSubmit={form.submit}>
      <Problem form={form} />
      <button type="submit" disabled={form.busy}>
        Save
      </button>
    </form>
  );
}

const input = () => host.querySelector<HTMLInputElement>('input[name="body"]')!;
const message = () => host.querySelector('[data-error-for="body"]')?.textContent ?? null;
const problem = () => host.querySelector('p.field-problem')?.textContent ?? null;
async function type(text: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function submit() {
  await act(async () => {
    host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  call.mockReset();
  done.mockReset();
  toasts.value = [];
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('useEndpointForm', () => {
  it('checks with the endpoint body schema, wires aria, and sends nothing until it passes', async () => {
    await act(async () => root.render(<NoteForm />));
    expect(message()).toBeNull();
    await submit();
    expect(call).not.toHaveBeenCalled();
    expect(message()).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe(host.querySelector('[data-error-for="body"]')!.id);
    await type('Called about the deposit');
    expect(message()).toBeNull();
    expect(input().hasAttribute('aria-invalid')).toBe(false);
  });

  it("puts the server's field errors beside their field until it changes, with one failure toast", async () => {
    call.mockResolvedValue(refused(422, 'The given data was invalid.', { body: ['Too rude to keep.'] }));
    await act(async () => root.render(<NoteForm />));
    await type('x');
    await submit();
    await submit();
    expect(message()).toBe('Too rude to keep.');
    expect(problem()).toBeNull();
    expect(toasts.value.filter((t) => t.kind === 'error')).toHaveLength(1);
    await type('xy');
    expect(message()).toBeNull();
    expect(done).not.toHaveBeenCalled();
  });

  it('shows a refusal no field shows as the request problem, and is busy while sending', async () => {
    let answer!: (value: unknown) => void;
    call.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await act(async () => root.render(<NoteForm />));
    await type('Called');
    await submit();
    const confirm = host.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(confirm.disabled).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    await act(async () => answer(refused(503, 'The service is busy.')));
    expect(confirm.disabled).toBe(false);
    expect(problem()).toBe('The service is busy.');
  });

  it('keeps the confirm waiting, with its note, while the dialog is not ready; the problem takes its own class', async () => {
    call.mockResolvedValue(refused(503, 'The service is busy.'));
    await act(async () => root.render(<NoteForm waits />));
    const confirm = host.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(confirm.disabled).toBe(true);
    expect(host.querySelector('footer .note-waits')?.textContent).toBe('Nothing to save yet.');
    await type('Called');
    expect(confirm.disabled).toBe(false);
    expect(host.querySelector('.note-waits')).toBeNull();
    await submit();
    expect(host.querySelector('p.field-problem.note-problem')?.textContent).toBe('The service is busy.');
  });

  it('names its way out as the dialog says, and closes by it', async () => {
    const close = vi.fn();
    const form = { busy: false, problem: null, submit: () => undefined };
    await act(async () =>
      root.render(
        <ActionDialog title="Cancel withdrawal" confirm="Cancel withdrawal" cancel="Keep it" form={form} onClose={close}>
          <p>The amount goes back to your balance.</p>
        </ActionDialog>,
      ),
    );
    const keep = host.querySelector<HTMLButtonElement>('footer button[type="button"]')!;
    expect(keep.textContent).toBe('Keep it');
    await act(async () => keep.click());
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('wires a checkbox to a boolean field: ticked is true, and a server message lands beside it', async () => {
    call.mockResolvedValue(refused(422, 'The given data was invalid.', { enabled: ['Enabled is true or false.'] }));
    await act(async () => root.render(<OnSaleForm />));
    const box = host.querySelector<HTMLInputElement>('input[type="checkbox"][name="enabled"]')!;
    expect(box.checked).toBe(false);
    await act(async () => box.click());
    expect(box.checked).toBe(true);
    await submit();
    expect(call).toHaveBeenCalledWith(catalogueApi.changeCatalogueAdvisor, { params: { id: 3 }, body: { enabled: true } });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(host.querySelector('[data-error-for="enabled"]')!.id);
  });

  it('runs done and onDone with the answer on success', async () => {
    call.mockResolvedValue(noteAdded);
    await act(async () => root.render(<NoteForm />));
    await type('Called');
    await submit();
    expect(call).toHaveBeenCalledWith(backOfficeApi.addCustomerNote, { params: { id: 7 }, body: { body: 'Called' } });
    expect(done).toHaveBeenCalledWith({ data: noteAdded.data, message: null }, { body: 'Called' });
    expect(toasts.value.map((t) => t.title)).toEqual(['Saved']);
  });

  it('counts a 409 as settled only where the form says decisions may be taken first by someone else', async () => {
    call.mockResolvedValue(refused(409, 'Already decided by Grace.'));
    await act(async () => root.render(<NoteForm />));
    await type('Called');
    await submit();
    expect(done).not.toHaveBeenCalled();
    expect(problem()).toBe('Already decided by Grace.');
    await act(async () => root.render(<NoteForm settledElsewhere key="again" />));
    await type('Called');
    await submit();
    expect(done).toHaveBeenCalledWith({ data: null, message: 'Already decided by Grace.' }, { body: 'Called' });
  });

  it('focuses the first field with a message after a submit that did not go through', async () => {
    call.mockResolvedValue(refused(422, 'Too rude to keep.', { body: ['Too rude to keep.'] }));
    await act(async () => root.render(<NoteForm />));
    await type('x');
    host.querySelector<HTMLButtonElement>('button[type="submit"]')!.focus();
    await submit();
    expect(document.activeElement).toBe(input());
  });

  it('stays busy while onDone and after update the page, and runs after whether or not it went through', async () => {
    let finish!: () => void;
    const after = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    call.mockResolvedValue(noteAdded);
    await act(async () => root.render(<QuickNote after={after} />));
    await submit();
    const save = host.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(done).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
    expect(save.disabled).toBe(true);
    await act(async () => finish());
    expect(save.disabled).toBe(false);
    call.mockResolvedValue(refused(503, null));
    await submit();
    expect(after).toHaveBeenCalledTimes(2);
    await act(async () => finish());
    expect(done).toHaveBeenCalledTimes(1);
    expect(problem()).toBe('Not saved.');
  });

  it('says its own message when no answer came at all', async () => {
    call.mockResolvedValue({ ok: false, failure: 'unreachable', status: 0, message: null, errors: {}, retryAfter: null });
    await act(async () => root.render(<QuickNote after={async () => undefined} />));
    await submit();
    expect(problem()).toBe('No answer came.');
  });
});
