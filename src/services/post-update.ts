import { appError } from '../errors.js';
import type { PostRow, Repositories } from '../storage/types.js';
import type { Actor, ServiceContext } from './context.js';
import { recordEvent } from './outbox/record.js';
import { can, requirePermission } from './permissions.js';
import { findVisiblePost, targetPostId } from './post-lookup.js';
import { type PostRecordView, toPostRecordView } from './post-views.js';
import { parseContent, requireVisibleTargets, slugBase, TITLE_RULE } from './posts.js';
import { type Body, lookupKey, optionalUuid, requiredText } from './validation/fields.js';
import { tagsOfPosts } from './tags/views.js';
import { visibleRoadmapId } from './visibility.js';

/** The validated fields a PATCH sends; an absent key means "leave as is". */
interface PostChanges {
  title?: string;
  contentMarkdown?: string | null;
  boardId?: string | null;
  roadmapId?: string | null;
}

/**
 * API.md §4.4.4: writes the fields present in the body (omitted = unchanged, null = clear) in one
 * transaction: lookup (404) → permissions (403) → validation (400) → board and roadmap (404).
 *
 * A roadmap hidden from the caller is no roadmap to them (API.md §2.7), in the answer and when
 * judging what the body changes: otherwise `roadmap_id` would name it, and `roadmapId: null`
 * (403 without roadmap:assign when there is one, 200 when there is none) would reveal it.
 */
export async function updatePost(ctx: ServiceContext, actor: Actor, body: Body): Promise<PostRecordView> {
  const postId = targetPostId(body);
  const updated = await ctx.storage.transaction(async (tx) => {
    const post = await findVisiblePost(tx, actor, postId);
    const seen: PostRow = { ...post, roadmapId: await visibleRoadmapId(tx, actor, post.roadmapId) };
    requireUpdateRights(actor, seen, body);
    const changes = parseChanges(body);
    // The roadmap the caller sees is no change: so "none" from someone who cannot see it keeps a hidden one.
    if (changes.roadmapId === seen.roadmapId) delete changes.roadmapId;
    await requireVisibleTargets(tx, actor, changes);
    const row = await tx.posts.update(post.id, withSlug(post, changes, new Date().toISOString()));
    await recordUpdateEvents(tx, actor, post, row);
    const seenRow = { ...row, roadmapId: await visibleRoadmapId(tx, actor, row.roadmapId) };
    return { row: seenRow, tags: (await tagsOfPosts(tx, actor, [row.id])).get(row.id) ?? [] };
  });
  return toPostRecordView(updated.row, updated.tags);
}

/** `post.updated` when title, content or board changed; `post.status_changed` when the roadmap did. */
async function recordUpdateEvents(tx: Repositories, actor: Actor, before: PostRow, after: PostRow): Promise<void> {
  const edited = before.title !== after.title || before.contentMarkdown !== after.contentMarkdown || before.boardId !== after.boardId;
  if (edited) await recordEvent(tx, 'post.updated', after.id, actor, { oldTitle: before.title, newTitle: after.title });
  if (before.roadmapId !== after.roadmapId) {
    await recordEvent(tx, 'post.status_changed', after.id, actor, { fromRoadmapId: before.roadmapId, toRoadmapId: after.roadmapId });
  }
}

/**
 * Title, content or board changes — and a body that changes nothing — are the author's or need
 * `post:update`; a roadmap change needs `roadmap:assign` from anyone, the author included.
 */
function requireUpdateRights(actor: Actor, post: PostRow, body: Body): void {
  const { content, roadmap } = changedParts(body, post);
  const mayEdit = post.userId === actor.user.id || can(actor, 'post:update');
  if ((content || !roadmap) && !mayEdit) throw appError('NOT_ENOUGH_PERMISSION');
  if (roadmap) requirePermission(actor, 'roadmap:assign');
}

/**
 * Which parts the body changes, judged before validation (permissions come first): a present
 * field changes when its normalised value differs from the stored one; an invalid value has no
 * normalised form, so it always counts as a change.
 */
function changedParts(body: Body, post: PostRow): { content: boolean; roadmap: boolean } {
  const title = body.title !== undefined && (typeof body.title !== 'string' || body.title.trim() !== post.title);
  const content = body.contentMarkdown !== undefined && storedContent(body.contentMarkdown) !== post.contentMarkdown;
  const board = body.boardId !== undefined && storedId(body.boardId) !== post.boardId;
  const roadmap = body.roadmapId !== undefined && storedId(body.roadmapId) !== post.roadmapId;
  return { content: title || content || board, roadmap };
}

/** Content as it would be stored; undefined (equal to no stored value) when it is not a string or null. */
function storedContent(value: unknown): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'string') return undefined;
  return value.trim() === '' ? null : value;
}

/** A board or roadmap id as it would be stored; undefined when it is not a UUID. */
function storedId(value: unknown): string | null | undefined {
  return value === null || value === '' ? null : lookupKey(value);
}

/** Rows 4–10: the create rules, for the fields present, in table order (a null title is missing). */
function parseChanges(body: Body): PostChanges {
  const changes: PostChanges = {};
  if (body.title !== undefined) changes.title = requiredText(body.title, 'title', TITLE_RULE);
  if (body.contentMarkdown !== undefined) changes.contentMarkdown = parseContent(body.contentMarkdown);
  if (body.boardId !== undefined) changes.boardId = optionalUuid(body.boardId, 'boardId');
  if (body.roadmapId !== undefined) changes.roadmapId = optionalUuid(body.roadmapId, 'roadmapId');
  return changes;
}

/** The row patch: the changes, `updatedAt`, and a new slug with the same slugId when the title changes. */
function withSlug(post: PostRow, changes: PostChanges, now: string): Partial<PostRow> {
  const patch: Partial<PostRow> = { ...changes, updatedAt: now };
  if (changes.title !== undefined && changes.title !== post.title) patch.slug = `${slugBase(changes.title)}-${post.slugId}`;
  return patch;
}
