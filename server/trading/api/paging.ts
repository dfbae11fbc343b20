import { apiPrefix } from '../../../shared/api/endpoint';

/**
 * A Laravel-style page (docs/api-conventions.md#paging): `links.next` only while there is a next page,
 * naming the same path with the same filters and the next page number.
 */
export function pageOf<T>({
  rows,
  page,
  perPage,
  total,
  path,
  filters = {},
}: {
  rows: T[];
  page: number;
  perPage: number;
  total: number;
  path: string;
  filters?: Record<string, string | number | undefined>;
}) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query.set(key, String(value));
  query.set('page', String(page + 1));
  return {
    data: rows,
    meta: { current_page: page, per_page: perPage, last_page: lastPage, total },
    links: { next: page < lastPage ? `${apiPrefix}${path}?${query}` : null },
  };
}
