import { parse } from 'csv-parse/sync';
import { isRfc3339, show } from './fider-rows.js';
import { fiderStatuses, fiderStatusOfName, responseCommentId } from './fider-statuses.js';
import type { SourceBoard, SourceComment, SourceData, SourcePost, SourceTag, SourceUser } from './source-model.js';
import { SourceError } from './source-model.js';

/*
 * Fider's posts CSV (Site Settings → Export → "Export posts", GET /admin/export/posts.csv;
 * app/pkg/csv/csv.go, app/handlers/post.go ExportPostsToCSV): Go's encoding/csv (commas, "\n",
 * quotes only where needed), one row per post (open, started, planned, completed and declined
 * posts, newest first), these columns. Authors and responders are names, tags are slugs joined by
 * ", ", times RFC 3339. It holds no voters, no comments, no emails and nothing about the site.
 */
export const FIDER_CSV_COLUMNS = [
  'number',
  'title',
  'description',
  'created_at',
  'created_by',
  'votes_count',
  'comments_count',
  'status',
  'responded_by',
  'responded_at',
  'response',
  'original_number',
  'original_title',
  'tags',
] as const;
type Column = (typeof FIDER_CSV_COLUMNS)[number];

/**
 * The CSV says nothing of the site: its posts are one board, hidden since the CSV cannot tell a
 * private site from a public one (showing a board is one click; un-publishing is not). Its post
 * numbers repeat from one Fider site to the next and the CSV does not say which site it is, so
 * every posts CSV is this one "site": two sites' CSVs cannot both be imported into one board.
 */
export const FIDER_CSV_SITE = 'posts-csv';

export function readFiderCsv(text: string, file: string, onProgress?: (what: string) => void): SourceData {
  const { header, records } = parseCsv(text, file);
  onProgress?.(`${file}: ${records.length} posts`);
  const posts = new CsvPosts();
  // Rows are counted as a spreadsheet shows them: the header is row 1.
  for (const [index, record] of records.entries()) posts.add(new CsvRow(`${file}: row ${index + 2}`, header, record));
  return posts.toSource();
}

function parseCsv(text: string, file: string): { header: string[]; records: string[][] } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, delimiter: delimiterOf(text) }) as string[][];
  } catch (error) {
    throw new SourceError(file, `is not a whole CSV file (${(error as Error).message})`);
  }
  const header = records.shift() ?? [];
  const missing = FIDER_CSV_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new SourceError(`${file}: header`, `is not Fider's posts CSV (no column ${missing.join(', ')})`);
  return { header, records };
}

/** The CSV's rows, read one by one into posts, status responses, people (by name) and tag slugs. */
class CsvPosts {
  private readonly people = new People();
  private readonly posts: SourcePost[] = [];
  private readonly comments: SourceComment[] = [];
  private readonly tagSlugs = new Set<string>();
  private readonly numbers = new Set<number>();
  private commentCount = 0;
  private voteCount = 0;
  private duplicateLinks = 0;

  add(row: CsvRow): void {
    const number = row.int('number');
    if (this.numbers.has(number)) row.fail('number', `two rows have the number ${number}`);
    this.numbers.add(number);
    const statusName = row.get('status');
    const statusId = fiderStatusOfName(statusName);
    if (statusId === undefined) row.fail('status', `${show(statusName)} is not a Fider post status`);
    const createdAt = row.time('created_at');
    const post: SourcePost = {
      sourceId: String(number),
      title: row.get('title'),
      content: row.get('description'),
      boardId: FIDER_CSV_SITE,
      statusId,
      authorId: this.people.named(row.get('created_by'), createdAt),
      createdAt,
      tagIds: row.get('tags') === '' ? [] : row.get('tags').split(', '),
      voteCount: row.int('votes_count'),
    };
    for (const slug of post.tagIds) this.tagSlugs.add(slug);
    this.posts.push(post);
    this.voteCount += post.voteCount ?? 0;
    this.commentCount += row.int('comments_count');
    if (row.get('original_number') !== '') this.duplicateLinks += 1;
    this.addResponse(row, post);
  }

