/*
 * A LogChimp database built from code in a fresh PostgreSQL schema (tables: logchimp-schema.ts),
 * with what the LogChimp reader must carry: several boards (a hidden one, one whose display was
 * never set), every roadmap on some post and posts on none, Japanese, Arabic and emoji, Markdown,
 * 2,102 votes on one post, a blocked user, replies two levels deep, an internal and a spam comment.
 * `expected` is what the fixture wrote, in the import model's shape, built here, not by the reader.
 *
 * LogChimp cannot delete users (see src/admin/import-from/logchimp.ts): `removeUserByHand` is the
 * only way to have one gone, and the tests use it for the model's "deleted user".
 */
import pg from 'pg';
import type {
  SourceBoard,
  SourceComment,
  SourceData,
  SourcePost,
  SourceStatus,
  SourceUser,
  SourceVote,
} from '../../../src/admin/import-from/source-model.js';
import { createSchema } from '../../_helpers/pg-schema.js';
import { LOGCHIMP_DDL, USER_FOREIGN_KEYS } from './logchimp-schema.js';

/** A fixed UUID per kind of row and number, so that every build writes the same ids. */
function uuidOf(kind: string, n: number): string {
  return `${kind.repeat(8)}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** Minutes after the fixture's first moment, as ISO 8601. */
function at(minutes: number): string {
  return new Date(Date.parse('2024-03-01T09:00:00.000Z') + minutes * 60_000).toISOString();
}

interface UserSeed {
  n: number;
  name: string | null;
  username: string;
  email: string;
  verified?: boolean;
  owner?: boolean;
  blocked?: boolean;
  avatar?: string;
  notes?: string;
}

const PEOPLE: UserSeed[] = [
  { n: 1, name: 'Ada Owner', username: 'ada', email: 'ada@example.com', owner: true, verified: true, avatar: 'https://cdn.example.com/ada.png' },
  { n: 2, name: null, username: 'bruno', email: 'Bruno.Silva@Example.COM', verified: true },
  { n: 3, name: '山田 花子', username: 'hanako', email: 'hanako@example.jp', verified: true, avatar: 'https://cdn.example.com/hanako.png' },
  { n: 4, name: 'ليلى حداد', username: 'layla', email: 'layla@example.sa' },
  { n: 5, name: 'Cheap Watches 🤖', username: 'watches', email: 'bot@spam.example', verified: true, blocked: true },
  { n: 6, name: 'Chen Wei', username: 'chenwei', email: 'chen@example.cn', notes: 'Key customer, renews in May' },
];
/** The people who put one post over two thousand votes. */
const VOTERS = 2100;
const voterSeed = (i: number): UserSeed => ({ n: 100 + i, name: `Voter ${i}`, username: `voter${i}`, email: `voter${i}@voters.example`, verified: true });

const user = (n: number) => uuidOf('a', n);
const board = (n: number) => uuidOf('b', n);
const roadmap = (n: number) => uuidOf('c', n);
const post = (n: number) => uuidOf('d', n);
const comment = (n: number) => uuidOf('f', n);
const activity = (n: number) => uuidOf('1', n);

const BOARDS = [
  { n: 1, name: 'Feature requests', url: 'features', color: '3b82f6', display: true, viewVoters: true },
  { n: 2, name: 'バグ報告', url: 'bugs-ja', color: 'ef4444', display: true, viewVoters: false },
  { n: 3, name: 'اقتراحات', url: 'suggestions-ar', color: '10b981', display: true, viewVoters: true },
  { n: 4, name: 'Internal 🔒', url: 'internal', color: '6b7280', display: false, viewVoters: true },
  { n: 5, name: 'Drafts', url: 'drafts', color: 'a3a3a3', display: null, viewVoters: true },
];

const ROADMAPS = [
  { n: 1, name: 'Under review', url: 'review', index: 1, color: 'A855F7', display: false },
  { n: 2, name: 'Planned', url: 'planned', index: 2, color: '0ea5e9', display: true },
  { n: 3, name: 'In progress', url: 'progress', index: 3, color: 'f59e0b', display: true },
  { n: 4, name: 'Completed ✅', url: 'completed', index: 4, color: '22c55e', display: true },
  // Six characters, but not a colour: the reader gives null.
  { n: 5, name: "Won't do", url: 'wont-do', index: 5, color: 'grey!!', display: null },
];

interface PostSeed {
  n: number;
  title: string;
  content: string | null;
  author: number;
  board: number | null;
  roadmap: number | null;
}

const POSTS: PostSeed[] = [
  { n: 1, title: 'Dark mode', content: '## Why\n\nReading at night **hurts**.\n\n- follow the system theme\n- a toggle in the menu\n\nSee [the mockup](https://example.com/dark.png).', author: 1, board: 1, roadmap: 2 },
  { n: 2, title: 'Export to CSV', content: null, author: 2, board: 1, roadmap: null },
  { n: 3, title: 'ログインできません', content: 'パスワードをリセットしても**ログインできません**。\n\n1. ログイン画面を開く\n2. メールを入力する', author: 3, board: 2, roadmap: 3 },
  { n: 4, title: 'دعم اللغة العربية', content: 'نحتاج إلى دعم الكتابة من **اليمين إلى اليسار**.', author: 4, board: 3, roadmap: 4 },
  { n: 5, title: 'Internal: migrate billing', content: 'Only the team sees this board.', author: 1, board: 4, roadmap: 1 },
  { n: 6, title: 'Draft idea 💡', content: 'Emoji everywhere 🎉🚀', author: 6, board: 5, roadmap: null },
  { n: 7, title: 'From a board that was deleted', content: 'Its board is gone: boardId was set to null.', author: 2, board: null, roadmap: 5 },
  // LogChimp runs post content through `xss`: typed HTML is stored as entities, and read as stored.
  { n: 8, title: 'Buy cheap watches', content: '&lt;a href="https://spam.example"&gt;cheap&lt;/a&gt;', author: 5, board: 1, roadmap: null },
  { n: 9, title: 'Keyboard shortcuts', content: 'Like this:\n\n```\nctrl+k  search\ng i     inbox\n```', author: 6, board: 1, roadmap: 4 },
  { n: 10, title: '🐛 Crash on upload', content: 'Uploading a 20 MB file crashes the tab.', author: 2, board: 2, roadmap: 3 },
];

/** [post, voter user n]: votes besides the big post's two thousand. */
const VOTES: Array<[number, number]> = [
  [1, 2], [1, 3], [3, 1], [3, 3], [3, 4], [4, 4], [4, 5], [8, 5], [9, 1], [9, 2], [9, 6], [10, 3], [7, 6], [5, 1],
];

interface CommentSeed {
  n: number;
  post: number;
  author: number;
  parent: number | null;
  body: string;
  internal?: boolean;
  spam?: boolean;
  edited?: boolean;
  /** A posts_comments row with no posts_activity row: LogChimp never lists it. */
  unplaced?: boolean;
}

const COMMENTS: CommentSeed[] = [
  { n: 1, post: 1, author: 2, parent: null, body: 'Yes please! **Dark mode** would help at night.' },
  { n: 2, post: 1, author: 1, parent: 1, body: 'Planned for the summer 🎉' },
  { n: 3, post: 1, author: 3, parent: 2, body: 'ありがとうございます！' },
  { n: 4, post: 1, author: 1, parent: null, body: 'Needs design work first: see the Figma file.', internal: true },
  { n: 5, post: 3, author: 4, parent: null, body: 'نفس المشكلة عندي', edited: true },
  { n: 6, post: 8, author: 5, parent: null, body: 'Visit my site for cheap watches', spam: true },
  { n: 7, post: 4, author: 3, parent: null, body: 'Which screens first?' },
  { n: 8, post: 4, author: 4, parent: 7, body: '- the board\n- the post page\n- `settings`' },
  { n: 9, post: 9, author: 5, parent: null, body: 'Blocked later, but this comment stays.' },
  { n: 10, post: 2, author: 6, parent: null, body: 'Half-written: its activity row was never made.', unplaced: true },
];

const allUsers = (): UserSeed[] => [...PEOPLE, ...Array.from({ length: VOTERS }, (_, i) => voterSeed(i + 1))];
const userCreated = (seed: UserSeed) => at(seed.n);
const postCreated = (seed: PostSeed) => at(3000 + seed.n * 60);
const commentCreated = (seed: CommentSeed) => at(4000 + seed.n * 30);

/** The lines the reader reports for what LogChimp holds and feedbackd does not take. */
const LEFT_OUT = [
  '1 blocked user: the block is not carried (block again in feedbackd)',
  "1 owner account (LogChimp's isOwner): ownership is not carried, the account comes in as an ordinary one",
  '2 users who had not verified their email in LogChimp: that state is not carried',
  '2 avatars: not imported',
  '1 note on a user (users.notes): not imported',
  '1 role assignment (roles_users): not imported, give the team its rights in feedbackd',
  '1 board hiding its voters (view_voters off): not carried',
  "2 roadmaps hidden from LogChimp's public roadmap (display off): not carried, they become ordinary roadmaps",
  '1 comment marked as spam: the mark is not carried, each comes in as an ordinary comment',
  '1 comment without a posts_activity row (never shown by LogChimp): not imported',
  '1 site settings row (title, logo, accent colour, labs): not imported',
  '1 pending token (email verification, password reset): not imported',
];

function expectedData(): SourceData {
  const users = allUsers().map((seed): SourceUser => ({ sourceId: user(seed.n), email: seed.email, name: seed.name ?? seed.username, createdAt: userCreated(seed) }));
  const boards = BOARDS.map((seed): SourceBoard => ({ sourceId: board(seed.n), name: seed.name, description: null, hidden: seed.display !== true, createdAt: at(1000 + seed.n) }));
  const statuses = ROADMAPS.map((seed): SourceStatus => {
    const color = /^[0-9a-f]{6}$/i.test(seed.color) ? `#${seed.color.toLowerCase()}` : null;
    return { sourceId: roadmap(seed.n), name: seed.name, color, isDefault: false };
  });
  const posts = POSTS.map(
    (seed): SourcePost => ({
      sourceId: post(seed.n),
      title: seed.title,
      content: seed.content,
      boardId: seed.board === null ? null : board(seed.board),
      statusId: seed.roadmap === null ? null : roadmap(seed.roadmap),
      authorId: user(seed.author),
      createdAt: postCreated(seed),
      tagIds: [],
    }),
  );
  const comments = COMMENTS.filter((seed) => !seed.unplaced).map(
    (seed): SourceComment => ({
      sourceId: comment(seed.n),
      postId: post(seed.post),
      parentId: seed.parent === null ? null : comment(seed.parent),
      authorId: user(seed.author),
      body: seed.body,
      createdAt: commentCreated(seed),
      internal: seed.internal === true,
    }),
  );
  return { tool: 'logchimp', site: '', users, boards, statuses, tags: [], posts, votes: voteRows().map((row) => row.vote), comments, changelog: [], leftOut: LEFT_OUT };
}

