import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureDataDir, readConfigFile } from '../config/data-dir.js';
import { checkOutputPath } from '../config/output-target.js';
import { readSecret, secretFilePath } from '../config/secret.js';
import type { Config } from '../config/types.js';
import { AppError } from '../errors.js';
import type { RowsWritten } from '../storage/lowdb/snapshot-file.js';
import { checkSnapshot } from '../storage/restore.js';
import type { DatabaseSnapshot } from '../storage/types.js';
import { type BoardFiles, configFollowingTarget, entriesBesidesLock, lockToWrite, someEntries, writeBoardFiles } from './board-files.js';

/** Where the signing key of the copied board is: a secret file, FEEDBACKD_SECRET, or none yet. */
export type SecretSource = 'file' | 'env' | 'none';

/**
 * Refuses, touching nothing, a target in the source's data directory, one that is not a directory
 * (a file, a FIFO…), and a non-empty directory; a missing one is fine.
 */
export async function refuseUsedDirectory(dir: string, sourceDataDir: string): Promise<void> {
  await checkOutputPath(dir, { kind: 'directory', dataDir: sourceDataDir, flag: '--to' });
  if ((await stat(dir).catch(() => null)) === null) return;
  const entries = (await readdir(dir)).sort();
  if (entries.length > 0) throw directoryNotEmpty(dir, entries);
}

function directoryNotEmpty(dir: string, entries: readonly string[]): AppError {
  return new AppError(
    'DATA_DIR_NOT_EMPTY',
    `The target directory ${dir} is not empty (it holds ${someEntries(entries)}): give --to a new or empty directory (nothing was written)`,
    409,
  );
}

/** The source's signing key (so access tokens stay valid in the copy) and where it comes from. */
export async function sourceSecret(source: Pick<Config, 'dataDir' | 'secret'>): Promise<{ key: string | null; from: SecretSource }> {
  // FEEDBACKD_SECRET wins over the file when serving: the copy needs that variable, not the file.
  if (source.secret !== null) return { key: null, from: 'env' };
  const key = await readSecret(secretFilePath(source.dataDir));
  return { key, from: key === null ? 'none' : 'file' };
}

/** The source's config.json without `databaseUrl`: the copy is served from its directory, not from the database. */
async function sourceConfigFile(dataDir: string): Promise<Record<string, unknown> | null> {
  const file = await readConfigFile(dataDir);
  if (file.problem) throw new AppError('CONFIG_INVALID', file.problem, 500);
  const values = configFollowingTarget(file.values, null);
  return values !== null && Object.keys(values).length > 0 ? values : null;
}

/**
 * Writes the board into `dir` as restore does (mode 0700, files 0600), holding its lock; a
 * directory that gained entries meanwhile is refused. On failure what was written is removed again.
 */
export async function writeBoardDirectory(dir: string, files: BoardFiles, onRows?: RowsWritten): Promise<void> {
  const target = { dataDir: dir, databaseUrl: null };
  // The JSON-file engine's rules (uniqueness…) are checked before anything is written.
  checkSnapshot(target, files.snapshot, 'The copy');
  const created = (await stat(dir).catch(() => null)) === null;
  await ensureDataDir(dir);
  const lock = await lockToWrite(dir, 'copying into it');
  let failed = false;
  try {
    const existing = await entriesBesidesLock(dir);
    if (existing.length > 0) throw directoryNotEmpty(dir, existing);
    try {
      await writeBoardFiles(target, files, { replace: true, onRows });
    } catch (error) {
      failed = true;
      // The directory was empty: everything in it besides the lock is this copy's.
      for (const entry of await entriesBesidesLock(dir)) await rm(join(dir, entry), { recursive: true, force: true });
      throw error;
    }
  } finally {
    await lock.release();
    if (failed && created) await rmdir(dir).catch(() => undefined);
  }
}

/** The snapshot a directory copy is made of, with the source's secret and config.json. */
export async function boardFilesOf(source: Config, snapshot: DatabaseSnapshot): Promise<{ files: BoardFiles; secretFrom: SecretSource }> {
  const secret = await sourceSecret(source);
  return { files: { secret: secret.key, configFile: await sourceConfigFile(source.dataDir), snapshot }, secretFrom: secret.from };
}
