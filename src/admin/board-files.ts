import { chmod, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { syncDirectory, writeFileAtomic } from '../config/atomic-write.js';
import { configFilePath } from '../config/data-dir.js';
import { secretFilePath } from '../config/secret.js';
import type { Config } from '../config/types.js';
import { AppError } from '../errors.js';
import { recordStorageOf } from '../storage/data-dir-record.js';
import { type DataDirLock, LOCK_FILE, lockDataDir } from '../storage/lock.js';
import { RESTORE_MARKER } from '../storage/open.js';
import { type WriteSnapshotOptions, writeSnapshot } from '../storage/restore.js';
import type { DatabaseSnapshot } from '../storage/types.js';

/*
 * Writing a whole board into a data directory, as restore and migrate-data do: the signing
 * secret, config.json and the database, under the directory's lock.
 */

/** What a board is made of. */
export interface BoardFiles {
  /** The key for `<data>/secret`; null = no file (FEEDBACKD_SECRET is used, or a new key is made at the next start). */
  secret: string | null;
  /** config.json's values; null = no file. */
  configFile: Record<string, unknown> | null;
  snapshot: DatabaseSnapshot;
}

/**
 * Writes the board durably into `config.dataDir` (the caller holds its lock) and the storage the
 * config names, and records that storage as the directory's (data-dir-record.ts). A marker file is written first and removed last: a data directory whose writing was
 * cut off is refused by serve instead of being served half-written.
 */
export async function writeBoardFiles(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  files: BoardFiles,
  options?: WriteSnapshotOptions,
): Promise<void> {
  const { dataDir } = config;
  const marker = join(dataDir, RESTORE_MARKER);
  await writeFile(marker, `restore started ${new Date().toISOString()}\n`, { mode: 0o600, flush: true });
  await syncDirectory(dataDir);
  await chmod(dataDir, 0o700);
  await replaceOrRemove(secretFilePath(dataDir), files.secret === null ? null : `${files.secret}\n`);
  const { configFile } = files;
  await replaceOrRemove(configFilePath(dataDir), configFile === null ? null : `${JSON.stringify(configFile, null, 2)}\n`);
  await writeSnapshot(config, files.snapshot, options);
  // The directory belongs to the storage the board was written into: a start with another is refused.
  await recordStorageOf(config);
  await rm(marker, { force: true });
  await syncDirectory(dataDir);
}

/**
 * config.json's values for a board written into the storage `databaseUrl` names: a `databaseUrl`
 * key names that target (or is left out for the JSON-file database), since one naming the old
 * database would make serve read that instead of the copy. Null when nothing is left.
 */
export function configFollowingTarget(
  values: Record<string, unknown> | null,
  databaseUrl: string | null,
): Record<string, unknown> | null {
  if (values === null || !('databaseUrl' in values)) return values;
  const { databaseUrl: _old, ...rest } = values;
  if (databaseUrl !== null) return { ...rest, databaseUrl };
  return Object.keys(rest).length === 0 ? null : rest;
}

/** Writes the file atomically with mode 0600, or removes it when there is nothing to write. */
async function replaceOrRemove(path: string, text: string | null): Promise<void> {
  if (text === null) await rm(path, { force: true });
  else await writeFileAtomic(path, text, 0o600);
}

/** Takes the data directory's lock; one held by a running process is refused with `doing` (`restoring`) in the advice. */
export async function lockToWrite(dataDir: string, doing: string): Promise<DataDirLock> {
  try {
    return await lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof AppError && error.code === 'DATA_DIR_LOCKED') {
      throw new AppError('DATA_DIR_LOCKED', `${error.message}: stop it before ${doing} (nothing was changed)`, 500);
    }
    throw error;
  }
}

/** The directory's entries other than the lock file, sorted. */
export async function entriesBesidesLock(dataDir: string): Promise<string[]> {
  return (await readdir(dataDir)).filter((name) => name !== LOCK_FILE).sort();
}

/** `a, b, c, d, e, …`: the first entries of a directory, for a message. */
export function someEntries(entries: readonly string[]): string {
  return entries.length > 5 ? `${entries.slice(0, 5).join(', ')}, …` : entries.join(', ');
}
