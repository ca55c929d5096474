import type pg from 'pg';
import {
  type SourceBoard,
  type SourceComment,
  SourceError,
  type SourcePost,
  type SourceStatus,
  type SourceUser,
  type SourceVote,
} from './source-model.js';

/*
 * One query per LogChimp table and the checks on its rows. Column names are LogChimp's (camelCase
 * in the 2020 tables, snake_case in the later ones), quoted where PostgreSQL would fold them.
 * Rows come in creation order so that a rerun reads them in the same order.
 */

/** Where a row's problem is: `postgres://host:port/db: table posts row postId=… field "title"`. */
function at(where: string, table: string, key: string, id: string, field: string): string {
  return `${where}: table ${table} row ${key}=${id} field "${field}"`;
}

/** A timestamp column as ISO 8601 (pg gives Date for timestamptz; a text copy of the data gives strings). */
function iso(value: unknown, place: () => string): string {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw new SourceError(place(), 'is not a date');
  return date.toISOString();
}

/** LogChimp keeps colours as six hex digits without `#` (boards.color, roadmaps.color). */
function hexColor(value: string | null): string | null {
  return value !== null && /^[0-9a-f]{6}$/i.test(value) ? `#${value.toLowerCase()}` : null;
}

/** LogChimp users; `blocked` and the rest feed the left-out lines. */
export interface LogchimpUsers {
  users: SourceUser[];
  blocked: number;
  owners: number;
  unverified: number;
  avatars: number;
  notes: number;
}

export async function readUsers(client: pg.ClientBase, where: string): Promise<LogchimpUsers> {
  const { rows } = await client.query(
    `SELECT "userId"::text AS id, name, email, username, avatar, notes, "isVerified" AS verified,
            "isOwner" AS owner, "isBlocked" AS blocked, "createdAt" AS created
       FROM users ORDER BY "createdAt", "userId"`,
  );
  const users = rows.map((row): SourceUser => {
    const place = (field: string) => () => at(where, 'users', 'userId', row.id, field);
    const email = typeof row.email === 'string' && row.email.trim() !== '' ? row.email.trim() : null;
    // LogChimp shows the name, or the username when the user gave none (name is optional).
    const name = (row.name ?? '').trim() || (row.username ?? '').trim();
    return { sourceId: row.id, email, name, createdAt: iso(row.created, place('createdAt')) };
  });
  const count = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length;
  return {
    users,
    blocked: count((row) => row.blocked === true),
    owners: count((row) => row.owner === true),
    unverified: count((row) => row.verified !== true),
    avatars: count((row) => typeof row.avatar === 'string' && row.avatar !== ''),
    notes: count((row) => typeof row.notes === 'string' && row.notes.trim() !== ''),
  };
}

/** Boards: `display` off (false or null, LogChimp's default) keeps a board off the public list. */
export async function readBoards(client: pg.ClientBase, where: string): Promise<{ boards: SourceBoard[]; votersHidden: number }> {
  const { rows } = await client.query(
    `SELECT "boardId"::text AS id, name, display, view_voters, "createdAt" AS created FROM boards ORDER BY "createdAt", "boardId"`,
  );
  const boards = rows.map(
    (row): SourceBoard => ({
      sourceId: row.id,
      name: row.name,
      description: null,
      hidden: row.display !== true,
      createdAt: iso(row.created, () => at(where, 'boards', 'boardId', row.id, 'createdAt')),
    }),
  );
  return { boards, votersHidden: rows.filter((row) => row.view_voters === false).length };
}

/** Roadmaps are LogChimp's statuses: a post sits on at most one; none is a "no status yet". */
export async function readRoadmaps(client: pg.ClientBase): Promise<{ statuses: SourceStatus[]; hidden: number }> {
  const { rows } = await client.query(`SELECT id::text AS id, name, color, display FROM roadmaps ORDER BY "index", created_at, id`);
  const statuses = rows.map((row): SourceStatus => ({ sourceId: row.id, name: row.name, color: hexColor(row.color), isDefault: false }));
  return { statuses, hidden: rows.filter((row) => row.display !== true).length };
}

/** Known ids of the tables others point at, to check references whose constraints may be gone. */
export interface KnownIds {
  boards: ReadonlySet<string>;
  statuses: ReadonlySet<string>;
}

