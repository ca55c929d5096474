import type { FiderBackup } from './fider-backup.js';
import { References, ROLE_VISITOR, readBoard, readTag, readUser, USER_BLOCKED } from './fider-backup-site.js';
import type { JsonRow } from './fider-rows.js';
import { FIDER_DELETED_STATUS, fiderStatuses, fiderStatusOfNumber, responseCommentId } from './fider-statuses.js';
import type { SourceBoard, SourceComment, SourceData, SourcePost, SourceVote } from './source-model.js';

/*
 * Fider's tables (columns from its migrations/, up to 202606121200) read into the shared model.
 * Ids: a post is known by its number (per site, in its address, and the only id the posts CSV
 * has), a tag by its slug (unique per site, the CSV's too), a user by `users.id`, the board by
 * `tenants.id`; `site` is the subdomain, since numbers repeat from one Fider site to the next.
 */

/** Backups from before Fider v0.33.0 have no `is_approved` (moderation came then): everything there was published. */
const IS_APPROVED_BEFORE_MODERATION = true;

/** What is left out, counted for the report, and which posts (by posts.id) took their votes and comments with them. */
interface Tally {
  droppedPostIds: Set<number>;
  deletedPosts: number;
  pendingPosts: number;
  droppedVotes: number;
  droppedComments: number;
  deletedComments: number;
  duplicateLinks: number;
}

export function fiderBackupToSource({ file, tables, attachmentBlobs, otherBlobCount }: FiderBackup): SourceData {
  const { board, site } = readBoard(file, tables.tenants);
  const users = tables.users.map(readUser);
  const refs = new References(Number(board.sourceId), users);
  onlyOnce(tables.users, 'id', (row) => row.int('id'));
  onlyOnce(tables.tags, 'slug', (row) => row.string('slug'));
  for (const table of ['users', 'posts', 'post_votes', 'comments', 'tags', 'post_tags'] as const) {
    for (const row of tables[table]) refs.ofThisSite(row);
  }
  const tags = tables.tags.map((row) => {
    const tag = readTag(row);
    refs.tagSlugs.set(row.int('id'), tag.sourceId);
    return tag;
  });
  const tally: Tally = { droppedPostIds: new Set(), deletedPosts: 0, pendingPosts: 0, droppedVotes: 0, droppedComments: 0, deletedComments: 0, duplicateLinks: 0 };
  const { posts, responses } = readPosts(tables.posts, board, refs, tally);
  const votes = readVotes(tables.post_votes, refs, tally);
  const comments = readComments(tables.comments, refs, tally);
  tagPosts(posts, tables.post_tags, refs);
  return {
    tool: 'fider',
    site,
    users,
    boards: [board],
    statuses: fiderStatuses(posts),
    tags,
    posts,
    votes,
    comments: [...responses, ...comments],
    changelog: [],
    // Texts show an attachment as ![](fider-image:<key>) (app/pkg/markdown): that text stands for it.
    images: [...attachmentBlobs].map(([key, bytes]) => ({ ref: `fider-image:${key}`, bytes })),
    leftOut: leftOutLines(tally, tables, attachmentBlobs, otherBlobCount),
  };
}

/** Fails on the second row with the same key: a backup holds each user and tag once. */
function onlyOnce(rows: JsonRow[], field: string, key: (row: JsonRow) => number | string): void {
  const seen = new Set<number | string>();
  for (const row of rows) {
    const value = key(row);
    if (seen.has(value)) row.fail(field, `${JSON.stringify(value)} is on an earlier row too`);
    seen.add(value);
  }
}

function readVotes(rows: JsonRow[], refs: References, tally: Tally): SourceVote[] {
  const votes: SourceVote[] = [];
  for (const row of rows) {
    const vote: SourceVote = { postId: refs.post(row, 'post_id'), userId: refs.user(row, 'user_id', row.int('user_id')), createdAt: row.time('created_at') };
    if (tally.droppedPostIds.has(row.int('post_id'))) tally.droppedVotes += 1;
    else votes.push(vote);
  }
  return votes;
}

