import { readdir } from 'node:fs/promises';
import { CONTROL_SOCKET_FILE } from '../../admin/control-protocol.js';
import { someEntries } from '../../admin/board-files.js';
import { AppError } from '../../errors.js';
import { LOCK_FILE } from '../../storage/lock.js';
import { RECORD_FILE } from '../../storage/data-dir-record.js';
import { RESTORE_MARKER } from '../../storage/open.js';

/** Names only feedbackd puts in a data directory: one of them makes it a data directory (maybe half set up). */
const FEEDBACKD_NAMES = new Set(['db.json', 'config.json', 'secret', 'outbox', LOCK_FILE, CONTROL_SOCKET_FILE, RESTORE_MARKER, RECORD_FILE]);
const JOURNAL_NAME = /^journal-\d+\.jsonl$/;

/** What a new filesystem holds of itself: a fresh disk mounted as the data directory is still empty. */
const FILESYSTEM_NAMES = new Set(['lost+found']);

/**
 * `init --data` into an existing directory that holds other things and nothing of feedbackd's is
 * refused unless --force: init would make it private (mode 0700) and write its database and secret
 * among someone else's files, as after a typo like `--data ~`. Touches nothing; a missing directory
 * (or a file there, which the data directory check reports) passes.
 */
export async function refuseForeignDirectory(dir: string, force: boolean): Promise<void> {
  if (force) return;
  const entries = await readdir(dir).catch(() => null);
  if (entries === null) return;
  const others = entries.filter((name) => !FILESYSTEM_NAMES.has(name)).sort();
  if (others.length === 0 || others.some((name) => FEEDBACKD_NAMES.has(name) || JOURNAL_NAME.test(name))) return;
  throw new AppError(
    'DATA_DIR_NOT_EMPTY',
    `The directory ${dir} is not empty and holds no feedbackd data (it holds ${someEntries(others)}): ` +
      'give --data a new or empty directory, or add --force to set feedbackd up in it anyway (nothing was changed)',
    409,
  );
}
