/** Previous / next links of a server-rendered list, each keeping the list's filters (`hrefOf(page)`). */
export function Pager({ page, lastPage, hrefOf }: { page: number; lastPage: number; hrefOf: (page: number) => string }) {
  if (lastPage <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? <a href={hrefOf(page - 1)}>← Previous</a> : <span />}
      <span className="list-summary">
        Page {page} of {lastPage}
      </span>
      {page < lastPage ? <a href={hrefOf(page + 1)}>Next →</a> : <span />}
    </nav>
  );
}
