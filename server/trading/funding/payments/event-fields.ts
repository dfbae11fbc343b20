/** Our deposit id as a provider echoes it back (a string), or undefined when it is not one of ours. */
export function depositIdFrom(reference: string | null | undefined): number | undefined {
  if (typeof reference !== 'string' || !/^[1-9]\d{0,14}$/.test(reference)) return undefined;
  return Number(reference);
}

/** One header's value, whatever the case of its name; undefined when absent or sent more than once. */
export function singleHeader(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const values = Object.entries(headers).filter(([key, value]) => key.toLowerCase() === wanted && value !== undefined);
  if (values.length !== 1) return undefined;
  const value = values[0]![1];
  return typeof value === 'string' ? value : undefined;
}
