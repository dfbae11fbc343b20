import { useState, type ReactNode } from 'react';
import type { ToastInput } from '../../../shared/page-state.schema';
import { ActionDialog } from '../../forms/action-dialog';
import type { EndpointForm } from '../../forms/use-endpoint-form';

/** What an Edit dialog is given: how to close it, and what to do with the row the change answers with. */
export interface EditProps<Row> {
  onClose: () => void;
  onSaved: (row: Row) => void;
}

/** A row's Edit button and, once pressed, its dialog. */
export function EditButton({ name, dialog }: { name: string; dialog: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="catalogue-edit">
      <button type="button" className="outline" aria-label={`Edit ${name}`} onClick={() => setOpen(true)}>
        Edit
      </button>
      {open ? dialog(() => setOpen(false)) : null}
    </div>
  );
}

/** Either change's answer as a toast: saved, or nothing changed (the row already had it). */
export const savedToast = ({ data }: { data: { changed: boolean; message: string } | null }): ToastInput | null =>
  data ? { kind: 'success', title: data.changed ? 'Saved' : 'Nothing changed', description: data.message } : null;

/** A row's Edit dialog: Save waits, saying "No changes yet.", while there is nothing to send. */
export function EditDialog({
  name,
  form,
  unchanged,
  onClose,
  children,
}: {
  name: string;
  form: Pick<EndpointForm, 'busy' | 'problem' | 'submit'>;
  unchanged: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ActionDialog
      title={`Edit ${name}`}
      confirm="Save"
      form={form}
      onClose={onClose}
      className="catalogue-dialog"
      problemClassName="catalogue-problem"
      ready={!unchanged}
      note={unchanged ? <small className="catalogue-unchanged">No changes yet.</small> : null}
    >
      {children}
    </ActionDialog>
  );
}
