import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/types.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import { openLowdbStorage } from './lowdb/lowdb-storage.js';
import { assertJsonFileBelongs, assertPostgresBelongs, keepDatabaseRecord } from './data-dir-record.js';
import { holdsJsonFileData } from './json-file-data.js';
import { type PostgresRecord, readPostgresRecord } from './postgres/identity.js';
import type { Queryable } from './postgres/queryable.js';
import type { BeforeUpgrade, Storage } from './types.js';

/** How storage is opened. */
export interface OpenOptions {
  /**
   * The data directory is to belong to this storage from now on, whatever it belonged to
   * (migrate-data, restore, init --force): its record is rewritten instead of being checked.
   */
  claim?: boolean;
}

/**
 * Opens the storage engine the configuration names: the JSON-file database unless a database URL
 * is set. Refused when the data directory belongs to another storage (see data-dir-record.ts).
 */
export async function openStorage(config: Config, logger: Logger, beforeUpgrade?: BeforeUpgrade, options: OpenOptions = {}): Promise<Storage> {
  const url = config.databaseUrl;
  if (url === null) {
    await refuseUnfinishedRestore(config.dataDir);
    if (!options.claim) await assertJsonFileBelongs(config.dataDir);
    const storage = await openLowdbStorage(config, logger, beforeUpgrade);
    return recordedOrClosed(storage, () => keepDatabaseRecord(config.dataDir, { engine: 'lowdb' }));
  }
  assertSupportedUrl(url);
  const binding = databaseBinding(config.dataDir, url, options);
  const { openPostgresStorage } = await import('./postgres/postgres-storage.js');
  const storage = await openPostgresStorage(config, logger, beforeUpgrade, binding.check);
  return recordedOrClosed(storage, binding.keep);
}

/** The storage once the data directory records it; closed again when the record cannot be written. */
async function recordedOrClosed(storage: Storage, record: () => Promise<void>): Promise<Storage> {
  try {
    await record();
    return storage;
  } catch (error) {
    await storage.close();
    throw error;
  }
}

/**
 * The check of a PostgreSQL open, run on the database before any migration, and `keep()`, which
 * records the database in the data directory once it is open.
 */
export function databaseBinding(dataDir: string, url: string, options: OpenOptions = {}) {
  let found: PostgresRecord | undefined;
  return {
    check: async (db: Queryable): Promise<void> => {
      found = await readPostgresRecord(db, url);
      if (!options.claim) await assertPostgresBelongs(dataDir, found, () => holdsJsonFileData(dataDir));
    },
    keep: async (): Promise<void> => {
      if (found) await keepDatabaseRecord(dataDir, found);
    },
  };
}

/** True for a URL of the PostgreSQL engine (`postgres://` or `postgresql://`). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** Refuses a database URL no engine takes, naming only its scheme. */
export function assertSupportedUrl(url: string): void {
  if (isPostgresUrl(url)) return;
  throw new AppError(
    'DATABASE_URL_INVALID',
    `Database URL ${describeUrl(url)} is not supported: use a postgres:// or postgresql:// URL, or none for the JSON-file database in the data directory`,
    500,
  );
}

/** Written by `feedbackd restore` before it starts and removed when it is done (src/admin/backup-restore.ts). */
export const RESTORE_MARKER = 'restore-incomplete';

/** A data directory whose restore was interrupted holds a mix of old and new files: never serve it. */
async function refuseUnfinishedRestore(dataDir: string): Promise<void> {
  try {
    await access(join(dataDir, RESTORE_MARKER));
  } catch {
    return;
  }
  throw new AppError(
    'RESTORE_INCOMPLETE',
    `A restore or migrate-data copy into ${dataDir} did not finish: run feedbackd restore FILE --data ${dataDir} --force again, or delete the directory and run feedbackd migrate-data again`,
    500,
  );
}

/** The URL's scheme only: the rest may hold a password, which must not end up in a message or log. */
function describeUrl(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  return scheme ? `"${scheme}:…"` : '(no scheme)';
}
