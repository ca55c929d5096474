import { createHash } from 'node:crypto';
import { basename, extname } from 'node:path';
import { readCsvTable } from './csv-table.js';
import type { SourceBoard, SourcePost, SourceReader, SourceStatus, SourceUser } from './source-model.js';
import { SourceError } from './source-model.js';

/*
 * Any spreadsheet of ideas, one row per post: `--map title=Title,content=Description,author=Email,
 * votes=Votes,status=Status,board=Category,created=Date`. A field --map does not name is looked
 * for under its usual headers (below); only the title is required. A CSV names no voters: a post's
 * votes are placeholder voters' ("Imported voter"), as many as its count.
 */

/** The fields a CSV can fill, and the headers (any case) each is found under without --map. */
const FIELDS = {
  title: ['title', 'name', 'subject', 'idea'],
  content: ['content', 'description', 'details', 'body', 'text'],
  author: ['author', 'email', 'author email', 'author_email', 'created by', 'user'],
  votes: ['votes', 'vote count', 'vote_count', 'votes_count', 'score', 'upvotes'],
  status: ['status', 'state'],
  board: ['board', 'category', 'board name'],
  created: ['created', 'date', 'created at', 'created_at', 'createdat', 'created date'],
} as const;

type Field = keyof typeof FIELDS;

/** The status most tools give a post nobody has looked at: no roadmap (unless --status-map says otherwise). */
const DEFAULT_STATUSES = new Set(['open', 'new']);

export const readCsv: SourceReader = async (input) => {
  const path = input.source;
  if (path === undefined) throw new SourceError('csv', 'needs the CSV file: feedbackd import --from csv <file>');
  const name = basename(path);
  const table = await readCsvTable(path, name);
  const columns = columnsOf(table.header, input.columns ?? {}, name);
  const cell = (row: string[], field: Field) => (columns[field] === undefined ? '' : (row[columns[field]] ?? '').trim());
  const users = new Map<string, SourceUser>();
  const boards = new Map<string, SourceBoard>();
  const statuses = new Map<string, SourceStatus>();
  const posts: SourcePost[] = [];
  const seen = new Map<string, number>();
  const fallbackBoard = basename(name, extname(name)) || 'Imported';
  for (const [index, row] of table.rows.entries()) {
    const where = (field: Field) => `${name} row ${index + 2} column "${table.header[columns[field]!]}"`;
    const title = cell(row, 'title');
    if (title === '') throw new SourceError(where('title'), 'is empty: every post needs a title');
    const created = cell(row, 'created');
    const createdAt = created === '' ? '' : timeOf(created, where('created'));
    const author = cell(row, 'author');
    if (author !== '' && !users.has(author.toLowerCase())) users.set(author.toLowerCase(), userOf(author, createdAt));
    const boardName = cell(row, 'board') || fallbackBoard;
    if (!boards.has(boardName.toLowerCase())) boards.set(boardName.toLowerCase(), { sourceId: boardName.toLowerCase(), name: boardName, description: null, hidden: false, createdAt });
    const status = cell(row, 'status');
    if (status !== '' && !statuses.has(status.toLowerCase())) {
      statuses.set(status.toLowerCase(), { sourceId: status.toLowerCase(), name: status, color: null, isDefault: DEFAULT_STATUSES.has(status.toLowerCase()) });
    }
    const key = createHash('sha256').update([title, author.toLowerCase(), boardName.toLowerCase(), created].join('\u0000')).digest('hex').slice(0, 24);
    const copies = (seen.get(key) ?? 0) + 1;
    seen.set(key, copies);
    const post: SourcePost = {
      sourceId: copies === 1 ? key : `${key}#${copies}`,
      title,
      content: cell(row, 'content') || null,
      boardId: boardName.toLowerCase(),
      statusId: status === '' ? null : status.toLowerCase(),
      authorId: author === '' ? null : author.toLowerCase(),
      createdAt,
      tagIds: [],
    };
    if (columns.votes !== undefined) post.voteCount = countOf(cell(row, 'votes'), where('votes'));
    posts.push(post);
  }
  const leftOut = columns.votes === undefined ? ['votes: the file has no votes column (--map votes=<column>)'] : [];
  return { tool: 'csv', site: '', users: [...users.values()], boards: [...boards.values()], statuses: [...statuses.values()], tags: [], posts, votes: [], comments: [], changelog: [], leftOut };
};

/** The column index of each field: --map's, else a header with one of its usual names. */
function columnsOf(header: readonly string[], map: Readonly<Record<string, string>>, name: string): Partial<Record<Field, number>> {
  const columns: Partial<Record<Field, number>> = {};
  const lower = header.map((cell) => cell.toLowerCase());
  for (const [field, column] of Object.entries(map)) {
    if (!(field in FIELDS)) throw new SourceError('--map', `"${field}" is not a field a CSV can fill (${Object.keys(FIELDS).join(', ')})`);
    const at = lower.indexOf(column.toLowerCase());
    if (at < 0) throw new SourceError(`${name}`, `has no column "${column}" (--map ${field}=${column}); its columns are ${header.map((cell) => `"${cell}"`).join(', ')}`);
    columns[field as Field] = at;
  }
  for (const [field, names] of Object.entries(FIELDS) as [Field, readonly string[]][]) {
    if (columns[field] !== undefined) continue;
    const at = lower.findIndex((cell) => names.includes(cell));
    if (at >= 0) columns[field] = at;
  }
  if (columns.title === undefined) {
    throw new SourceError(name, `has no title column: name it with --map title=<column>; its columns are ${header.map((cell) => `"${cell}"`).join(', ')}`);
  }
  return columns;
}

/** An author cell: an email address, or a name the file gives without one (a placeholder account stands in). */
function userOf(author: string, createdAt: string): SourceUser {
  const isEmail = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(author);
  return { sourceId: author.toLowerCase(), email: isEmail ? author : null, name: isEmail ? author.slice(0, author.indexOf('@')) : author, createdAt };
}

/** ISO 8601 dates and times (`2024-03-01`, `2024-03-01 14:30`, `2024-03-01T14:30:00Z`…); a time without an offset is UTC. */
function timeOf(text: string, where: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(text);
  if (!match) throw new SourceError(where, `"${text}" is not a date: write dates as 2024-03-01 or 2024-03-01 14:30 (ISO 8601)`);
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = match;
  const time = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone.toUpperCase()}`);
  if (Number.isNaN(time)) throw new SourceError(where, `"${text}" is not a real date`);
  return new Date(time).toISOString();
}

/** A vote count: a whole number, 0 or more (blank is 0). */
function countOf(text: string, where: string): number {
  if (text === '') return 0;
  const digits = text.replace(/[\s,._']/g, '');
  if (!/^\d+$/.test(digits)) throw new SourceError(where, `"${text}" is not a number of votes`);
  return Number(digits);
}
