import type { Config } from '../config/types.js';
import type { RowsWritten } from './lowdb/snapshot-file.js';
import { checkLowdbSnapshot, currentSnapshot, LOWDB_SCHEMA_VERSION, writeLowdbSnapshot } from './lowdb/snapshot-restore.js';
import { assertSupportedUrl } from './open.js';
import type { RowCounts } from './row-counts.js';
import type { DatabaseSnapshot } from './types.js';

/** The storage schema version this feedbackd writes; a snapshot with a higher one cannot be restored. */
export const STORAGE_SCHEMA_VERSION = LOWDB_SCHEMA_VERSION;

/** How a snapshot is written. */
export interface WriteSnapshotOptions {
  /**
   * PostgreSQL: replace the rows a database holds (else one holding rows is refused). The JSON-file
   * database is always replaced: its callers check the data directory instead.
   */
  replace: boolean;
  /** Hears how far the writing is, table by table. */
  onRows?: RowsWritten;
}

/**
 * Refuses a snapshot the configured engine cannot hold (newer schema, broken rows or uniqueness),
 * or a database URL no engine takes, touching nothing. Both engines keep the same rules, so the
 * JSON-file engine's check (in memory) serves for PostgreSQL too.
 */
export function checkSnapshot(config: Pick<Config, 'databaseUrl'>, snapshot: DatabaseSnapshot, where: string): void {
  if (config.databaseUrl !== null) assertSupportedUrl(config.databaseUrl);
  checkLowdbSnapshot(snapshot, where);
}

/**
 * The snapshot at the schema version this code writes (an older one upgraded as `db.json` is when
 * opened), so rules about today's tables can be checked on it; a newer one is refused.
 */
export function upgradedSnapshot(snapshot: DatabaseSnapshot, where: string): DatabaseSnapshot {
  return currentSnapshot(snapshot, where);
}

/** Replaces the stored database with the snapshot, durably, all or nothing; for the JSON-file engine the caller holds the data dir lock. */
export async function writeSnapshot(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  snapshot: DatabaseSnapshot,
  options: WriteSnapshotOptions = { replace: true },
): Promise<void> {
  if (config.databaseUrl === null) return writeLowdbSnapshot(config.dataDir, snapshot, options.onRows);
  assertSupportedUrl(config.databaseUrl);
  const { loadIntoDatabase } = await import('./postgres/load-snapshot.js');
  // The database has the current schema only: an older backup is upgraded, as db.json is when opened.
  await loadIntoDatabase(config.databaseUrl, currentSnapshot(snapshot, 'The snapshot'), options);
}

/**
 * The rows the configured database holds besides a new one's seed, after connecting to it and
 * applying missing migrations; null for the JSON-file engine (its data directory is checked instead).
 */
export async function storedRows(config: Pick<Config, 'databaseUrl'>): Promise<RowCounts | null> {
  if (config.databaseUrl === null) return null;
  assertSupportedUrl(config.databaseUrl);
  const { storedRowCounts } = await import('./postgres/load-snapshot.js');
  return storedRowCounts(config.databaseUrl);
}

/**
 * Refuses a configured database that holds rows besides a new one's seed, saying what it holds
 * and `advice`. The JSON-file engine is not checked here: its data directory is.
 */
export async function refuseStoredRows(config: Pick<Config, 'databaseUrl'>, advice: string): Promise<void> {
  const counts = await storedRows(config);
  if (config.databaseUrl === null || counts === null || !Object.values(counts).some((count) => count > 0)) return;
  const { databaseNotEmpty } = await import('./postgres/load-snapshot.js');
  const { describeDatabase } = await import('./postgres/connect-error.js');
  throw databaseNotEmpty(describeDatabase(config.databaseUrl), counts, advice);
}
