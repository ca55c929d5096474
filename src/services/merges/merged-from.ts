import type { PostMergeRow, PostRow, Repositories } from '../../storage/types.js';
import type { Viewer } from '../context.js';
import { canSeePost } from '../post-lookup.js';

/** A merged post as answers name it (issue 30 §2): where it came from, so clients can say "from <title>". */
export interface MergedFromRef {
  postId: string;
  slug: string;
  title: string;
}

export function toMergedFrom(post: PostRow): MergedFromRef {
  return { postId: post.id, slug: post.slug, title: post.title };
}

/** A post merged into the one shown, and when: what the dashboard offers to unmerge. */
export interface MergedPostRef extends MergedFromRef {
  mergedAt: string;
}

/** The posts merged into a post, oldest merge first, that the viewer may see (a hidden one stays unnamed). */
export async function visibleMergedPosts(repos: Repositories, viewer: Viewer, postId: string): Promise<MergedPostRef[]> {
  const refs: MergedPostRef[] = [];
  for (const merge of await repos.postMerges.listInto(postId)) {
    if (await canSeePost(repos, viewer, merge.post)) refs.push({ ...toMergedFrom(merge.post), mergedAt: merge.createdAt });
  }
  return refs;
}

/**
 * The merge of a post asked for by id or by the slug it had, when the viewer may see both the merged
 * post and its target: its old link leads to the target. Undefined otherwise (then: not found).
 */
export async function findVisibleMerge(
  repos: Repositories,
  viewer: Viewer,
  key: { id?: string | undefined; slug?: string | undefined },
): Promise<{ merge: PostMergeRow; target: PostRow } | undefined> {
  const merge = key.id !== undefined ? await repos.postMerges.get(key.id) : key.slug ? await repos.postMerges.getBySlug(key.slug) : undefined;
  const target = merge && (await repos.posts.get(merge.intoPostId));
  if (!merge || !target) return undefined;
  // The target's answer names the merged post: a merged post on a board the viewer cannot see stays unnamed.
  if (!(await canSeePost(repos, viewer, merge.post)) || !(await canSeePost(repos, viewer, target))) return undefined;
  return { merge, target };
}

/**
 * The merged post each moved comment of the post came from, by comment id. A merged post on a board
 * the viewer cannot see stays unnamed: its comments show as the target's own.
 */
export async function commentOrigins(repos: Repositories, viewer: Viewer, postId: string): Promise<Map<string, MergedFromRef>> {
  const origins = new Map<string, MergedFromRef>();
  for (const merge of await repos.postMerges.listInto(postId)) {
    if (!(await canSeePost(repos, viewer, merge.post))) continue;
    const from = toMergedFrom(merge.post);
    for (const id of merge.moves.commentIds) origins.set(id, from);
  }
  return origins;
}
