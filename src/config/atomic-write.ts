import { randomBytes } from 'node:crypto';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** fsync a directory, so that a rename or a new name inside it survives a crash. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A fresh, unguessable temp name next to `path` (same filesystem, so rename/link are atomic). */
export function tempPathFor(path: string): string {
  return `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/** Replaces `path` with `data` all at once: temp file, fsync, rename, fsync of the directory. */
export async function writeFileAtomic(path: string, data: string, mode: number): Promise<void> {
  const temp = tempPathFor(path);
  try {
    await writeFile(temp, data, { mode, flag: 'wx', flush: true });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dirname(path));
}
