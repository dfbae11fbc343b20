import type { ReactNode } from 'react';

/** A column: its header, its cell, and whether its header is for screen readers only (an actions column). */
export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** The header is read out but not shown, and the phone card shows no label for it. */
  hiddenLabel?: boolean;
}

/**
 * A back-office table that becomes labelled cards on a phone (client/styles/staff-tables.css: each cell
 * carries its header as `data-label`). Without rows it shows `empty`, when given.
 */
export function StaffTable<T>({
  rows,
  columns,
  rowKey,
  empty,
  className,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey?: (row: T) => string | number;
  empty?: string;
  /** Added to the table's own class, for a page's column widths. */
  className?: string;
}) {
  if (rows.length === 0) return empty ? <p className="empty-line">{empty}</p> : null;
  return (
    <div className="staff-table-wrap">
      <table className={className ? `staff-table ${className}` : 'staff-table'}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.hiddenLabel ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey ? rowKey(row) : i}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.hiddenLabel ? undefined : column.label} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
