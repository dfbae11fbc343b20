import { useEffect, useState } from 'react';
import { autotraderTexts, type ActiveAutotrader } from '../../shared/api/autotrader.schema';
import { automationApi } from '../../shared/api/endpoints/automation';
import { staffPost, useStaffList } from '../lib/staff-list';
import { showToast } from '../state/toasts';
import { StaffListStates } from './staff-list-states';
import { ReasonDialog } from './reason-dialog';

type Active = ActiveAutotrader;

/** "Active AutoTraders": whom it trades for now, each with Revoke (a reason the customer is told). `changed` reloads it. */
export function ActiveAutotraders({ changed }: { changed: number }) {
  const { items, setItems, failed, reload, retry } = useStaffList(automationApi.activeAutotraders);
  const [revoking, setRevoking] = useState<Active | null>(null);
  useEffect(() => {
    if (changed > 0) void reload();
  }, [changed, reload]);

  async function revoke(row: Active, reason: string): Promise<string | null> {
    const result = await staffPost(automationApi.revokeAutotrader, { params: { id: row.user.id }, body: { reason } });
    if (!result.ok && result.status !== 409) return result.message;
    setRevoking(null);
    if (result.ok) {
      setItems((list) => list?.filter((a) => a.user.id !== row.user.id) ?? null);
      showToast({ kind: 'success', title: result.data.message, description: `${row.user.name} (${row.user.email})` });
    } else showToast({ kind: 'error', title: 'Not revoked', description: result.message });
    void reload();
    return null;
  }

  return (
    <section className="staff-section" aria-labelledby="active-autotraders">
      <h2 id="active-autotraders">Active AutoTraders</h2>
      <StaffListStates items={items} failed={failed} retry={retry} failedText="Failed to load the active AutoTraders." emptyText="No active AutoTraders">
        {(rows) => (
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
                      <div>
                        <strong>{row.user.name}</strong>
                        <small className="staff-email">{row.user.email}</small>
                      </div>
                    </td>
                    <td data-label="Level">{autotraderTexts.levelLabels[row.level]}</td>
                    <td data-label="Account">{row.account_title}</td>
                    <td data-label="Open positions">{row.open_positions}</td>
                    <td>
                      <div className="staff-actions">
                        <button type="button" className="outline secondary small" onClick={() => setRevoking(row)} aria-label={`Revoke ${row.user.name}'s AutoTrader`}>
                          Revoke
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </StaffListStates>
      {revoking ? (
        <ReasonDialog title="Turn AutoTrader off" label="Reason for the customer" required confirm="Revoke" danger onSubmit={(reason) => revoke(revoking, reason)} onClose={() => setRevoking(null)}>
          <p>
            AutoTrader stops trading for {revoking.user.name} ({revoking.user.email}) on {revoking.account_title}. They are told your reason.
          </p>
        </ReasonDialog>
      ) : null}
    </section>
  );
}
