import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { CsvError, parse } from 'csv-parse/sync';
import { cannyStatuses, cannyTags, type TagObject } from './canny-shared.js';
import type { SourceBoard, SourceData, SourcePost, SourceUser } from './source-model.js';
import { SourceError } from './source-model.js';

/*
 * Canny's posts CSV (admin → posts → export). Canny does not document its columns in a page the
 * reference corpora hold; the names below are those other migration tools read from it
 * (devodii/featurebase-connect-sdk templates/canny-migration.json: Title, Details, Board, Status,
 * Votes, Created At, Author Name, Author Email, Tags), plus Category and URL, which the export
 * also carries. Headers are matched without regard to case or surrounding spaces.
 *
 * Relied on (the file is refused without them): Title, Details, Board, Status, Votes, Created At.
 * Used when present: Author Name, Author Email, Category, Tags (comma-separated), URL (the post's
 * address: its id here, so that a second run finds the same posts; without it the id is made from
 * board, title and date).
 *
 * The CSV holds no voters, comments or changelog: each post's Votes becomes its voteCount (the
 * conversion adds placeholder votes), and leftOut says what only the API brings.
 */

type Column = 'title' | 'details' | 'board' | 'status' | 'votes' | 'created' | 'authorName' | 'authorEmail' | 'category' | 'tags' | 'url';

const COLUMN_NAMES: Record<Column, string[]> = {
  title: ['title'],
  details: ['details'],
  board: ['board'],
  status: ['status'],
  votes: ['votes'],
  created: ['created at', 'created'],
  authorName: ['author name', 'author'],
  authorEmail: ['author email'],
  category: ['category'],
  tags: ['tags'],
  url: ['url', 'post url'],
};

const REQUIRED: Column[] = ['title', 'details', 'board', 'status', 'votes', 'created'];

/** Shown when a required column is missing: what the export's header looks like. */
const REQUIRED_HEADERS = ['Title', 'Details', 'Board', 'Status', 'Votes', 'Created At'];

export async function readCannyCsv(path: string): Promise<SourceData> {
  const file = basename(path);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new SourceError(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  refuseOtherFormats(bytes, file);
  const records = parseRecords(bytes.toString('utf8'), file);
  const header = records.shift();
  if (header === undefined) throw new SourceError(file, "is empty: Canny's posts export has a header row and one row a post");
  const columns = findColumns(header.record, file);
  return rowsToSource(records, columns, header.record, file);
}

/** A zip (Fider's backup, feedbackd's export) or a JSON file is not Canny's CSV: say so rather than parse garbage. */
function refuseOtherFormats(bytes: Buffer, file: string): void {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    throw new SourceError(file, "is a zip file, not Canny's posts CSV export (a Fider backup.zip goes with --from fider)");
  const start = bytes.toString('utf8', 0, 64).replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) throw new SourceError(file, "is a JSON file, not Canny's posts CSV export");
}

interface Parsed {
  record: string[];
  line: number;
}

function parseRecords(text: string, file: string): Parsed[] {
  try {
    const rows = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: false }) as unknown as Array<{
      record: string[];
      info: { lines: number };
    }>;
    return rows.map((row) => ({ record: row.record, line: row.info.lines }));
  } catch (error) {
    if (error instanceof CsvError) throw csvProblem(error, file);
    throw error;
  }
}

