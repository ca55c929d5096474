import { join } from 'node:path';
import { AppError } from '../../errors.js';
import { type DatabaseSnapshot, UniqueViolation, type UploadCopyRow } from '../types.js';
import { uploadFiles } from './upload-repos.js';
import { type DatabaseDocument, QUEUE_TABLE_NAMES, type RawDocument, SCHEMA_VERSION, TABLE_NAMES } from './document.js';
import { fsyncDir, removeFile } from './fs-durable.js';
import { listJournals } from './journal-files.js';
import { MemoryDb } from './memory-db.js';
import { type RowsWritten, SnapshotFile } from './snapshot-file.js';
import { upgradeDocument } from './upgrade.js';

/** The storage schema version this code writes (a snapshot of an older one is upgraded when opened). */
export const LOWDB_SCHEMA_VERSION = SCHEMA_VERSION;

function invalidSnapshot(where: string, problem: string): AppError {
  return new AppError('BACKUP_INVALID', `${where} cannot be restored: ${problem}`, 400);
}

/**
 * Checks that this engine can hold the snapshot, without touching any file: a known schema
 * version, every table present with ids and timestamps, and no row breaking a uniqueness rule.
 */
export function checkLowdbSnapshot(snapshot: DatabaseSnapshot, where: string): void {
  const current = { ...currentSnapshot(snapshot, where) };
  current.tables = withEmptyQueues(current.tables);
  for (const name of TABLE_NAMES) {
    const rows = current.tables[name];
    if (!Array.isArray(rows)) throw invalidSnapshot(where, `table ${name} is missing`);
    const bad = rows.findIndex((row) => typeof row?.id !== 'string' || typeof (row as { createdAt?: unknown }).createdAt !== 'string');
    if (bad !== -1) throw invalidSnapshot(where, `${name} row ${bad + 1} has no id or createdAt`);
  }
  try {
    // Building the indexes runs every uniqueness rule; it freezes the parsed rows, which nobody changes.
    MemoryDb.fromDocument({ ...current, seq: 0 } as unknown as DatabaseDocument);
  } catch (error) {
    if (error instanceof UniqueViolation) throw invalidSnapshot(where, `its rows break the rule ${error.constraint}`);
    throw error;
  }
}

/**
 * The snapshot at the schema version this code writes: an older one is upgraded as `db.json` is
 * when opened; a newer one, or one without a version, is refused (DATABASE_TOO_NEW, CORRUPT…).
 * Like `Storage.snapshot()`, it holds no queue tables: whatever a file carries there is not restored.
 */
export function currentSnapshot(snapshot: DatabaseSnapshot, where: string): DatabaseSnapshot {
  const { seq: _seq, ...current } = upgradeDocument({ ...snapshot, seq: 0 } as unknown as RawDocument, where);
  const tables: Record<string, unknown> = { ...current.tables };
  for (const name of QUEUE_TABLE_NAMES) delete tables[name];
  return { ...current, tables } as unknown as DatabaseSnapshot;
}

/** The tables with every queue empty: a restored database starts with nothing to deliver or mail. */
function withEmptyQueues(tables: DatabaseSnapshot['tables']): DatabaseSnapshot['tables'] {
  return { ...tables, ...Object.fromEntries(QUEUE_TABLE_NAMES.map((name) => [name, []])) };
}

/**
 * Replaces the database in `dataDir` with the snapshot, durably, in the engine's own format:
 * the journal goes first (its entries belong to the old data and would be replayed on top),
 * then `db.json` is replaced atomically. The caller holds the data dir lock.
 */
export async function writeLowdbSnapshot(dataDir: string, snapshot: DatabaseSnapshot, onRows?: RowsWritten): Promise<void> {
  const file = new SnapshotFile(join(dataDir, 'db.json'));
  await removeFile(file.adapter.tempPath);
  for (const journal of await listJournals(dataDir)) await removeFile(journal.path);
  await fsyncDir(dataDir);
  // An older schema gets its queue tables from the upgrade on open anyway; empty ones do no harm there.
  const uploads = (snapshot.tables.uploads ?? []) as readonly UploadCopyRow[];
  await writeUploadFiles(dataDir, uploads);
  const tables = { ...snapshot.tables, ...(snapshot.tables.uploads ? { uploads: uploads.map(({ data: _data, ...row }) => row) } : {}) };
  const doc = { schemaVersion: snapshot.schemaVersion, seq: 0, settings: snapshot.settings, tables: withEmptyQueues(tables) };
  await file.save(doc as unknown as DatabaseDocument, onRows);
}

/**
 * The copy's upload bytes as files of `<dataDir>/uploads` (before the rows naming them); files no
 * row names are removed. A row without bytes in the copy (a pre-upgrade copy of the JSON-file
 * engine, made from db.json alone) keeps whatever file the directory has for it.
 */
async function writeUploadFiles(dataDir: string, uploads: readonly UploadCopyRow[]): Promise<void> {
  const files = uploadFiles(dataDir);
  const kept = new Set<string>();
  for (const row of uploads) {
    kept.add(row.id);
    if (row.data !== undefined) await files.write(row.id, Buffer.from(row.data, 'base64'));
  }
  for (const id of await files.ids()) if (!kept.has(id)) await files.remove(id);
}
