import type { FiderBackup } from './fider-backup.js';
import type { JsonRow } from './fider-rows.js';
import { FIDER_DELETED_STATUS, fiderStatuses, fiderStatusOfNumber, responseCommentId } from './fider-statuses.js';
import type { SourceBoard, SourceComment, SourceData, SourcePost, SourceTag, SourceUser, SourceVote } from './source-model.js';
import { SourceError } from './source-model.js';

/*
 * Fider's tables (columns from its migrations/, up to 202606121200) read into the shared model.
 * Ids: a post is known by its number (per site, in its address, and the only id the posts CSV
 * has), a tag by its slug (unique per site, the CSV's too), a user by `users.id`, the board by
 * `tenants.id`; `site` is the subdomain, since numbers repeat from one Fider site to the next.
 */

/** users.status (app/models/enum/user_status.go). */
const USER_DELETED = 2;
const USER_BLOCKED = 3;
/** users.role (app/models/enum/user_role.go): 2 collaborator, 3 administrator. */
const ROLE_VISITOR = 1;

/** The posts left out, and what they took with them, for the report. */
interface Dropped {
  postIds: Set<number>;
  deletedPosts: number;
  pendingPosts: number;
  votes: number;
  comments: number;
}

/** Looks up what rows refer to, failing on the referring row's field when the target is not in the backup. */
class References {
  readonly userIds: Set<number>;
  /** posts.id → posts.number */
  readonly postNumbers = new Map<number, number>();
  /** tags.id → tags.slug */
  readonly tagSlugs = new Map<number, string>();

  constructor(
    private readonly tenantId: number,
    users: SourceUser[],
  ) {
    this.userIds = new Set(users.map((user) => Number(user.sourceId)));
  }

  /** Every row of a backup is the backed-up site's: another site's row means a file put together by hand. */
  ofThisSite(row: JsonRow): void {
    const tenantId = row.int('tenant_id');
    if (tenantId !== this.tenantId) row.fail('tenant_id', `is site ${tenantId}, not the backed-up site (${this.tenantId} in tenants.json)`);
  }

  user(row: JsonRow, field: string, id: number | null): string | null {
    if (id === null) return null;
    if (!this.userIds.has(id)) row.fail(field, `refers to user ${id}, which users.json does not hold`);
    return String(id);
  }

  post(row: JsonRow, field: string): string {
    const id = row.int(field);
    const number = this.postNumbers.get(id);
    if (number === undefined) row.fail(field, `refers to post ${id}, which posts.json does not hold`);
    return String(number);
  }

  tag(row: JsonRow, field: string): string {
    const id = row.int(field);
    const slug = this.tagSlugs.get(id);
    if (slug === undefined) row.fail(field, `refers to tag ${id}, which tags.json does not hold`);
    return slug;
  }
}

export function fiderBackupToSource({ file, tables, blobCount }: FiderBackup): SourceData {
  const { board, site } = readBoard(file, tables.tenants);
  const users = tables.users.map(readUser);
  const refs = new References(Number(board.sourceId), users);
  for (const table of ['users', 'posts', 'post_votes', 'comments', 'tags', 'post_tags'] as const) {
    for (const row of tables[table]) refs.ofThisSite(row);
  }
  const tags = tables.tags.map((row) => {
    const tag = readTag(row);
    refs.tagSlugs.set(row.int('id'), tag.sourceId);
    return tag;
  });
  const dropped: Dropped = { postIds: new Set(), deletedPosts: 0, pendingPosts: 0, votes: 0, comments: 0 };
  const { posts, responses, duplicateLinks } = readPosts(tables.posts, board, refs, dropped);

  const votes: SourceVote[] = [];
  for (const row of tables.post_votes) {
    const vote: SourceVote = { postId: refs.post(row, 'post_id'), userId: refs.user(row, 'user_id', row.int('user_id')), createdAt: row.time('created_at') };
    if (dropped.postIds.has(row.int('post_id'))) dropped.votes += 1;
    else votes.push(vote);
  }

  const comments: SourceComment[] = [];
  let deletedComments = 0;
  for (const row of tables.comments) {
    const comment: SourceComment = {
      sourceId: String(row.int('id')),
      postId: refs.post(row, 'post_id'),
      parentId: null,
      authorId: refs.user(row, 'user_id', row.int('user_id')),
      body: row.stringOrNull('content') ?? '',
      createdAt: row.time('created_at'),
      // Awaiting moderation: only the team (and its author) sees it in Fider; internal keeps it out of sight.
      internal: !row.bool('is_approved'),
    };
    if (dropped.postIds.has(row.int('post_id'))) dropped.comments += 1;
    else if (row.timeOrNull('deleted_at') !== null) deletedComments += 1;
    else comments.push(comment);
  }

  const postsByNumber = new Map(posts.map((post) => [post.sourceId, post]));
  for (const row of tables.post_tags) {
    const number = refs.post(row, 'post_id');
    postsByNumber.get(number)?.tagIds.push(refs.tag(row, 'tag_id'));
  }

  const leftOut = [
    count(dropped.deletedPosts, 'deleted posts', 'not imported (Fider shows them to no one)'),
    count(dropped.pendingPosts, 'posts awaiting moderation', 'not imported (Fider has not published them)'),
    dropped.votes + dropped.comments === 0 ? '' : `${dropped.votes} votes and ${dropped.comments} comments of those posts: not imported`,
    count(deletedComments, 'deleted comments', 'not imported (Fider shows them to no one)'),
    count(duplicateLinks, 'duplicate links (post → original)', 'not imported (the post keeps its "duplicate" status)'),
    count(tables.attachments.length, 'attachments', 'not imported (the Markdown keeps their ![](fider-image:…) links)'),
    count(blobCount, 'stored files under blobs/ (attachment images, avatars, logo)', 'not imported'),
    count(tables.post_subscribers.length, 'post subscriptions', 'not imported'),
    count(tables.users.filter((row) => row.int('role') > ROLE_VISITOR).length, 'administrators and collaborators', 'their roles are not imported'),
    count(tables.users.filter((row) => row.int('status') === USER_BLOCKED).length, 'blocked users', 'their block is not imported (they become ordinary accounts)'),
    count(tables.user_providers.length, 'sign-in links to OAuth providers', 'not imported'),
    count(tables.oauth_providers.length, 'OAuth providers of the site', 'not imported'),
  ].filter((line) => line !== '');

  return { tool: 'fider', site, users, boards: [board], statuses: fiderStatuses(posts), tags, posts, votes, comments: [...responses, ...comments], changelog: [], leftOut };
}

