import { createBackup } from './backup.js';
import type { OperationTable } from './operations.js';

/** `feedbackd backup`: the running server (or this process) writes the backup file; `out` is absolute. */
export const BACKUP_OPERATIONS: OperationTable = {
  'backup.create': (ctx, args) => createBackup(ctx, args),
};
