/*
 * LogChimp (github.com/logchimp/logchimp), read straight from its PostgreSQL database:
 * `feedbackd import --from logchimp postgres://user:password@host:5432/logchimp`.
 *
 * The format comes from LogChimp's knex migrations, packages/server/src/database/migrations at
 * commit 70dc37de968daecdc33265cc2d2d3de814dd6b73 (2026-07-23; newest migration
 * 20260324173916_add-is_system-column-to-roles-table), and from how its server uses the tables:
 * controllers/post/create.ts (contentMarkdown is Markdown run through `xss`),
 * ee/controllers/v1/posts/comments/create.ts and activity/get.ts (a comment is a posts_comments
 * row plus a posts_activity row of type "comment" holding its post and author),
 * ee/controllers/v1/boards|roadmaps (display = shown to visitors).
 *
 * What maps to what: users → users (name, or the username when there is none); boards → boards
 * (display off → hidden); roadmaps → statuses (LogChimp has no "open" status: a post without a
 * roadmap has statusId null); posts → posts (no tags: LogChimp has none); votes → votes;
 * comments → comments (replies through parent_id, is_internal → internal). LogChimp cannot delete a
 * user (no endpoint; votes, posts and activity reference users without cascade), but if rows point
 * at a user removed by hand, that user is kept as one with no email, as the model asks.
 *
 * Everything runs in one REPEATABLE READ, READ ONLY transaction, rolled back at the end: nothing is
 * written, and every table is read from the same snapshot.
 */
import pg from 'pg';
import { describeDatabase } from '../../storage/postgres/connect-error.js';
import { checkLogchimpSchema, countRows } from './logchimp-schema.js';
import { countOtherActivity, readBoards, readComments, readPosts, readRoadmaps, readUsers, readVotes } from './logchimp-rows.js';
import { type SourceData, SourceError, type SourceInput, type SourceReader, type SourceUser } from './source-model.js';

/** `postgres://host:port/database`: names the source in messages, never with its credentials. */
function describeSource(url: string): string {
  return `postgres://${describeDatabase(url)}`;
}

/** The driver's message with the URL's password taken out, in case a message ever quotes it. */
function withoutSecret(message: string, url: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    // An unparsable URL: the driver's message is all there is.
  }
  return password === '' ? message : message.split(password).join('***');
}

