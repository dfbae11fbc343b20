import { useState } from 'react';
import * as z from 'zod/mini';
import { customerNoteSchema, type CustomerNote } from '../../shared/api/back-office.schema';
import { backOfficeApi } from '../../shared/api/endpoints/back-office';
import { FieldMessage, Problem } from '../forms/field';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { formatWhen } from '../lib/format';
import { defineIsland } from '../runtime/define-island';

/** The form to add a note; `added` puts the new note on the list. */
function NoteForm({ customerId, added }: { customerId: number; added: (note: CustomerNote) => void }) {
  const form = useEndpointForm(backOfficeApi.addCustomerNote, {
    initial: { body: '' },
    request: ({ body }) => ({ params: { id: customerId }, body: { body } }),
    onDone: ({ data }) => {
      if (data) added(data.data);
      form.reset();
    },
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <label htmlFor={form.idOf('body')}>New note</label>
      <textarea rows={3} maxLength={2000} {...form.field('body')} />
      <FieldMessage form={form} name="body" />
      <Problem form={form} />
      <button type="submit" className="outline" disabled={form.busy || !form.values.body.trim()} aria-busy={form.busy || undefined}>
        Add note
      </button>
    </form>
  );
}

/** Staff notes on a customer (docs/back-office.md#notes): newest first, and a form to add one. Never shown to the customer. */
function CustomerNotes({ customerId, notes: first }: { customerId: number; notes: CustomerNote[] }) {
  const [notes, setNotes] = useState(first);
  return (
    <>
      <NoteForm customerId={customerId} added={(note) => setNotes((list) => [note, ...list])} />
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