  /** A status response with words becomes a public comment of the responder's (see fider-statuses.ts). */
  private addResponse(row: CsvRow, post: SourcePost): void {
    const response = row.get('response');
    if (response.trim() === '') return;
    const respondedAt = row.get('responded_at') === '' ? post.createdAt : row.time('responded_at');
    this.comments.push({
      sourceId: responseCommentId(Number(post.sourceId)),
      postId: post.sourceId,
      parentId: null,
      authorId: this.people.named(row.get('responded_by'), respondedAt),
      body: response,
      createdAt: respondedAt,
      internal: false,
    });
  }

  toSource(): SourceData {
    const tags: SourceTag[] = [...this.tagSlugs].map((slug) => ({ sourceId: slug, name: slug, color: null, isPrivate: true }));
    const firstPostAt = this.posts.map((post) => post.createdAt).sort((a, b) => Date.parse(a) - Date.parse(b))[0];
    const board: SourceBoard = { sourceId: FIDER_CSV_SITE, name: 'Fider', description: null, hidden: true, createdAt: firstPostAt ?? new Date(0).toISOString() };
    const { people, posts, comments } = this;
    return { tool: 'fider', site: FIDER_CSV_SITE, users: people.users, boards: [board], statuses: fiderStatuses(posts), tags, posts, votes: [], comments, changelog: [], leftOut: this.leftOut(tags.length) };
  }

  private leftOut(tagCount: number): string[] {
    return [
      'the site\'s name and privacy: not in the posts CSV (its posts go to one hidden board, "Fider")',
      this.people.users.length === 0 ? '' : `${this.people.users.length} people's emails: not in the posts CSV (names only; nobody is matched with an existing account)`,
      this.voteCount === 0 ? '' : `${this.voteCount} votes' voters and dates: not in the posts CSV (only each post's count)`,
      this.commentCount === 0 ? '' : `${this.commentCount} comments: not in the posts CSV (only their count; Fider's backup.zip has them)`,
      tagCount === 0 ? '' : `${tagCount} tags' names, colours and privacy: not in the posts CSV (slugs only; imported private, named by slug)`,
      this.duplicateLinks === 0 ? '' : `${this.duplicateLinks} duplicate links (post → original): not imported`,
    ].filter((line) => line !== '');
  }
}

/**
 * Fider writes commas; a spreadsheet saving the file again in a locale whose decimal mark is the
 * comma writes semicolons. The header (names without either) tells which.
 */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  return header.split(';').length > header.split(',').length ? ';' : ',';
}

/** The CSV's people, known by name: one user per name, first seen at their earliest post or response. */
class People {
  readonly users: SourceUser[] = [];
  private readonly byName = new Map<string, SourceUser>();

  /** The user id of a name; null for '' (a deleted account, whose name Fider blanks). */
  named(name: string, at: string): string | null {
    if (name === '') return null;
    let user = this.byName.get(name);
    if (user === undefined) {
      user = { sourceId: `name:${name}`, email: null, name, createdAt: at };
      this.byName.set(name, user);
      this.users.push(user);
    } else if (Date.parse(at) < Date.parse(user.createdAt)) {
      user.createdAt = at;
    }
    return user.sourceId;
  }
}

class CsvRow {
  constructor(
    private readonly where: string,
    private readonly header: string[],
    private readonly record: string[],
  ) {}

  fail(field: Column, problem: string): never {
    throw new SourceError(`${this.where} field "${field}"`, problem);
  }

  get(field: Column): string {
    return this.record[this.header.indexOf(field)] ?? '';
  }

  int(field: Column): number {
    const text = this.get(field);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) this.fail(field, `must be a whole number, not ${show(text)}`);
    return Number(text);
  }

  time(field: Column): string {
    const text = this.get(field);
    if (!isRfc3339(text)) this.fail(field, `must be a time (RFC 3339), not ${show(text)}`);
    return text;
  }
}
