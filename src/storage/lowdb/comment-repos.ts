import { type ActivitiesRepo, type ActivityPageRequest, type ActivityRow, type CommentsRepo, type HeldPageRequest, type HeldShown, heldShown, isHeld, type OrderedPage } from '../types.js';
import type { Access } from './access.js';
import type { MemoryDb } from './memory-db.js';
import { MergedList } from './merged-list.js';
import { countsOf, orderedPage } from './ordered-page.js';
import { SortedList } from './sorted-list.js';
import { byKey, listed, tableRepo } from './table-repo.js';
import type { TxWriter } from './tx-writer.js';

/** Comments, reached by post, parent, author and age through their indexes (no scans). */
export function commentsRepo(access: Access): CommentsRepo {
  return {
    ...tableRepo(access, 'comments'),
    listReplies: (parentId) => access.read((db) => listed(db.indexes.commentsByParent.group(parentId))),
    listByUser: (userId) => access.read((db) => listed(db.indexes.commentsByUser.group(userId))),
    listByPost: (postId) => access.read((db) => listed(db.indexes.commentsByPost.group(postId))),
    deleteByPost: (postId) => access.write((w) => deleteAll(w, 'comments', listed(w.db.indexes.commentsByPost.group(postId)))),
    newest: (limit, skip) => access.read((db) => db.indexes.shownCommentsInOrder.list.newest(limit, skip)),
    countPublicByPosts: (postIds) => access.read((db) => countsOf(db.indexes.publicCommentCountByPost, postIds)),
    held: (request) =>
      access.read((db) => heldPage(request.approval === 'spam' ? db.indexes.spamCommentsInOrder.list : db.indexes.waitingCommentsInOrder.list, request)),
    hasApprovedBy: (userId) =>
      access.read((db) => (db.indexes.commentsByUser.group(userId)?.toArray() ?? []).some((comment) => !isHeld(comment))),
  };
}

/** Activity entries: one per comment, paged per post from the (createdAt, id) lists. */
export function activitiesRepo(access: Access): ActivitiesRepo {
  return {
    ...tableRepo(access, 'activities'),
    getByComment: (commentId) =>
      access.read((db) => byKey(db.tables.activities, db.indexes.activityByComment.lookup(commentId))),
    pageByPost: (postId, request) => access.read((db) => activityPage(db, postId, request)),
    deleteByPost: (postId) =>
      access.write((w) => deleteAll(w, 'activities', listed(w.db.indexes.activitiesByPost.group(postId)))),
  };
}

/**
 * One page of the post's entries: all of them, or those whose comment has the asked visibility;
 * those of held comments (issue 31 §2) only as `request.held` shows them, merged into the others.
 */
function activityPage(db: MemoryDb, postId: string, request: ActivityPageRequest): OrderedPage<ActivityRow> | undefined {
  const index = db.indexes.activitiesByVisibility;
  const list = index.list(postId, request.internal);
  const held = request.held ? shownHeld(db, index.heldList(postId, request.internal), request.held) : [];
  if (held.length === 0) return orderedPage(db.tables.activities, list ?? new SortedList<ActivityRow>(), request);
  return orderedPage(db.tables.activities, new MergedList(list, held), request);
}

/** The entries of the held list whose comment `held` shows, in order. */
function shownHeld(db: MemoryDb, list: SortedList<ActivityRow> | undefined, held: HeldShown): ActivityRow[] {
  if (!list) return [];
  const entries = list.toArray();
  if (held.all) return entries;
  return entries.filter((entry) => {
    const comment = db.tables.comments.get(entry.commentId);
    return comment !== undefined && heldShown(comment, held);
  });
}

function deleteAll(w: TxWriter, table: 'comments' | 'activities', rows: ReadonlyArray<{ id: string }>): number {
  for (const row of rows) w.delete(table, row.id);
  return rows.length;
}

/** Rows offset..offset+limit of a held list (issue 31 §2), oldest first, and how many it holds. */
export function heldPage<Row extends { id: string; createdAt: string }>(list: SortedList<Row>, request: HeldPageRequest): { rows: Row[]; total: number } {
  const rows: Row[] = [];
  for (let n = Math.max(request.offset, 0); n < request.offset + request.limit && n < list.size; n++) rows.push(list.at(n)!);
  return { rows, total: list.size };
}
