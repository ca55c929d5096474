import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { AppError } from '../errors.js';
import type { SettingsRow } from '../storage/types.js';

/** The `format` field of a backup file. */
export const BACKUP_FORMAT = 'feedbackd-backup';

/** The backup format version this code writes and the highest it reads. */
export const BACKUP_VERSION = 1;

/** Where the signing secret of the backed-up install came from. */
export type SecretSource = 'file' | 'env';

/** The fields a backup file starts with, before the tables. */
export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** The feedbackd version that wrote the file. */
  feedbackdVersion: string;
  createdAt: string;
  /** The storage schema version of the rows. */
  schemaVersion: number;
  engine: string;
  /** Rows per table, to show and to check the file is whole. */
  counts: Record<string, number>;
  /** `<data>/config.json` as it was (null when there was none). */
  configFile: Record<string, unknown> | null;
  secretSource: SecretSource;
  /** The content of `<data>/secret` without newline; null when the secret came from FEEDBACKD_SECRET. */
  secret: string | null;
  settings: SettingsRow;
}

/** A failure to read a backup or export file: one line saying what is wrong with which file. */
export function invalidFile(path: string, problem: string): AppError {
  return new AppError('BACKUP_INVALID', `${path} ${problem}`, 400);
}

const gunzipAsync = promisify(gunzip);

/** Reads a JSON file, gunzipping it first when it starts with the gzip magic bytes; the value must be an object. */
export async function readJsonObject(path: string): Promise<Record<string, unknown>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw invalidFile(path, `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    bytes = await gunzipAsync(bytes).catch(() => {
      throw invalidFile(path, 'is a damaged gzip file (truncated?)');
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalidFile(path, 'is not valid JSON: the file is damaged or truncated');
  }
  if (!isPlainObject(value)) throw invalidFile(path, 'does not hold a JSON object');
  return value;
}

/** True for a JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Format names of the files feedbackd writes, with the command that reads each. */
const READERS: Record<string, string> = { 'feedbackd-backup': 'feedbackd restore', 'feedbackd-export': 'feedbackd import' };

/** Checks `format` and `version`: the right kind of file, of a version this code reads. */
export function checkFormat(path: string, doc: Record<string, unknown>, format: string, maxVersion: number): number {
  if (doc.format !== format) {
    const reader = typeof doc.format === 'string' ? READERS[doc.format] : undefined;
    if (reader) throw invalidFile(path, `is a ${doc.format} file, not a ${format} file: read it with ${reader}`);
    throw invalidFile(path, `is not a ${format} file (no "format": "${format}" field)`);
  }
  const { version } = doc;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw invalidFile(path, `has no valid format version (${JSON.stringify(version)})`);
  }
  if (version > maxVersion) {
    const writer = typeof doc.feedbackdVersion === 'string' ? ` by feedbackd ${doc.feedbackdVersion}` : '';
    throw invalidFile(
      path,
      `was written${writer} in ${format} version ${version}; this feedbackd reads versions up to ${maxVersion}: upgrade feedbackd first`,
    );
  }
  return version;
}

/** `<prefix>-<ISO timestamp with ':' replaced by '-'>.json`, the default name of a backup or export. */
export function timestampedFileName(prefix: string, now: Date): string {
  return `${prefix}-${now.toISOString().replaceAll(':', '-')}.json`;
}
