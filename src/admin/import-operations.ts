import { importData } from './import.js';
import { importFromSource } from './import-from/import-source.js';
import { importProgress, progressIdOf, trackImport } from './import-progress.js';
import type { OperationArgs, OperationTable } from './operations.js';
import type { ProgressListener } from './import-apply.js';

/** Runs an import, answering `import.progress` for it while it runs when the command gave a progress id. */
async function tracked<T>(args: OperationArgs, work: (listener?: ProgressListener) => Promise<T>): Promise<T> {
  const id = progressIdOf(args.progressId);
  if (id === undefined) return work();
  const tracking = trackImport(id);
  try {
    return await work(tracking.listener);
  } finally {
    tracking.stop();
  }
}

/**
 * `feedbackd import`: `import.run` imports `file` (absolute) with `onConflict`; given a
 * `progressId`, `import.progress` answers how far it is while it runs (null when unknown).
 */
export const IMPORT_OPERATIONS: OperationTable = {
  'import.run': (ctx, args) => tracked(args, (listener) => importData(ctx, args, listener)),
  // `import --from <tool>`: another board's data (issue 32).
  'import.source': (ctx, args) => tracked(args, (listener) => importFromSource(ctx, args, listener)),
  'import.progress': async (_ctx, args) => {
    const id = progressIdOf(args.progressId);
    return (id === undefined ? undefined : importProgress(id)) ?? null;
  },
};
