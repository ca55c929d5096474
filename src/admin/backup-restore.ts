import { ensureDataDir } from '../config/data-dir.js';
import type { Config } from '../config/types.js';
import { AppError } from '../errors.js';
import { RESTORE_MARKER } from '../storage/open.js';
import { withoutPassword } from '../storage/postgres/connect-error.js';
import { refuseStoredRows, storedRows } from '../storage/restore.js';
import { type Backup, readBackupFile } from './backup-read.js';
import { configFollowingTarget, entriesBesidesLock, lockToWrite, someEntries, writeBoardFiles } from './board-files.js';

/** Where and how to restore. */
export interface RestoreOptions {
  config: Pick<Config, 'dataDir' | 'databaseUrl'>;
  /** Replace the database, config.json and secret of a non-empty data directory, and every row of a PostgreSQL database. */
  force: boolean;
}

/** What a restore did. */
export interface RestoreResult {
  dataDir: string;
  /** The PostgreSQL database the rows went into (URL without its password); null = the data directory's JSON files. */
  database: string | null;
  backupCreatedAt: string;
  counts: Record<string, number>;
  secretSource: Backup['header']['secretSource'];
  /** Entries that were in the directory before (only with force). */
  replaced: string[];
}

/**
 * `feedbackd restore`: checks the whole file first, then, holding the data dir lock (so no server
 * can start meanwhile), writes the secret, config.json and the database durably into an empty
 * directory, or a non-empty one with `force`. With a database URL the rows go into that database:
 * an empty one, or with `force` one whose rows are all replaced, in one transaction.
 */
export async function restoreBackup(file: string, options: RestoreOptions): Promise<RestoreResult> {
  const backup = await readBackupFile(file, options.config);
  const { dataDir, databaseUrl } = options.config;
  // A database is reached (and, without force, found empty) before any file is written.
  if (options.force) await storedRows(options.config);
  else await refuseStoredRows(options.config, 'Restore into an empty database, or add --force to replace all its rows (nothing was changed)');
  await ensureDataDir(dataDir);
  const lock = await lockToWrite(dataDir, 'restoring');
  try {
    const existing = await entriesBesidesLock(dataDir);
    if (existing.length > 0 && !options.force) throw notEmpty(dataDir, existing);
    const { header, snapshot } = backup;
    const configFile = configFollowingTarget(header.configFile, databaseUrl);
    await writeBoardFiles(options.config, { secret: header.secret, configFile, snapshot }, { replace: options.force });
    const database = databaseUrl === null ? null : withoutPassword(databaseUrl);
    return { dataDir, database, backupCreatedAt: header.createdAt, counts: header.counts, secretSource: header.secretSource, replaced: existing };
  } finally {
    await lock.release();
  }
}

function notEmpty(dataDir: string, entries: string[]): AppError {
  const unfinished = entries.includes(RESTORE_MARKER) ? ' An earlier restore did not finish.' : '';
  return new AppError(
    'DATA_DIR_NOT_EMPTY',
    `Data directory ${dataDir} is not empty (${someEntries(entries)}).${unfinished} Restore into an empty or new directory, ` +
      'or add --force to replace its database, config.json and secret (nothing was changed)',
    409,
  );
}