function checkedUrl(source: string | undefined): string {
  if (source !== undefined && /^postgres(ql)?:\/\//i.test(source)) return source;
  const isUrl = source !== undefined && /^[a-z][a-z0-9+.-]*:\/\//i.test(source);
  // A file path is named as given; another scheme's URL only by its host, as it may hold a password.
  const where = source === undefined ? '--from logchimp' : isUrl ? describeDatabase(source) : source;
  throw new SourceError(
    where,
    `${isUrl ? 'not a PostgreSQL URL' : 'not a database URL'}: LogChimp is read from its PostgreSQL database, give its URL (postgres://user:password@host:5432/logchimp)`,
  );
}

export const readLogchimp: SourceReader = async (input: SourceInput): Promise<SourceData> => {
  const url = checkedUrl(input.source);
  const where = describeSource(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new SourceError(where, `cannot connect: ${withoutSecret(error instanceof Error ? error.message : String(error), url)}`);
  }
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return await readAll(client, where, input.onProgress ?? (() => undefined));
  } catch (error) {
    if (error instanceof SourceError || !(error instanceof Error)) throw error;
    throw new SourceError(where, `cannot read: ${withoutSecret(error.message, url)}`);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
};

async function readAll(client: pg.Client, where: string, progress: (what: string) => void): Promise<SourceData> {
  await checkLogchimpSchema(client, where);
  progress('users');
  const users = await readUsers(client, where);
  progress('boards');
  const boards = await readBoards(client, where);
  progress('roadmaps');
  const roadmaps = await readRoadmaps(client);
  progress('posts');
  const known = { boards: new Set(boards.boards.map((b) => b.sourceId)), statuses: new Set(roadmaps.statuses.map((s) => s.sourceId)) };
  const posts = await readPosts(client, where, known);
  const postIds = new Set(posts.map((post) => post.sourceId));
  progress('votes');
  const votes = await readVotes(client, where, postIds);
  progress('comments');
  const comments = await readComments(client, where, postIds);

  const removedUsers = usersRemovedByHand(users.users, [
    ...posts.map((post) => ({ userId: post.authorId, createdAt: post.createdAt })),
    ...votes,
    ...comments.comments.map((comment) => ({ userId: comment.authorId, createdAt: comment.createdAt })),
  ]);
  const counted = async (table: Parameters<typeof countRows>[1]) => countRows(client, table);
  const leftOut = [
    line(users.blocked, ['blocked user', 'blocked users'], ': the block is not carried (block again in feedbackd)'),
    line(users.owners, ['owner account', 'owner accounts'], " (LogChimp's isOwner): ownership is not carried, the account comes in as an ordinary one"),
    line(users.unverified, ['user', 'users'], ' who had not verified their email in LogChimp: that state is not carried'),
    line(users.avatars, ['avatar', 'avatars'], ': not imported'),
    line(users.notes, ['note on a user', 'notes on users'], ' (users.notes): not imported'),
    line(await counted('roles_users'), ['role assignment', 'role assignments'], ' (roles_users): not imported, give the team its rights in feedbackd'),
    line(boards.votersHidden, ['board hiding its', 'boards hiding their'], ' voters (view_voters off): not carried'),
    line(roadmaps.hidden, ['roadmap', 'roadmaps'], " hidden from LogChimp's public roadmap (display off): not carried, they become ordinary roadmaps"),
    line(comments.spam, ['comment', 'comments'], ' marked as spam: the mark is not carried, each comes in as an ordinary comment'),
    line(comments.unplaced, ['comment', 'comments'], ' without a posts_activity row (never shown by LogChimp): not imported'),
    line(await countOtherActivity(client), ['post activity', 'post activities'], ' other than comments: not imported'),
    line(await counted('settings'), ['site settings row', 'site settings rows'], ' (title, logo, accent colour, labs): not imported'),
    line((await counted('emailVerification')) + (await counted('resetPassword')), ['pending token', 'pending tokens'], ' (email verification, password reset): not imported'),
  ].filter((text): text is string => text !== null);
  return {
    tool: 'logchimp',
    site: '',
    users: [...users.users, ...removedUsers],
    boards: boards.boards,
    statuses: roadmaps.statuses,
    tags: [],
    posts,
    votes,
    comments: comments.comments,
    changelog: [],
    leftOut,
  };
}

/** One left-out line ("2 avatars: not imported"), or null when there is nothing of that kind. */
function line(count: number, [one, many]: readonly [string, string], rest: string): string | null {
  return count === 0 ? null : `${count} ${count === 1 ? one : many}${rest}`;
}

/**
 * Users that rows point at but the users table lacks: only possible when someone removed them
 * by hand with LogChimp's foreign keys dropped. Kept with no email (and no name), created at their
 * first row, so that their posts, votes and comments still point at one person.
 */
function usersRemovedByHand(users: readonly SourceUser[], rows: ReadonlyArray<{ userId: string | null; createdAt: string }>): SourceUser[] {
  const known = new Set(users.map((user) => user.sourceId));
  const firstSeen = new Map<string, string>();
  for (const { userId, createdAt } of rows) {
    if (userId === null || known.has(userId)) continue;
    const seen = firstSeen.get(userId);
    if (seen === undefined || Date.parse(createdAt) < Date.parse(seen)) firstSeen.set(userId, createdAt);
  }
  return [...firstSeen].sort(([a], [b]) => (a < b ? -1 : 1)).map(([sourceId, createdAt]) => ({ sourceId, email: null, name: '', createdAt }));
}
