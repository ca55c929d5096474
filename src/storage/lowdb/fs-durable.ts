import { constants } from 'node:fs';
import { type FileHandle, mkdir, open, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** Mode of every file the storage creates: owner read/write only. */
export const FILE_MODE = 0o600;

/** Mode of a data directory the storage creates. */
export const DIR_MODE = 0o700;

/** Makes a directory's entries (created, renamed, removed files) durable. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes a file; a file that is already gone is fine. */
export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** True when `error` is a Node system error with this code. */
export function hasErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/** Writes all of `data` at the handle's position (a single write may be partial). */
export async function writeFully(handle: FileHandle, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    offset += bytesWritten;
  }
}

/** Creates the directory (and missing parents) with DIR_MODE, making each new entry durable in its parent. */
export async function ensureDir(dir: string): Promise<void> {
  const firstCreated = await mkdir(dir, { recursive: true, mode: DIR_MODE });
  if (firstCreated === undefined) return;
  const top = dirname(resolve(firstCreated));
  for (let current = resolve(dir); current !== top; current = dirname(current)) {
    await fsyncDir(dirname(current));
  }
}

/** Bytes the disk must take before storage counts as writable again after a failed write. */
const PROBE_BYTES = 64 * 1024;

/** Throws unless `dir` takes a durable write of PROBE_BYTES now (the file is removed again). */
export async function probeWritable(dir: string): Promise<void> {
  const path = join(dir, 'write-probe.tmp');
  try {
    const handle = await open(path, 'w', FILE_MODE);
    try {
      await writeFully(handle, Buffer.alloc(PROBE_BYTES));
      await handle.datasync();
    } finally {
      await handle.close();
    }
  } finally {
    await removeFile(path).catch(() => undefined);
  }
}
