import { lstat, open, rename, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { syncDirectory, tempPathFor } from '../config/atomic-write.js';
import { refuseExistingFile } from '../config/output-target.js';

/** Rows are serialised into pieces of about this many characters, so a big file never stalls a serving process. */
const PIECE_CHARS = 256 * 1024;

/** A JSON file made of header fields followed by (possibly long) lists of rows. */
export interface JsonFileContent {
  /** Top-level fields written first, in this order (a reader sees the format and version at once). */
  head: object;
  lists: Readonly<Record<string, readonly unknown[]>>;
  /** Put the lists inside one object under this key (`"tables": {…}`) instead of at the top level. */
  listsKey?: string;
}

/** True when the file name asks for gzip compression (`.gz`). */
export function isGzipName(path: string): boolean {
  return path.endsWith('.gz');
}

/** How a file may be written. */
export interface WriteOptions {
  /** An existing regular file at the path may be replaced (`--force`); anything else there never is. */
  replace: boolean;
}

/**
 * Writes the content to `path` durably and all at once: a temp file beside it (mode 0600, it may
 * hold secrets), fsync, rename, fsync of the directory. gzip-compressed when the name ends in `.gz`.
 * A failure leaves no temp file and whatever was at `path` untouched. Returns the size in bytes.
 */
export function writeJsonFileDurably(path: string, content: JsonFileContent, options: WriteOptions = { replace: false }): Promise<number> {
  return writeStreamDurably(path, Readable.from(jsonPieces(content)), options);
}

/** As writeJsonFileDurably, for content that is already a stream (a file copied out of the data directory). */
export async function writeStreamDurably(path: string, source: Readable, options: WriteOptions = { replace: false }): Promise<number> {
  const temp = tempPathFor(path);
  try {
    const file = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    await (isGzipName(path) ? pipeline(source, createGzip(), file) : pipeline(source, file));
    const bytes = await syncFile(temp);
    // Checked again at the last moment: a big backup takes a while, and the rename replaces anything.
    await refuseExistingFile(path, await lstat(path).catch(() => null), { flag: '--out', force: options.replace });
    await rename(temp, path);
    await syncDirectory(dirname(path));
    return bytes;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function syncFile(path: string): Promise<number> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}

/** The JSON text, piece by piece: header fields, then each list a few hundred KiB at a time. */
async function* jsonPieces({ head, lists, listsKey }: JsonFileContent): AsyncGenerator<string> {
  const headText = JSON.stringify(head);
  yield `${headText.slice(0, -1)}${headText === '{}' ? '' : ','}`;
  if (listsKey !== undefined) yield `${JSON.stringify(listsKey)}:{`;
  let separator = '';
  for (const [name, rows] of Object.entries(lists)) {
    yield* listPieces(`${separator}${JSON.stringify(name)}:[`, rows);
    separator = ',';
  }
  yield listsKey === undefined ? '}\n' : '}}\n';
}

async function* listPieces(opening: string, rows: readonly unknown[]): AsyncGenerator<string> {
  let piece = opening;
  for (let i = 0; i < rows.length; i++) {
    piece += (i === 0 ? '' : ',') + JSON.stringify(rows[i]);
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}]`;
}
