import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { QUEUE_TABLE_NAMES, type RawDocument, SCHEMA_VERSION, TABLE_NAMES } from '../../src/storage/lowdb/document.js';
import { checkLowdbSnapshot, writeLowdbSnapshot } from '../../src/storage/lowdb/snapshot-restore.js';
import { DEFAULT_SETTINGS, everyoneRole } from '../../src/storage/seed.js';
import type { DatabaseSnapshot, Storage } from '../../src/storage/types.js';
import { freshStorage, open, openCrashCopy, tempDir } from './_config.js';
import { lowdbOnly } from './_engine.js';
import { at, notificationRow, outboxEventRow, postRow, subscriptionRow, userRow, webhookDeliveryRow, webhookEndpointRow } from './_rows.js';

const NOTICE_TABLES = ['outbox', 'webhookEndpoints', 'webhookDeliveries', 'subscriptions', 'notifications'] as const;

/** A schema-2 document as the feedbackd before issue 17 wrote it: a user and a post, none of the five tables. */
function versionTwoDocument() {
  const user = userRow({ isOwner: true });
  const post = postRow(user.id);
  const tables = {
    users: [user],
    roles: [everyoneRole(at(0))],
    userRoles: [],
    boards: [],
    roadmaps: [],
    posts: [post],
    votes: [],
    comments: [],
    activities: [],
    mailTokens: [],
    mailLog: [],
  };
  return { doc: { schemaVersion: 2, seq: 3, settings: DEFAULT_SETTINGS, tables }, userId: user.id, postId: post.id };
}

/** One row in each of the five tables; returns the rows. */
async function writeNotices(storage: Storage, userId: string, postId: string) {
  const endpoint = await storage.webhookEndpoints.insert(webhookEndpointRow({ events: ['post.created', 'comment.created'] }));
  const delivery = webhookDeliveryRow(endpoint.id);
  await storage.webhookDeliveries.insertMany([delivery]);
  const event = await storage.outbox.insert(outboxEventRow({ postId, actorId: userId, facts: { before: { roadmapId: null }, ids: [1, 2] } }));
  const subscription = await storage.subscriptions.insert(subscriptionRow(userId, postId, { subscribed: false }));
  const notification = await storage.notifications.insert(notificationRow(userId, postId, { facts: { commentId: postId } }));
  const quiet = await storage.users.update(userId, { notificationsOff: true });
  return { endpoint, delivery, event, subscription, notification, quiet };
}

async function expectNotices(storage: Storage, rows: Awaited<ReturnType<typeof writeNotices>>): Promise<unknown[]> {
  return [
    await storage.webhookEndpoints.get(rows.endpoint.id),
    await storage.webhookDeliveries.get(rows.delivery.id),
    (await storage.outbox.claimOldest(5))[0],
    await storage.subscriptions.getByUserAndPost(rows.subscription.userId, rows.subscription.postId),
    (await storage.notifications.claimDue(at(1000), 5))[0],
    await storage.users.get(rows.quiet.id),
  ];
}

const expected = (rows: Awaited<ReturnType<typeof writeNotices>>) => [
  rows.endpoint,
  rows.delivery,
  rows.event,
  rows.subscription,
  rows.notification,
  rows.quiet,
];

lowdbOnly('a schema-2 database is upgraded (through 3) with the five tables empty; their rows survive a crash (journal replay) and a restart', async (t) => {
  const dir = join(await tempDir(t), 'data');
  await mkdir(dir);
  const { doc, userId, postId } = versionTwoDocument();
  await writeFile(join(dir, 'db.json'), JSON.stringify(doc));

  const storage = await open(t, dir);
  const upgraded = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(upgraded.schemaVersion, SCHEMA_VERSION);
  t.deepEqual(Object.keys(upgraded.tables), [...TABLE_NAMES]);
  for (const name of NOTICE_TABLES) t.deepEqual(upgraded.tables[name], [], name);
  t.deepEqual(upgraded.tables.posts, doc.tables.posts);

  const rows = await writeNotices(storage, userId, postId);
  t.true((await readdir(dir)).some((file) => file.startsWith('journal-')), 'the rows are only in the journal yet');
  const crashed = await openCrashCopy(t, dir);
  t.deepEqual(await expectNotices(crashed!, rows), expected(rows), 'replayed from the journal');

  await storage.close();
  const compacted = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  for (const name of NOTICE_TABLES) t.is(compacted.tables[name]?.length, 1, `db.json keeps ${name}, queues too`);
  const reopened = await open(t, dir);
  t.deepEqual(await expectNotices(reopened, rows), expected(rows), 'read back from db.json');
});

lowdbOnly('a restored snapshot starts with empty queues and keeps endpoints and subscriptions', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow({ isOwner: true }));
  const post = await storage.posts.insert(postRow(user.id));
  const rows = await writeNotices(storage, user.id, post.id);
  const snapshot = await storage.snapshot();
  // A file may still carry queue rows (hand-made, or an older feedbackd): they are not restored.
  const carried: DatabaseSnapshot = { ...snapshot, tables: { ...snapshot.tables, outbox: [rows.event], notifications: [rows.notification] } };
  checkLowdbSnapshot(carried, 'the copy');

  const target = join(await tempDir(t), 'restored');
  await mkdir(target);
  await writeLowdbSnapshot(target, carried);
  const restored = await open(t, target);
  t.deepEqual(await restored.webhookEndpoints.list(), [rows.endpoint]);
  t.deepEqual(await restored.subscriptions.listByPost(post.id), [rows.subscription]);
  t.true((await restored.users.get(user.id))!.notificationsOff);
  for (const queue of QUEUE_TABLE_NAMES) t.is(await restored[queue].count(), 0, queue);
});

lowdbOnly('a schema-2 snapshot (no issue-17 tables) passes the check and restores with the five tables empty', async (t) => {
  const { doc } = versionTwoDocument();
  const snapshot = { schemaVersion: 2, settings: doc.settings, tables: doc.tables } as unknown as DatabaseSnapshot;
  checkLowdbSnapshot(snapshot, 'the copy');
  const target = join(await tempDir(t), 'restored');
  await mkdir(target);
  await writeLowdbSnapshot(target, snapshot);
  const restored = await open(t, target);
  t.is(await restored.posts.count(), 1);
  for (const name of NOTICE_TABLES) t.is(await restored[name].count(), 0, name);
  t.is(JSON.parse(await readFile(join(target, 'db.json'), 'utf8')).schemaVersion, SCHEMA_VERSION);
});
