import { once } from 'node:events';
import { type FileHandle, open, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isScratchFile, STDOUT } from '../../admin/output-args.js';
import { writeStreamDurably } from '../../admin/backup-file-writer.js';
import { AppError } from '../../errors.js';
import type { CliRun, TextSink } from '../io.js';
import type { OutputChoice } from './file-output.js';

/*
 * A backup or export is written by the operation (the running server when there is one) as a
 * scratch file in the data directory, the one place a server confined by systemd can write; this
 * process then takes it to where the operator asked, with the operator's own rights: the file is
 * theirs, lands outside the service's private /tmp, and a failure is this process's own error.
 */

/** Where an operation's scratch file ends up: standard output or the operator's --out; the file and its size there. */
export async function deliver(scratch: string, output: OutputChoice, run: CliRun): Promise<{ file: string; bytes?: number }> {
  if (output.out === STDOUT) {
    await copyToStdout(scratch, output.dataDir, run.io.stdout);
    return { file: STDOUT };
  }
  return { file: output.out, bytes: await deliverToFile(scratch, output.dataDir, output.out, output.force) };
}

/** Copies the scratch file to `stdout`. */
export async function copyToStdout(file: string, dataDir: string, stdout: TextSink): Promise<void> {
  const handle = await claimScratch(file, dataDir);
  try {
    for await (const text of handle.createReadStream({ encoding: 'utf8', autoClose: false })) await write(stdout, text as string);
  } finally {
    await handle.close();
  }
}

/** Writes the scratch file to `target` durably (gzipped for a `.gz` name); returns the bytes written. */
export async function deliverToFile(file: string, dataDir: string, target: string, force: boolean): Promise<number> {
  const handle = await claimScratch(file, dataDir);
  try {
    return await writeStreamDurably(target, handle.createReadStream({ autoClose: false }), { replace: force });
  } catch (error) {
    throw cannotWrite(target, error);
  } finally {
    await handle.close();
  }
}

/** Removes the scratch file without delivering it (it failed a check). */
export async function discardScratch(file: string, dataDir: string): Promise<void> {
  await (await claimScratch(file, dataDir)).close();
}

/**
 * Opens the scratch file and removes its name at once, so nothing is left in the data directory
 * even when the copy fails. The path comes back from the server: only a scratch file of this data
 * directory is taken.
 */
async function claimScratch(file: string, dataDir: string): Promise<FileHandle> {
  if (!isScratchFile(file) || !(await isSameDirectory(dirname(file), dataDir))) {
    throw new Error(`the server wrote ${file}, not a scratch file of ${dataDir}`);
  }
  const handle = await open(file, 'r');
  await unlink(file);
  return handle;
}

/** The server may spell the data directory another way (a symbolic link): compared by device and inode. */
async function isSameDirectory(first: string, second: string): Promise<boolean> {
  const [a, b] = await Promise.all([stat(first), stat(second)]);
  return a.dev === b.dev && a.ino === b.ino;
}

/** Writes and, when the sink is a stream that asks for it, waits until it drains. */
async function write(sink: TextSink, text: string): Promise<void> {
  const stream = sink as Partial<NodeJS.WritableStream>;
  if (sink.write(text) === false && typeof stream.once === 'function') await once(stream as NodeJS.WritableStream, 'drain');
}

const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'no space left on the device',
  EROFS: 'the file system is read-only',
  EDQUOT: 'the disk quota is used up',
  ENOENT: 'the directory no longer exists',
};

/** The operator's own refusal (an AppError from the path checks) as it is; a system error named in words. */
function cannotWrite(target: string, error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (!code) return error;
  const reason = REASONS[code] ?? (error as Error).message;
  return new AppError('OUTPUT_WRITE_FAILED', `Cannot write ${target}: ${reason} (${code}); nothing was written`, 500);
}