export async function readPosts(client: pg.ClientBase, where: string, known: KnownIds): Promise<SourcePost[]> {
  const { rows } = await client.query(
    `SELECT "postId"::text AS id, title, "contentMarkdown" AS content, "userId"::text AS author,
            "boardId"::text AS board, roadmap_id::text AS roadmap, "createdAt" AS created
       FROM posts ORDER BY "createdAt", "postId"`,
  );
  return rows.map((row): SourcePost => {
    const place = (field: string) => () => at(where, 'posts', 'postId', row.id, field);
    if (typeof row.title !== 'string' || row.title.trim() === '') throw new SourceError(place('title')(), 'is empty');
    return {
      sourceId: row.id,
      title: row.title,
      // As LogChimp stores it: Markdown the server ran through `xss`, so typed HTML is kept as entities.
      content: row.content,
      // LogChimp's foreign keys set these to null when the board or roadmap is deleted; do the same if they were dropped.
      boardId: row.board !== null && known.boards.has(row.board) ? row.board : null,
      statusId: row.roadmap !== null && known.statuses.has(row.roadmap) ? row.roadmap : null,
      authorId: row.author,
      createdAt: iso(row.created, place('createdAt')),
      tagIds: [],
    };
  });
}

export async function readVotes(client: pg.ClientBase, where: string, posts: ReadonlySet<string>): Promise<SourceVote[]> {
  const { rows } = await client.query(
    `SELECT "voteId"::text AS id, "userId"::text AS voter, "postId"::text AS post, "createdAt" AS created
       FROM votes ORDER BY "createdAt", "voteId"`,
  );
  return rows.map((row): SourceVote => {
    const place = (field: string) => () => at(where, 'votes', 'voteId', row.id, field);
    if (!posts.has(row.post)) throw new SourceError(place('postId')(), `no post ${row.post}`);
    return { postId: row.post, userId: row.voter, createdAt: iso(row.created, place('createdAt')) };
  });
}

/** Comments, and what LogChimp holds about them that the model has no place for. */
export interface LogchimpComments {
  comments: SourceComment[];
  /** Comments no activity row places on a post: LogChimp lists comments through posts_activity, so nobody saw them. */
  unplaced: number;
  spam: number;
}

/**
 * A comment is two rows in LogChimp: posts_comments (body, parent, flags) and posts_activity (post,
 * author, type "comment"), sharing posts_comments.activity_id = posts_activity.id, which is how
 * LogChimp lists a post's activity.
 */
export async function readComments(client: pg.ClientBase, where: string, posts: ReadonlySet<string>): Promise<LogchimpComments> {
  const { rows } = await client.query(
    `SELECT c.id::text AS id, c.parent_id::text AS parent, c.body, c.is_spam AS spam, c.is_internal AS internal,
            c.created_at AS created, a.id::text AS activity, a.post_id::text AS post, a.author_id::text AS author
       FROM posts_comments c LEFT JOIN posts_activity a ON a.id = c.activity_id
      ORDER BY c.created_at, c.id`,
  );
  const placed = rows.filter((row) => row.activity !== null);
  const postOf = new Map<string, string>(placed.map((row) => [row.id, row.post]));
  const comments = placed.map((row): SourceComment => {
    const place = (field: string) => at(where, 'posts_comments', 'id', row.id, field);
    if (!posts.has(row.post)) throw new SourceError(at(where, 'posts_activity', 'id', row.activity, 'post_id'), `no post ${row.post}`);
    if (typeof row.body !== 'string' || row.body.trim() === '') throw new SourceError(place('body'), 'is empty');
    if (row.parent !== null && postOf.get(row.parent) !== row.post) {
      throw new SourceError(place('parent_id'), `answers comment ${row.parent}, which is not a comment of the same post (${row.post})`);
    }
    return {
      sourceId: row.id,
      postId: row.post,
      parentId: row.parent,
      authorId: row.author,
      body: row.body,
      createdAt: iso(row.created, () => place('created_at')),
      internal: row.internal === true,
    };
  });
  return { comments, unplaced: rows.length - placed.length, spam: placed.filter((row) => row.spam === true).length };
}

/** Activity rows of kinds other than comments (LogChimp has none yet; a newer one might). */
export async function countOtherActivity(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM posts_activity WHERE type <> 'comment'`);
  return Number(rows[0]?.n ?? 0);
}
