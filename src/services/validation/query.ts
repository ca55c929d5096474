/** A parsed query string (Node's querystring): a repeated name gives an array of its values. */
export type QueryInput = Readonly<Record<string, string | readonly string[] | undefined>>;

/** One scalar query parameter (API.md §1.2): a repeated name counts by its first value; an empty value is absent. */
export function queryParam(query: QueryInput, name: string): string | undefined {
  const value = query[name];
  const first = typeof value === 'string' ? value : value?.[0];
  return first === '' ? undefined : first;
}
