/** A back-office queue row's status as its badge reads: the funding and document queues and the plan requests. */
const statusLabels: Record<string, string> = {
  pending: 'Pending',
  held: 'Held for review',
  processing: 'Processing',
  confirmed: 'Confirmed',
  paid: 'Paid',
  approved: 'Approved',
  rejected: 'Rejected',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const statusClass: Record<string, string> = {
  pending: 'status-pending',
  held: 'status-pending',
  processing: 'status-pending',
  confirmed: 'status-approved',
  paid: 'status-approved',
  approved: 'status-approved',
  rejected: 'status-refused',
  failed: 'status-refused',
  cancelled: 'status-closed',
};

/** The badge; `region` marks it to be rendered again after a decision (client/forms/regions.ts). */
export function QueueStatus({ status, region }: { status: string; region?: string }) {
  return (
    <span className={`status-badge ${statusClass[status] ?? ''}`} data-region={region}>
      {statusLabels[status] ?? status}
    </span>
  );
}
