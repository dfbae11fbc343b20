import type { ReactNode } from 'react';

/**
 * A staff list's states: the load failure with Retry, "Loading..." until the first answer, the empty
 * text, else what `children` draws of the items (the table).
 */
export function StaffListStates<T>({
  items,
  failed,
  retry,
  failedText,
  emptyText,
  children,
}: {
  items: readonly T[] | null;
  failed: boolean;
  retry: () => void;
  failedText: string;
  emptyText: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  return (
    <>
      {failed ? (
        <div className="staff-message" role="alert">
          <p>{failedText}</p>
          <button type="button" className="outline small" onClick={retry}>
            Retry
          </button>
        </div>
      ) : null}
      {items === null ? failed ? null : <p className="staff-message">Loading...</p> : items.length === 0 ? <p className="staff-message">{emptyText}</p> : children(items)}
    </>
  );
}
