import type { Approval, CommentRow, CommentsRepo } from '../../types.js';
import type { Queryable } from '../queryable.js';
import { APPROVED_ROW, deleteWhere, hasApprovedBy, heldRows, iso, listWhere, type TableSpec, tableRepo } from './sql.js';

export const commentSpec: TableSpec<CommentRow> = {
  table: 'comments',
  columns: {
    id: 'id',
    postId: 'post_id',
    parentId: 'parent_id',
    userId: 'user_id',
    body: 'body',
    isInternal: 'is_internal',
    isEdited: 'is_edited',
    isSpam: 'is_spam',
    approval: 'approval',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  fromDb: (r) => ({
    id: String(r.id),
    postId: String(r.post_id),
    parentId: r.parent_id === null ? null : String(r.parent_id),
    userId: String(r.user_id),
    body: String(r.body),
    isInternal: Boolean(r.is_internal),
    isEdited: Boolean(r.is_edited),
    isSpam: Boolean(r.is_spam),
    ...(r.approval == null ? {} : { approval: String(r.approval) as Approval }),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }),
};

/** Comments, reached by post, parent and author, oldest first. */
export function createCommentsRepo(db: Queryable): CommentsRepo {
  return {
    ...tableRepo(db, commentSpec),
    listReplies: (parentId) => listWhere(db, 'comments', 'parent_id', parentId, commentSpec.fromDb),
    listByUser: (userId) => listWhere(db, 'comments', 'user_id', userId, commentSpec.fromDb),
    listByPost: (postId) => listWhere(db, 'comments', 'post_id', postId, commentSpec.fromDb),
    deleteByPost: (postId) => deleteWhere(db, 'comments', 'post_id', postId),
    newest: async (limit, skip) => {
      // No index on created_at: the dashboard reads a few rows, and PostgreSQL's top-N sort needs no index for that.
      // Held comments (issue 31 §2) are left out.
      const sql = `SELECT * FROM comments WHERE ${APPROVED_ROW} ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`;
      return (await db.query(sql, [limit, skip])).rows.map(commentSpec.fromDb);
    },
    countPublicByPosts: async (postIds) => {
      const counts = new Map(postIds.map((id) => [id, 0]));
      if (postIds.length === 0) return counts;
      // A page of posts at a time: comments_post_idx finds each post's comments.
      const sql = `SELECT post_id, count(*)::int AS n FROM comments WHERE post_id = ANY($1::text[]) AND NOT is_internal AND ${APPROVED_ROW} GROUP BY post_id`;
      for (const row of (await db.query(sql, [[...postIds]])).rows) counts.set(String(row.post_id), Number(row.n));
      return counts;
    },
    held: (request) => heldRows(db, 'comments', request, commentSpec.fromDb),
    hasApprovedBy: (userId) => hasApprovedBy(db, 'comments', userId),
  };
}
