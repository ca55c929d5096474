import { truncate } from 'node:fs/promises';
import type { Logger } from '../../logger.js';
import { type BeforeUpgrade, type DatabaseSnapshot, UniqueViolation } from '../types.js';
import { type DatabaseDocument, newDocument, type RawDocument, SCHEMA_VERSION, TABLE_NAMES } from './document.js';
import { corruptDatabase } from './errors.js';
import { fsyncDir, removeFile } from './fs-durable.js';
import { type JournalContents, type JournalFile, listJournals, readJournal } from './journal-files.js';
import { MemoryDb } from './memory-db.js';
import { replayJournals } from './replay.js';
import type { SnapshotFile } from './snapshot-file.js';
import { assertReadableVersion, upgradeDocument } from './upgrade.js';

/** The database as loaded, and the journal file to continue appending to. */
export interface LoadedDatabase {
  db: MemoryDb;
  journal: { n: number; bytes: number };
}

/**
 * Loads `db.json`, replays the journal entries newer than it, and upgrades an older schema.
 * A new data store gets its first snapshot (with the seed rows) before anything else.
 */
export async function loadDatabase(
  dataDir: string,
  snapshot: SnapshotFile,
  logger: Logger,
  beforeUpgrade?: BeforeUpgrade,
): Promise<LoadedDatabase> {
  const file = snapshot.adapter.path;
  await removeFile(snapshot.adapter.tempPath);
  const stored = await snapshot.load();
  const journals = await listJournals(dataDir);
  if (!stored) return createDatabase(snapshot, journals, file);
  assertDocumentShape(stored, file);
  assertReadableVersion(stored, file);
  const contents = await Promise.all(journals.map((j, i) => readJournal(j, i === journals.length - 1)));
  const replayed = replayJournals(stored, contents);
  const current = upgradeDocument(replayed, file);
  const db = buildMemoryDb(current, file);
  await dropTornLine(contents.at(-1), logger);
  if (current !== replayed) {
    // Before any file changes: the old rows are kept where the operator can restore them from.
    const copy = beforeUpgrade ? await beforeUpgrade(oldSnapshot(replayed), 'lowdb') : null;
    return saveUpgraded(dataDir, snapshot, db, journals, logger, { from: replayed.schemaVersion, copy });
  }
  const last = contents.at(-1);
  return { db, journal: last ? { n: last.file.n, bytes: last.goodBytes } : { n: 1, bytes: 0 } };
}

async function createDatabase(snapshot: SnapshotFile, journals: JournalFile[], file: string): Promise<LoadedDatabase> {
  if (journals.length > 0) throw corruptDatabase(file, 'the file is missing while journal files exist');
  const doc = newDocument(new Date().toISOString());
  await snapshot.save(doc);
  return { db: MemoryDb.fromDocument(doc), journal: { n: 1, bytes: 0 } };
}

/** An upgraded database starts over from a snapshot: old journal lines hold rows of the old schema. */
async function saveUpgraded(
  dataDir: string,
  snapshot: SnapshotFile,
  db: MemoryDb,
  journals: JournalFile[],
  logger: Logger,
  upgrade: { from: number; copy: string | null },
): Promise<LoadedDatabase> {
  await snapshot.save(db.toDocument());
  for (const journal of journals) await removeFile(journal.path);
  await fsyncDir(dataDir);
  const kept = upgrade.copy ? `; the data as it was is in ${upgrade.copy} (feedbackd restore reads it)` : '';
  logger.info(
    { schemaVersion: SCHEMA_VERSION, from: upgrade.from, backup: upgrade.copy },
    `database upgraded from schema version ${upgrade.from} to ${SCHEMA_VERSION}${kept}`,
  );
  return { db, journal: { n: (journals.at(-1)?.n ?? 0) + 1, bytes: 0 } };
}

/** Cuts a torn last line away, so that new lines do not follow garbage. */
async function dropTornLine(last: JournalContents | undefined, logger: Logger): Promise<void> {
  if (last?.tornLine === undefined) return;
  logger.warn({ file: last.file.path, line: last.tornLine }, 'ignoring the torn last line of the journal (a crash during a write)');
  await truncate(last.file.path, last.goodBytes);
}

function buildMemoryDb(doc: RawDocument, file: string): MemoryDb {
  for (const name of TABLE_NAMES) {
    const rows = doc.tables[name];
    if (!Array.isArray(rows)) throw corruptDatabase(file, `table ${name} is missing`);
    const bad = rows.findIndex((row) => typeof row?.id !== 'string' || typeof (row as { createdAt?: unknown }).createdAt !== 'string');
    if (bad !== -1) throw corruptDatabase(file, `${name} row ${bad + 1} has no id or createdAt`);
  }
  try {
    return MemoryDb.fromDocument(doc as unknown as DatabaseDocument);
  } catch (error) {
    if (error instanceof UniqueViolation) throw corruptDatabase(file, `its rows break the rule ${error.constraint}`);
    throw error;
  }
}

function assertDocumentShape(doc: RawDocument, file: string): void {
  const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(doc)) throw corruptDatabase(file, 'it does not hold a JSON object');
  if (!Number.isSafeInteger(doc.seq) || doc.seq < 0) throw corruptDatabase(file, 'it has no valid sequence number');
  if (!isObject(doc.settings)) throw corruptDatabase(file, 'it has no settings');
  if (!isObject(doc.tables)) throw corruptDatabase(file, 'it has no tables');
}

/** The rows of a database about to be upgraded, as a snapshot of its own (older) schema version. */
function oldSnapshot(doc: RawDocument): DatabaseSnapshot {
  return { schemaVersion: doc.schemaVersion, settings: doc.settings, tables: doc.tables } as unknown as DatabaseSnapshot;
}
