import type { PostQuery, SimilarQuery } from '../../types.js';
import { Params, quoted } from './sql.js';

/*
 * The SQL of post searches and orders (API.md §8.1, §8.2), exported so tests can EXPLAIN the very
 * text the repository runs. Words travel as one tsquery parameter built here and cast with
 * `::tsquery`, which only reads the quoted lexemes: PostgreSQL never parses text into words.
 * The same filters make the same text, so each shape is one prepared statement.
 */

/** A SQL text and its parameter values. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** postSpec's columns (posts.ts imports this module, so they are listed here): the stored words stay in the database. */
export const POST_COLUMNS = [
  'id',
  'title',
  'slug',
  'slug_id',
  'content_markdown',
  'user_id',
  'board_id',
  'roadmap_id',
  'created_at',
  'updated_at',
]
  .map((column) => `t.${quoted(column)}`)
  .join(', ');

/** Posts whose search words match the tsquery parameter; the expression of the GIN index of migration 3. */
const MATCHES = 'post_search_vector(t.search_words) @@';
const HIDDEN_BOARDS_OUT = 'NOT EXISTS (SELECT 1 FROM boards b WHERE b.id = t.board_id AND NOT b.display)';
const BY_VOTES = 't.votes_count DESC, t.created_at DESC, t.id DESC';

/** A word as a tsquery lexeme; words hold only letters and digits, but quote and backslash are escaped anyway. */
function lexeme(word: string): string {
  return `'${word.replace(/['\\]/g, (c) => `${c}${c}`)}'`;
}

/** A tsquery matching posts with, for every word, a search word it is a prefix of. */
export function everyPrefixQuery(words: readonly string[]): string {
  return words.map((word) => `${lexeme(word)}:*`).join(' & ');
}

/** A tsquery matching posts holding at least one of the words exactly. */
export function anyWordQuery(words: readonly string[]): string {
  return words.map(lexeme).join(' | ');
}

/** The filtered, ordered page `PostsRepo.query` reads (call only with a positive limit). */
export function postQuerySql(query: PostQuery): Statement {
  const params = new Params();
  const conditions: string[] = [];
  const boards = query.boardIds;
  // One board as an equality, so its index hands out rows already in order.
  if (boards?.length === 1) conditions.push(`t.board_id = ${params.add(boards[0])}`);
  else if (boards !== undefined) conditions.push(`t.board_id = ANY(${params.add([...boards])}::text[])`);
  if (query.roadmapId !== undefined) conditions.push(`t.roadmap_id = ${params.add(query.roadmapId)}`);
  if (query.visibleBoardsOnly) conditions.push(HIDDEN_BOARDS_OUT);
  if (query.words !== undefined && query.words.length > 0) {
    conditions.push(`${MATCHES} ${params.add(everyPrefixQuery(query.words))}::tsquery`);
  }
  const dir = query.direction === 'asc' ? 'ASC' : 'DESC';
  const order = query.orderBy === 'votes' ? BY_VOTES : `t.created_at ${dir}, t.id ${dir}`;
  const where = conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
  const text = `SELECT ${POST_COLUMNS} FROM posts t ${where} ORDER BY ${order}
   LIMIT ${params.add(query.limit)} OFFSET ${params.add(Math.max(query.offset, 0))}`;
  return { text, values: params.values };
}

/**
 * The ranked candidates `PostsRepo.similar` reads (call only with words and a positive limit):
 * the exact title first, then by how many of the words the title holds, then by votes and age.
 */
export function similarPostsSql(query: SimilarQuery): Statement {
  const params = new Params();
  const conditions = [`${MATCHES} ${params.add(anyWordQuery(query.words))}::tsquery`];
  if (query.boardId !== undefined) conditions.push(`t.board_id = ${params.add(query.boardId)}`);
  if (query.visibleBoardsOnly) conditions.push(HIDDEN_BOARDS_OUT);
  const sameTitle = `(t.title_words = ${params.add([...query.titleWords])}::text[])`;
  const sharedWords = `(SELECT count(*) FROM unnest(${params.add([...query.words])}::text[]) AS w(word) WHERE w.word = ANY(t.title_words))`;
  const text = `SELECT ${POST_COLUMNS} FROM posts t WHERE ${conditions.join(' AND ')}
   ORDER BY ${sameTitle} DESC, ${sharedWords} DESC, ${BY_VOTES} LIMIT ${params.add(query.limit)}`;
  return { text, values: params.values };
}
