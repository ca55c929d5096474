import type { Config } from '../../config/types.js';
import { AppError } from '../../errors.js';
import { counted } from '../admin/output.js';
import { type CheckResult, fail, ok, warn } from './doctor-check.js';

/** On PostgreSQL there is no lock file: the database keeps several servers apart. */
export function postgresLockCheck(): CheckResult {
  return ok('lock: not used with PostgreSQL (several servers may share the database)');
}

/** Reaches the database and reads where its schema stands, changing nothing. */
export async function postgresStorageCheck(config: Config & { databaseUrl: string }): Promise<CheckResult> {
  const { inspectPostgres } = await import('../../storage/postgres/inspect.js');
  let found: Awaited<ReturnType<typeof inspectPostgres>>;
  try {
    found = await inspectPostgres(config.databaseUrl);
  } catch (error) {
    const message = error instanceof AppError ? error.message : String(error);
    return fail(`storage: ${message}`, 'check --database (host, port, user, password, database name) and that the server runs');
  }
  const { where, applied, known } = found;
  if (applied > known) {
    return fail(`storage: PostgreSQL ${where} has schema migration ${applied}, newer than this feedbackd knows (${known})`, 'upgrade feedbackd');
  }
  if (!found.writable) {
    return fail(`storage: PostgreSQL ${where} refuses writes (read-only, or a standby)`, 'point --database at the primary server');
  }
  if (applied < known) {
    const state = applied === 0 ? 'no feedbackd schema yet' : `schema at migration ${applied} of ${known}`;
    return warn(`storage: PostgreSQL ${where} is reachable and writable, ${state}`, 'feedbackd migrate (or the next serve) applies the rest');
  }
  const counts = `${counted(found.users ?? 0, 'user')}, ${counted(found.posts ?? 0, 'post')}`;
  return ok(`storage: PostgreSQL ${where}, readable and writable (schema migration ${applied}; ${counts})`);
}
