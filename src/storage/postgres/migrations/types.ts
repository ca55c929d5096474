import type { Queryable } from '../queryable.js';

/** One numbered schema change; applied once, in `id` order, and recorded in `schema_migrations`. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
  /**
   * Work SQL cannot do (values computed in JavaScript, such as search words), run right after
   * `sql` on the same connection and in the same transaction, so the migration applies whole or not at all.
   */
  backfill?(client: Queryable): Promise<void>;
}
