import { exportData } from './export.js';
import type { OperationTable } from './operations.js';

/** `feedbackd export`: `out` is absolute; `includePasswordHashes` adds the bcrypt hashes. */
export const EXPORT_OPERATIONS: OperationTable = {
  'export.create': (ctx, args) => exportData(ctx, args),
};
