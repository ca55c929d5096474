import type { ActivitiesRepo, ActivityRow, HeldShown } from '../../types.js';
import type { Queryable } from '../queryable.js';
import { deleteWhere, iso, orderedPage, type Params, type TableSpec, tableRepo } from './sql.js';

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
          // An entry counts only when its comment is stored, of the asked visibility and not held
          // (issue 31 §2) unless `request.held` shows it: one probe of the comments' key per entry.
          filter: (params) => {
            const conditions = ['c.id = t.comment_id'];
            if (request.internal !== undefined) conditions.push(`c.is_internal = ${params.add(request.internal)}`);
            const shown = heldCondition(request.held, params);
            if (shown !== undefined) conditions.push(shown);
            return `t.post_id = ${params.add(postId)} AND EXISTS (SELECT 1 FROM comments c WHERE ${conditions.join(' AND ')})`;
          },
          key: ['created_at', 'id'],
          fromDb: activitySpec.fromDb,
        },
        request,
      ),
    deleteByPost: (postId) => deleteWhere(db, 'activities', 'post_id', postId),
  };
}

/** Approved comments (NULL = approved, migration 14). */
const APPROVED = "(c.approval IS NULL OR c.approval = 'approved')";

/** The approval condition on an entry's comment `c` for a read showing `held` (absent: approved only); undefined = none. */
function heldCondition(held: HeldShown | undefined, params: Params): string | undefined {
  if (held?.all) return undefined;
  if (held?.waitingBy == null) return APPROVED;
  return `(${APPROVED} OR (c.approval = 'waiting' AND c.user_id = ${params.add(held.waitingBy)}))`;
}
