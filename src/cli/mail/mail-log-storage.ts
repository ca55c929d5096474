import { stat } from 'node:fs/promises';
import type { Config } from '../../config/types.js';
import { AppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { openStorage } from '../../storage/open.js';
import type { MailLogRepo, Repositories, Storage } from '../../storage/types.js';

/** The storage a `mail test` run records its attempt in, or why the attempt goes unrecorded. */
export type MailLogStorage = { storage: Storage; unrecordedBecause: null } | { storage: null; unrecordedBecause: string };

/**
 * Opens the data directory's storage so the attempt lands in the mail log. A directory held by a
 * running serve (lowdb is single-process) or not created yet is left alone: the test still runs.
 */
export async function openMailLogStorage(config: Config, logger: Logger): Promise<MailLogStorage> {
  if (!(await isDirectory(config.dataDir))) {
    return { storage: null, unrecordedBecause: `there is no data directory at ${config.dataDir}` };
  }
  try {
    return { storage: await openStorage(config, logger), unrecordedBecause: null };
  } catch (error) {
    if (error instanceof AppError && error.code === 'DATA_DIR_LOCKED') return { storage: null, unrecordedBecause: error.message };
    throw error;
  }
}

/** A stand-in for the mailer when there is no storage: its mail log append goes nowhere. */
export function unrecordedStorage(): Storage {
  const mailLog: MailLogRepo = { append: async () => undefined, list: async () => [] };
  // The mailer touches storage only to append to the mail log inside a transaction.
  const storage: Pick<Storage, 'transaction'> = { transaction: (work) => work({ mailLog } as Repositories) };
  return storage as Storage;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
