import type { JsonFacts, Repositories } from '../storage/types.js';
import { removePostComments } from './comment-removal.js';
import type { Actor, ServiceContext } from './context.js';
import { requirePermission } from './permissions.js';
import { recordEvent } from './outbox/record.js';
import { findVisiblePost, targetPostId } from './post-lookup.js';
import { renderPostsFrom } from './posts.js';
import type { Body } from './validation/fields.js';

/** API.md §4.4.5: the author, or a holder of `post:destroy`, deletes a post and all that hangs off it, atomically. */
export async function deletePost(ctx: ServiceContext, actor: Actor, body: Body): Promise<void> {
  const postId = targetPostId(body);
  await ctx.storage.transaction(async (tx) => {
    const post = await findVisiblePost(tx, actor, postId);
    if (post.userId !== actor.user.id) requirePermission(actor, 'post:destroy');
    await removePostWithDependents(tx, post.id, actor);
  });
}

/**
 * Deletes a post and every row that belongs to it (API.md §1.13), inside the caller's
 * transaction. Anything that later hangs off a post (comments, activity) is deleted here too,
 * so every way of removing a post stays complete.
 */
export async function removePostWithDependents(tx: Repositories, postId: string, actor: Actor | null, options: { announce?: boolean } = {}): Promise<void> {
  // A declined post that was never shown (issue 31 §2) leaves no trace in the outbox.
  if (options.announce !== false) await recordDeletion(tx, postId, actor);
  await tx.votes.deleteByPost(postId);
  await tx.subscriptions.deleteByPost(postId);
  await tx.notifications.deleteByPost(postId);
  // The changelog keeps its entries; they simply no longer link the post (PostgreSQL cascades alike).
  await tx.changelogLinks.deleteByPost(postId);
  // Its tags (issue 31 §1): the links go, the tags stay (PostgreSQL cascades alike).
  await tx.postTags.deleteByPost(postId);
  await removePostComments(tx, postId);
  // Posts merged into it were duplicates of it: their moved votes and comments went with it, so they go too.
  for (const merge of await tx.postMerges.listInto(postId)) await tx.postMerges.delete(merge.id);
  await tx.posts.delete(postId);
}

/** `post.deleted` carries the post as a visitor saw it: once the rows are gone, nothing else could show it. */
async function recordDeletion(tx: Repositories, postId: string, actor: Actor | null): Promise<void> {
  const post = await tx.posts.get(postId);
  if (!post) return;
  // With every voter, as `post.deleted` goes only to the owner's webhook endpoints (event-data.ts).
  const [view] = await renderPostsFrom(tx, null, [post], { everyVoter: true });
  await recordEvent(tx, 'post.deleted', postId, actor, { post: view as unknown as JsonFacts });
}
