/** Work that runs after a response (mail after a commit); shutdown waits for it. */
export class BackgroundTasks {
  readonly #pending = new Set<Promise<unknown>>();

  /** Runs `task` without making the caller wait; its failure is the task's own business. */
  track(task: Promise<unknown>): void {
    const settled = task.then(
      () => undefined,
      () => undefined,
    );
    this.#pending.add(settled);
    void settled.then(() => this.#pending.delete(settled));
  }

  /** Resolves once every task started so far has settled. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }
}

/** Runs `work` once the current answer has been handed to the socket (setImmediate runs after this turn's I/O). */
export function afterTheAnswer(work: () => Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve)).then(work);
}
