import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../config/atomic-write.js';
import { AppError } from '../errors.js';
import { describeRecord, type PostgresRecord, samePostgresDatabase } from './postgres/identity.js';

/*
 * A data directory records which storage it belongs to (`<data>/database.json`), so that a start
 * with the database URL forgotten (or a wrong one) is refused instead of serving an empty,
 * unclaimed board whose first visitor can make themselves its owner. Written on the first
 * successful open (older directories are adopted so), changed only by the explicit moves:
 * migrate-data, restore and init --force. It never holds a password.
 */

/** The storage a data directory belongs to. */
export type DatabaseRecord = { engine: 'lowdb' } | PostgresRecord;

/** `<data>/database.json`. */
export const RECORD_FILE = 'database.json';

const HOW_TO_GIVE = '--database, FEEDBACKD_DATABASE_URL or databaseUrl in config.json';

/** The record, or null when the directory has none yet (new, or made by an older feedbackd). */
export async function readDatabaseRecord(dataDir: string): Promise<DatabaseRecord | null> {
  const path = join(dataDir, RECORD_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw new AppError('DATABASE_RECORD_INVALID', `Cannot read ${path} (${code}): fix its permissions`, 500);
  }
  const record = parseRecord(text);
  if (record) return record;
  throw new AppError(
    'DATABASE_RECORD_INVALID',
    `${path} does not say which database the directory belongs to: delete it, and the next start records the database it is given`,
    500,
  );
}

function parseRecord(text: string): DatabaseRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const record = value as (Partial<Omit<PostgresRecord, 'engine'>> & { engine?: string }) | null;
  if (record?.engine === 'lowdb') return { engine: 'lowdb' };
  const strings = [record?.url, record?.host, record?.database, record?.schema, record?.identity];
  if (record?.engine === 'postgres' && strings.every((part) => typeof part === 'string') && typeof record.port === 'number') {
    return record as PostgresRecord;
  }
  return null;
}

/** Writes the record (mode 0600, atomically) unless it says so already; a directory that does not exist is left alone. */
export async function keepDatabaseRecord(dataDir: string, record: DatabaseRecord): Promise<void> {
  if (!(await stat(dataDir).then((info) => info.isDirectory(), () => false))) return;
  const current = await readDatabaseRecord(dataDir).catch(() => null);
  if (current && JSON.stringify(current) === JSON.stringify(record)) return;
  await writeFileAtomic(join(dataDir, RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`, 0o600);
}

/** The one refusal of a start on storage the data directory does not belong to. */
function mismatch(message: string): AppError {
  return new AppError('DATABASE_MISMATCH', message, 500);
}

/** A JSON-file start (no database URL) on a directory that belongs to PostgreSQL. */
export function jsonFileStartRefused(dataDir: string, recorded: PostgresRecord): AppError {
  return mismatch(
    `Data directory ${dataDir} belongs to the PostgreSQL database ${describeRecord(recorded)}, but no database URL was given: ` +
      `give it with ${HOW_TO_GIVE} (nothing was changed; to move the board to the JSON-file database, use feedbackd migrate-data or restore)`,
  );
}

/** A PostgreSQL start on a directory whose board is in its JSON files. */
export function postgresStartRefused(dataDir: string, given: PostgresRecord): AppError {
  return mismatch(
    `Data directory ${dataDir} belongs to the JSON-file database in it, but the PostgreSQL database ${describeRecord(given)} was given: ` +
      `start without ${HOW_TO_GIVE} (nothing was changed; to move the board to PostgreSQL, use feedbackd migrate-data --to URL)`,
  );
}

/** A PostgreSQL start on another database than the directory's (another server, name or schema, or one created again). */
export function otherDatabaseRefused(dataDir: string, recorded: PostgresRecord, given: PostgresRecord): AppError {
  const recreated = samePlace(recorded, given) ? ' (a database or schema of that name was dropped and created again since)' : '';
  return mismatch(
    `Data directory ${dataDir} belongs to the PostgreSQL database ${describeRecord(recorded)}, not to ${describeRecord(given)}${recreated}: ` +
      `give the right one with ${HOW_TO_GIVE} (nothing was changed; to move the board on purpose, use feedbackd migrate-data, restore or init --force)`,
  );
}

function samePlace(recorded: PostgresRecord, given: PostgresRecord): boolean {
  return recorded.host === given.host && recorded.port === given.port && recorded.database === given.database && recorded.schema === given.schema;
}

/**
 * Refuses a JSON-file start on a directory recorded as PostgreSQL's. Called before the JSON-file
 * database is opened, so a refused start creates no `db.json`.
 */
export async function assertJsonFileBelongs(dataDir: string): Promise<void> {
  const recorded = await readDatabaseRecord(dataDir);
  if (recorded?.engine === 'postgres') throw jsonFileStartRefused(dataDir, recorded);
}

/**
 * Refuses a PostgreSQL start on a directory recorded as another storage's, or, with no record yet,
 * one holding a used JSON-file board. Called before any migration, so a refused start writes nothing.
 */
export async function assertPostgresBelongs(dataDir: string, given: PostgresRecord, holdsJsonFileData: () => Promise<boolean>): Promise<void> {
  const recorded = await readDatabaseRecord(dataDir);
  if (recorded === null) {
    if (await holdsJsonFileData()) throw postgresStartRefused(dataDir, given);
    return;
  }
  if (recorded.engine === 'lowdb') throw postgresStartRefused(dataDir, given);
  if (!samePostgresDatabase(recorded, given)) throw otherDatabaseRefused(dataDir, recorded, given);
}

/** Records that the data directory now belongs to the storage `config` names (restore and migrate-data write a whole board). */
export async function recordStorageOf(config: { dataDir: string; databaseUrl: string | null }): Promise<void> {
  if (config.databaseUrl === null) return keepDatabaseRecord(config.dataDir, { engine: 'lowdb' });
  const { postgresRecordOf } = await import('./postgres/record-of.js');
  await keepDatabaseRecord(config.dataDir, await postgresRecordOf(config.databaseUrl));
}
