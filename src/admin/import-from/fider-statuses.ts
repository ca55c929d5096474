import type { SourcePost, SourceStatus } from './source-model.js';

/*
 * Fider's post statuses (app/models/enum/post_status.go): a number in `posts.status`, a name in
 * the posts CSV. `deleted` (6) is not a status a post can be imported in: Fider shows a deleted
 * post to no one, so the readers leave those posts out (and say so) rather than republish them.
 */
const FIDER_STATUS_NAMES = ['open', 'started', 'completed', 'declined', 'planned', 'duplicate'] as const;

/** `posts.status` of a deleted post. */
export const FIDER_DELETED_STATUS = 6;

/**
 * The statuses of the imported posts, in Fider's order, ids being Fider's names (the same in the
 * backup and the CSV), and always `open`, the default: Fider's statuses are fixed, so one no post
 * is in would only become an empty roadmap here.
 */
export function fiderStatuses(posts: SourcePost[]): SourceStatus[] {
  const used = new Set(posts.map((post) => post.statusId));
  return FIDER_STATUS_NAMES.filter((name) => name === 'open' || used.has(name)).map((name) => ({ sourceId: name, name: labelOf(name), color: null, isDefault: name === 'open' }));
}

/** The status as Fider's pages show it ("Started"): the roadmap's name here. */
function labelOf(name: string): string {
  return `${name[0]!.toUpperCase()}${name.slice(1)}`;
}

/** The status id of `posts.status`'s number; undefined for a number Fider does not have (or 6, deleted). */
export function fiderStatusOfNumber(status: number): string | undefined {
  return FIDER_STATUS_NAMES[status];
}

/** The status id of a CSV status name; undefined for a name Fider does not have. */
export function fiderStatusOfName(name: string): string | undefined {
  return (FIDER_STATUS_NAMES as readonly string[]).includes(name) ? name : undefined;
}

/** Fider's status response is shown on the post, by the person who set the status: it becomes a public comment of theirs. */
export function responseCommentId(postNumber: number): string {
  return `response-${postNumber}`;
}
