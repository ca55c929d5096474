import type { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { type BrotliOptions, brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';

/** The encodings the API compresses with, best first. */
export type Encoding = 'br' | 'gzip';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli 4: 1–3 % larger than quality 5 or 6 on list answers, in 50–80 % of their time (about
 * 110 µs for a 13 KB page, 1 ms for 54 KB); gzip at zlib's default level for clients without brotli.
 */
function brotliOptions(size?: number): BrotliOptions {
  const params = { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
  return { params: size === undefined ? params : { ...params, [constants.BROTLI_PARAM_SIZE_HINT]: size } };
}

/** Runs on libuv's thread pool, so a large answer never holds up the event loop. */
function compress(encoding: Encoding, bytes: Buffer): Promise<Buffer> {
  return encoding === 'gzip' ? gzipAsync(bytes) : brotliAsync(bytes, brotliOptions(bytes.length));
}

/** A stream that compresses what is written to it, for answers of unknown length. */
export function compressStream(encoding: Encoding): Transform {
  return encoding === 'gzip' ? createGzip() : createBrotliCompress(brotliOptions());
}

interface Entry {
  text: string;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
}

/*
 * Compressed forms of recent answers. Most reads repeat: every visitor of a board gets the same
 * page until a write changes it (the post list is even served from cached JSON, post-fragments.ts).
 * Entries are found by the text's length and used only when the text is the same, so a changed
 * answer (a vote, an edit) is compressed afresh; comparing is a memcmp, where hashing a 13 KB string
 * would cost about 15 µs. One entry per length, at most ENTRIES of them, the least recently used
 * dropped first; texts over MAX_CACHED_TEXT are compressed each time.
 */
const ENTRIES = 256;
const MAX_CACHED_TEXT = 256 * 1024;
const entries = new Map<number, Entry>();

/** `text` compressed with `encoding`, from the cache when it was compressed lately. */
export function compressText(text: string, encoding: Encoding): Promise<Buffer> {
  if (text.length > MAX_CACHED_TEXT) return compress(encoding, Buffer.from(text));
  const entry = recall(text);
  const known = entry.compressed[encoding];
  if (known) return known;
  // The promise is kept, not the result: concurrent requests for a changed page share one compression.
  const pending = compress(encoding, Buffer.from(text));
  entry.compressed[encoding] = pending;
  pending.catch(() => {
    if (entries.get(text.length) === entry) entries.delete(text.length);
  });
  return pending;
}

/** The entry of exactly this text, made when missing; it becomes the most recently used. */
function recall(text: string): Entry {
  let entry = entries.get(text.length);
  if (entry) entries.delete(text.length);
  if (entry?.text !== text) entry = { text, compressed: {} };
  entries.set(text.length, entry);
  if (entries.size > ENTRIES) entries.delete(entries.keys().next().value!);
  return entry;
}

/** `bytes` compressed with `encoding`, without the cache (Buffers and streams are not kept). */
export function compressBytes(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  return compress(encoding, bytes);
}
