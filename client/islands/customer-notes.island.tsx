import { useId, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { customerNoteSchema, type CustomerNote } from '../../shared/api/back-office.schema';
import { backOfficeApi } from '../../shared/api/endpoints/back-office';
import { formatWhen } from '../lib/format';
import { staffPost } from '../lib/staff-list';
import { defineIsland } from '../runtime/define-island';

/** Staff notes on a customer (docs/back-office.md#notes): newest first, and a form to add one. Never shown to the customer. */
function CustomerNotes({ customerId, notes: first }: { customerId: number; notes: CustomerNote[] }) {
  const [notes, setNotes] = useState(first);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const problemId = useId();

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const result = await staffPost(backOfficeApi.addCustomerNote, { params: { id: customerId }, body: { body } }, 'body');
    setBusy(false);
    if (!result.ok) return setProblem(result.message);
    setNotes((list) => [result.data.data, ...list]);
    setBody('');
  }

  return (
    <>
      <form onSubmit={(e) => void add(e)}>
        <label htmlFor={fieldId}>New note</label>
        <textarea
          id={fieldId}
          rows={3}
          maxLength={2000}
          value={body}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => setBody(e.target.value)}
        />
        {problem ? (
          <small id={problemId} className="field-problem" role="alert">
            {problem}
          </small>
        ) : null}
        <button type="submit" className="outline" disabled={busy || !body.trim()} aria-busy={busy || undefined}>
          Add note
        </button>
      </form>
      {notes.length === 0 ? (
        <p className="empty-line">No notes yet.</p>
      ) : (
        <ul className="note-list">
          {notes.map((note) => (
            <li key={note.id}>
              <span className="note-body">{note.body}</span>
              <span className="note-meta">
                {note.author.name} · {formatWhen(note.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default defineIsland({ name: 'customer-notes', component: CustomerNotes, props: z.object({ customerId: z.number(), notes: z.array(customerNoteSchema) }) });
