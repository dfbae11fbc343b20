import { useEffect, useState } from 'react';
import { autotraderTexts, type ActiveAutotrader } from '../../shared/api/autotrader.schema';
import { automationApi } from '../../shared/api/endpoints/automation';
import { ActionDialog } from '../forms/action-dialog';
import { Field } from '../forms/field';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { useStaffList } from '../lib/staff-list';
import { CustomerCell } from './customer-cell';
import { StaffListStates } from './staff-list-states';

type Active = ActiveAutotrader;

/** Revoke, with the reason the customer is told; `revoked` gets true when it went through, false when it was turned off already or is gone. */
function RevokeDialog({ row, close, revoked }: { row: Active; close: () => void; revoked: (done: boolean) => void }) {
  const form = useEndpointForm(automationApi.revokeAutotrader, {
    initial: { reason: '' },
    request: ({ reason }) => ({ params: { id: row.user.id }, body: { reason } }),
    settledElsewhere: true,
    done: ({ data, message }) =>
      data ? { kind: 'success', title: message ?? '', description: `${row.user.name} (${row.user.email})` } : { kind: 'error', title: 'Not revoked', description: message ?? '' },
    onDone: ({ data }) => {
      close();
      revoked(data !== null);
    },
  });
  return (
    <ActionDialog title="Turn AutoTrader off" confirm="Revoke" danger form={form} onClose={close}>
      <p>
        AutoTrader stops trading for {row.user.name} ({row.user.email}) on {row.account_title}. They are told your reason.
      </p>
      <Field form={form} name="reason" label="Reason for the customer (required)">
        <textarea rows={3} maxLength={500} required {...form.field('reason')} />
      </Field>
    </ActionDialog>
  );
}

function ActiveTable({ rows, onRevoke }: { rows: readonly Active[]; onRevoke: (row: Active) => void }) {
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">Level</th>
            <th scope="col">Account</th>
            <th scope="col">Open positions</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.user.id}>
              <td data-label="Customer">
                <CustomerCell customer={row.user} />
              </td>
              <td data-label="Level">{autotraderTexts.levelLabels[row.level]}</td>
              <td data-label="Account">{row.account_title}</td>
              <td data-label="Open positions">{row.open_positions}</td>
              <td>
                <div className="staff-actions">
                  <button type="button" className="outline secondary small" onClick={() => onRevoke(row)} aria-label={`Revoke ${row.user.name}'s AutoTrader`}>
                    Revoke
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Active AutoTraders": whom it trades for now, each with Revoke (a reason the customer is told). `changed` reloads it. */
export function ActiveAutotraders({ changed }: { changed: number }) {
  const { items, setItems, failed, reload, retry } = useStaffList(automationApi.activeAutotraders);
  const [revoking, setRevoking] = useState<Active | null>(null);
  useEffect(() => {
    if (changed > 0) void reload();
  }, [changed, reload]);

  const revoked = (row: Active) => (done: boolean) => {
    if (done) setItems((list) => list?.filter((a) => a.user.id !== row.user.id) ?? null);
    void reload();
  };

  return (
    <section className="staff-section" aria-labelledby="active-autotraders">
      <h2 id="active-autotraders">Active AutoTraders</h2>
      <StaffListStates items={items} failed={failed} retry={retry} failedText="Failed to load the active AutoTraders." emptyText="No active AutoTraders">
        {(rows) => <ActiveTable rows={rows} onRevoke={setRevoking} />}
      </StaffListStates>
      {revoking ? <RevokeDialog row={revoking} close={() => setRevoking(null)} revoked={revoked(revoking)} /> : null}
    </section>
  );
}
