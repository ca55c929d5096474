import type { Config } from '../../config/types.js';
import { AppError } from '../../errors.js';
import { assertJsonFileBelongs, assertPostgresBelongs, readDatabaseRecord } from '../../storage/data-dir-record.js';
import { holdsJsonFileData } from '../../storage/json-file-data.js';
import { describeRecord } from '../../storage/postgres/identity.js';
import { type CheckResult, fail, ok } from './doctor-check.js';

const TODO = 'start with the database the directory belongs to, or move the board on purpose (migrate-data, restore, init --force)';

/**
 * Whether the configured storage is the one the data directory belongs to, as a start would judge
 * it (reading only). A database that cannot be reached is left to the storage check.
 */
export async function databaseRecordCheck(config: Config): Promise<CheckResult> {
  try {
    await assertBelongs(config);
    const record = await readDatabaseRecord(config.dataDir);
    if (record === null) return ok('database record: none yet (the next start records the database it is given)');
    const owner = record.engine === 'lowdb' ? 'the JSON-file database' : `the PostgreSQL database ${describeRecord(record)}`;
    return ok(`database record: the data directory belongs to ${owner}`);
  } catch (error) {
    if (error instanceof AppError && error.code === 'DATABASE_MISMATCH') return fail(`database record: ${error.message}`, TODO);
    if (error instanceof AppError && error.code === 'DATABASE_RECORD_INVALID') return fail(`database record: ${error.message}`, 'then run doctor again');
    return ok('database record: not checked, the database cannot be reached (see the storage check)');
  }
}

async function assertBelongs(config: Config): Promise<void> {
  if (config.databaseUrl === null) return assertJsonFileBelongs(config.dataDir);
  const { postgresRecordOf } = await import('../../storage/postgres/record-of.js');
  const given = await postgresRecordOf(config.databaseUrl);
  await assertPostgresBelongs(config.dataDir, given, () => holdsJsonFileData(config.dataDir));
}
