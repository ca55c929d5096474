import type { Config } from '../config/types.js';
import { AppError } from '../errors.js';
import { checkLowdbSnapshot, LOWDB_SCHEMA_VERSION, writeLowdbSnapshot } from './lowdb/snapshot-restore.js';
import type { DatabaseSnapshot } from './types.js';

/** The storage schema version this feedbackd writes; a snapshot with a higher one cannot be restored. */
export const STORAGE_SCHEMA_VERSION = LOWDB_SCHEMA_VERSION;

function assertJsonFileEngine(config: Pick<Config, 'databaseUrl'>): void {
  // Only the JSON-file engine exists so far; PostgreSQL will bring its own restore.
  if (config.databaseUrl !== null) {
    throw new AppError('DATABASE_UNSUPPORTED', 'Restoring into a database URL is not available yet: unset --database', 500);
  }
}

/** Refuses a snapshot the configured engine cannot hold (newer schema, broken rows or uniqueness), touching nothing. */
export function checkSnapshot(config: Pick<Config, 'databaseUrl'>, snapshot: DatabaseSnapshot, where: string): void {
  assertJsonFileEngine(config);
  checkLowdbSnapshot(snapshot, where);
}

/** Replaces the stored database with the snapshot, durably; the caller holds the data dir lock. */
export async function writeSnapshot(config: Pick<Config, 'databaseUrl' | 'dataDir'>, snapshot: DatabaseSnapshot): Promise<void> {
  assertJsonFileEngine(config);
  await writeLowdbSnapshot(config.dataDir, snapshot);
}
