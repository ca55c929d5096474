import type { Repositories } from '../storage/types.js';

/*
 * Deleting comments, inside the caller's transaction. Kept apart from the comment routes so that
 * post deletion (and, later, user deletion) can call it without importing the route services.
 */

/**
 * Deletes a comment, its replies at every depth (the whole thread below it) and the activity
 * entry of each; returns how many comments went.
 */
export async function removeCommentThread(tx: Repositories, rootId: string): Promise<number> {
  const thread = new Set([rootId]);
  // A Set grows while it is iterated and visits each id once, so even a corrupt parent cycle ends.
  for (const id of thread) for (const reply of await tx.comments.listReplies(id)) thread.add(reply.id);
  for (const id of thread) {
    const entry = await tx.activities.getByComment(id);
    if (entry) await tx.activities.delete(entry.id);
    await tx.comments.delete(id);
  }
  return thread.size;
}

/** Deletes every comment on the post and every activity entry of it (API.md §1.13); returns how many comments went. */
export async function removePostComments(tx: Repositories, postId: string): Promise<number> {
  await tx.activities.deleteByPost(postId);
  return tx.comments.deleteByPost(postId);
}
