import type { SubscriptionsRepo } from '../../types.js';
import { tableRepo } from '../core/table.js';
import type { Queryable } from '../queryable.js';
import { deleteBy, rowsOf, selectFrom } from './rows.js';
import { SUBSCRIPTIONS } from './tables.js';

/** Users' explicit choices about a post's notifications; one per (user, post), `subscriptions.userPost`. */
export function createSubscriptionsRepo(db: Queryable): SubscriptionsRepo {
  return {
    ...tableRepo(db, SUBSCRIPTIONS),
    getByUserAndPost: async (userId, postId) =>
      (await rowsOf(db, SUBSCRIPTIONS, `${selectFrom(SUBSCRIPTIONS)} WHERE user_id = $1 AND post_id = $2`, [userId, postId]))[0],
    listByPost: (postId) => rowsOf(db, SUBSCRIPTIONS, `${selectFrom(SUBSCRIPTIONS)} WHERE post_id = $1 ORDER BY created_at, id`, [postId]),
    deleteByPost: (postId) => deleteBy(db, SUBSCRIPTIONS.table, 'post_id', postId),
    deleteByUser: (userId) => deleteBy(db, SUBSCRIPTIONS.table, 'user_id', userId),
  };
}
