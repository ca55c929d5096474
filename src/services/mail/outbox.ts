import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

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
  // Mail holds live tokens: the directory is private to the owner, like the rest of the data dir.
  await mkdir(dir, { recursive: true, mode: 0o700 });
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
