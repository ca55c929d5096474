import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { unzipFiderBackup } from './fider-backup.js';
import { fiderBackupToSource } from './fider-backup-map.js';
import { readFiderCsv } from './fider-csv.js';
import type { SourceData, SourceInput, SourceReader } from './source-model.js';
import { SourceError } from './source-model.js';

/*
 * Fider (https://github.com/getfider/fider), read from what its admin page exports:
 * - backup.zip (one JSON file per table plus blobs/): fider-backup.ts, fider-backup-map.ts;
 * - posts.csv (posts only, with vote and comment counts): fider-csv.ts.
 * Learnt from Fider's source at commit 67c52826 (v0.36.0 and 12 commits, July 2026): app/pkg/backup/backup.go
 * and export.go (the zip and the JSON of each table), app/pkg/csv/csv.go and app/handlers/post.go
 * (the CSV), migrations/*.sql (the columns), app/models/enum/*.go (status, role and user status
 * numbers), app/services/sqlstore/postgres/user.go (what deleting an account blanks),
 * post.go/comment.go/common.go (what the site shows: deleted posts and comments, moderation).
 * Which of the two a file is, is told by its content (zip signature or text), not its name.
 * Versions: backup.zip exists since v0.18.1 (2019; its table list has not changed since) and is
 * read from then on (before v0.33.0 it has no `is_approved`); the CSV's columns are those of
 * v0.16.0 (2018) onwards.
 */
export const readFider: SourceReader = async (input: SourceInput): Promise<SourceData> => {
  if (input.source === undefined) throw new SourceError('fider', "give the path of Fider's backup.zip or posts CSV");
  const file = basename(input.source);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(input.source);
  } catch (error) {
    throw new SourceError(input.source, `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (isZip(bytes)) return fiderBackupToSource(unzipFiderBackup(bytes, file, input.onProgress));
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    throw new SourceError(file, "is a gzip file (a feedbackd backup?), not Fider's backup.zip or posts CSV");
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SourceError(file, "is neither a zip nor UTF-8 text: not Fider's backup.zip or posts CSV");
  }
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start === '') throw new SourceError(file, "is empty: not Fider's backup.zip or posts CSV");
  if (start.startsWith('{') || start.startsWith('[')) {
    throw new SourceError(file, "is JSON (another tool's export?), not Fider's backup.zip or posts CSV");
  }
  return readFiderCsv(text, file, input.onProgress);
};

/** A zip starts with a local file header (PK\3\4), or is an empty archive's end record (PK\5\6). */
function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}
