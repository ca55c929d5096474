import type { Logger } from '../../logger.js';

/** What an outage needs from the storage: undo what the disk lost, and try the disk again. */
export interface OutageHandlers {
  /** Undoes in memory every change whose journal line was not made durable. */
  rollBack(): Promise<void>;
  /** Makes the journal writable again, or throws while the disk still refuses. */
  probe(): Promise<void>;
  /** Runs once writes are accepted again. */
  recovered(): void;
}

/**
 * The time between a failed journal write (full disk, read-only file system, immutable file) and
 * the disk taking writes again. While it lasts, writes answer 503 and the disk is tried again
 * every `retryMs`; the storage comes back by itself, with no restart.
 */
export class WriteOutage {
  /** The error that started the current outage; undefined while writes work. */
  cause: unknown;
  /** Outages so far: a reader that waited can tell whether one began meanwhile. */
  count = 0;
  private rollback: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly retryMs: number,
    private readonly logger: Logger,
    private readonly handlers: OutageHandlers,
  ) {}

  get active(): boolean {
    return this.cause !== undefined;
  }

  /** Starts an outage (once, however many lines fail); resolves when memory holds durable changes only. */
  begin(error: unknown): Promise<void> {
    if (this.rollback) return this.rollback;
    this.cause = error;
    this.count += 1;
    this.logger.error(
      { err: error, retryMs: this.retryMs },
      'journal write failed: writes answer 503 and are undone until the disk accepts them again (tried every storageRetryMs)',
    );
    this.rollback = this.handlers.rollBack();
    void this.rollback.then(() => this.schedule());
    return this.rollback;
  }

  /** A closing storage tries no more. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.retry(), this.retryMs);
    this.timer.unref();
  }

  private async retry(): Promise<void> {
    try {
      await this.handlers.probe();
    } catch (error) {
      this.logger.debug({ err: error }, 'the disk still refuses writes');
      this.schedule();
      return;
    }
    if (this.stopped) return;
    this.cause = undefined;
    this.rollback = undefined;
    this.logger.info('the disk accepts writes again: storage is writable');
    this.handlers.recovered();
  }
}
