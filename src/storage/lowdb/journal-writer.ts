import { type FileHandle, open } from 'node:fs/promises';
import { FILE_MODE, fsyncDir, writeFully } from './fs-durable.js';
import { journalPath } from './journal-files.js';

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/** Queued work, done strictly in order: lines go to the file that is current when they are reached. */
type QueueItem =
  | { kind: 'line'; text: string; waiter: Waiter }
  | { kind: 'rotate'; waiter: Waiter }
  | { kind: 'barrier'; waiter: Waiter };

/**
 * Appends journal lines with group commit: while one write + fdatasync is in flight, new lines
 * queue up, and the next write carries all of them under a single fdatasync.
 */
export class JournalWriter {
  private readonly queue: QueueItem[] = [];
  private draining = false;
  /** Once a write or fdatasync failed, what reached the disk is unknown: refuse every later line. */
  private failure: unknown;

  private constructor(
    private readonly dataDir: string,
    private current: number,
    private handle: FileHandle,
    private size: number,
    private readonly onFlushed: () => void,
  ) {}

  /** Opens journal file `n` for appending (creating it if needed); `size` is its valid length. */
  static async open(dataDir: string, n: number, size: number, onFlushed: () => void): Promise<JournalWriter> {
    const handle = await open(journalPath(dataDir, n), 'a', FILE_MODE);
    await fsyncDir(dataDir);
    return new JournalWriter(dataDir, n, handle, size, onFlushed);
  }

  /** Number of the file new lines go to. */
  get fileNumber(): number {
    return this.current;
  }

  /** Bytes in the current file. */
  get bytes(): number {
    return this.size;
  }

  /** Resolves once the line is written and fsync'd. */
  append(text: string): Promise<void> {
    return this.enqueue((waiter) => ({ kind: 'line', text, waiter }));
  }

  /** Lines appended after this call go to a fresh file; resolves once that file is durably created. */
  rotate(): Promise<void> {
    return this.enqueue((waiter) => ({ kind: 'rotate', waiter }));
  }

  /** Resolves once every line appended before this call is durable (or has failed). */
  flushed(): Promise<void> {
    return this.enqueue((waiter) => ({ kind: 'barrier', waiter }));
  }

  /** Set while the writer refuses lines: a write or fdatasync failed and recover() has not succeeded since. */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  /**
   * After a failure: cuts the file back to its last durable length (a failed write may have left
   * part of a batch behind) and accepts lines again. Throws, still refusing, while the disk refuses.
   * Lines queued meanwhile cannot land before the cut: while failed, the writer writes nothing.
   */
  async recover(): Promise<void> {
    if (this.failure === undefined) return;
    await this.flushed(); // every line queued before the failure has been refused
    await this.handle.truncate(this.size);
    await this.handle.datasync();
    this.failure = undefined;
  }

  /** Flushes and closes the file. */
  async close(): Promise<void> {
    await this.flushed();
    await this.handle.close();
  }

  private enqueue(item: (waiter: Waiter) => QueueItem): Promise<void> {
    const done = new Promise<void>((resolve, reject) => this.queue.push(item({ resolve, reject })));
    if (!this.draining) void this.drain();
    return done;
  }

  private async drain(): Promise<void> {
    this.draining = true;
    while (this.queue.length > 0) {
      const head = this.queue[0]!;
      if (head.kind === 'line') {
        await this.writeLines(this.takeLines());
      } else {
        this.queue.shift();
        if (head.kind === 'rotate') await this.switchFile(head.waiter);
        else head.waiter.resolve();
      }
    }
    this.draining = false;
  }

  private takeLines(): Array<{ text: string; waiter: Waiter }> {
    const end = this.queue.findIndex((item) => item.kind !== 'line');
    const batch = this.queue.splice(0, end === -1 ? this.queue.length : end);
    return batch as Array<{ text: string; waiter: Waiter }>;
  }

  private async writeLines(batch: Array<{ text: string; waiter: Waiter }>): Promise<void> {
    try {
      if (this.failure !== undefined) throw this.failure;
      const data = Buffer.from(batch.map((item) => item.text).join(''));
      await writeFully(this.handle, data);
      await this.handle.datasync();
      this.size += data.length;
    } catch (error) {
      if (this.failure === undefined) {
        this.failure = error;
        await this.cutBackToDurable();
      }
      for (const item of batch) item.waiter.reject(error);
      return;
    }
    for (const item of batch) item.waiter.resolve();
    this.onFlushed();
  }

  /**
   * A failed write may have put part of the batch (whole lines even) in the file; they were never
   * acknowledged, so they must not be replayed after a restart. Best effort: recover() cuts again.
   */
  private async cutBackToDurable(): Promise<void> {
    try {
      await this.handle.truncate(this.size);
    } catch {
      // recover() retries the cut before any new line is written.
    }
  }

  private async switchFile(waiter: Waiter): Promise<void> {
    try {
      // A rotation after a failed write would leave the file with a torn tail behind a newer one.
      if (this.failure !== undefined) throw this.failure;
      const next = this.current + 1;
      const handle = await open(journalPath(this.dataDir, next), 'ax', FILE_MODE);
      await fsyncDir(this.dataDir);
      const previous = this.handle;
      this.handle = handle;
      this.current = next;
      this.size = 0;
      await previous.close();
      waiter.resolve();
    } catch (error) {
      waiter.reject(error);
    }
  }
}
