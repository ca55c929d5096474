import type { HeldShown, PostQuery, SimilarQuery } from '../../types.js';
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
  'approval',
  'created_at',
  'updated_at',
]
  .map((column) => `t.${quoted(column)}`)
  .join(', ');

/** Posts whose search words match the tsquery parameter; the expression of the GIN index of migration 3. */
const MATCHES = 'post_search_vector(t.search_words) @@';
/** Posts whose title's words match the tsquery parameter; the expression of the title GIN index of migration 3. */
const TITLE_MATCHES = 'post_search_vector(t.title_words) @@';
const HIDDEN_BOARDS_OUT = 'NOT EXISTS (SELECT 1 FROM boards b WHERE b.id = t.board_id AND NOT b.display)';
const BY_VOTES = 't.votes_count DESC, t.created_at DESC, t.id DESC';
/**
 * Approved posts (issue 31 §2; NULL = approved, migration 14): a filter on the rows the list's own
 * index finds, which nearly all pass, so every plan keeps its index.
 */
export const APPROVED = "(t.approval IS NULL OR t.approval = 'approved')";

/** The approval condition of a list read showing `held` (absent: approved posts only); undefined = no condition. */
function heldCondition(held: HeldShown | undefined, params: Params): string | undefined {
  if (held?.all) return undefined;
  if (held?.waitingBy == null) return APPROVED;
  return `(${APPROVED} OR (t.approval = 'waiting' AND t.user_id = ${params.add(held.waitingBy)}))`;
}

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
  if (query.mine !== undefined) conditions.push(mineCondition(query.mine.kind, params.add(query.mine.userId)));
  if (query.visibleBoardsOnly) conditions.push(HIDDEN_BOARDS_OUT);
  // One probe of the links' (tag_id, post_id) key per asked tag: a post must carry all of them.
  for (const tagId of new Set(query.tagIds ?? [])) {
    conditions.push(`EXISTS (SELECT 1 FROM post_tags pt WHERE pt.tag_id = ${params.add(tagId)} AND pt.post_id = t.id)`);
  }
  const approval = heldCondition(query.held, params);
  if (approval !== undefined) conditions.push(approval);
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
 * One person's posts: by the author index (user, createdAt, id), or through the unique index of
 * votes by (user, post), so a person's few votes lead to their posts.
 */
function mineCondition(kind: 'posted' | 'voted', user: string): string {
  if (kind === 'posted') return `t.user_id = ${user}`;
  return `t.id IN (SELECT v.post_id FROM votes v WHERE v.user_id = ${user})`;
}

/**
 * The statements of `PostsRepo.similar` (API.md §8.2), in the order they run, one rank level
 * after the other: exact title, 2 or more of the words in the title (by how many), one in the
 * title, one in the content only. A title's duplicates and the posts sharing two of its words are
 * few (486 for the three commonest title words of 100k test posts), so those are read from their
 * indexes and sorted. The last two levels can hold a large share
 * of the posts or none, so each is read in two steps, and neither leaves the choice to the planner
 * (its estimate for a word its statistics do not list is far too high: it walked all 100k posts
 * for a word no post holds): `…Top` checks the first TOP_POSTS posts of the votes order, a bounded
 * walk that serves a crowded level; when they hold too few, the level is thin and `…` reads the
 * rest of it from its GIN index.
 */
export const SIMILAR_STEPS = [
  'exactTitle',
  'sharedTitleWords',
  'oneTitleWordTop',
  'oneTitleWord',
  'contentOnlyTop',
  'contentOnly',
] as const;

/** One statement of `PostsRepo.similar`. */
export type SimilarStep = (typeof SIMILAR_STEPS)[number];

/**
 * The posts of the votes order a `…Top` step checks. Walking costs about 1 µs a post, reading a
 * match from a GIN index and sorting it 2–5 µs: at 100k posts and 5 wanted, the worst case (a
 * level just too thin for the walk, then read whole from the index) is near its least at about
 * 1,000 (about 2.5 ms); a level without posts costs the walk, about 1 ms.
 */
const TOP_POSTS = 1000;

/**
 * One step of `PostsRepo.similar` (call only with words and a positive `wanted`): at most
 * `wanted` posts the step finds that are not `taken`, in rank order; undefined when the step
 * can find no post. Steps run in SIMILAR_STEPS order, each asked for what the steps before left
 * of the limit, until it is reached. So a step runs only when every step before it returned all
 * it could, and the posts of the levels above are all taken: each step asks only "matches this
 * level's weakest condition, is not taken", never the stronger conditions of the levels above.
 * A `…Top` step that found too few has returned every match among the posts it checked, so its
 * level's second step, which leaves those out as taken, finds only posts after them in votes order.
 */
export function similarStepSql(step: SimilarStep, query: SimilarQuery, taken: readonly string[], wanted: number): Statement | undefined {
  const params = new Params();
  const text = STEP_TEXTS[step]({ query, params, taken, wanted });
  return text === undefined ? undefined : { text, values: params.values };
}

/** What a step's SQL is written from; `params` collects its values as the text names them. */
interface StepInput {
  query: SimilarQuery;
  params: Params;
  taken: readonly string[];
  wanted: number;
}

