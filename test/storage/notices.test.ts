import { randomUUID } from 'node:crypto';
import test from 'ava';
import { type JsonFacts, type Storage, UniqueViolation } from '../../src/storage/types.js';
import { freshStorage } from './_config.js';
import { at, notificationRow, outboxEventRow, postRow, subscriptionRow, userRow, webhookDeliveryRow, webhookEndpointRow } from './_rows.js';

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

/** `count` fresh ids in ascending order, so ties on a timestamp have a known order. */
const sortedIds = (count: number) => Array.from({ length: count }, () => randomUUID()).sort();

async function userAndPost(storage: Storage): Promise<{ userId: string; postId: string }> {
  const user = await storage.users.insert(userRow());
  return { userId: user.id, postId: (await storage.posts.insert(postRow(user.id))).id };
}

const FACTS: JsonFacts = {
  roadmapBefore: { id: randomUUID(), name: 'Planned', nested: { deeper: [1, 2.5, 'three', null, true, { four: 4 }] } },
  roadmapAfter: null,
  voterIds: [],
  title: 'Ünïcode “quotes” and \\ backslash',
  count: 0,
  flag: false,
};

test('outbox: insert, count, claimOldest by (createdAt, id) with a limit, deleteMany counts what it deleted', async (t) => {
  const { storage } = await freshStorage(t);
  const [a, b, c] = sortedIds(3);
  const late = await storage.outbox.insert(outboxEventRow({ createdAt: at(9) }));
  const tiedLast = await storage.outbox.insert(outboxEventRow({ id: c!, createdAt: at(5) }));
  const tiedFirst = await storage.outbox.insert(outboxEventRow({ id: a!, createdAt: at(5) }));
  const tiedMiddle = await storage.outbox.insert(outboxEventRow({ id: b!, createdAt: at(5) }));
  const early = await storage.outbox.insert(outboxEventRow({ createdAt: at(1) }));
  t.is(await storage.outbox.count(), 5);
  t.deepEqual(ids(await storage.outbox.claimOldest(10)), ids([early, tiedFirst, tiedMiddle, tiedLast, late]));
  t.deepEqual(ids(await storage.outbox.claimOldest(2)), ids([early, tiedFirst]));
  t.deepEqual(await storage.outbox.claimOldest(0), []);
  t.is(await storage.outbox.deleteMany([early.id, tiedMiddle.id, randomUUID()]), 2);
  t.is(await storage.outbox.deleteMany([]), 0);
  t.is(await storage.outbox.count(), 3);
  t.deepEqual(ids(await storage.outbox.claimOldest(10)), ids([tiedFirst, tiedLast, late]));
});

test('outbox: facts (nested objects, null, arrays) and the optional columns round-trip as given', async (t) => {
  const { storage } = await freshStorage(t);
  const { userId, postId } = await userAndPost(storage);
  const event = outboxEventRow({ name: 'post.status_changed', postId, actorId: userId, facts: FACTS, createdAt: at(3) });
  t.deepEqual(await storage.outbox.insert(event), event);
  const [read] = await storage.outbox.claimOldest(1);
  t.deepEqual(read, event);
  t.deepEqual(read!.facts, FACTS);
});

test('a write inside a transaction that throws leaves no outbox row (nor the change it came with)', async (t) => {
  const { storage } = await freshStorage(t);
  const user = userRow();
  await t.throwsAsync(
    storage.transaction(async (tx) => {
      await tx.users.insert(user);
      await tx.outbox.insert(outboxEventRow({ facts: { userId: user.id } }));
      t.is(await tx.outbox.count(), 1, 'seen inside the transaction');
      throw new Error('change refused');
    }),
    { message: 'change refused' },
  );
  t.is(await storage.outbox.count(), 0);
  t.deepEqual(await storage.outbox.claimOldest(10), []);
  t.is(await storage.users.get(user.id), undefined);
});

test('a claim inside a transaction reads the events, and deleting them there commits with the transaction', async (t) => {
  const { storage } = await freshStorage(t);
  const first = await storage.outbox.insert(outboxEventRow({ createdAt: at(1) }));
  const second = await storage.outbox.insert(outboxEventRow({ createdAt: at(2) }));
  const claimed = await storage.transaction(async (tx) => {
    const events = await tx.outbox.claimOldest(1);
    t.is(await tx.outbox.deleteMany(ids(events)), 1);
    return events;
  });
  t.deepEqual(ids(claimed), [first.id]);
  t.deepEqual(ids(await storage.outbox.claimOldest(10)), [second.id]);
});

