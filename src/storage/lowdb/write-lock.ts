/**
 * One writer at a time, in arrival order. Readers that arrive while a writer holds the lock are
 * run synchronously at release, before the next writer starts, so they see whole transactions only.
 */
export class WriteLock {
  private held = false;
  private readonly writers: Array<() => void> = [];
  private readers: Array<() => void> = [];

  /** Resolves when the caller holds the lock; it must call release() exactly once. */
  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.writers.push(resolve));
  }

  release(): void {
    const readers = this.readers;
    this.readers = [];
    for (const read of readers) read();
    const next = this.writers.shift();
    if (next) next();
    else this.held = false;
  }

  /** Runs `read` now when no writer holds the lock (the fast path), else when the current one releases it. */
  whenIdle(read: () => void): void {
    if (this.held) this.readers.push(read);
    else read();
  }
}
