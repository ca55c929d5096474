import { randomUUID } from 'node:crypto';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileKind } from '../../config/output-target.js';

/** `<data>/outbox`, where the outbox transport writes its .eml files (API.md §6.1). */
export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/** `<ISO timestamp with ':' replaced by '-'>-<uuid>.eml` (API.md §6.1). */
export function outboxFileName(now: Date = new Date()): string {
  return `${now.toISOString().replaceAll(':', '-')}-${randomUUID()}.eml`;
}

/**
 * Writes one raw message into the outbox durably and returns its path. The file appears under its
 * final name only once complete (temp file + rename), so a reader never sees half a message.
 */
export async function writeOutboxFile(dir: string, raw: Buffer): Promise<string> {
  await ensureOutboxDir(dir);
  const name = outboxFileName();
  const path = join(dir, name);
  const temp = join(dir, `.${name}.tmp`);
  try {
    await writeSynced(temp, raw);
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  await syncDirectory(dir);
  return path;
}

/**
 * Mail holds live tokens: it goes only into a real directory of the data directory, private to the
 * owner (created 0700). Anything else at that name, a symbolic link to elsewhere included, is refused.
 */
async function ensureOutboxDir(dir: string): Promise<void> {
  const info = await lstat(dir).catch(() => null);
  if (info === null) await mkdir(dir, { recursive: true, mode: 0o700 });
  else if (!info.isDirectory()) {
    throw new Error(`the outbox ${dir} is ${fileKind(info)}, not a directory: move it away, and feedbackd creates the directory there`);
  }
}

async function writeSynced(path: string, data: Buffer): Promise<void> {
  const file = await open(path, 'wx', 0o600);
  try {
    await file.writeFile(data);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** fsync of the directory makes the rename itself survive a crash. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
