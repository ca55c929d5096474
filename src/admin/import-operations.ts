import { importData } from './import.js';
import { importProgress, progressIdOf, trackImport } from './import-progress.js';
import type { OperationTable } from './operations.js';

/**
 * `feedbackd import`: `import.run` imports `file` (absolute) with `onConflict`; given a
 * `progressId`, `import.progress` answers how far it is while it runs (null when unknown).
 */
export const IMPORT_OPERATIONS: OperationTable = {
  'import.run': async (ctx, args) => {
    const id = progressIdOf(args.progressId);
    if (id === undefined) return importData(ctx, args);
    const tracking = trackImport(id);
    try {
      return await importData(ctx, args, tracking.listener);
    } finally {
      tracking.stop();
    }
  },
  'import.progress': async (_ctx, args) => {
    const id = progressIdOf(args.progressId);
    return (id === undefined ? undefined : importProgress(id)) ?? null;
  },
};
