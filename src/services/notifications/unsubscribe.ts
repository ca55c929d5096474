import { appError } from '../../errors.js';
import { actorFor } from '../actors.js';
import type { ServiceContext } from '../context.js';
import { canSeePost } from '../post-lookup.js';
import { writeChoice } from './choices.js';
import { readUnsubscribeToken, unsubscribeKeyFor } from './unsubscribe-token.js';

/** What the unsubscribe route answers: the post the link was about, for the page to name it. */
export interface UnsubscribedPost {
  postId: string;
  title: string;
  slug: string;
}

/**
 * `POST /notifications/unsubscribe?token=…` (no sign-in: the link in the mail is the proof):
 * records an explicit opt-out of the pair the token names. Repeating it changes nothing.
 * A token the server did not sign → 400; its user or post deleted since → 404, and so is a post
 * the user can no longer see (API.md §2.7: hidden is missing), lest the link tell its current title.
 */
export async function unsubscribeByToken(ctx: ServiceContext, token: unknown): Promise<UnsubscribedPost> {
  const target = readUnsubscribeToken(await unsubscribeKeyFor(ctx.config), token);
  if (!target) throw appError('INVALID_UNSUBSCRIBE_TOKEN');
  const [user, post] = await Promise.all([ctx.storage.users.get(target.userId), ctx.storage.posts.get(target.postId)]);
  if (!user || !post || !(await canSeePost(ctx.storage, await actorFor(ctx.storage, user), post))) throw appError('POST_NOT_FOUND');
  await writeChoice(ctx.storage, user.id, post.id, false);
  return { postId: post.id, title: post.title, slug: post.slug };
}
