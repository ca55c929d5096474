import { configFileProblems } from '../config/load.js';
import type { Config } from '../config/types.js';
import { AppError } from '../errors.js';
import { snapshotProblem } from '../services/validation/snapshot-rules.js';
import { checkSnapshot, STORAGE_SCHEMA_VERSION, upgradedSnapshot } from '../storage/restore.js';
import type { DatabaseSnapshot, SettingsRow, SnapshotTables } from '../storage/types.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  checkFormat,
  invalidFile,
  isPlainObject,
  readJsonObject,
} from './backup-format.js';

/** A backup file, read and checked: ready to restore. */
export interface Backup {
  header: Omit<BackupHeader, 'settings'>;
  snapshot: DatabaseSnapshot;
}

const SECRET_TEXT = /^[A-Za-z0-9_-]{43}$/;

/**
 * Reads and checks a backup file before anything is touched: the format and its version, the
 * header and its config.json by serve's rules, every table against the row counts, every row and
 * the settings by the API's rules, and the rows against the storage's own rules.
 */
export async function readBackupFile(path: string, config: Pick<Config, 'databaseUrl'>): Promise<Backup> {
  const doc = await readJsonObject(path);
  checkFormat(path, doc, BACKUP_FORMAT, BACKUP_VERSION);
  const header = checkHeader(path, doc);
  const tables = checkTables(path, doc.tables, header.counts);
  const snapshot: DatabaseSnapshot = { schemaVersion: header.schemaVersion, settings: doc.settings as SettingsRow, tables };
  try {
    checkRows(path, upgradedSnapshot(snapshot, path));
    // The storage's own rules too (uniqueness by its indexes): both engines keep them.
    checkSnapshot(config, snapshot, path);
  } catch (error) {
    if (error instanceof AppError && error.code === 'DATABASE_TOO_NEW') throw tooNew(path, header);
    throw error;
  }
  return { header, snapshot };
}

/** Every row and the settings by the API's rules, before the storage sees them; the first problem names table, row and field. */
function checkRows(path: string, snapshot: DatabaseSnapshot): void {
  const problem = snapshotProblem(snapshot);
  if (problem) throw invalidFile(path, `cannot be restored: ${problem}`);
}

function checkHeader(path: string, doc: Record<string, unknown>): Omit<BackupHeader, 'settings'> {
  const header = doc as unknown as BackupHeader;
  if (!Number.isInteger(header.schemaVersion) || header.schemaVersion < 1) throw invalidFile(path, 'has no valid schemaVersion');
  if (header.schemaVersion > STORAGE_SCHEMA_VERSION) throw tooNew(path, header);
  if (!isPlainObject(header.counts)) throw invalidFile(path, 'has no table counts');
  if (header.configFile !== null && !isPlainObject(header.configFile)) {
    throw invalidFile(path, 'has a configFile that is neither an object nor null');
  }
  const [configProblem] = header.configFile === null ? [] : configFileProblems(header.configFile, 'config.json');
  if (configProblem) throw invalidFile(path, `has a configFile that serve would refuse: ${configProblem}`);
  if (!isPlainObject(doc.settings)) throw invalidFile(path, 'has no settings');
  checkSecret(path, header);
  const { settings: _settings, ...rest } = header;
  return rest;
}

function checkSecret(path: string, header: BackupHeader): void {
  if (header.secretSource === 'env' && header.secret === null) return;
  if (header.secretSource === 'file' && typeof header.secret === 'string' && SECRET_TEXT.test(header.secret)) return;
  throw invalidFile(path, 'holds no valid secret (43 base64url characters, or "secretSource": "env" with null)');
}

function checkTables(path: string, value: unknown, counts: Record<string, number>): SnapshotTables {
  if (!isPlainObject(value)) throw invalidFile(path, 'has no tables');
  for (const [name, count] of Object.entries(counts)) {
    const rows = value[name];
    if (!Array.isArray(rows)) throw invalidFile(path, `has no table ${name}`);
    if (rows.length !== count) {
      throw invalidFile(path, `has ${rows.length} rows in table ${name} where its header says ${count}: the file is damaged`);
    }
  }
  return value as unknown as SnapshotTables;
}

function tooNew(path: string, header: Pick<BackupHeader, 'schemaVersion' | 'feedbackdVersion'>): AppError {
  return invalidFile(
    path,
    `holds storage schema version ${header.schemaVersion} (written by feedbackd ${header.feedbackdVersion}); ` +
      `this feedbackd knows versions up to ${STORAGE_SCHEMA_VERSION}: upgrade feedbackd to restore it`,
  );
}
