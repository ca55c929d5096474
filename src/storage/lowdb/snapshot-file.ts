import { open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Adapter, Low } from 'lowdb';
import type { DatabaseDocument, RawDocument } from './document.js';
import { corruptDatabase } from './errors.js';
import { FILE_MODE, fsyncDir, hasErrorCode, removeFile, writeFully } from './fs-durable.js';

/** Rows are serialised into pieces of about this many characters, each written before the next is built. */
const PIECE_CHARS = 256 * 1024;

/**
 * lowdb adapter for `db.json` that lowdb's own JSONFile is not: it serialises in pieces (so a big
 * snapshot does not stall the process) and replaces the file durably (temp file, fsync, rename,
 * fsync of the directory), so a crash leaves either the old or the new snapshot, never a mix.
 */
export class DurableJsonAdapter implements Adapter<RawDocument | null> {
  /** Told as rows are written (lowdb's write() takes no options, so it is set around one save). */
  onRows: RowsWritten | undefined;

  constructor(readonly path: string) {}

  /** The temp file a snapshot is written to before it replaces `db.json`. */
  get tempPath(): string {
    return `${this.path}.tmp`;
  }

  async read(): Promise<RawDocument | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (hasErrorCode(error, 'ENOENT')) return null;
      throw error;
    }
    try {
      return JSON.parse(text) as RawDocument;
    } catch {
      throw corruptDatabase(this.path, 'it is not valid JSON');
    }
  }

  async write(doc: RawDocument | null): Promise<void> {
    if (!doc) return;
    await removeFile(this.tempPath);
    try {
      await this.writeTemp(doc);
    } catch (error) {
      // A half-written snapshot on a full disk holds the space the next attempt needs.
      await removeFile(this.tempPath).catch(() => undefined);
      throw error;
    }
    await rename(this.tempPath, this.path);
    await fsyncDir(dirname(this.path));
  }

  private async writeTemp(doc: RawDocument): Promise<void> {
    const handle = await open(this.tempPath, 'wx', FILE_MODE);
    try {
      await serialiseInPieces(doc, (text) => writeFully(handle, Buffer.from(text)), this.onRows);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

/** Progress of a snapshot being written: the table and how many of its rows are written so far. */
export type RowsWritten = (table: string, written: number) => void;

/** Writes the document as JSON through `write`, a piece at a time, yielding to the event loop in between. */
async function serialiseInPieces(doc: RawDocument, write: (text: string) => Promise<void>, onRows?: RowsWritten): Promise<void> {
  const { schemaVersion, seq, settings, tables } = doc;
  await write(`{"schemaVersion":${schemaVersion},"seq":${seq},"settings":${JSON.stringify(settings)},"tables":{`);
  let separator = '';
  for (const [name, rows] of Object.entries(tables)) {
    let piece = `${separator}${JSON.stringify(name)}:[`;
    onRows?.(name, 0);
    for (let i = 0; i < rows.length; i++) {
      piece += (i === 0 ? '' : ',') + JSON.stringify(rows[i]);
      if (piece.length >= PIECE_CHARS) {
        await write(piece);
        onRows?.(name, i + 1);
        await yieldToEventLoop();
        piece = '';
      }
    }
    await write(`${piece}]`);
    onRows?.(name, rows.length);
    separator = ',';
  }
  await write('}}\n');
}

/** `db.json`, owned by lowdb's Low with the durable adapter. The document is not kept: memory holds the live data. */
export class SnapshotFile {
  private readonly low: Low<RawDocument | null>;
  readonly adapter: DurableJsonAdapter;

  constructor(path: string) {
    this.adapter = new DurableJsonAdapter(path);
    this.low = new Low<RawDocument | null>(this.adapter, null);
  }

  /** The stored document, or null when there is none yet. */
  async load(): Promise<RawDocument | null> {
    await this.low.read();
    const doc = this.low.data;
    this.low.data = null;
    return doc;
  }

  /** Durably replaces the stored document; `onRows` hears how far the writing is. */
  async save(doc: DatabaseDocument, onRows?: RowsWritten): Promise<void> {
    this.low.data = doc as unknown as RawDocument;
    this.adapter.onRows = onRows;
    try {
      await this.low.write();
    } finally {
      this.low.data = null;
      this.adapter.onRows = undefined;
    }
  }
}
