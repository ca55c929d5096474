import { randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import { ensureDataDir } from '../../src/config/data-dir.js';
import { createLogger } from '../../src/logger.js';
import { insertAccount, toAuthUser } from '../../src/services/accounts.js';
import type { ServiceContext } from '../../src/services/context.js';
import { createServiceContext } from '../../src/services/create-context.js';
import type { CommentRow, PostRow, UserRow } from '../../src/storage/types.js';
import { testConfig } from '../_helpers/config.js';
import { createBoard, createMember, createPostAt, createRoadmap, OWNER, voteAt } from '../_helpers/personas.js';

/** What a seeded board holds that tests refer to. */
export interface SeededBoard {
  owner: UserRow;
  /** An access token of the owner, signed with the data dir's own secret file. */
  ownerToken: string;
}

/** A context on `dataDir` like serve's: the secret lives in `<data>/secret` (not FEEDBACKD_SECRET). */
export async function openBoard(dataDir: string): Promise<ServiceContext & { close(): Promise<void> }> {
  await ensureDataDir(dataDir);
  return createServiceContext(testConfig(dataDir, { secret: null }), createLogger('silent'));
}

/** Fills a data dir: an owner who can log in, a member with a role, a board, a roadmap, posts, votes, comments and settings. */
export async function seedBoard(dataDir: string): Promise<SeededBoard> {
  const ctx = await openBoard(dataDir);
  try {
    const passwordHash = await bcrypt.hash(OWNER.password, 4);
    const owner = await ctx.storage.transaction((tx) =>
      insertAccount(tx, { email: OWNER.email, name: OWNER.name, passwordHash, isOwner: true }, new Date().toISOString()),
    );
    const member = await createMember(ctx, { email: 'bob@example.org', permissions: ['post:create'] });
    // A real hash: a backup holding anything else is refused (restore checks every row like the API).
    // A chosen language (issue 33), so that every copy of the board is seen to carry it.
    await ctx.storage.users.update(member.user.id, { passwordHash: await bcrypt.hash('bob password', 4), locale: 'de' });
    const board = await createBoard(ctx, { url: 'ideas', name: 'Ideas', description: 'What we could build next' });
    const roadmap = await createRoadmap(ctx, { url: 'planned', name: 'Planned' });
    const first = await createPostAt(ctx, owner, { title: 'Dark mode', createdAt: '2024-01-01T10:00:00.000Z', boardId: board.id, roadmapId: roadmap.id });
    const second = await createPostAt(ctx, member.user, { title: 'Export to CSV', createdAt: '2024-01-02T10:00:00.000Z', boardId: board.id });
    await createPostAt(ctx, member.user, { title: 'No board', createdAt: '2024-01-03T10:00:00.000Z' });
    await voteAt(ctx, owner, first, '2024-01-04T10:00:00.000Z');
    await voteAt(ctx, member.user, first, '2024-01-04T11:00:00.000Z');
    await voteAt(ctx, member.user, second, '2024-01-04T12:00:00.000Z');
    await seedComments(ctx, owner, member.user, [first, second]);
    await ctx.storage.settings.update({ title: 'Seeded board', allowSignup: false });
    return { owner, ownerToken: toAuthUser(ctx, owner).authToken };
  } finally {
    await ctx.close();
  }
}

/** A comment and its activity entry (same timestamp), written straight to storage. */
export async function commentAt(
  ctx: ServiceContext,
  author: UserRow,
  post: PostRow,
  fields: Partial<CommentRow> & { createdAt: string },
): Promise<CommentRow> {
  const row: CommentRow = {
    id: randomUUID(),
    postId: post.id,
    parentId: null,
    userId: author.id,
    body: 'A comment',
    isInternal: false,
    isEdited: false,
    isSpam: false,
    updatedAt: fields.createdAt,
    ...fields,
  };
  return ctx.storage.transaction(async (tx) => {
    const comment = await tx.comments.insert(row);
    await tx.activities.insert({ id: randomUUID(), postId: post.id, commentId: comment.id, type: 'comment', createdAt: comment.createdAt });
    return comment;
  });
}

/**
 * Comments on the first post: a thread whose reply has the parent's timestamp and an id sorting
 * before the parent's (so only the parents-first rule puts it after), a reply to that reply, and an
 * internal note; on the second post an edited comment flagged as spam.
 */
async function seedComments(ctx: ServiceContext, owner: UserRow, member: UserRow, [first, second]: PostRow[]): Promise<void> {
  const at = '2024-01-05T10:00:00.000Z';
  const [low, high] = [randomUUID(), randomUUID()].sort();
  const parent = await commentAt(ctx, owner, first!, { id: high!, body: 'We plan this', createdAt: at });
  const reply = await commentAt(ctx, member, first!, { id: low!, parentId: parent.id, body: 'Great', createdAt: at });
  await commentAt(ctx, owner, first!, { parentId: reply.id, body: 'Thanks', createdAt: '2024-01-05T11:00:00.000Z' });
  await commentAt(ctx, owner, first!, { body: 'Internal note', isInternal: true, createdAt: '2024-01-05T12:00:00.000Z' });
  const edited = { body: 'Buy now', isEdited: true, isSpam: true, createdAt: '2024-01-06T10:00:00.000Z', updatedAt: '2024-01-06T11:00:00.000Z' };
  await commentAt(ctx, member, second!, edited);
}

/** `count` users (no password hashes) with one post each, as an export file's sections, for big-import tests. */
export function manyUsersAndPosts(count: number): { users: unknown[]; posts: unknown[] } {
  const users: unknown[] = [];
  const posts: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString();
    const id = randomUUID();
    const common = { isOwner: false, isVerified: true, isBlocked: false, notes: null, createdAt, updatedAt: createdAt };
    users.push({ id, email: `user${i}@example.org`, username: `user${i}`, name: `User ${i}`, ...common });
    const slugId = `s${i.toString(36).padStart(19, '0')}`;
    posts.push({ id: randomUUID(), title: `Post ${i}`, slug: `post-${i}-${slugId}`, slugId, contentMarkdown: null, userId: id, boardId: null, roadmapId: null, createdAt, updatedAt: createdAt });
  }
  return { users, posts };
}
