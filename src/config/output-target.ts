import type { Stats } from 'node:fs';
import { lstat, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { AppError } from '../errors.js';

/*
 * The one check of every path an operator gives feedbackd to write into (backup and export --out,
 * migrate-data --to): never the data directory or anything in it (a backup written over db.json,
 * a journal or the lock file corrupts the board), never a device, socket, FIFO or directory (a
 * rename over /dev/null as root replaces the device node), never a symbolic link, and an existing
 * file only when the operator asked for it with --force.
 */

/** What a path is checked against. */
export interface OutputRules {
  /** A file to create or replace, or a directory to create or fill. */
  kind: 'file' | 'directory';
  /** feedbackd's data directory: neither it nor anything inside it may be the target. */
  dataDir: string;
  /** The flag that named the path, for messages (`--out`). */
  flag: string;
  /** An existing regular file may be replaced (files only). */
  force?: boolean;
}

/** `a directory`, `a FIFO`, …: what is at a path, for a message. */
export function fileKind(info: Stats): string {
  if (info.isFile()) return 'a regular file';
  if (info.isDirectory()) return 'a directory';
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  if (info.isFIFO()) return 'a FIFO';
  return 'a special file';
}

/**
 * Checks the path the operator gave (resolved against the working directory) and returns it
 * absolute; throws an AppError saying what is wrong and what to do, having touched nothing.
 */
export async function checkOutputPath(given: string, rules: OutputRules): Promise<string> {
  const path = resolve(given);
  if (rules.kind === 'file') await checkFile(path, rules);
  else await checkDirectory(path, rules);
  return path;
}

async function checkFile(path: string, rules: OutputRules): Promise<void> {
  const parent = await realDirectory(dirname(path));
  if (parent === null) throw new AppError('OUTPUT_DIR_MISSING', `Cannot write ${path}: ${dirname(path)} is not a directory`, 400);
  // The parent's real path: a symbolic link (or `..`) into the data directory is caught too.
  const real = join(parent, basename(path));
  await refuseInsideDataDir(path, real, true, rules);
  await refuseExistingFile(path, await lstat(real).catch(() => null), rules);
}

/** Refuses what is at `path` (its lstat, null when nothing is) as the target of a file about to be written. */
export async function refuseExistingFile(path: string, info: Stats | null, rules: Pick<OutputRules, 'flag' | 'force'>): Promise<void> {
  if (info === null) return;
  if (info.isSymbolicLink()) {
    throw notAFile(`Cannot write ${path}: it is a symbolic link: give ${rules.flag} the real path of the file (nothing was written)`);
  }
  if (!info.isFile()) throw notAFile(`Cannot write ${path}: it is ${fileKind(info)}, not a file: give ${rules.flag} a file name (nothing was written)`);
  if (rules.force === true) return;
  throw new AppError('OUTPUT_FILE_EXISTS', `Cannot write ${path}: the file exists: add --force to replace it, or give ${rules.flag} another name (nothing was written)`, 409);
}

async function checkDirectory(path: string, rules: OutputRules): Promise<void> {
  const existing = await deepestExisting(path);
  // Real, so that a symbolic link to a directory inside the data directory is caught too.
  const real = await realpath(existing).catch(() => existing);
  await refuseInsideDataDir(path, real, existing === path, rules);
  const linked = await lstat(path).catch(() => null);
  if (linked === null) return;
  // A data directory reached through a symbolic link is common (/var/lib/feedbackd → a bigger disk).
  const info = await stat(path).catch(() => null);
  if (info === null) throw notAFile(`Cannot write into ${path}: it is a symbolic link to nothing: give ${rules.flag} a directory (nothing was written)`);
  if (!info.isDirectory()) {
    throw notAFile(`Cannot write into ${path}: it is ${fileKind(info)}, not a directory: give ${rules.flag} a new or empty directory (nothing was written)`);
  }
}

/** `start` is the target (or, for a directory still to be made, its nearest existing parent) with real parents. */
async function refuseInsideDataDir(path: string, start: string, startIsTarget: boolean, rules: OutputRules): Promise<void> {
  const found = await dataDirAmongParents(start, rules.dataDir);
  if (found === null) return;
  const what = found === start && startIsTarget ? 'it is the data directory' : `it is inside the data directory ${rules.dataDir}`;
  throw new AppError(
    'OUTPUT_INSIDE_DATA_DIR',
    `Cannot write ${path}: ${what}, which holds feedbackd's own files: give ${rules.flag} a path outside it (nothing was written)`,
    400,
  );
}

/**
 * `path` or the parent of it that is the data directory, or null. Compared by device and inode, so
 * another spelling of the same directory (a symbolic link, a bind mount) is still recognised.
 */
async function dataDirAmongParents(path: string, dataDir: string): Promise<string | null> {
  const home = await stat(dataDir).catch(() => null);
  if (home === null) return null;
  for (let at = path; ; at = dirname(at)) {
    const info = await stat(at).catch(() => null);
    if (info !== null && info.dev === home.dev && info.ino === home.ino) return at;
    if (at === dirname(at)) return null;
  }
}

/** The real path of `dir` when it is a directory, else null. */
async function realDirectory(dir: string): Promise<string | null> {
  const real = await realpath(dir).catch(() => null);
  if (real === null) return null;
  return (await stat(real)).isDirectory() ? real : null;
}

/** `path` itself when it exists, else its nearest existing parent (mkdir -p creates the rest). */
async function deepestExisting(path: string): Promise<string> {
  let at = path;
  while ((await lstat(at).catch(() => null)) === null && at !== dirname(at)) at = dirname(at);
  return at;
}

function notAFile(message: string): AppError {
  return new AppError('OUTPUT_NOT_USABLE', message, 400);
}