/** csv-parse's errors, said as "canny.csv: row 12 (line 40): …": a cut-off file ends in one of these. */
function csvProblem(error: CsvError, file: string): SourceError {
  // Rows are numbered as a spreadsheet shows them (the header is row 1, the first post row 2);
  // csv-parse counts the records it has read before the failing one, the header among them.
  const records = typeof error.records === 'number' ? error.records + 1 : undefined;
  const lines = typeof error.lines === 'number' ? error.lines : undefined;
  const where = `${file}: ${records !== undefined ? `row ${records} ` : ''}${lines !== undefined ? `(line ${lines})` : ''}`.trim();
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return new SourceError(where, 'a quoted field never ends: the file is cut off (truncated) or damaged');
  if (error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH')
    return new SourceError(where, 'has a different number of fields than the header: the file is cut off (truncated) or damaged');
  return new SourceError(where, `is not valid CSV (${error.message})`);
}

function findColumns(header: string[], file: string): Map<Column, number> {
  const positions = new Map<string, number>();
  header.forEach((name, index) => {
    const key = name.trim().toLowerCase();
    if (!positions.has(key)) positions.set(key, index);
  });
  const columns = new Map<Column, number>();
  for (const [column, names] of Object.entries(COLUMN_NAMES) as Array<[Column, string[]]>) {
    const found = names.map((name) => positions.get(name)).find((index) => index !== undefined);
    if (found !== undefined) columns.set(column, found);
  }
  const missing = REQUIRED.filter((column) => !columns.has(column)).map((column) => REQUIRED_HEADERS[REQUIRED.indexOf(column)]);
  if (missing.length > 0)
    throw new SourceError(
      `${file}: the header row`,
      `not Canny's posts CSV export: no column ${missing.map((name) => `"${name}"`).join(', ')} (the header has ${header.map((name) => `"${name}"`).join(', ')}); ` +
        'any spreadsheet can be imported with --from csv --map title=<column>,votes=<column>,…',
    );
  return columns;
}

function rowsToSource(records: Parsed[], columns: Map<Column, number>, header: string[], file: string): SourceData {
  const users = new Map<string, SourceUser>();
  const boards = new Map<string, SourceBoard>();
  const tagObjects = new Map<string, TagObject>();
  const posts: SourcePost[] = [];
  const seen = new Map<string, number>();

  records.forEach(({ record, line }, index) => {
    // As a spreadsheet numbers it: the header is row 1.
    const row = index + 2;
    const where = (column: Column) => `${file}: row ${row} (line ${line}) column "${header[columns.get(column) ?? -1] ?? column}"`;
    const cell = (column: Column) => {
      const position = columns.get(column);
      return position === undefined ? '' : (record[position] ?? '').trim();
    };
    const title = cell('title');
    if (title === '') throw new SourceError(where('title'), 'is empty: every Canny post has a title');
    const boardName = cell('board');
    if (boardName === '') throw new SourceError(where('board'), 'is empty: every Canny post is on a board');
    const status = cell('status').toLowerCase();
    if (status === '') throw new SourceError(where('status'), 'is empty');
    const createdAt = csvTime(cell('created'), where('created'));
    const voteCount = csvCount(cell('votes'), where('votes'));

    const sourceId = cell('url') || `row:${createHash('sha256').update(`${boardName}\n${title}\n${createdAt}`).digest('hex').slice(0, 24)}`;
    const earlier = seen.get(sourceId);
    if (earlier !== undefined) throw new SourceError(where(cell('url') ? 'url' : 'title'), `the same post as row ${earlier}`);
    seen.set(sourceId, row);

    const board = boards.get(boardName);
    if (board === undefined) boards.set(boardName, { sourceId: boardName, name: boardName, description: null, hidden: false, createdAt });
    else if (createdAt < board.createdAt) board.createdAt = createdAt;

    const tagIds: string[] = [];
    const addTag = (kind: TagObject['kind'], name: string) => {
      const id = `${kind}:${name.toLowerCase()}`;
      if (!tagObjects.has(id)) tagObjects.set(id, { kind, sourceId: id, name, createdAt: '' });
      tagIds.push(id);
    };
    if (cell('category') !== '') addTag('category', cell('category'));
    for (const tag of cell('tags').split(',')) if (tag.trim() !== '') addTag('tag', tag.trim());

    posts.push({
      sourceId,
      title,
      content: cell('details'),
      boardId: boardName,
      statusId: status,
      authorId: author(cell('authorEmail'), cell('authorName'), createdAt, users),
      createdAt,
      tagIds,
      voteCount,
    });
  });

  const tagSet = cannyTags([...tagObjects.values()]);
  for (const post of posts) post.tagIds = [...new Set(post.tagIds.map((id) => tagSet.idOf.get(id)!))];
  return {
    tool: 'canny',
    site: '',
    users: [...users.values()],
    boards: [...boards.values()],
    statuses: cannyStatuses(posts.map((post) => post.statusId)),
    tags: tagSet.tags,
    posts,
    votes: [],
    comments: [],
    changelog: [],
    leftOut:
      posts.length === 0
        ? []
        : [
            `${posts.length} posts: Canny's posts CSV holds no comments, no voters and no changelog (read Canny's API with --api-key-file to bring them); votes are counted only`,
            `${boards.size} boards: the CSV does not say which are private, so all are imported visible (hide the private ones afterwards)`,
          ],
  };
}

/** The author: by email when the CSV has one, else by name; null when it names no one (a deleted user). */
function author(email: string, name: string, createdAt: string, users: Map<string, SourceUser>): string | null {
  const sourceId = email !== '' ? `email:${email.toLowerCase()}` : name !== '' ? `name:${name}` : null;
  if (sourceId === null) return null;
  const known = users.get(sourceId);
  if (known === undefined) users.set(sourceId, { sourceId, email: email === '' ? null : email, name, createdAt });
  else if (createdAt < known.createdAt) known.createdAt = createdAt;
  return sourceId;
}

/** "1,234" or "1234" votes. */
function csvCount(text: string, where: string): number {
  const digits = text.replace(/[,\s]/g, '');
  if (!/^\d+$/.test(digits)) throw new SourceError(where, `"${text}" is not a number of votes`);
  return Number(digits);
}

/**
 * A time without a zone is UTC (Canny exports UTC), never the importing machine's local time;
 * answered as an ISO string.
 */
function csvTime(text: string, where: string): string {
  const isoLike = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(text);
  const hasZone = /(Z|[+-]\d{2}:?\d{2}|UTC|GMT)$/i.test(text);
  const parsed = isoLike
    ? Date.parse(`${text.replace(' ', 'T')}${text.length > 10 ? 'Z' : 'T00:00:00Z'}`)
    : Date.parse(hasZone ? text : `${text} UTC`);
  if (text === '' || Number.isNaN(parsed)) throw new SourceError(where, `"${text}" is not a date`);
  return new Date(parsed).toISOString();
}
