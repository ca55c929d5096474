import type pg from 'pg';
import type { AstutoSchemaFacts, CountedTable } from './astuto-schema.js';
import { type Row, RowPlace } from './astuto-row-place.js';
import type { SourceBoard, SourceComment, SourcePost, SourceStatus, SourceUser, SourceVote } from './source-model.js';

/*
 * The rows of one Astuto tenant, read and checked table by table. Facts from Astuto's models
 * (astuto/astuto at 9176b96, app/models/*.rb and the controllers named below):
 * - users.status is the enum [active, blocked, deleted]; deleting an account
 *   (registrations_controller#destroy) keeps its posts, likes and comments and, since May 2024,
 *   overwrites its email with a random `…@deleted.com` and its full_name with "Deleted user"
 *   (before, only the status changed: the reader drops the email of every deleted account);
 *   users.role is the enum [user, moderator, admin, owner].
 * - posts.approval_status is the enum [approved, pending, rejected]; only approved posts are
 *   shown (posts_controller#index), pending and rejected ones only to moderators.
 *   posts.user_id is null for anonymous feedback; posts.post_status_id null means "no status".
 * - likes are the votes (one per user and post); comments nest through parent_id, and
 *   comments.is_post_update marks a moderator's update, shown to everyone like any comment
 *   (comments_controller#index does not filter on it).
 * - post_statuses.color is `#rgb` or `#rrggbb` (PostStatus validation).
 * Rails stores its timestamps in UTC in `timestamp without time zone` columns: the session runs
 * in UTC (set by the caller) so that to_char writes them, or a timestamptz, as UTC.
 */

// Queries order by the table's own id (`users.id`): a bare `id` would be the text alias and sort "1000" before "2".