test('subscriptions: CRUD, lookup by (user, post), listByPost oldest first with id ties', async (t) => {
  const { storage } = await freshStorage(t);
  const { userId, postId } = await userAndPost(storage);
  const other = await userAndPost(storage);
  const third = await storage.users.insert(userRow());
  const [a, b] = sortedIds(2);
  const late = await storage.subscriptions.insert(subscriptionRow(userId, postId, { createdAt: at(8), updatedAt: at(8) }));
  const tiedSecond = await storage.subscriptions.insert(subscriptionRow(other.userId, postId, { id: b!, createdAt: at(2), subscribed: false }));
  const tiedFirst = await storage.subscriptions.insert(subscriptionRow(third.id, postId, { id: a!, createdAt: at(2) }));
  const elsewhere = await storage.subscriptions.insert(subscriptionRow(userId, other.postId));

  t.deepEqual(await storage.subscriptions.get(tiedSecond.id), tiedSecond);
  t.deepEqual(await storage.subscriptions.getByUserAndPost(userId, postId), late);
  t.deepEqual(await storage.subscriptions.getByUserAndPost(userId, other.postId), elsewhere);
  t.is(await storage.subscriptions.getByUserAndPost(other.userId, other.postId), undefined);
  t.deepEqual(ids(await storage.subscriptions.listByPost(postId)), ids([tiedFirst, tiedSecond, late]));
  t.deepEqual(await storage.subscriptions.listByPost(randomUUID()), []);

  const changed = await storage.subscriptions.update(late.id, { subscribed: false, updatedAt: at(20) });
  t.deepEqual(changed, { ...late, subscribed: false, updatedAt: at(20) });
  t.deepEqual(await storage.subscriptions.getByUserAndPost(userId, postId), changed);
  t.is(await storage.subscriptions.count(), 4);
  t.true(await storage.subscriptions.delete(late.id));
  t.is(await storage.subscriptions.getByUserAndPost(userId, postId), undefined);
  t.is(await storage.subscriptions.count(), 3);
});

test('subscriptions: a second row for the same (user, post) throws UniqueViolation subscriptions.userPost', async (t) => {
  const { storage } = await freshStorage(t);
  const { userId, postId } = await userAndPost(storage);
  const kept = await storage.subscriptions.insert(subscriptionRow(userId, postId));
  const error = await t.throwsAsync(storage.subscriptions.insert(subscriptionRow(userId, postId, { subscribed: false })), {
    instanceOf: UniqueViolation,
  });
  t.is(error?.constraint, 'subscriptions.userPost');
  t.deepEqual(await storage.subscriptions.listByPost(postId), [kept]);
});

test('subscriptions: deleteByPost and deleteByUser return how many they deleted and keep the rest', async (t) => {
  const { storage } = await freshStorage(t);
  const one = await userAndPost(storage);
  const two = await userAndPost(storage);
  await storage.subscriptions.insert(subscriptionRow(one.userId, one.postId));
  await storage.subscriptions.insert(subscriptionRow(two.userId, one.postId));
  const kept = await storage.subscriptions.insert(subscriptionRow(two.userId, two.postId));
  const byOne = await storage.subscriptions.insert(subscriptionRow(one.userId, two.postId));
  t.is(await storage.subscriptions.deleteByPost(one.postId), 2);
  t.is(await storage.subscriptions.deleteByPost(one.postId), 0);
  t.is(await storage.subscriptions.deleteByUser(one.userId), 1);
  t.is(await storage.subscriptions.get(byOne.id), undefined);
  t.deepEqual(await storage.subscriptions.listByPost(two.postId), [kept]);
  t.is(await storage.subscriptions.count(), 1);
});

test('notifications: CRUD, listByUserAndPost oldest first, facts round-trip', async (t) => {
  const { storage } = await freshStorage(t);
  const { userId, postId } = await userAndPost(storage);
  const other = await userAndPost(storage);
  const [a, b] = sortedIds(2);
  const later = await storage.notifications.insert(notificationRow(userId, postId, { createdAt: at(7), kind: 'status', facts: FACTS }));
  const tiedSecond = await storage.notifications.insert(notificationRow(userId, postId, { id: b!, createdAt: at(3), kind: 'title' }));
  const tiedFirst = await storage.notifications.insert(notificationRow(userId, postId, { id: a!, createdAt: at(3) }));
  await storage.notifications.insert(notificationRow(other.userId, postId));
  await storage.notifications.insert(notificationRow(userId, other.postId));

  t.deepEqual(await storage.notifications.get(later.id), later);
  t.deepEqual((await storage.notifications.get(later.id))!.facts, FACTS);
  t.deepEqual(ids(await storage.notifications.listByUserAndPost(userId, postId)), ids([tiedFirst, tiedSecond, later]));
  t.deepEqual(await storage.notifications.listByUserAndPost(other.userId, other.postId), []);
  const leased = await storage.notifications.update(tiedFirst.id, { dueAt: at(500) });
  t.deepEqual(leased, { ...tiedFirst, dueAt: at(500) });
  t.is(await storage.notifications.count(), 5);
  t.true(await storage.notifications.delete(later.id));
  t.is(await storage.notifications.count(), 4);
});

