import type { Config } from '../config/types.js';
import type { Logger } from '../logger.js';
import { SCHEMA_VERSION } from './lowdb/document.js';
import { databaseBinding, openStorage } from './open.js';

/** What `feedbackd migrate` did. */
export interface SchemaMigration {
  engine: 'lowdb' | 'postgres';
  /** PostgreSQL: the migration ids applied now (empty when the database was up to date). */
  applied: number[];
  /** The schema the database is at now: the last migration id (PostgreSQL) or the file schema version (lowdb). */
  version: number;
}

/**
 * Brings the configured database to this feedbackd's schema, as `serve` does when it starts: the
 * missing PostgreSQL migrations (under their advisory lock, so running servers are safe), or the
 * JSON-file database's upgrade (which takes the data dir lock: refused while a server runs).
 */
export async function migrateSchema(config: Config, logger: Logger): Promise<SchemaMigration> {
  if (config.databaseUrl === null) {
    const storage = await openStorage(config, logger);
    await storage.close();
    return { engine: 'lowdb', applied: [], version: SCHEMA_VERSION };
  }
  // Refused, before any migration, on a database the data directory does not belong to.
  const binding = databaseBinding(config.dataDir, config.databaseUrl);
  const { migratePostgres } = await import('./postgres/postgres-storage.js');
  const migrated = await migratePostgres(config.databaseUrl, binding.check);
  await binding.keep();
  return { engine: 'postgres', ...migrated };
}
