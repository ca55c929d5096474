import type { ActivityRow, CommentRow } from '../types.js';
import { SortedList } from './sorted-list.js';
import type { RowIndex } from './table.js';

/**
 * A post's activity entries split by the visibility of their comment (public or internal), each
 * list in (createdAt, id) order, so a filtered activity page is index arithmetic like any other.
 * It spans two tables and listens to both: an edit can move a comment (and with it its entry)
 * from one list to the other, and a transaction may write the comment or its entry first.
 * An entry whose comment is not stored is in neither list.
 */
export class ActivityVisibilityIndex {
  private readonly lists = new Map<string, SortedList<ActivityRow>>();
  /** `isInternal` of every stored comment, by comment id. */
  private readonly internalByComment = new Map<string, boolean>();
  /** The stored entry of each comment (one at most: `activities.comment` is unique). */
  private readonly entryByComment = new Map<string, ActivityRow>();

  /** The index as seen by the comments table. */
  readonly onComments: RowIndex<CommentRow> = {
    add: (comment) => {
      this.internalByComment.set(comment.id, comment.isInternal);
      const entry = this.entryByComment.get(comment.id);
      if (entry) this.addToList(entry, comment.isInternal);
    },
    remove: (comment) => {
      const entry = this.entryByComment.get(comment.id);
      if (entry) this.removeFromList(entry, comment.isInternal);
      this.internalByComment.delete(comment.id);
    },
  };

  /** The index as seen by the activities table. */
  readonly onActivities: RowIndex<ActivityRow> = {
    add: (entry) => {
      this.entryByComment.set(entry.commentId, entry);
      const isInternal = this.internalByComment.get(entry.commentId);
      if (isInternal !== undefined) this.addToList(entry, isInternal);
    },
    remove: (entry) => {
      if (this.entryByComment.get(entry.commentId)?.id === entry.id) this.entryByComment.delete(entry.commentId);
      const isInternal = this.internalByComment.get(entry.commentId);
      if (isInternal !== undefined) this.removeFromList(entry, isInternal);
    },
  };

  /** The post's entries whose comment is internal (`true`) or public (`false`); undefined when there are none. */
  list(postId: string, isInternal: boolean): SortedList<ActivityRow> | undefined {
    return this.lists.get(listKey(postId, isInternal));
  }

  private addToList(entry: ActivityRow, isInternal: boolean): void {
    const key = listKey(entry.postId, isInternal);
    let list = this.lists.get(key);
    if (!list) {
      list = new SortedList<ActivityRow>();
      this.lists.set(key, list);
    }
    list.add(entry);
  }

  private removeFromList(entry: ActivityRow, isInternal: boolean): void {
    const key = listKey(entry.postId, isInternal);
    const list = this.lists.get(key);
    list?.remove(entry);
    if (list?.size === 0) this.lists.delete(key);
  }
}

function listKey(postId: string, isInternal: boolean): string {
  return `${postId}/${isInternal ? 'internal' : 'public'}`;
}
