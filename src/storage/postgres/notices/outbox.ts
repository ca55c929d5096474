import type { OutboxRepo } from '../../types.js';
import { tableRepo } from '../core/table.js';
import type { Queryable } from '../queryable.js';
import { deleteIds, rowLimit, rowsOf, selectFrom } from './rows.js';
import { OUTBOX_EVENTS } from './tables.js';

/** The outbox: events recorded by the transaction of their change, claimed oldest first by the worker. */
export function createOutboxRepo(db: Queryable): OutboxRepo {
  const events = tableRepo(db, OUTBOX_EVENTS);
  return {
    insert: events.insert,
    claimOldest: (limit) =>
      rowsOf(db, OUTBOX_EVENTS, `${selectFrom(OUTBOX_EVENTS)} ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`, [rowLimit(limit)]),
    deleteMany: (ids) => deleteIds(db, OUTBOX_EVENTS.table, ids),
    count: events.count,
  };
}
