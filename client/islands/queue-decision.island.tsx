import '../styles/staff-tables.css';
import { useState } from 'react';
import { DecisionOutcome, type Decided } from '../components/decision';
import { defineIsland } from '../runtime/define-island';
import { AcceptDialog } from './queue-decision/accept-dialogs';
import { RejectDialog } from './queue-decision/reject-dialogs';
import { acceptLabel, queueRowSchema, type QueueRow } from './queue-decision/row';

/**
 * A pending row's decision (docs/back-office.md#funding-queues, #verification-documents): confirm, pay (or
 * refund to the card) or approve, or reject with a reason. Once decided, the outcome takes the buttons' place.
 */
function QueueDecision(row: QueueRow) {
  const [open, setOpen] = useState<'accept' | 'reject' | null>(null);
  const [decided, setDecided] = useState<Decided | null>(null);
  if (decided) return <DecisionOutcome decided={decided} />;
  const accept = acceptLabel(row);
  const dialog = { row, close: () => setOpen(null), decided: setDecided };
  return (
    <div className="staff-actions">
      <button type="button" className="small" onClick={() => setOpen('accept')} aria-label={`${accept}: ${row.summary}`}>
        {accept}
      </button>
      {row.retryOnly ? null : (
        <button type="button" className="outline secondary small" onClick={() => setOpen('reject')} aria-label={`Reject: ${row.summary}`}>
          Reject
        </button>
      )}
      {open === 'accept' ? <AcceptDialog {...dialog} /> : null}
      {open === 'reject' ? <RejectDialog {...dialog} /> : null}
    </div>
  );
}

export default defineIsland({ name: 'queue-decision', component: QueueDecision, props: queueRowSchema });
