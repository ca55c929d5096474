import { type ActivityRow, type CommentRow, isHeld } from '../types.js';
import { SortedList } from './sorted-list.js';
import type { RowIndex } from './table.js';

/** Which list a comment's entry is in: public or internal, each apart while the comment is held (issue 31 §2). */
type Visibility = 'public' | 'internal' | 'held-public' | 'held-internal';
type ListName = Visibility | 'all' | 'held-all';

function visibilityOf(comment: CommentRow): Visibility {
  const base = comment.isInternal ? 'internal' : 'public';
  return isHeld(comment) ? `held-${base}` : base;
}

/**
 * A post's activity entries split by the visibility of their comment (public or internal), each
 * list in (createdAt, id) order, plus one list of both, so a filtered activity page is index
 * arithmetic like any other. Entries of held comments (waiting or spam, issue 31 §2) are in lists of
 * their own, split the same way, which a read that shows some held comments merges in.
 * It spans two tables and listens to both: an edit can move a comment (and with it its entry)
 * from one list to the other, and a transaction may write the comment or its entry first.
 * An entry whose comment is not stored is in no list.
 */
export class ActivityVisibilityIndex {
  private readonly lists = new Map<string, SortedList<ActivityRow>>();
  /** The visibility of every stored comment, by comment id. */
  private readonly visibilityByComment = new Map<string, Visibility>();
  /** The stored entry of each comment (one at most: `activities.comment` is unique). */
  private readonly entryByComment = new Map<string, ActivityRow>();

  /** The index as seen by the comments table. */
  readonly onComments: RowIndex<CommentRow> = {
    add: (comment) => {
      const visibility = visibilityOf(comment);
      this.visibilityByComment.set(comment.id, visibility);
      const entry = this.entryByComment.get(comment.id);
      if (entry) this.addToLists(entry, visibility);
    },
    remove: (comment) => {
      const entry = this.entryByComment.get(comment.id);
      if (entry) this.removeFromLists(entry, visibilityOf(comment));
      this.visibilityByComment.delete(comment.id);
    },
  };

  /** The index as seen by the activities table. */
  readonly onActivities: RowIndex<ActivityRow> = {
    add: (entry) => {
      this.entryByComment.set(entry.commentId, entry);
      const visibility = this.visibilityByComment.get(entry.commentId);
      if (visibility !== undefined) this.addToLists(entry, visibility);
    },
    remove: (entry) => {
      if (this.entryByComment.get(entry.commentId)?.id === entry.id) this.entryByComment.delete(entry.commentId);
      const visibility = this.visibilityByComment.get(entry.commentId);
      if (visibility !== undefined) this.removeFromLists(entry, visibility);
    },
  };

  /** The post's entries whose comment is internal (`true`), public (`false`) or either (undefined); undefined when there are none. */
  list(postId: string, isInternal: boolean | undefined): SortedList<ActivityRow> | undefined {
    return this.lists.get(listKey(postId, isInternal === undefined ? 'all' : isInternal ? 'internal' : 'public'));
  }

  /** Like `list`, of the entries whose comment is held (waiting or spam, issue 31 §2). */
  heldList(postId: string, isInternal: boolean | undefined): SortedList<ActivityRow> | undefined {
    return this.lists.get(listKey(postId, isInternal === undefined ? 'held-all' : isInternal ? 'held-internal' : 'held-public'));
  }

  private addToLists(entry: ActivityRow, visibility: Visibility): void {
    for (const name of namesOf(visibility)) {
      const key = listKey(entry.postId, name);
      let list = this.lists.get(key);
      if (!list) {
        list = new SortedList<ActivityRow>();
        this.lists.set(key, list);
      }
      list.add(entry);
    }
  }

  private removeFromLists(entry: ActivityRow, visibility: Visibility): void {
    for (const name of namesOf(visibility)) {
      const key = listKey(entry.postId, name);
      const list = this.lists.get(key);
      list?.remove(entry);
      if (list?.size === 0) this.lists.delete(key);
    }
  }
}

/** The lists an entry of that visibility is in: its own and the one of both visibilities. */
function namesOf(visibility: Visibility): ListName[] {
  return [visibility, visibility.startsWith('held-') ? 'held-all' : 'all'];
}

function listKey(postId: string, name: ListName): string {
  return `${postId}/${name}`;
}
