import type {
  DeliveryListRequest,
  NotificationRow,
  NotificationsRepo,
  OutboxRepo,
  SubscriptionsRepo,
  WebhookDeliveriesRepo,
  WebhookDeliveryRow,
  WebhookEndpointsRepo,
} from '../types.js';
import { UniqueViolation } from '../types.js';
import type { Access } from './access.js';
import type { TableName } from './document.js';
import type { MemoryDb } from './memory-db.js';
import type { OrderedIndex } from './ordered-index.js';
import type { SortedList } from './sorted-list.js';
import { byKey, listed, tableRepo } from './table-repo.js';
import type { TxWriter } from './tx-writer.js';

/*
 * The issue-17 tables. One process holds the data directory and writers run one at a time, so the
 * claims are plain reads here: nobody else can be fanning out or sending the same rows.
 */

export function outboxRepo(access: Access): OutboxRepo {
  const { insert, count } = tableRepo(access, 'outbox');
  return {
    insert,
    count,
    claimOldest: (limit) => access.read((db) => oldest(db.indexes.outboxInOrder, limit)),
    deleteMany: (ids) => access.write((w) => deleteIds(w, 'outbox', ids)),
  };
}

export function webhookEndpointsRepo(access: Access): WebhookEndpointsRepo {
  return {
    ...tableRepo(access, 'webhookEndpoints'),
    list: () => access.read((db) => db.indexes.webhookEndpointsInOrder.toArray()),
  };
}

export function webhookDeliveriesRepo(access: Access): WebhookDeliveriesRepo {
  return {
    ...tableRepo(access, 'webhookDeliveries'),
    insertMany: (rows) => access.write((w) => insertDeliveries(w, rows)),
    claimDue: (now, limit) => access.read((db) => dueDeliveries(db, now, limit)),
    list: (request) => access.read((db) => listDeliveries(db, request)),
    deleteFinishedBefore: (before) =>
      access.write((w) => {
        const finished = w.db.indexes.finishedDeliveriesByUpdate;
        return deleteRows(w, 'webhookDeliveries', prefixWhile(finished, Number.MAX_SAFE_INTEGER, (d) => d.updatedAt < before));
      }),
    deleteByEndpoint: (endpointId) =>
      access.write((w) => deleteRows(w, 'webhookDeliveries', listed(w.db.indexes.deliveriesByEndpoint.group(endpointId)))),
  };
}

export function subscriptionsRepo(access: Access): SubscriptionsRepo {
  return {
    ...tableRepo(access, 'subscriptions'),
    getByUserAndPost: (userId, postId) =>
      access.read((db) => byKey(db.tables.subscriptions, db.indexes.subscriptionByUserPost.lookup(`${userId}/${postId}`))),
    listByPost: (postId) => access.read((db) => listed(db.indexes.subscriptionsByPost.group(postId))),
    deleteByPost: (postId) => access.write((w) => deleteRows(w, 'subscriptions', listed(w.db.indexes.subscriptionsByPost.group(postId)))),
    deleteByUser: (userId) => access.write((w) => deleteRows(w, 'subscriptions', listed(w.db.indexes.subscriptionsByUser.group(userId)))),
  };
}

export function notificationsRepo(access: Access): NotificationsRepo {
  return {
    ...tableRepo(access, 'notifications'),
    listByUserAndPost: (userId, postId) => access.read((db) => listed(db.indexes.notificationsByPair.group(`${userId}/${postId}`))),
    claimDue: (now, limit) => access.read((db) => prefixWhile<NotificationRow>(db.indexes.notificationsByDue, limit, (n) => n.dueAt <= now)),
    deleteMany: (ids) => access.write((w) => deleteIds(w, 'notifications', ids)),
    deleteByPost: (postId) => access.write((w) => deleteRows(w, 'notifications', listed(w.db.indexes.notificationsByPost.group(postId)))),
    deleteByUser: (userId) => access.write((w) => deleteRows(w, 'notifications', listed(w.db.indexes.notificationsByUser.group(userId)))),
  };
}

/** Every row is checked before the first is stored, so a refused fan-out leaves nothing behind even inside a transaction. */
function insertDeliveries(w: TxWriter, rows: readonly WebhookDeliveryRow[]): void {
  const table = w.db.tables.webhookDeliveries;
  const ids = new Set<string>();
  for (const row of rows) {
    if (ids.has(row.id)) throw new UniqueViolation('webhookDeliveries.id');
    ids.add(row.id);
    table.checkInsert(row);
  }
  for (const row of rows) w.insert('webhookDeliveries', row);
}

/** Pending and due, earliest first; deliveries of a disabled (or vanished) endpoint wait where they are. */
function dueDeliveries(db: MemoryDb, now: string, limit: number): WebhookDeliveryRow[] {
  const due = db.indexes.pendingDeliveriesByDue;
  const claimed: WebhookDeliveryRow[] = [];
  for (let position = 0; claimed.length < limit; position++) {
    const delivery = due.at(position);
    if (!delivery || delivery.nextAttemptAt > now) break;
    if (db.tables.webhookEndpoints.get(delivery.endpointId)?.enabled) claimed.push(delivery);
  }
  return claimed;
}

/** Newest first by (createdAt, id), walking back from the end of the endpoint's list or the whole table's. */
function listDeliveries(db: MemoryDb, request: DeliveryListRequest): WebhookDeliveryRow[] {
  const { deliveriesByEndpoint, deliveriesInOrder } = db.indexes;
  const list: SortedList<WebhookDeliveryRow> | undefined =
    request.endpointId === undefined ? deliveriesInOrder : deliveriesByEndpoint.group(request.endpointId);
  const found: WebhookDeliveryRow[] = [];
  for (let position = (list?.size ?? 0) - 1; position >= 0 && found.length < request.limit; position--) {
    const delivery = list!.at(position)!;
    if (request.status === undefined || delivery.status === request.status) found.push(delivery);
  }
  return found;
}

/** The first `limit` rows of a (createdAt, id) list, without copying the rest. */
function oldest<Row extends { id: string; createdAt: string }>(list: SortedList<Row>, limit: number): Row[] {
  const rows: Row[] = [];
  for (let position = 0; position < Math.min(limit, list.size); position++) rows.push(list.at(position)!);
  return rows;
}

/** The first rows of an ordered index, at most `limit`, while `matches` holds. */
function prefixWhile<Row extends { id: string }>(index: OrderedIndex<Row>, limit: number, matches: (row: Row) => boolean): Row[] {
  const rows: Row[] = [];
  for (let position = 0; rows.length < limit; position++) {
    const row = index.at(position);
    if (!row || !matches(row)) break;
    rows.push(row);
  }
  return rows;
}

/** Rows were read into a new array first: deleting changes the index they came from. */
function deleteRows(w: TxWriter, table: TableName, rows: ReadonlyArray<{ id: string }>): number {
  for (const row of rows) w.delete(table, row.id);
  return rows.length;
}

/** Counts the rows actually deleted: unknown (or repeated) ids count nothing. */
function deleteIds(w: TxWriter, table: TableName, ids: readonly string[]): number {
  let deleted = 0;
  for (const id of ids) if (w.delete(table, id)) deleted += 1;
  return deleted;
}
