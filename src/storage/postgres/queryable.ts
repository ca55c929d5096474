/**
 * The minimal query surface every PostgreSQL repository is written against.
 * A `pg` Pool or PoolClient satisfies it.
 */
export interface Queryable {
  // biome-ignore lint/suspicious/noExplicitAny: each repository maps the driver's records into contract rows itself
  query(text: string, params?: unknown[]): Promise<{ rows: any[]; rowCount: number | null }>;
}
