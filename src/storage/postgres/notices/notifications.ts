import type { NotificationsRepo } from '../../types.js';
import { tableRepo } from '../core/table.js';
import type { Queryable } from '../queryable.js';
import { deleteBy, deleteIds, rowLimit, rowsOf, selectFrom } from './rows.js';
import { NOTIFICATIONS } from './tables.js';

/** Notifications waiting to be mailed, claimed earliest due first by the worker. */
export function createNotificationsRepo(db: Queryable): NotificationsRepo {
  return {
    ...tableRepo(db, NOTIFICATIONS),
    listByUserAndPost: (userId, postId) =>
      rowsOf(db, NOTIFICATIONS, `${selectFrom(NOTIFICATIONS)} WHERE user_id = $1 AND post_id = $2 ORDER BY created_at, id`, [userId, postId]),
    claimDue: (now, limit) =>
      rowsOf(
        db,
        NOTIFICATIONS,
        `${selectFrom(NOTIFICATIONS)} WHERE due_at <= $1 ORDER BY due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, rowLimit(limit)],
      ),
    deleteMany: (ids) => deleteIds(db, NOTIFICATIONS.table, ids),
    deleteByPost: (postId) => deleteBy(db, NOTIFICATIONS.table, 'post_id', postId),
    deleteByUser: (userId) => deleteBy(db, NOTIFICATIONS.table, 'user_id', userId),
  };
}