/** Fider's comments are flat (no replies). Deleted ones (`deleted_at`) are shown to no one there: left out. */
function readComments(rows: JsonRow[], refs: References, tally: Tally): SourceComment[] {
  const comments: SourceComment[] = [];
  for (const row of rows) {
    const comment: SourceComment = {
      sourceId: String(row.int('id')),
      postId: refs.post(row, 'post_id'),
      parentId: null,
      authorId: refs.user(row, 'user_id', row.int('user_id')),
      body: row.stringOrNull('content') ?? '',
      createdAt: row.time('created_at'),
      // Awaiting moderation: only the team (and its author) sees it in Fider; internal keeps it out of sight.
      internal: !row.boolIfPresent('is_approved', IS_APPROVED_BEFORE_MODERATION),
    };
    if (tally.droppedPostIds.has(row.int('post_id'))) tally.droppedComments += 1;
    else if (row.timeOrNull('deleted_at') !== null) tally.deletedComments += 1;
    else comments.push(comment);
  }
  return comments;
}

function tagPosts(posts: SourcePost[], rows: JsonRow[], refs: References): void {
  const postsByNumber = new Map(posts.map((post) => [post.sourceId, post]));
  for (const row of rows) {
    const number = refs.post(row, 'post_id');
    postsByNumber.get(number)?.tagIds.push(refs.tag(row, 'tag_id'));
  }
}

function leftOutLines(tally: Tally, tables: FiderBackup['tables'], attachmentBlobs: ReadonlyMap<string, Uint8Array>, otherBlobCount: number): string[] {
  const fileless = tables.attachments.filter((row) => !attachmentBlobs.has(row.string('attachment_bkey'))).length;
  const { droppedVotes, droppedComments } = tally;
  return [
    count(tally.deletedPosts, 'deleted posts', 'not imported (Fider shows them to no one)'),
    count(tally.pendingPosts, 'posts awaiting moderation', 'not imported (Fider has not published them)'),
    droppedVotes + droppedComments === 0 ? '' : `${droppedVotes} votes and ${droppedComments} comments of those posts: not imported`,
    count(tally.deletedComments, 'deleted comments', 'not imported (Fider shows them to no one)'),
    count(tally.duplicateLinks, 'duplicate links (post → original)', 'not imported (the post keeps its "duplicate" status)'),
    count(fileless, 'attachments without their file in blobs/', 'not imported (the Markdown keeps their ![](fider-image:…) links)'),
    count(otherBlobCount, 'stored files under blobs/ that are not attachments (avatars, logo)', 'not imported'),
    count(tables.post_subscribers.length, 'post subscriptions', 'not imported'),
    count(tables.users.filter((row) => row.int('role') > ROLE_VISITOR).length, 'administrators and collaborators', 'their roles are not imported'),
    count(tables.users.filter((row) => row.int('status') === USER_BLOCKED).length, 'blocked users', 'their block is not imported (they become ordinary accounts)'),
    count(tables.user_providers.length, 'sign-in links to OAuth providers', 'not imported'),
    count(tables.oauth_providers.length, 'OAuth providers of the site', 'not imported'),
  ].filter((line) => line !== '');
}

function readPosts(rows: JsonRow[], board: SourceBoard, refs: References, tally: Tally): { posts: SourcePost[]; responses: SourceComment[] } {
  const posts: SourcePost[] = [];
  const responses: SourceComment[] = [];
  const numbersSeen = new Set<number>();
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
    const approved = row.boolIfPresent('is_approved', IS_APPROVED_BEFORE_MODERATION);
    const duplicateOf = row.intOrNull('original_id');
    // Deleted posts: Fider shows them to no one (often spam); importing them would publish them again.
    // Posts awaiting moderation: Fider shows them only to the team and their author; the model has no such state.
    if (statusId === undefined || !approved) {
      tally.droppedPostIds.add(id);
      if (statusId === undefined) tally.deletedPosts += 1;
      else tally.pendingPosts += 1;
      continue;
    }
    posts.push(post);
    if (response) responses.push(response);
    if (duplicateOf !== null) tally.duplicateLinks += 1;
  }
  return { posts, responses };
}

function count(n: number, what: string, why: string): string {
  return n === 0 ? '' : `${n} ${what}: ${why}`;
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
