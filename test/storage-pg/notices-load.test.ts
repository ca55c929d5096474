import test from 'ava';
import { loadIntoDatabase } from '../../src/storage/postgres/load-snapshot.js';
import type { DatabaseSnapshot } from '../../src/storage/types.js';
import { notificationRow, outboxEventRow, postRow, subscriptionRow, userRow, webhookDeliveryRow, webhookEndpointRow } from '../storage/_rows.js';
import { freshPg, pgTests } from './_pg.js';

pgTests((url) => {
  test('a copy without the issue-17 tables loads over a database, emptying its endpoints, subscriptions and queues; users keep notificationsOff as written', async (t) => {
    const { storage: source } = await freshPg(t, url);
    const quiet = await source.users.insert(userRow({ notificationsOff: true }));
    const plain = await source.users.insert(userRow());
    const explicit = await source.users.insert(userRow({ notificationsOff: false }));
    const full = await source.snapshot();
    const { webhookEndpoints: _endpoints, subscriptions: _subscriptions, ...older } = full.tables;
    // A copy that kept the queues (a document upgraded from an older schema) is taken too; queues are never loaded.
    const copy = { ...full, tables: { ...older, outbox: [outboxEventRow()], notifications: [] } } as unknown as DatabaseSnapshot;

    const { storage: target, schemaUrl } = await freshPg(t, url);
    const author = await target.users.insert(userRow());
    const post = await target.posts.insert(postRow(author.id));
    const endpoint = await target.webhookEndpoints.insert(webhookEndpointRow());
    await target.webhookDeliveries.insertMany([webhookDeliveryRow(endpoint.id)]);
    await target.subscriptions.insert(subscriptionRow(author.id, post.id));
    await target.outbox.insert(outboxEventRow());
    await target.notifications.insert(notificationRow(author.id, post.id));

    await loadIntoDatabase(schemaUrl, copy, { replace: true });
    const loaded = await target.snapshot();
    t.deepEqual(loaded.tables.users, full.tables.users);
    t.deepEqual(await target.users.get(quiet.id), quiet);
    t.false(Object.hasOwn((await target.users.get(plain.id))!, 'notificationsOff'), 'written without it, read without it');
    t.deepEqual(await target.users.get(explicit.id), explicit);
    t.deepEqual([loaded.tables.webhookEndpoints, loaded.tables.subscriptions], [[], []]);
    t.deepEqual(
      [await target.outbox.count(), await target.webhookDeliveries.count(), await target.notifications.count()],
      [0, 0, 0],
      'the queues start empty',
    );
  });
});
