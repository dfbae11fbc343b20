import { useState, type ReactNode } from 'react';
import type { ToastInput } from '../../../shared/page-state.schema';

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

/** Beside Save while the dialog has nothing to send. */
export const Unchanged = ({ when }: { when: boolean }) => (when ? <small className="catalogue-unchanged">No changes yet.</small> : null);
