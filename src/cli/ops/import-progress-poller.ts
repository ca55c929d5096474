import { sendToServer } from '../../admin/control-client.js';
import type { ImportProgress } from '../../admin/import-apply.js';
import { importProgress, watchImport } from '../../admin/import-progress.js';
import type { ProgressDisplay } from './progress.js';

/** How often a running server is asked (each ask is a connection, and a line in the server's log). */
const ASK_SERVER_MS = 1_000;

/** Follows an import's progress until stopped. */
export interface ProgressFollower {
  /** The latest progress seen. */
  last(): ImportProgress | undefined;
  stop(): void;
}

/**
 * Feeds the display while an import runs: at every batch when this process runs the import
 * itself, else by asking the running server for `import.progress` on a connection of its own.
 */
export function followImportProgress(dataDir: string, progressId: string, display: ProgressDisplay): ProgressFollower {
  let latest: ImportProgress | undefined;
  let asking = false;
  let stopped = false;
  const show = (progress: ImportProgress | null) => {
    if (!progress || stopped) return;
    latest = progress;
    display.update({ done: progress.done, total: progress.total, stage: progress.section });
  };
  const unwatch = watchImport(progressId, show);
  const timer = setInterval(() => {
    if (asking || importProgress(progressId) !== undefined) return; // running here: the watcher sees every batch
    asking = true;
    sendToServer(dataDir, { op: 'import.progress', args: { progressId } }, 5_000)
      .then((answer) => show(answer.answered ? (answer.result as ImportProgress | null) : null))
      // Progress is a nicety: a failed ask must not disturb the import.
      .catch(() => undefined)
      .finally(() => {
        asking = false;
      });
  }, ASK_SERVER_MS);
  return {
    last: () => latest,
    stop: () => {
      stopped = true;
      clearInterval(timer);
      unwatch();
    },
  };
}
