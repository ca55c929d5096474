import { unzipSync } from 'fflate';
import { JsonRow, show } from './fider-rows.js';
import { SourceError } from './source-model.js';

/*
 * Fider's backup.zip (Site Settings → Export → "Download backup", GET /admin/export/backup.zip;
 * app/pkg/backup/backup.go): `<table>.json` for fourteen tables, each `SELECT * FROM <table>
 * WHERE tenant_id = <this site>` (`id` for tenants) as a JSON list of objects, then every stored
 * file as `blobs/<key>`. Values are as Go's lib/pq scans them (app/pkg/backup/export.go): integers
 * as numbers, texts as strings, times as RFC 3339 strings, booleans as booleans, NULL as null.
 */

/** The tables the reader needs: without any of them the zip is not a whole Fider backup. */
const NEEDED_TABLES = ['tenants', 'users', 'posts', 'post_votes', 'comments', 'tags', 'post_tags'] as const;
/** Tables the reader only counts (for the report of what is left out); older backups may lack them. */
const COUNTED_TABLES = ['attachments', 'post_subscribers', 'user_providers', 'oauth_providers'] as const;

export type FiderTable = (typeof NEEDED_TABLES)[number] | (typeof COUNTED_TABLES)[number];

/** A backup, unzipped: each table's rows (checked as they are read), the stored files attachments name, and how many others it holds. */
export interface FiderBackup {
  file: string;
  tables: Record<FiderTable, JsonRow[]>;
  /** `blobs/<key>` of attachments, by key. */
  attachmentBlobs: Map<string, Uint8Array>;
  /** Stored files no attachment names (avatars, the logo): counted, not unpacked. */
  otherBlobCount: number;
}

/** Opens the zip and parses its tables; refuses a truncated zip and a zip that is not Fider's. */
export function unzipFiderBackup(bytes: Uint8Array, file: string, onProgress?: (what: string) => void): FiderBackup {
  let entries: Record<string, Uint8Array>;
  try {
    // Stored files are unpacked only when they are attachments (below): avatars and logos are not imported.
    entries = unzipSync(bytes, {
      filter: (entry) => !entry.name.startsWith('__MACOSX/') && (/^([^/]+\/)?[a-z_]+\.json$/.test(entry.name) || BLOB.test(entry.name)),
    });
  } catch (error) {
    throw new SourceError(file, `is not a whole zip file (truncated or damaged: ${(error as Error).message})`);
  }
  const folder = tablesFolder(entries);
  const missing = NEEDED_TABLES.filter((table) => entries[`${folder}${table}.json`] === undefined);
  if (missing.length === NEEDED_TABLES.length) {
    throw new SourceError(file, `is a zip but not Fider's backup.zip (it has none of ${NEEDED_TABLES.map((table) => `${table}.json`).join(', ')})`);
  }
  if (missing.length > 0) {
    throw new SourceError(file, `is not a whole Fider backup: ${missing.map((table) => `${folder}${table}.json`).join(', ')} missing`);
  }
  const tables = {} as Record<FiderTable, JsonRow[]>;
  for (const table of [...NEEDED_TABLES, ...COUNTED_TABLES]) {
    const entry = entries[`${folder}${table}.json`];
    tables[table] = entry === undefined ? [] : parseTable(entry, file, `${folder}${table}`);
    onProgress?.(`${file}: ${folder}${table}.json, ${tables[table].length} rows`);
  }
  const attachmentKeys = new Set(tables.attachments.map((row) => row.string('attachment_bkey')));
  const attachmentBlobs = new Map<string, Uint8Array>();
  let otherBlobCount = 0;
  for (const [name, content] of Object.entries(entries)) {
    const key = BLOB.exec(name)?.[2];
    if (key === undefined) continue;
    if (attachmentKeys.has(key)) attachmentBlobs.set(key, content);
    else otherBlobCount += 1;
  }
  return { file, tables, attachmentBlobs, otherBlobCount };
}

/** A stored file: `blobs/<key>`, maybe inside the folder a re-zipped backup has. */
const BLOB = /^([^/]+\/)?blobs\/(.+)$/;

/**
 * Where the tables are: at the top, as Fider writes them, or in the one folder a backup unzipped
 * and zipped again has them in (`backup/posts.json`).
 */
function tablesFolder(entries: Record<string, Uint8Array>): string {
  if (entries['tenants.json'] !== undefined) return '';
  const folders = Object.keys(entries)
    .filter((name) => name.endsWith('/tenants.json'))
    .map((name) => name.slice(0, -'tenants.json'.length));
  return folders.length === 1 ? folders[0]! : '';
}

function parseTable(entry: Uint8Array, file: string, table: string): JsonRow[] {
  const where = `${file}: ${table}.json`;
  let rows: unknown;
  try {
    rows = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(entry));
  } catch (error) {
    throw new SourceError(where, `is not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(rows)) throw new SourceError(where, `must be a list of rows, not ${show(rows)}`);
  return rows.map((row: unknown, index) => {
    const rowWhere = `${where} row ${index + 1}`;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new SourceError(rowWhere, `must be an object, not ${show(row)}`);
    return new JsonRow(rowWhere, row as Record<string, unknown>);
  });
}
