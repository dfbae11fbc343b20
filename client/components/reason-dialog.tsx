import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from './modal';

interface ReasonDialogProps {
  title: string;
  children: ReactNode;
  label: string;
  /** A reason the customer must be given (refuse, revoke); otherwise an optional note (approve). */
  required: boolean;
  confirm: string;
  danger?: boolean;
  /** Sends the reason; resolves with the message to show when it did not go through, null when it did. */
  onSubmit: (reason: string) => Promise<string | null>;
  onClose: () => void;
}

/** A staff decision: what it is about, a reason or note, and the server's answer when it refuses (e.g. its 422). */
export function ReasonDialog({ title, children, label, required, confirm, danger = false, onSubmit, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const problemId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const message = await onSubmit(reason);
    setBusy(false);
    if (message) setProblem(message);
  }

  return (
    <Modal title={title} onClose={() => !busy && onClose()} className="reason-dialog">
      {children}
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor={fieldId}>
          {label}
          {required ? ' (required)' : ' (optional)'}
        </label>
        <textarea
          id={fieldId}
          rows={3}
          maxLength={500}
          required={required}
          value={reason}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {problem ? (
          <small id={problemId} className="field-problem" role="alert">
            {problem}
          </small>
        ) : null}
        <footer>
          <button type="button" className="secondary" disabled={busy} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={danger ? 'danger' : undefined} disabled={busy} aria-busy={busy || undefined}>
            {confirm}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