/** A timestamp column as an ISO 8601 string in UTC, to the millisecond. */
function iso(column: string): string {
  return `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export interface AstutoTenant {
  id: string;
  subdomain: string;
  /** tenant_settings.is_private: only signed-in members see the site. */
  isPrivate: boolean;
}

export async function readTenants(client: pg.ClientBase, facts: AstutoSchemaFacts): Promise<AstutoTenant[]> {
  const privacy = facts.hasPrivateSites ? '(SELECT bool_or(s.is_private) FROM tenant_settings s WHERE s.tenant_id = t.id)' : 'false';
  const result = await client.query<{ id: string; subdomain: string; is_private: boolean | null }>(
    `SELECT t.id::text AS id, t.subdomain, ${privacy} AS is_private FROM tenants t ORDER BY t.id`,
  );
  return result.rows.map((row) => ({ id: row.id, subdomain: row.subdomain, isPrivate: row.is_private === true }));
}

const USER_STATUSES = ['active', 'blocked', 'deleted'] as const;
const USER_ROLES = ['user', 'moderator', 'admin', 'owner'] as const;

export interface AstutoUsers {
  users: SourceUser[];
  blocked: number;
  /** Moderators, admins and the owner. */
  team: number;
}

export async function readUsers(client: pg.ClientBase, database: string, tenantId: string): Promise<AstutoUsers> {
  const result = await client.query<Row>(
    `SELECT id::text AS id, email, full_name, status, role, ${iso('created_at')} AS created_at
       FROM users WHERE tenant_id = $1 ORDER BY users.id`,
    [tenantId],
  );
  const read: AstutoUsers = { users: [], blocked: 0, team: 0 };
  for (const row of result.rows) {
    const place = new RowPlace(database, 'users', String(row.id));
    // A null status is an account made before the column (2022); Astuto reads it as active.
    const status = USER_STATUSES[place.enumIndex(row, 'status', USER_STATUSES, true) ?? 0];
    const role = USER_ROLES[place.enumIndex(row, 'role', USER_ROLES, true) ?? 0];
    if (status === 'blocked') read.blocked++;
    if (role !== 'user') read.team++;
    read.users.push({
      sourceId: place.id,
      email: status === 'deleted' ? null : emailOf(place, row),
      name: place.optionalText(row, 'full_name') ?? '',
      createdAt: place.text(row, 'created_at'),
    });
  }
  return read;
}

/** The address of a live account; Astuto validates it with URI::MailTo::EMAIL_REGEXP, so one without `@` is damage. */
function emailOf(place: RowPlace, row: Row): string {
  const email = place.nonBlank(row, 'email');
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) place.fail('email', `${JSON.stringify(email)} is not an email address`);
  return email;
}

/** The tenant's boards in Astuto's order. Astuto has no private boards: a private site hides them all. */
export async function readBoards(client: pg.ClientBase, database: string, tenant: AstutoTenant): Promise<SourceBoard[]> {
  const result = await client.query<Row>(
    `SELECT id::text AS id, name, description, ${iso('created_at')} AS created_at
       FROM boards WHERE tenant_id = $1 ORDER BY "order", boards.id`,
    [tenant.id],
  );
  return result.rows.map((row) => {
    const place = new RowPlace(database, 'boards', String(row.id));
    return {
      sourceId: place.id,
      name: place.nonBlank(row, 'name'),
      description: place.optionalText(row, 'description'),
      hidden: tenant.isPrivate,
      createdAt: place.text(row, 'created_at'),
    };
  });
}

export interface AstutoStatuses {
  /** In Astuto's order; none is a "no status yet" one (a post without status has post_status_id null). */
  statuses: SourceStatus[];
  /** Names of the statuses Astuto keeps off its roadmap page (show_in_roadmap false). */
  offRoadmap: string[];
}

export async function readStatuses(client: pg.ClientBase, database: string, tenantId: string): Promise<AstutoStatuses> {
  const result = await client.query<Row>(
    'SELECT id::text AS id, name, color, show_in_roadmap FROM post_statuses WHERE tenant_id = $1 ORDER BY "order", post_statuses.id',
    [tenantId],
  );
  const read: AstutoStatuses = { statuses: [], offRoadmap: [] };
  for (const row of result.rows) {
    const place = new RowPlace(database, 'post_statuses', String(row.id));
    const name = place.nonBlank(row, 'name');
    read.statuses.push({ sourceId: place.id, name, color: colorOf(place, row), isDefault: false });
    if (row.show_in_roadmap !== true) read.offRoadmap.push(name);
  }
  return read;
}

/** `#rrggbb` in lower case, from Astuto's `#rgb` or `#rrggbb`. */
function colorOf(place: RowPlace, row: Row): string {
  const color = place.text(row, 'color').trim();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  if (/^#[0-9a-f]{6}$/i.test(color)) return color.toLowerCase();
  return place.fail('color', `${JSON.stringify(color)} is not a #rgb or #rrggbb colour`);
}

const APPROVAL = ['approved', 'pending', 'rejected'] as const;
export type WithheldKind = Exclude<(typeof APPROVAL)[number], 'approved'>;

export interface AstutoPosts {
  /** The approved posts, which Astuto shows. */
  posts: SourcePost[];
  /** Pending and rejected posts: not imported (see astuto.ts). */
  withheld: Map<string, WithheldKind>;
}

export interface TenantIds {
  users: ReadonlySet<string>;
  boards: ReadonlySet<string>;
  statuses: ReadonlySet<string>;
}

export async function readPosts(client: pg.ClientBase, database: string, tenantId: string, facts: AstutoSchemaFacts, ids: TenantIds): Promise<AstutoPosts> {
  // Before July 2024 Astuto had no approval: every post was published.
  const approval = facts.hasApprovalStatus ? 'approval_status' : '0';
  const result = await client.query<Row>(
    `SELECT id::text AS id, title, description, board_id::text AS board_id, post_status_id::text AS post_status_id,
            user_id::text AS user_id, ${approval} AS approval_status, ${iso('created_at')} AS created_at
       FROM posts WHERE tenant_id = $1 ORDER BY posts.id`,
    [tenantId],
  );
  const read: AstutoPosts = { posts: [], withheld: new Map() };
  for (const row of result.rows) {
    const place = new RowPlace(database, 'posts', String(row.id));
    const post: SourcePost = {
      sourceId: place.id,
      title: place.nonBlank(row, 'title'),
      content: place.optionalText(row, 'description'),
      boardId: place.reference(row, 'board_id', ids.boards, 'board', false),
      statusId: place.reference(row, 'post_status_id', ids.statuses, 'status', true),
      authorId: place.reference(row, 'user_id', ids.users, 'user', true),
      createdAt: place.text(row, 'created_at'),
      tagIds: [],
    };
    const approvalStatus = APPROVAL[place.enumIndex(row, 'approval_status', APPROVAL, false) ?? 0];
    if (approvalStatus === 'approved') read.posts.push(post);
    else read.withheld.set(post.sourceId, approvalStatus ?? 'pending');
  }
  return read;
}

/** Votes or comments of the withheld posts, by kind: they stay out with their post. */
export type WithheldCounts = Record<WithheldKind, number>;

export interface PostIds {
  imported: ReadonlySet<string>;
  withheld: ReadonlyMap<string, WithheldKind>;
}

export async function readVotes(
  client: pg.ClientBase,
  database: string,
  tenantId: string,
  posts: PostIds,
  users: ReadonlySet<string>,
): Promise<{ votes: SourceVote[]; withheld: WithheldCounts }> {
  const result = await client.query<Row>(
    `SELECT id::text AS id, post_id::text AS post_id, user_id::text AS user_id, ${iso('created_at')} AS created_at
       FROM likes WHERE tenant_id = $1 ORDER BY likes.id`,
    [tenantId],
  );
  const votes: SourceVote[] = [];
  const withheld: WithheldCounts = { pending: 0, rejected: 0 };
  const everyPost = new Set([...posts.imported, ...posts.withheld.keys()]);
  for (const row of result.rows) {
    const place = new RowPlace(database, 'likes', String(row.id));
    const postId = place.reference(row, 'post_id', everyPost, 'post', false)!;
    const userId = place.reference(row, 'user_id', users, 'user', false);
    const createdAt = place.text(row, 'created_at');
    const kind = posts.withheld.get(postId);
    if (kind !== undefined) withheld[kind]++;
    else votes.push({ postId, userId, createdAt });
  }
  return { votes, withheld };
}

export interface AstutoComments {
  comments: SourceComment[];
  withheld: WithheldCounts;
  /** Comments Astuto marks as a post update (is_post_update). */
  postUpdates: number;
}

export async function readComments(
  client: pg.ClientBase,
  database: string,
  tenantId: string,
  posts: PostIds,
  users: ReadonlySet<string>,
): Promise<AstutoComments> {
  const result = await client.query<Row>(
    `SELECT id::text AS id, post_id::text AS post_id, parent_id::text AS parent_id, user_id::text AS user_id, body,
            is_post_update, ${iso('created_at')} AS created_at
       FROM comments WHERE tenant_id = $1 ORDER BY comments.id`,
    [tenantId],
  );
  const everyPost = new Set([...posts.imported, ...posts.withheld.keys()]);
  const postOfComment = new Map(result.rows.map((row) => [String(row.id), String(row.post_id)]));
  const commentIds = new Set(postOfComment.keys());
  const read: AstutoComments = { comments: [], withheld: { pending: 0, rejected: 0 }, postUpdates: 0 };
  for (const row of result.rows) {
    const place = new RowPlace(database, 'comments', String(row.id));
    const postId = place.reference(row, 'post_id', everyPost, 'post', false)!;
    const parentId = place.reference(row, 'parent_id', commentIds, 'comment', true);
    if (parentId !== null && postOfComment.get(parentId) !== postId) {
      place.fail('parent_id', `answers comment ${parentId}, which is on post ${postOfComment.get(parentId)}, not on post ${postId}`);
    }
    const comment: SourceComment = {
      sourceId: place.id,
      postId,
      parentId,
      authorId: place.reference(row, 'user_id', users, 'user', false),
      body: place.nonBlank(row, 'body'),
      createdAt: place.text(row, 'created_at'),
      internal: false,
    };
    const kind = posts.withheld.get(postId);
    if (kind !== undefined) {
      read.withheld[kind]++;
      continue;
    }
    if (row.is_post_update === true) read.postUpdates++;
    read.comments.push(comment);
  }
  return read;
}

/** How many rows of `table` the tenant has. */
export async function countRows(client: pg.ClientBase, table: CountedTable, tenantId: string): Promise<number> {
  // The name comes from COUNTED_TABLES, never from input.
  const result = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1`, [tenantId]);
  return result.rows[0]?.n ?? 0;
}
