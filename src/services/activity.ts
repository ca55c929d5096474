import type { ActivityRow, Storage } from '../storage/types.js';
import { type ActivityView, toActivityView } from './comment-views.js';
import type { ServiceContext, Viewer } from './context.js';
import { commentOrigins, type MergedFromRef } from './merges/merged-from.js';
import { heldActivityFor } from './moderation/rules.js';
import { foundPage, pageRequest, parsePaging } from './pagination.js';
import { can } from './permissions.js';
import { findVisiblePost } from './post-lookup.js';
import { teamMembers } from './team-members.js';
import { type CommentVisibility, parseCommentVisibility } from './validation/comments.js';
import { lookupKey } from './validation/fields.js';
import type { QueryInput } from './validation/query.js';

const DEFAULT_PAGE_SIZE = 10;

/**
 * API.md §4.11.1: an offset page of a visible post's activity, newest first (replies are entries
 * of their own); internal comments only for callers with `comment:view_internal` who ask for them;
 * held ones (issue 31 §2) to their author while waiting and to moderators (`heldActivityFor`).
 */
export async function listActivity(ctx: ServiceContext, viewer: Viewer, postIdParam: string, query: QueryInput): Promise<ActivityView[]> {
  const { storage } = ctx;
  const post = await findVisiblePost(storage, viewer, lookupKey(postIdParam));
  const paging = parsePaging(query, 'offset', DEFAULT_PAGE_SIZE);
  const asked = parseCommentVisibility(query.visibility);
  const internal = can(viewer, 'comment:view_internal') ? internalFilter(asked) : false;
  const page = foundPage(await storage.activities.pageByPost(post.id, { ...pageRequest(paging, 'desc'), internal, held: heldActivityFor(viewer) }));
  return markMergedComments(await renderActivity(storage, page.rows), await commentOrigins(storage, viewer, post.id));
}

/** Comments moved here by a merge say which post they were written on. */
function markMergedComments(views: ActivityView[], origins: ReadonlyMap<string, MergedFromRef>): ActivityView[] {
  if (origins.size === 0) return views;
  return views.map((view) => {
    const from = origins.get(view.comment.id);
    return from ? { ...view, comment: { ...view.comment, mergedFrom: from } } : view;
  });
}

/** The storage filter for the asked visibilities: internal only, public only, or both (undefined). */
function internalFilter(asked: ReadonlySet<CommentVisibility>): boolean | undefined {
  if (asked.has('public') && asked.has('internal')) return undefined;
  return asked.has('internal');
}

/** Fetches comments, authors and their team standing in batches; an entry whose comment a concurrent delete just removed is left out. */
async function renderActivity(storage: Storage, entries: ActivityRow[]): Promise<ActivityView[]> {
  const comments = await storage.comments.getMany(entries.map((entry) => entry.commentId));
  const authors = await storage.users.getMany([...new Set([...comments.values()].map((comment) => comment.userId))]);
  const team = await teamMembers(storage, authors.values());
  const views: ActivityView[] = [];
  for (const entry of entries) {
    const comment = comments.get(entry.commentId);
    const author = comment && authors.get(comment.userId);
    if (comment && author) views.push(toActivityView(entry, comment, author, team.has(author.id)));
  }
  return views;
}