const STEP_TEXTS: Record<SimilarStep, (input: StepInput) => string | undefined> = {
  exactTitle: (input) => {
    const { query, params } = input;
    // Array overlap rather than a GIN index: a title's few duplicates are checked row by row.
    const same = `t.title_words = ${params.add([...query.titleWords])}::text[] AND t.search_words && ${wordArray(input)}`;
    return `SELECT ${POST_COLUMNS} FROM posts t WHERE ${[same, ...stepConditions(input)].join(' AND ')} ORDER BY ${BY_VOTES} LIMIT ${params.add(input.wanted)}`;
  },
  sharedTitleWords: (input) => {
    const twoWords = atLeastTwoQuery(input.query.words);
    if (twoWords === undefined) return undefined;
    const { params } = input;
    const match = `${TITLE_MATCHES} ${params.add(twoWords)}::tsquery`;
    const shared = `(SELECT count(*) FROM unnest(${wordArray(input)}) AS w(word) WHERE w.word = ANY(t.title_words))`;
    return `SELECT ${POST_COLUMNS} FROM posts t WHERE ${[match, ...stepConditions(input)].join(' AND ')}
     ORDER BY ${shared} DESC, ${BY_VOTES} LIMIT ${params.add(input.wanted)}`;
  },
  oneTitleWordTop: (input) => amongTopPosts(input, 'title_words'),
  oneTitleWord: (input) => levelRest(input, `${TITLE_MATCHES} ${input.params.add(anyWordQuery(input.query.words))}::tsquery`),
  contentOnlyTop: (input) => amongTopPosts(input, 'search_words'),
  contentOnly: (input) => levelRest(input, `${MATCHES} ${input.params.add(anyWordQuery(input.query.words))}::tsquery`),
};

/** The query's words as a text[] parameter. */
function wordArray({ query, params }: StepInput): string {
  return `${params.add([...query.words])}::text[]`;
}

/** The conditions every step has besides its match: not taken, then the board and visibility filters. */
function stepConditions(input: StepInput): string[] {
  return [notTaken(input), ...filters(input)];
}

function notTaken({ params, taken }: StepInput): string {
  return `t.id <> ALL(${params.add([...taken])}::text[])`;
}

/** The board and visibility conditions of a similar-posts query. */
function filters({ query, params }: StepInput): string[] {
  const conditions: string[] = [];
  if (query.boardId !== undefined) conditions.push(`t.board_id = ${params.add(query.boardId)}`);
  if (query.visibleBoardsOnly) conditions.push(HIDDEN_BOARDS_OUT);
  // Held posts (issue 31 §2) are never similar to anything.
  conditions.push(APPROVED);
  return conditions;
}

/**
 * The posts holding one of the words in `column`, among the first TOP_POSTS of the votes order
 * (of the board, of visible boards): a constant limit, so every plan walks a votes index and
 * stops there. The words are looked up in the array, a few times cheaper than a tsvector per post.
 */
function amongTopPosts(input: StepInput, column: 'title_words' | 'search_words'): string {
  const filtered = filters(input);
  const where = filtered.length === 0 ? '' : `WHERE ${filtered.join(' AND ')}`;
  const top = `SELECT ${POST_COLUMNS}, t.${column}, t.votes_count FROM posts t ${where} ORDER BY ${BY_VOTES} LIMIT ${TOP_POSTS}`;
  const conditions = [`t.${column} && ${wordArray(input)}`, notTaken(input)];
  return `SELECT ${POST_COLUMNS} FROM (${top}) t WHERE ${conditions.join(' AND ')} ORDER BY ${BY_VOTES} LIMIT ${input.params.add(input.wanted)}`;
}

/**
 * The posts of a level matching `match` (a GIN index's expression), by votes. MATERIALIZED: the
 * planner reads every match from the GIN index and sorts them, rather than walking the votes
 * order, which it chooses for a word it wrongly takes for common.
 */
function levelRest(input: StepInput, match: string): string {
  const conditions = [match, ...stepConditions(input)];
  return `WITH level AS MATERIALIZED (SELECT ${POST_COLUMNS}, t.votes_count FROM posts t WHERE ${conditions.join(' AND ')})
   SELECT * FROM level t ORDER BY ${BY_VOTES} LIMIT ${input.params.add(input.wanted)}`;
}

/**
 * A tsquery matching posts holding at least two of the words (undefined for fewer than two):
 * two of a list are two of its first half, two of its second half, or one of each. Every pair
 * ANDed and ORed together says the same with n(n-1) lexemes; this takes about n·log₂n (286
 * rather than 2,450 for the 50 words a 200-character title can hold), which keeps the GIN
 * scan's consistency checks short. `&` binds tighter than `|`, so the alternatives need no parentheses.
 */
export function atLeastTwoQuery(words: readonly string[]): string | undefined {
  if (words.length < 2) return undefined;
  const half = Math.ceil(words.length / 2);
  const first = words.slice(0, half);
  const second = words.slice(half);
  const oneOfEach = `${anyWordGroup(first)} & ${anyWordGroup(second)}`;
  return [atLeastTwoQuery(first), atLeastTwoQuery(second), oneOfEach].filter((part) => part !== undefined).join(' | ');
}

/** anyWordQuery as an operand of `&`. */
function anyWordGroup(words: readonly string[]): string {
  return words.length === 1 ? lexeme(words[0]!) : `(${anyWordQuery(words)})`;
}
