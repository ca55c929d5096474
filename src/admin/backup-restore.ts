import { chmod, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { syncDirectory, writeFileAtomic } from '../config/atomic-write.js';
import { configFilePath, ensureDataDir } from '../config/data-dir.js';
import { secretFilePath } from '../config/secret.js';
import type { Config } from '../config/types.js';
import { AppError } from '../errors.js';
import { type DataDirLock, LOCK_FILE, lockDataDir } from '../storage/lock.js';
import { RESTORE_MARKER } from '../storage/open.js';
import { writeSnapshot } from '../storage/restore.js';
import { type Backup, readBackupFile } from './backup-read.js';

/** Where and how to restore. */
export interface RestoreOptions {
  config: Pick<Config, 'dataDir' | 'databaseUrl'>;
  /** Replace the database, config.json and secret of a non-empty data directory. */
  force: boolean;
}

/** What a restore did. */
export interface RestoreResult {
  dataDir: string;
  backupCreatedAt: string;
  counts: Record<string, number>;
  secretSource: Backup['header']['secretSource'];
  /** Entries that were in the directory before (only with force). */
  replaced: string[];
}

/**
 * `feedbackd restore`: checks the whole file first, then, holding the data dir lock (so no server
 * can start meanwhile), writes the secret, config.json and the database durably into an empty
 * directory, or a non-empty one with `force`.
 */
export async function restoreBackup(file: string, options: RestoreOptions): Promise<RestoreResult> {
  const backup = await readBackupFile(file, options.config);
  const { dataDir } = options.config;
  await ensureDataDir(dataDir);
  const lock = await lockForRestore(dataDir);
  try {
    const existing = await entriesBesidesLock(dataDir);
    if (existing.length > 0 && !options.force) throw notEmpty(dataDir, existing);
    await writeRestoredFiles(options.config, backup);
    const { header } = backup;
    return { dataDir, backupCreatedAt: header.createdAt, counts: header.counts, secretSource: header.secretSource, replaced: existing };
  } finally {
    await lock.release();
  }
}

async function writeRestoredFiles(config: RestoreOptions['config'], backup: Backup): Promise<void> {
  const { dataDir } = config;
  const marker = join(dataDir, RESTORE_MARKER);
  await writeFile(marker, `restore started ${new Date().toISOString()}\n`, { mode: 0o600, flush: true });
  await syncDirectory(dataDir);
  await chmod(dataDir, 0o700);
  await replaceOrRemove(secretFilePath(dataDir), backup.header.secret === null ? null : `${backup.header.secret}\n`);
  const { configFile } = backup.header;
  await replaceOrRemove(configFilePath(dataDir), configFile === null ? null : `${JSON.stringify(configFile, null, 2)}\n`);
  await writeSnapshot(config, backup.snapshot);
  await rm(marker, { force: true });
  await syncDirectory(dataDir);
}

/** Writes the file atomically with mode 0600, or removes it when there is nothing to write. */
async function replaceOrRemove(path: string, text: string | null): Promise<void> {
  if (text === null) await rm(path, { force: true });
  else await writeFileAtomic(path, text, 0o600);
}

async function lockForRestore(dataDir: string): Promise<DataDirLock> {
  try {
    return await lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof AppError && error.code === 'DATA_DIR_LOCKED') {
      throw new AppError('DATA_DIR_LOCKED', `${error.message}: stop it before restoring (nothing was changed)`, 500);
    }
    throw error;
  }
}

async function entriesBesidesLock(dataDir: string): Promise<string[]> {
  return (await readdir(dataDir)).filter((name) => name !== LOCK_FILE).sort();
}

function notEmpty(dataDir: string, entries: string[]): AppError {
  const shown = entries.length > 5 ? `${entries.slice(0, 5).join(', ')}, …` : entries.join(', ');
  const unfinished = entries.includes(RESTORE_MARKER) ? ' An earlier restore did not finish.' : '';
  return new AppError(
    'DATA_DIR_NOT_EMPTY',
    `Data directory ${dataDir} is not empty (${shown}).${unfinished} Restore into an empty or new directory, ` +
      'or add --force to replace its database, config.json and secret (nothing was changed)',
    409,
  );
}
