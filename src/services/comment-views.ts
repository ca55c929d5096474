import type { ActivityRow, CommentRow, UserRow } from '../storage/types.js';
import { heldApproval, type PublicUser, toPublicUser } from './post-views.js';

/** API.md §3.15 Comment. */
export interface CommentView {
  id: string;
  parent_id: string | null;
  body: string;
  is_internal: boolean;
  is_edited: boolean;
  is_spam: boolean;
  created_at: string;
  updated_at: string;
  /** Only on a held comment (issue 31 §2), which only its author and moderators see: `waiting` or `spam`. */
  approval?: 'waiting' | 'spam';
  /** Only on a comment moved by a merge (issue 30 §2): the post it was written on. */
  mergedFrom?: { postId: string; slug: string; title: string };
}

/** A comment's author: PublicUser (API.md §3.3) and whether they answer for the team (§8.9). */
export interface CommentAuthor extends PublicUser {
  isTeam: boolean;
}

/** API.md §3.15 Activity. */
export interface ActivityView {
  id: string;
  type: 'comment';
  created_at: string;
  comment: CommentView;
  author: CommentAuthor;
}

/** A comment as the API shows it (API.md §3.15). */
export function toCommentView(comment: CommentRow): CommentView {
  return {
    id: comment.id,
    parent_id: comment.parentId,
    body: comment.body,
    is_internal: comment.isInternal,
    is_edited: comment.isEdited,
    is_spam: comment.isSpam,
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    ...heldApproval(comment),
  };
}

/** An activity entry with its comment and the comment's author (API.md §3.15, `isTeam` of §8.9). */
export function toActivityView(entry: ActivityRow, comment: CommentRow, author: UserRow, isTeam: boolean): ActivityView {
  return {
    id: entry.id,
    type: entry.type,
    created_at: entry.createdAt,
    comment: toCommentView(comment),
    author: { ...toPublicUser(author), isTeam },
  };
}
