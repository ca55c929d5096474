import { randomBytes } from 'node:crypto';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { redactCredentials } from '../config/redact.js';
import { AppError } from '../errors.js';
import { hasErrorCode } from './lowdb/fs-durable.js';
import { currentBootId, currentIdentity, mayBeFeedbackd, pidExists, startTicksOf } from './process-identity.js';

/** Name of the lock file in the data directory. */
export const LOCK_FILE = 'feedbackd.lock';

/** The exclusive hold of one data directory; release() gives it up. */
export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

/**
 * What the lock file records about its holder. `bootId` and `startTicks` (Linux only) tell the
 * holder from a later process that got the same pid; lock files of older versions lack them.
 */
export interface LockHolder {
  pid: number;
  startedAt: string;
  command: string;
  bootId?: string;
  startTicks?: number;
}

/** Directories this process holds: a second open in the same process must fail too (its pid is alive). */
const heldHere = new Set<string>();

/** A lock file is written right after it is created; an unreadable one gets this long to become readable. */
const UNREADABLE_PATIENCE_MS = 500;

/**
 * Takes the data directory for this process: creates `feedbackd.lock` exclusively. A lock held by
 * a live process is refused with a message naming it; one left by a dead process is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  const path = join(dir, LOCK_FILE);
  if (heldHere.has(dir)) throw lockedError(dir, (await readHolder(path))?.holder ?? currentHolder());
  heldHere.add(dir); // before any await, so that two opens racing in this process cannot both pass
  try {
    return await takeLockFile(dir, path);
  } catch (error) {
    heldHere.delete(dir);
    throw error;
  }
}

async function takeLockFile(dir: string, path: string): Promise<DataDirLock> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const mine = `${JSON.stringify(currentHolder())}\n`;
    if (await createExclusive(path, mine)) return { path, release: () => releaseLock(dir, path, mine) };
    const found = await readHolder(path);
    if (!found) continue;
    if (found.holder && isHeldByOther(found.holder)) throw lockedError(dir, found.holder);
    await takeOverStale(path, found.text);
  }
  throw new AppError('DATA_DIR_LOCKED', `Could not lock data directory ${dir}: ${path} keeps changing`, 500);
}

function currentHolder(): LockHolder {
  return { pid: process.pid, startedAt: new Date().toISOString(), command: redactCredentials(process.argv.slice(1).join(' ')), ...currentIdentity() };
}

function lockedError(dir: string, holder: LockHolder): AppError {
  return new AppError(
    'DATA_DIR_LOCKED',
    `Data directory ${dir} is in use by process ${holder.pid} (${redactCredentials(holder.command)}, started ${holder.startedAt})`,
    500,
  );
}

async function createExclusive(path: string, text: string): Promise<boolean> {
  try {
    await writeFile(path, text, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if (hasErrorCode(error, 'EEXIST')) return false;
    throw error;
  }
}

/** The lock file's text and holder (undefined holder: unreadable even after waiting); undefined when gone. */
async function readHolder(path: string): Promise<{ text: string; holder?: LockHolder } | undefined> {
  const deadline = Date.now() + UNREADABLE_PATIENCE_MS;
  for (;;) {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if (hasErrorCode(error, 'ENOENT')) return undefined;
      throw error;
    }
    const holder = parseHolder(text);
    if (holder || Date.now() >= deadline) return { text, holder };
    await sleep(25);
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isSafeInteger(value.pid) || (value.pid as number) <= 0) return undefined;
    const holder: LockHolder = { pid: value.pid as number, startedAt: String(value.startedAt), command: String(value.command) };
    // Both or neither: half an identity cannot tell the holder from a newcomer with its pid.
    if (typeof value.bootId === 'string' && Number.isSafeInteger(value.startTicks)) {
      return { ...holder, bootId: value.bootId, startTicks: value.startTicks as number };
    }
    return holder;
  } catch {
    return undefined;
  }
}

/** The holder the lock file in `dataDir` names; undefined when there is none or it cannot be read. */
export async function readLockHolder(dataDir: string): Promise<LockHolder | undefined> {
  const text = await readFile(join(dataDir, LOCK_FILE), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : parseHolder(text);
}

/**
 * Whether the process a lock file names still runs. On Linux it must be the very process that
 * wrote the lock: same boot, same pid, same start time. Without /proc the pid is all there is.
 */
export function isHolderAlive(holder: LockHolder): boolean {
  if (!pidExists(holder.pid)) return false;
  const bootId = currentBootId();
  if (bootId === undefined) return true;
  // A lock file from before identities were recorded: a live pid counts only if it may be feedbackd.
  if (holder.bootId === undefined || holder.startTicks === undefined) return mayBeFeedbackd(holder.pid) ?? true;
  if (holder.bootId !== bootId) return false;
  const started = startTicksOf(holder.pid);
  // Not shown (hidepid, or it just exited): it holds the lock as long as its pid exists.
  return started === undefined ? pidExists(holder.pid) : started === holder.startTicks;
}

/** Our own pid counts as free here: we do not hold the directory (heldHere), so a lock with our pid is a leftover. */
function isHeldByOther(holder: LockHolder): boolean {
  return holder.pid !== process.pid && isHolderAlive(holder);
}

/**
 * Moves a stale lock aside atomically, then checks it really is the stale one: if another process
 * took the lock over in between, its live lock is put back and the next attempt refuses.
 */
async function takeOverStale(path: string, staleText: string): Promise<void> {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT')) return;
    throw error;
  }
  const moved = await readFile(aside, 'utf8');
  if (moved !== staleText) await link(aside, path).catch(() => undefined);
  await unlink(aside);
}

async function releaseLock(dir: string, path: string, mine: string): Promise<void> {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === mine) await unlink(path).catch(() => undefined);
  heldHere.delete(dir); // only now: an open in this process must not mistake our file for a leftover
}
