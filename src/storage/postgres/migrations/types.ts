/** One numbered schema change; applied once, in `id` order, and recorded in `schema_migrations`. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}
