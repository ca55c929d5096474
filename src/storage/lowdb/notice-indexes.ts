import type { NotificationRow, SubscriptionRow, WebhookDeliveryRow } from '../types.js';
import { OrderedIndex } from './ordered-index.js';
import { SortedList } from './sorted-list.js';
import { GroupIndex, Table, UniqueIndex } from './table.js';

/** Orders by a timestamp field, then id: ISO timestamps of one format compare as strings. */
function byTimeThenId<Row extends { id: string }>(timeOf: (row: Row) => string): (a: Row, b: Row) => number {
  return (a, b) => {
    const [timeA, timeB] = [timeOf(a), timeOf(b)];
    if (timeA !== timeB) return timeA < timeB ? -1 : 1;
    if (a.id === b.id) return 0;
    return a.id < b.id ? -1 : 1;
  };
}

/** The read indexes and uniqueness rules of the issue-17 tables whose queries need more than one (createdAt, id) list. */
export function noticeIndexes() {
  return {
    deliveriesInOrder: new SortedList<WebhookDeliveryRow>(),
    deliveriesByEndpoint: new GroupIndex<WebhookDeliveryRow>((d) => d.endpointId),
    /** Pending deliveries, earliest due first: claimDue reads a prefix of it. */
    pendingDeliveriesByDue: new OrderedIndex<WebhookDeliveryRow>(
      byTimeThenId((d) => d.nextAttemptAt),
      (d) => d.status === 'pending',
    ),
    /** Finished deliveries, least recently updated first: pruning deletes a prefix of it. */
    finishedDeliveriesByUpdate: new OrderedIndex<WebhookDeliveryRow>(
      byTimeThenId((d) => d.updatedAt),
      (d) => d.status !== 'pending',
    ),
    subscriptionByUserPost: new UniqueIndex<SubscriptionRow>('subscriptions.userPost', (s) => `${s.userId}/${s.postId}`),
    subscriptionsByPost: new GroupIndex<SubscriptionRow>((s) => s.postId),
    subscriptionsByUser: new GroupIndex<SubscriptionRow>((s) => s.userId),
    notificationsByDue: new OrderedIndex<NotificationRow>(byTimeThenId((n) => n.dueAt)),
    notificationsByPair: new GroupIndex<NotificationRow>((n) => `${n.userId}/${n.postId}`),
    notificationsByPost: new GroupIndex<NotificationRow>((n) => n.postId),
    notificationsByUser: new GroupIndex<NotificationRow>((n) => n.userId),
  };
}

type NoticeIndexes = ReturnType<typeof noticeIndexes>;

/** The tables of webhook deliveries, subscriptions and notifications over their indexes. */
export function noticeTables(i: NoticeIndexes) {
  return {
    webhookDeliveries: new Table<WebhookDeliveryRow>('webhookDeliveries', [], [
      i.deliveriesInOrder,
      i.deliveriesByEndpoint,
      i.pendingDeliveriesByDue,
      i.finishedDeliveriesByUpdate,
    ]),
    subscriptions: new Table<SubscriptionRow>('subscriptions', [i.subscriptionByUserPost], [i.subscriptionsByPost, i.subscriptionsByUser]),
    notifications: new Table<NotificationRow>('notifications', [], [
      i.notificationsByDue,
      i.notificationsByPair,
      i.notificationsByPost,
      i.notificationsByUser,
    ]),
  };
}
