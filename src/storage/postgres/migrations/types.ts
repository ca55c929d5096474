import type { Queryable } from '../queryable.js';

/** One numbered schema change; applied once, in `id` order, and recorded in `schema_migrations`. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
  /**
   * The storage schema version (the JSON-file engine's, SCHEMA_VERSION) that rows follow once this
   * migration is applied: a copy of an older database says which version it is, so restore upgrades it.
   */
  rowSchema: number;
  /**
   * Work SQL cannot do (values computed in JavaScript, such as search words), run right after
   * `sql` on the same connection and in the same transaction, so the migration applies whole or not at all.
   */
  backfill?(client: Queryable): Promise<void>;
}
