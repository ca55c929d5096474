import type { ActivitiesRepo, ActivityRow } from '../../types.js';
import type { Queryable } from '../queryable.js';
import { deleteWhere, iso, orderedPage, type TableSpec, tableRepo } from './sql.js';

export const activitySpec: TableSpec<ActivityRow> = {
  table: 'activities',
  columns: {
    id: 'id',
    postId: 'post_id',
    commentId: 'comment_id',
    type: 'type',
    createdAt: 'created_at',
  },
  fromDb: (r) => ({
    id: String(r.id),
    postId: String(r.post_id),
    commentId: String(r.comment_id),
    type: 'comment',
    createdAt: iso(r.created_at),
  }),
};

/** Activity entries, one per comment (`activities.comment`), paged per post by (createdAt, id). */
export function createActivitiesRepo(db: Queryable): ActivitiesRepo {
  return {
    ...tableRepo(db, activitySpec),
    getByComment: async (commentId) => {
      const { rows } = await db.query('SELECT * FROM activities WHERE comment_id = $1', [commentId]);
      return rows[0] ? activitySpec.fromDb(rows[0]) : undefined;
    },
    pageByPost: (postId, request) =>
      orderedPage(
        db,
        {
          table: 'activities',
          // An entry counts only when its comment is stored, not held (issue 31 §2) and of the asked visibility.
          filter: (params) => {
            const post = `t.post_id = ${params.add(postId)}`;
            const shown = "(c.approval IS NULL OR c.approval = 'approved')";
            if (request.internal === undefined) return `${post} AND EXISTS (SELECT 1 FROM comments c WHERE c.id = t.comment_id AND ${shown})`;
            const internal = params.add(request.internal);
            return `${post} AND EXISTS (SELECT 1 FROM comments c WHERE c.id = t.comment_id AND c.is_internal = ${internal} AND ${shown})`;
          },
          key: ['created_at', 'id'],
          fromDb: activitySpec.fromDb,
        },
        request,
      ),
    deleteByPost: (postId) => deleteWhere(db, 'activities', 'post_id', postId),
  };
}
