import '../styles/staff-tables.css';
import './history-table.css';
import { useCallback, useState } from 'react';
import * as z from 'zod/mini';
import { historyRowSchema, type HistoryRow } from '../../shared/api/customer-funding.schema';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import { paths } from '../../shared/routes';
import { Pager } from '../components/pager';
import { StaffTable, type Column } from '../components/staff-table';
import { CancelWithdrawal } from '../funding/cancel-withdrawal';
import { currencyFormats, historyFilters, historyHref, apiQueryOf, kindLabels, RowDetails, SignedAmount, StatusBadge, When, type CurrencyFormats } from '../funding/history';
import { useFundingChanges } from '../funding/live';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';

export const historyTexts = {
  empty: 'No transaction history found',
  failed: 'Failed to load transaction history',
} as const;

const props = z.object({
  /** The page of rows the server read for the address, or null when it could not (the island then says so). */
  rows: z.nullable(z.array(historyRowSchema)),
  lastPage: z.number(),
  filters: historyFilters,
  formats: currencyFormats,
});

function columns(formats: CurrencyFormats, reload: () => void): Column<HistoryRow>[] {
  return [
    { label: 'Date', cell: (row) => <When iso={row.created_at} />, className: 'funding-when' },
    { label: 'Amount', cell: (row) => <SignedAmount row={row} formats={formats} />, className: 'money' },
    { label: 'Type', cell: (row) => kindLabels[row.kind] },
    { label: 'Method', cell: (row) => row.method_label },
    { label: 'Reference', cell: (row) => <code className="funding-reference">{row.reference}</code> },
    {
      label: 'Status',
      cell: (row) => (
        <div className="funding-status-cell">
          <StatusBadge row={row} />
          {row.reason && (row.status === 'rejected' || row.status === 'failed') ? <small className="funding-reason">{row.reason}</small> : null}
        </div>
      ),
    },
    { label: 'Details', cell: (row) => <RowDetails row={row} formats={formats} /> },
    { label: 'Actions', hiddenLabel: true, cell: (row) => (row.cancellable ? <CancelWithdrawal row={row} formats={formats} done={reload} /> : null) },
  ];
}

/**
 * `/main/transaction-history`'s table (docs/funding.md#transaction-history): the page of rows the server rendered,
 * read again when the customer's money changes elsewhere (staff paid, rejected, confirmed) and after a
 * cancellation, so a status changes without reloading. Labelled cards on a phone (StaffTable).
 */
function HistoryTable({ rows: firstRows, lastPage: firstLastPage, filters, formats }: z.infer<typeof props>) {
  const [rows, setRows] = useState(firstRows);
  const [lastPage, setLastPage] = useState(firstLastPage);
  const [failed, setFailed] = useState(firstRows === null);

  const reload = useCallback(async () => {
    const result = await call(customerFundingApi.fundingHistory, { query: apiQueryOf(filters) });
    if (!result.ok) return setFailed(rows === null);
    setRows(result.data.data);
    setLastPage(result.data.meta.last_page);
    setFailed(false);
  }, [filters, rows]);
  useFundingChanges(() => void reload());

  if (failed || rows === null)
    return (
      <div className="staff-message" role="alert">
        <p>{historyTexts.failed}</p>
        <button type="button" onClick={() => void reload()}>
          Retry
        </button>
      </div>
    );
  return (
    <div className="history-table">
      <StaffTable rows={rows} rowKey={(row) => row.key} columns={columns(formats, () => void reload())} empty={historyTexts.empty} className="funding-table" />
      <Pager page={filters.page} lastPage={lastPage} hrefOf={(page) => historyHref(paths.transactionHistory, filters, page)} />
    </div>
  );
}

export default defineIsland({ name: 'history-table', component: HistoryTable, props });
