import { AppError } from '../errors.js';
import type { Repositories, UserRow } from '../storage/types.js';
import { removeCommentThread } from './comment-removal.js';
import type { ServiceContext } from './context.js';
import { findUser } from './user-admin-lookup.js';
import { ownerCannotBe } from './user-admin.js';

/** What deleting a user did. */
export interface UserDeletion {
  userId: string;
  email: string;
  /** The email of the user who now authors the posts and comments; null without `reassignTo`. */
  reassignedTo: string | null;
  postsReassigned: number;
  commentsReassigned: number;
  /** Comments removed, replies of their threads included (only without `reassignTo`). */
  commentsDeleted: number;
  votesDeleted: number;
  roleAssignmentsDeleted: number;
  mailTokensDeleted: number;
}

/**
 * Deletes a user in one write. A post's author always exists (API.md §1.13): a user who wrote
 * posts is refused unless `reassignTo` names who takes them over (their comments go along).
 * Without it, their comments are deleted as comment deletion does (thread included). Their votes,
 * role assignments and mail tokens always go. The owner is never deleted.
 */
export function deleteUser(ctx: ServiceContext, ref: unknown, reassignTo?: unknown): Promise<UserDeletion> {
  return ctx.storage.transaction(async (tx) => {
    const user = await findUser(tx, ref);
    if (user.isOwner) throw ownerCannotBe('deleted', user);
    const heir = reassignTo === undefined || reassignTo === null ? null : await findHeir(tx, user, reassignTo);
    const posts = await tx.posts.listByUser(user.id);
    if (posts.length > 0 && heir === null) throw hasPosts(user, posts.length);
    for (const post of posts) await tx.posts.update(post.id, { userId: heir!.id });
    const comments = await handOverComments(tx, user, heir);
    const deletion: UserDeletion = {
      userId: user.id,
      email: user.email,
      reassignedTo: heir?.email ?? null,
      postsReassigned: posts.length,
      ...comments,
      votesDeleted: await tx.votes.deleteByUser(user.id),
      roleAssignmentsDeleted: await deleteRoleAssignments(tx, user.id),
      mailTokensDeleted: (await tx.mailTokens.deleteByUser(user.id, 'verify')) + (await tx.mailTokens.deleteByUser(user.id, 'reset')),
    };
    // Their mail choices and pending notifications name them: nothing to report, nothing to keep.
    await tx.subscriptions.deleteByUser(user.id);
    await tx.notifications.deleteByUser(user.id);
    await tx.linkedIdentities.deleteByUser(user.id);
    await tx.users.delete(user.id);
    return deletion;
  });
}

/** The user who takes over the content: any other user, blocked or not. */
async function findHeir(tx: Repositories, user: UserRow, reassignTo: unknown): Promise<UserRow> {
  const heir = await findUser(tx, reassignTo, 'reassignTo');
  if (heir.id === user.id) {
    throw new AppError('REASSIGN_TO_SAME_USER', `Cannot reassign ${user.email}'s posts to the user being deleted: name another user`, 400);
  }
  return heir;
}

/** The user's comments move to the heir, or are deleted with their threads when there is none. */
async function handOverComments(
  tx: Repositories,
  user: UserRow,
  heir: UserRow | null,
): Promise<Pick<UserDeletion, 'commentsReassigned' | 'commentsDeleted'>> {
  const comments = await tx.comments.listByUser(user.id);
  if (heir !== null) {
    for (const comment of comments) await tx.comments.update(comment.id, { userId: heir.id });
    return { commentsReassigned: comments.length, commentsDeleted: 0 };
  }
  let deleted = 0;
  // A reply of theirs inside one of their own threads is already gone when its turn comes.
  for (const comment of comments) if (await tx.comments.get(comment.id)) deleted += await removeCommentThread(tx, comment.id);
  return { commentsReassigned: 0, commentsDeleted: deleted };
}

async function deleteRoleAssignments(tx: Repositories, userId: string): Promise<number> {
  const assignments = await tx.userRoles.listByUser(userId);
  for (const assignment of assignments) await tx.userRoles.delete(assignment.id);
  return assignments.length;
}

function hasPosts(user: UserRow, count: number): AppError {
  const posts = count === 1 ? '1 post' : `${count} posts`;
  return new AppError(
    'USER_HAS_POSTS',
    `${user.email} wrote ${posts}, and a post's author must exist: give --reassign-to <user> to move them to another user`,
    409,
  );
}
