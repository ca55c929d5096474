import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Config } from '../config/types.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { RowsWritten } from '../storage/lowdb/snapshot-file.js';
import { isPostgresUrl, openStorage } from '../storage/open.js';
import { withoutPassword } from '../storage/postgres/connect-error.js';
import { refuseStoredRows, writeSnapshot } from '../storage/restore.js';
import { countRows, type RowCounts, snapshotCounts } from '../storage/row-counts.js';
import type { DatabaseSnapshot, Storage } from '../storage/types.js';
import { boardFilesOf, refuseUsedDirectory, type SecretSource, sourceSecret, writeBoardDirectory } from './migrate-data-directory.js';

/** Where `migrate-data` copies to: a PostgreSQL database, or a new JSON-file data directory. */
export type MigrateTarget = { kind: 'postgres'; url: string } | { kind: 'directory'; dir: string };

/** How far the copy is: rows written of all tables, and the table being written. */
export interface MigrateProgress {
  table: string;
  done: number;
  total: number;
}

/** What to copy where. */
export interface MigrateDataOptions {
  /** The source: the storage this configuration names (its data directory, or its database URL). */
  source: Config;
  /** A postgres:// or postgresql:// URL, or a directory path (relative to the working directory). */
  to: string;
  logger: Logger;
  onProgress?(progress: MigrateProgress): void;
}

/** What was copied. */
export interface MigrateDataResult {
  kind: MigrateTarget['kind'];
  /** The database URL without its password, or the directory's absolute path. */
  target: string;
  /** Rows per table, as counted in the target after the copy. */
  counts: RowCounts;
  /** Where the copy's token-signing key is: the data directory's secret file, FEEDBACKD_SECRET, or none yet. */
  secretSource: SecretSource;
  /** Directory target: the source's config.json was copied into it (without `databaseUrl`). */
  configCopied: boolean;
}

/** `--to` as a target; anything that looks like a URL of another kind is refused. */
export function parseTarget(to: string): MigrateTarget {
  if (isPostgresUrl(to)) return { kind: 'postgres', url: to };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(to)?.[1];
  if (to.trim() === '' || scheme !== undefined) {
    // Only the scheme is shown: the rest of a URL may hold a password.
    const shown = scheme === undefined ? JSON.stringify(to) : `"${scheme}://…"`;
    throw new AppError('MIGRATE_TARGET_INVALID', `--to ${shown} is neither a PostgreSQL URL (postgres://…) nor a directory path`, 400);
  }
  return { kind: 'directory', dir: resolve(to) };
}

/**
 * `feedbackd migrate-data`: copies every table of the configured storage, with the same ids and
 * the settings, into an empty PostgreSQL database or a new data directory, then checks the copy
 * by opening it and counting its rows. The source is opened directly (a JSON-file source is
 * locked meanwhile, so a running server is refused) and never written.
 */
export async function migrateData(options: MigrateDataOptions): Promise<MigrateDataResult> {
  const { source, logger } = options;
  const target = parseTarget(options.to);
  refuseSameStorage(source, target);
  const storage = await openSource(source, logger);
  let written: Omit<MigrateDataResult, 'counts'>;
  let snapshot: DatabaseSnapshot;
  try {
    await refuseUsedTarget(target, source.dataDir);
    snapshot = await storage.snapshot();
    written = await writeTarget(source, target, snapshot, overallProgress(snapshot, options.onProgress));
  } finally {
    await storage.close();
  }
  const counts = await verifyCopy(targetConfig(source, target), snapshot, written.target, logger);
  return { ...written, counts };
}

async function writeTarget(source: Config, target: MigrateTarget, snapshot: DatabaseSnapshot, onRows?: RowsWritten) {
  if (target.kind === 'postgres') {
    await writeSnapshot({ dataDir: source.dataDir, databaseUrl: target.url }, snapshot, { replace: false, onRows });
    // The board keeps its data directory (secret, config.json): only the database moves.
    const { from } = await sourceSecret(source);
    return { kind: target.kind, target: withoutPassword(target.url), secretSource: from, configCopied: false };
  }
  const { files, secretFrom } = await boardFilesOf(source, snapshot);
  await writeBoardDirectory(target.dir, files, onRows);
  return { kind: target.kind, target: target.dir, secretSource: secretFrom, configCopied: files.configFile !== null };
}

