import { once } from 'node:events';
import { open, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isScratchFile } from '../../admin/output-args.js';
import type { TextSink } from '../io.js';

/**
 * Copies the file an operation wrote for `--out -` to `stdout`, and removes it from the data
 * directory before copying, so that nothing is left there even when the copy fails. The path comes
 * back from the server: only a scratch file of this data directory is taken.
 */
export async function copyToStdout(file: string, dataDir: string, stdout: TextSink): Promise<void> {
  if (!isScratchFile(file) || !(await isSameDirectory(dirname(file), dataDir))) {
    throw new Error(`the server wrote ${file}, not a scratch file of ${dataDir}`);
  }
  const handle = await open(file, 'r');
  try {
    await unlink(file);
    for await (const text of handle.createReadStream({ encoding: 'utf8', autoClose: false })) await write(stdout, text as string);
  } finally {
    await handle.close();
  }
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
