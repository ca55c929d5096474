import { storageStatus } from './doctor-storage.js';
import type { OperationTable } from './operations.js';

/** `feedbackd doctor`: the storage check, answered by whichever process holds the data. */
export const DOCTOR_OPERATIONS: OperationTable = {
  'doctor.storage': (ctx) => storageStatus(ctx),
};
