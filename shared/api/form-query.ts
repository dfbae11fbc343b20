/**
 * A query as a GET form sends it: every field of the form, those left blank (a search box, "All" in a select, an
 * empty date) as empty strings. A blank filter is no filter, so the query schemas read the blanks as absent; every
 * place that parses a query reads it through this (the API's endpoint router and the web tier's list pages).
 */
export function queryOfForm(query: unknown): unknown {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}