test('notifications: claimDue returns those due by `now`, by (dueAt, id), at most `limit`; a lease moves one out', async (t) => {
  const { storage } = await freshStorage(t);
  const { userId, postId } = await userAndPost(storage);
  const [a, b] = sortedIds(2);
  const add = (fields: Parameters<typeof notificationRow>[2]) => storage.notifications.insert(notificationRow(userId, postId, fields));
  const dueLast = await add({ dueAt: at(30), createdAt: at(1) });
  const tiedSecond = await add({ id: b!, dueAt: at(20), createdAt: at(2) });
  const tiedFirst = await add({ id: a!, dueAt: at(20), createdAt: at(3) });
  const dueFirst = await add({ dueAt: at(10), createdAt: at(4) });
  await add({ dueAt: at(31), createdAt: at(0) });

  t.deepEqual(ids(await storage.notifications.claimDue(at(30), 10)), ids([dueFirst, tiedFirst, tiedSecond, dueLast]), 'dueAt = now is due');
  t.deepEqual(ids(await storage.notifications.claimDue(at(30), 2)), ids([dueFirst, tiedFirst]));
  t.deepEqual(await storage.notifications.claimDue(at(9), 10), []);
  await storage.notifications.update(dueFirst.id, { dueAt: at(100) });
  t.deepEqual(ids(await storage.notifications.claimDue(at(30), 10)), ids([tiedFirst, tiedSecond, dueLast]));
});

test('notifications: deleteMany, deleteByPost and deleteByUser return how many they deleted', async (t) => {
  const { storage } = await freshStorage(t);
  const one = await userAndPost(storage);
  const two = await userAndPost(storage);
  const first = await storage.notifications.insert(notificationRow(one.userId, one.postId));
  const second = await storage.notifications.insert(notificationRow(one.userId, one.postId));
  await storage.notifications.insert(notificationRow(two.userId, one.postId));
  await storage.notifications.insert(notificationRow(one.userId, two.postId));
  const kept = await storage.notifications.insert(notificationRow(two.userId, two.postId));
  t.is(await storage.notifications.deleteMany([first.id, randomUUID()]), 1);
  t.is(await storage.notifications.get(first.id), undefined);
  t.is(await storage.notifications.deleteByPost(one.postId), 2, 'the second of one/one and two/one');
  t.is(await storage.notifications.get(second.id), undefined);
  t.is(await storage.notifications.deleteByUser(one.userId), 1);
  t.is(await storage.notifications.deleteByUser(one.userId), 0);
  t.deepEqual(ids(await storage.notifications.claimDue(at(1000), 10)), [kept.id]);
});

test('users: notificationsOff true round-trips; a row written without it reads back without it or false', async (t) => {
  const { storage } = await freshStorage(t);
  const quiet = userRow({ notificationsOff: true });
  t.deepEqual(await storage.users.insert(quiet), quiet);
  t.true((await storage.users.get(quiet.id))!.notificationsOff);

  const plain = userRow();
  await storage.users.insert(plain);
  const read = (await storage.users.get(plain.id))!;
  t.not(read.notificationsOff, true);
  const { notificationsOff, ...rest } = read;
  t.true(notificationsOff === undefined || notificationsOff === false);
  t.deepEqual(rest, plain);

  const turnedOff = await storage.users.update(plain.id, { notificationsOff: true, updatedAt: at(9) });
  t.true(turnedOff.notificationsOff);
  t.true((await storage.users.getByEmail(plain.email))!.notificationsOff);
  t.false((await storage.users.update(plain.id, { notificationsOff: false })).notificationsOff);
});

test('snapshot() holds webhook endpoints and subscriptions but none of the queues', async (t) => {
  const { storage } = await freshStorage(t);
  const { userId, postId } = await userAndPost(storage);
  const endpoint = await storage.webhookEndpoints.insert(webhookEndpointRow({ events: ['post.created', 'vote.created'] }));
  const subscription = await storage.subscriptions.insert(subscriptionRow(userId, postId));
  await storage.webhookDeliveries.insertMany([webhookDeliveryRow(endpoint.id)]);
  await storage.outbox.insert(outboxEventRow({ postId }));
  await storage.notifications.insert(notificationRow(userId, postId));

  const { tables } = await storage.snapshot();
  t.deepEqual(tables.webhookEndpoints, [endpoint]);
  t.deepEqual(tables.subscriptions, [subscription]);
  for (const queue of ['outbox', 'webhookDeliveries', 'notifications']) t.false(Object.hasOwn(tables, queue), queue);
  t.is(tables.posts.length, 1);
  t.is(await storage.outbox.count(), 1, 'the queues themselves are untouched');
  t.is(await storage.webhookDeliveries.count(), 1);
  t.is(await storage.notifications.count(), 1);
});
