/** How a contract row is stored: camelCase field → snake_case column, plus columns derived from fields. */
export interface ColumnMap<Row extends { id: string }> {
  columns: { readonly [K in keyof Row]-?: string };
  /** Extra columns computed from the fields being written (e.g. `email_lower`, filled in JS so the rule ignores the database's locale). */
  derived?(fields: Partial<Row>): Record<string, unknown>;
}

/**
 * The columns and values of the fields present (not undefined), derived columns included: what an
 * insert, an update or the bulk loader writes for these fields.
 */
export function columnValues<Row extends { id: string }>(spec: ColumnMap<Row>, fields: Partial<Row>): Array<[string, unknown]> {
  const pairs: Array<[string, unknown]> = [];
  for (const [field, column] of Object.entries(spec.columns) as Array<[keyof Row & string, string]>) {
    const value = fields[field];
    if (value !== undefined) pairs.push([column, value]);
  }
  for (const [column, value] of Object.entries(spec.derived?.(fields) ?? {})) pairs.push([column, value]);
  return pairs;
}
