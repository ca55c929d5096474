import type { ActivityRow, CommentRow } from '../storage/types.js';
import type { ExportedComment } from './export-format.js';

/**
 * The comments as exported, fields in the documented order: each with the id of its activity entry
 * (absent for a comment that has none, which only damaged data has: the import then makes one).
 */
export function withActivityIds(comments: readonly CommentRow[], activities: readonly ActivityRow[]): ExportedComment[] {
  const activityOf = new Map(activities.map((entry) => [entry.commentId, entry.id]));
  return comments.map((comment) => {
    const { id, postId, parentId, userId, body, isInternal, isEdited, isSpam, createdAt, updatedAt } = comment;
    const row: ExportedComment = { id, postId, parentId, userId, body, isInternal, isEdited, isSpam, createdAt, updatedAt };
    const activityId = activityOf.get(id);
    return activityId === undefined ? row : { ...row, activityId };
  });
}

/**
 * The comments reordered so that every reply comes after its parent, otherwise in the order given:
 * a reply met before its parent waits, and follows right after the parent (with the other replies
 * that waited for it, in their order). Replies whose parent is not in the list keep their place.
 * Replies that never get placed (a parent cycle, possible only in damaged data) come last, in
 * their order; the import refuses them, as their parent cannot exist before them.
 */
export function parentsFirst<Comment extends { id: string; parentId: string | null }>(comments: readonly Comment[]): Comment[] {
  const listed = new Set(comments.map((comment) => comment.id));
  const placedIds = new Set<string>();
  const waiting = new Map<string, Comment[]>();
  const ordered: Comment[] = [];
  const place = (comment: Comment) => {
    // A queue rather than recursion: a long chain of replies must not exhaust the stack.
    const queue = [comment];
    for (let i = 0; i < queue.length; i++) {
      const next = queue[i]!;
      ordered.push(next);
      placedIds.add(next.id);
      for (const reply of waiting.get(next.id) ?? []) queue.push(reply);
      waiting.delete(next.id);
    }
  };
  for (const comment of comments) {
    const { parentId } = comment;
    if (parentId === null || !listed.has(parentId) || placedIds.has(parentId)) place(comment);
    else if (waiting.has(parentId)) waiting.get(parentId)!.push(comment);
    else waiting.set(parentId, [comment]);
  }
  const placed = new Set(ordered);
  return [...ordered, ...comments.filter((comment) => !placed.has(comment))];
}