/** Every vote with the id it is stored under: the big post's voters first, then the others. */
function voteRows(): Array<{ id: string; vote: SourceVote }> {
  const big = Array.from({ length: VOTERS }, (_, i) => ({ postId: post(1), userId: user(101 + i), createdAt: at(5000 + i) }));
  const others = VOTES.map(([p, u], i) => ({ postId: post(p), userId: user(u), createdAt: at(8000 + i) }));
  return [...big, ...others].map((vote, i) => ({ id: uuidOf('e', i + 1), vote }));
}

/** Inserts rows column by column through unnest: one statement for two thousand voters. */
async function insertMany(client: pg.ClientBase, table: string, columns: Record<string, string>, rows: unknown[][]): Promise<void> {
  const names = Object.keys(columns);
  const arrays = names.map((_, i) => rows.map((row) => row[i]));
  const casts = names.map((name, i) => `$${i + 1}::${columns[name]}[]`).join(', ');
  await client.query(`INSERT INTO ${table} (${names.map((name) => `"${name}"`).join(', ')}) SELECT * FROM unnest(${casts})`, arrays);
}

async function fill(client: pg.ClientBase): Promise<void> {
  await client.query(LOGCHIMP_DDL);
  const people = allUsers();
  await insertMany(
    client,
    'users',
    { userId: 'uuid', name: 'text', email: 'text', password: 'text', username: 'text', avatar: 'text', isVerified: 'boolean', isOwner: 'boolean', isBlocked: 'boolean', createdAt: 'timestamptz', notes: 'text' },
    people.map((s) => [user(s.n), s.name, s.email, '$2a$10$fixturefixturefixturefixturefixturefixturefixturefix', s.username, s.avatar ?? null, s.verified === true, s.owner === true, s.blocked === true, userCreated(s), s.notes ?? null]),
  );
  await insertMany(
    client,
    'boards',
    { boardId: 'uuid', name: 'text', url: 'text', color: 'text', display: 'boolean', view_voters: 'boolean', createdAt: 'timestamptz' },
    BOARDS.map((s) => [board(s.n), s.name, s.url, s.color, s.display, s.viewVoters, at(1000 + s.n)]),
  );
  await insertMany(
    client,
    'roadmaps',
    { id: 'uuid', name: 'text', url: 'text', index: 'integer', color: 'text', display: 'boolean', created_at: 'timestamptz' },
    // Created in reverse order of index: the reader orders statuses by LogChimp's index.
    ROADMAPS.map((s) => [roadmap(s.n), s.name, s.url, s.index, s.color, s.display, at(2000 - s.n)]),
  );
  await insertMany(
    client,
    'posts',
    { postId: 'uuid', title: 'text', slug: 'text', slugId: 'text', contentMarkdown: 'text', userId: 'uuid', boardId: 'uuid', roadmap_id: 'uuid', createdAt: 'timestamptz' },
    POSTS.map((s) => [post(s.n), s.title, `post-${s.n}-slug${s.n}`, `slug${s.n}`, s.content, user(s.author), s.board === null ? null : board(s.board), s.roadmap === null ? null : roadmap(s.roadmap), postCreated(s)]),
  );
  await insertMany(
    client,
    'votes',
    { voteId: 'uuid', userId: 'uuid', postId: 'uuid', createdAt: 'timestamptz' },
    voteRows().map(({ id, vote }) => [id, vote.userId, vote.postId, vote.createdAt]),
  );
  // Parents before replies, as LogChimp writes them (parent_id references posts_comments).
  await insertMany(
    client,
    'posts_comments',
    { id: 'uuid', parent_id: 'uuid', activity_id: 'uuid', body: 'text', is_edited: 'boolean', is_spam: 'boolean', is_internal: 'boolean', created_at: 'timestamptz', updated_at: 'timestamptz' },
    COMMENTS.map((s) => [comment(s.n), s.parent === null ? null : comment(s.parent), activity(s.n), s.body, s.edited === true, s.spam === true, s.internal === true, commentCreated(s), commentCreated(s)]),
  );
  await insertMany(
    client,
    'posts_activity',
    { id: 'uuid', type: 'text', posts_comments_id: 'uuid', post_id: 'uuid', author_id: 'uuid', created_at: 'timestamptz' },
    COMMENTS.filter((s) => !s.unplaced).map((s) => [activity(s.n), 'comment', comment(s.n), post(s.post), user(s.author), commentCreated(s)]),
  );
  await client.query(`INSERT INTO roles (id, name, description, is_system) VALUES ($1, 'Administrator', 'Runs the board', 0)`, [uuidOf('2', 1)]);
  await client.query('INSERT INTO roles_users (id, role_id, user_id) VALUES ($1, $2, $3)', [uuidOf('3', 1), uuidOf('2', 1), user(1)]);
  await client.query(`INSERT INTO settings (title, description, "accentColor", labs) VALUES ('Acme feedback', 'Tell us', '484d7c', '{"comments": true}')`);
  await client.query(`INSERT INTO "emailVerification" (email, token) VALUES ('layla@example.sa', 'fixture-token')`);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A LogChimp database in a fresh schema of `databaseUrl`; `source` is its URL (search_path set). */
export async function buildLogchimpFixture(databaseUrl: string): Promise<{ source: string; expected: SourceData; drop(): Promise<void> }> {
  const schema = await createSchema(databaseUrl);
  try {
    await withClient(schema.url, fill);
  } catch (error) {
    await schema.drop();
    throw error;
  }
  return { source: schema.url, expected: expectedData(), drop: schema.drop };
}

/** Ids of the fixture's rows, for tests and for damaging it. */
export const LOGCHIMP_IDS = { user, board, roadmap, post, comment, activity };

/** Makes a post's title blank (LogChimp itself never stores one: it writes "new post" instead). */
export async function blankPostTitle(source: string, postN: number): Promise<string> {
  await withClient(source, (client) => client.query(`UPDATE posts SET title = '   ' WHERE "postId" = $1`, [post(postN)]));
  return post(postN);
}

/** Makes comment 5 (on post 3) answer comment 1 (on post 1): LogChimp's API refuses that, a hand edit would not. */
export async function replyAcrossPosts(source: string): Promise<string> {
  await withClient(source, (client) => client.query('UPDATE posts_comments SET parent_id = $1 WHERE id = $2', [comment(1), comment(5)]));
  return comment(5);
}

/**
 * Removes user 3 (a post, votes, comments) as only a hand edit can: LogChimp's foreign keys on
 * users are dropped first. Answers the expected data after it: that user with no email and no
 * name, created at their first row.
 */
export async function removeUserByHand(source: string, expected: SourceData): Promise<SourceData> {
  const gone = user(3);
  await withClient(source, async (client) => {
    for (const [table, constraint] of USER_FOREIGN_KEYS) await client.query(`ALTER TABLE ${table} DROP CONSTRAINT ${constraint}`);
    await client.query('DELETE FROM users WHERE "userId" = $1', [gone]);
  });
  const theirs = [...expected.posts.filter((p) => p.authorId === gone), ...expected.votes.filter((v) => v.userId === gone), ...expected.comments.filter((c) => c.authorId === gone)];
  const first = theirs.map((row) => row.createdAt).sort()[0]!;
  const users = expected.users.map((u) => (u.sourceId === gone ? { sourceId: gone, email: null, name: '', createdAt: first } : u));
  const leftOut = expected.leftOut.map((text) => (text.startsWith('2 avatars') ? '1 avatar: not imported' : text));
  return { ...expected, users, leftOut };
}

/** A schema holding another tool's tables (an Astuto-like users/boards/posts, no roadmaps): not LogChimp's. */
export async function buildOtherToolSchema(databaseUrl: string): Promise<{ source: string; drop(): Promise<void> }> {
  const schema = await createSchema(databaseUrl);
  await withClient(schema.url, (client) =>
    client.query(`
      CREATE TABLE users (id bigserial PRIMARY KEY, email varchar NOT NULL, full_name varchar);
      CREATE TABLE boards (id bigserial PRIMARY KEY, name varchar NOT NULL);
      CREATE TABLE posts (id bigserial PRIMARY KEY, title varchar NOT NULL, board_id bigint, user_id bigint);
      CREATE TABLE post_statuses (id bigserial PRIMARY KEY, name varchar NOT NULL);
    `),
  );
  return { source: schema.url, drop: schema.drop };
}

/** An empty schema: a database LogChimp was never installed in. */
export async function buildEmptySchema(databaseUrl: string): Promise<{ source: string; drop(): Promise<void> }> {
  const schema = await createSchema(databaseUrl);
  return { source: schema.url, drop: schema.drop };
}