function refuseSameStorage(source: Config, target: MigrateTarget): void {
  const same =
    target.kind === 'directory'
      ? source.databaseUrl === null && resolve(source.dataDir) === target.dir
      : source.databaseUrl !== null && sameDatabase(source.databaseUrl, target.url);
  if (!same) return;
  const shown = target.kind === 'directory' ? target.dir : withoutPassword(target.url);
  throw new AppError('MIGRATE_TARGET_IS_SOURCE', `--to names the source itself (${shown}): copy into another ${target.kind === 'directory' ? 'directory' : 'database'}`, 400);
}

function sameDatabase(first: string, second: string): boolean {
  const normal = (url: string) => withoutPassword(url).replace(/^postgresql:/i, 'postgres:');
  return normal(first) === normal(second);
}

/** Opens the source; a data directory held by a running server is refused with what to do. */
async function openSource(config: Config, logger: Logger): Promise<Storage> {
  try {
    return await openStorage(config, logger);
  } catch (error) {
    if (error instanceof AppError && error.code === 'DATA_DIR_LOCKED') {
      const advice = 'stop the server first: migrate-data copies a stopped board, so that no write made meanwhile is left behind (nothing was written)';
      throw new AppError('DATA_DIR_LOCKED', `${error.message}: ${advice}`, error.status);
    }
    throw error;
  }
}

/** Checked before the source is read, so a refusal is quick; the writing checks again. */
async function refuseUsedTarget(target: MigrateTarget, sourceDataDir: string): Promise<void> {
  if (target.kind === 'directory') return refuseUsedDirectory(target.dir, sourceDataDir);
  await refuseStoredRows({ databaseUrl: target.url }, 'Copy into a new, empty database (nothing was written)');
}

function targetConfig(source: Config, target: MigrateTarget): Config {
  return target.kind === 'postgres' ? { ...source, databaseUrl: target.url } : { ...source, dataDir: target.dir, databaseUrl: null };
}

/** Per-table progress as progress over every row of the snapshot. */
function overallProgress(snapshot: DatabaseSnapshot, report?: (progress: MigrateProgress) => void): RowsWritten | undefined {
  if (!report) return undefined;
  const sum = (counts: Iterable<number>) => [...counts].reduce((a, b) => a + b, 0);
  const total = sum(Object.values(snapshotCounts(snapshot.tables)));
  const done = new Map<string, number>();
  return (table, written) => {
    done.set(table, written);
    report({ table, done: sum(done.values()), total });
  };
}

/** Opens the copy as serve would and compares its row counts and settings with the snapshot's. */
async function verifyCopy(config: Config, snapshot: DatabaseSnapshot, shown: string, logger: Logger): Promise<RowCounts> {
  // Claimed: the data directory belongs to the copy from now on (to PostgreSQL when the rows moved there).
  const storage = await openStorage(config, logger, undefined, { claim: true });
  try {
    const counts = await countRows(storage);
    for (const [name, expected] of Object.entries(snapshotCounts(snapshot.tables))) {
      if (counts[name] !== expected) throw verifyFailed(shown, `${name} has ${counts[name]} rows where the source has ${expected}`);
    }
    if (!isDeepStrictEqual(await storage.settings.get(), snapshot.settings)) {
      throw verifyFailed(shown, 'its settings differ from the source');
    }
    return counts;
  } finally {
    await storage.close();
  }
}

function verifyFailed(shown: string, problem: string): AppError {
  return new AppError('MIGRATE_VERIFY_FAILED', `The copy in ${shown} does not match the source: ${problem}. Do not serve it; empty it and try again`, 500);
}