function readPosts(
  rows: JsonRow[],
  board: SourceBoard,
  refs: References,
  dropped: Dropped,
): { posts: SourcePost[]; responses: SourceComment[]; duplicateLinks: number } {
  const posts: SourcePost[] = [];
  const responses: SourceComment[] = [];
  const numbersSeen = new Set<number>();
  let duplicateLinks = 0;
  for (const row of rows) {
    const id = row.int('id');
    const number = row.int('number');
    if (refs.postNumbers.has(id)) row.fail('id', `post ${id} is in posts.json twice`);
    if (numbersSeen.has(number)) row.fail('number', `two posts have the number ${number}`);
    refs.postNumbers.set(id, number);
    numbersSeen.add(number);
    const status = row.int('status');
    const statusId = fiderStatusOfNumber(status);
    if (statusId === undefined && status !== FIDER_DELETED_STATUS) row.fail('status', `${status} is not a Fider post status (0 to 6)`);
    const post: SourcePost = {
      sourceId: String(number),
      title: row.string('title'),
      content: row.stringOrNull('description'),
      boardId: board.sourceId,
      statusId: statusId ?? null,
      authorId: refs.user(row, 'user_id', row.intOrNull('user_id')),
      createdAt: row.time('created_at'),
      tagIds: [],
    };
    const response = readResponse(row, post, refs);
    const approved = row.bool('is_approved');
    const duplicateOf = row.intOrNull('original_id');
    // Deleted posts: Fider shows them to no one (often spam); importing them would publish them again.
    // Posts awaiting moderation: Fider shows them only to the team and their author; the model has no such state.
    if (statusId === undefined || !approved) {
      dropped.postIds.add(id);
      if (statusId === undefined) dropped.deletedPosts += 1;
      else dropped.pendingPosts += 1;
      continue;
    }
    posts.push(post);
    if (response) responses.push(response);
    if (duplicateOf !== null) duplicateLinks += 1;
  }
  return { posts, responses, duplicateLinks };
}

function count(n: number, what: string, why: string): string {
  return n === 0 ? '' : `${n} ${what}: ${why}`;
}

function readBoard(file: string, tenants: JsonRow[]): { board: SourceBoard; site: string } {
  if (tenants.length !== 1) throw new SourceError(`${file}: tenants.json`, `must hold the one site backed up, not ${tenants.length} rows`);
  const row = tenants[0]!;
  const welcome = row.stringOrNull('welcome_message');
  return {
    site: row.string('subdomain'),
    board: {
      sourceId: String(row.int('id')),
      name: row.string('name'),
      description: welcome === null || welcome.trim() === '' ? null : welcome,
      // A private Fider site lets in only the people it invites.
      hidden: row.bool('is_private'),
      createdAt: row.time('created_at'),
    },
  };
}

function readUser(row: JsonRow): SourceUser {
  const email = row.string('email');
  // Fider blanks a deleted account's name and email (DeleteCurrentUser); its posts and comments stay.
  const deleted = row.int('status') === USER_DELETED;
  return {
    sourceId: String(row.int('id')),
    email: deleted || email.trim() === '' ? null : email,
    name: row.stringOrNull('name') ?? '',
    createdAt: row.time('created_at'),
  };
}

function readTag(row: JsonRow): SourceTag {
  const color = row.string('color');
  if (!/^[0-9A-Fa-f]{6}$/.test(color)) row.fail('color', 'must be six hexadecimal digits (Fider stores them without "#")');
  return { sourceId: row.string('slug'), name: row.string('name'), color: `#${color.toLowerCase()}`, isPrivate: !row.bool('is_public') };
}

/**
 * Fider's status response (the text the team writes when it sets a post's status) is shown on the
 * post, under the status, with who wrote it and when: it is public, so it becomes a public comment
 * of the responder's at that date rather than being lost. An empty response (a status set without
 * a word) makes no comment.
 */
function readResponse(row: JsonRow, post: SourcePost, refs: References): SourceComment | null {
  const text = row.stringOrNull('response');
  const authorId = refs.user(row, 'response_user_id', row.intOrNull('response_user_id'));
  const respondedAt = row.timeOrNull('response_date');
  if (text === null || text.trim() === '') return null;
  return {
    sourceId: responseCommentId(Number(post.sourceId)),
    postId: post.sourceId,
    parentId: null,
    authorId,
    body: text,
    createdAt: respondedAt ?? post.createdAt,
    internal: false,
  };
}
