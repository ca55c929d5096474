import { appError } from '../errors.js';
import type { PostRow, Repositories } from '../storage/types.js';
import type { Viewer } from './context.js';
import { canSeeHeld } from './moderation/rules.js';
import { isVisibleBoard } from './visibility.js';
import { type Body, lookupKey } from './validation/fields.js';

/** The post a write route targets (API.md §1.4 lookup key): `id`, else `postId`; undefined unless a UUID string. */
export function targetPostId(body: Body): string | undefined {
  return lookupKey(body.id ?? body.postId);
}

/** The post with this id when the viewer may see it; 404 POST_NOT_FOUND for no id, no post or a hidden one. */
export async function findVisiblePost(repos: Repositories, viewer: Viewer, postId: string | undefined): Promise<PostRow> {
  const post = postId === undefined ? undefined : await repos.posts.get(postId);
  if (!post || !(await canSeePost(repos, viewer, post))) throw appError('POST_NOT_FOUND');
  return post;
}

/** API.md §2.7: a post is visible unless its board is hidden from the viewer; posts without a board always are. */
export async function canSeePost(repos: Repositories, viewer: Viewer, post: PostRow): Promise<boolean> {
  // A held post (issue 31 §2): its author (while it waits) and moderators only.
  if (!canSeeHeld(viewer, post)) return false;
  if (post.boardId === null) return true;
  const board = await repos.boards.get(post.boardId);
  // A reference to a missing board renders as "no board" in lists, so it hides nothing here either.
  return board === undefined || isVisibleBoard(viewer, board);
}
