import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/types.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import { openLowdbStorage } from './lowdb/lowdb-storage.js';
import type { BeforeUpgrade, Storage } from './types.js';

/** Opens the storage engine the configuration names: the JSON-file database unless a database URL is set. */
export async function openStorage(config: Config, logger: Logger, beforeUpgrade?: BeforeUpgrade): Promise<Storage> {
  const url = config.databaseUrl;
  if (url === null) {
    await refuseUnfinishedRestore(config.dataDir);
    return openLowdbStorage(config, logger, beforeUpgrade);
  }
  assertSupportedUrl(url);
  const { openPostgresStorage } = await import('./postgres/postgres-storage.js');
  return openPostgresStorage(config, logger, beforeUpgrade);
}

/** True for a URL of the PostgreSQL engine (`postgres://` or `postgresql://`). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** Refuses a database URL no engine takes, naming only its scheme. */
export function assertSupportedUrl(url: string): void {
  if (isPostgresUrl(url)) return;
  throw new AppError(
    'DATABASE_URL_INVALID',
    `Database URL ${describeUrl(url)} is not supported: use a postgres:// or postgresql:// URL, or none for the JSON-file database in the data directory`,
    500,
  );
}

/** Written by `feedbackd restore` before it starts and removed when it is done (src/admin/backup-restore.ts). */
export const RESTORE_MARKER = 'restore-incomplete';

/** A data directory whose restore was interrupted holds a mix of old and new files: never serve it. */
async function refuseUnfinishedRestore(dataDir: string): Promise<void> {
  try {
    await access(join(dataDir, RESTORE_MARKER));
  } catch {
    return;
  }
  throw new AppError(
    'RESTORE_INCOMPLETE',
    `A restore or migrate-data copy into ${dataDir} did not finish: run feedbackd restore FILE --data ${dataDir} --force again, or delete the directory and run feedbackd migrate-data again`,
    500,
  );
}

/** The URL's scheme only: the rest may hold a password, which must not end up in a message or log. */
function describeUrl(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  return scheme ? `"${scheme}:…"` : '(no scheme)';
}
