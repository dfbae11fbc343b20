import type { ReactNode } from 'react';
import { Modal } from '../components/modal';
import { Problem } from './field';
import type { EndpointForm } from './use-endpoint-form';

/**
 * An action in a dialog (a decision, a change, a reset): what it is about, its fields, the request's problem,
 * Cancel and the confirm button, busy while it sends. It cannot be closed while sending. An edit that has
 * nothing to send yet passes `ready={false}` (the confirm waits) and may say so in `note`, beside the buttons.
 * `cancel` names the way out when "Cancel" would read as the action itself ("Keep it" for cancelling a withdrawal).
 */
export function ActionDialog({
  title,
  confirm,
  cancel = 'Cancel',
  danger = false,
  form,
  onClose,
  className = 'reason-dialog',
  problemClassName,
  note,
  ready = true,
  children,
}: {
  title: string;
  confirm: string;
  cancel?: string;
  danger?: boolean;
  form: Pick<EndpointForm, 'busy' | 'problem' | 'submit'>;
  onClose: () => void;
  className?: string;
  /** The request's problem's own class, beside `field-problem`. */
  problemClassName?: string;
  note?: ReactNode;
  ready?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal title={title} onClose={() => !form.busy && onClose()} className={className}>
      <form onSubmit={form.submit} noValidate>
        {children}
        <Problem form={form} className={problemClassName} />
        <footer>
          {note}
          <button type="button" className="outline secondary" onClick={onClose} disabled={form.busy}>
            {cancel}
          </button>
          <button type="submit" className={danger ? 'danger' : undefined} aria-busy={form.busy || undefined} disabled={form.busy || !ready}>
            {confirm}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
