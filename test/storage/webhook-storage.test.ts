import { randomUUID } from 'node:crypto';
import test from 'ava';
import { type Storage, UniqueViolation, type WebhookDeliveryRow } from '../../src/storage/types.js';
import { freshStorage } from './_config.js';
import { at, webhookDeliveryRow, webhookEndpointRow } from './_rows.js';

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

/** `count` fresh ids in ascending order, so ties on a timestamp have a known order. */
const sortedIds = (count: number) => Array.from({ length: count }, () => randomUUID()).sort();

async function endpoint(storage: Storage, enabled = true): Promise<string> {
  return (await storage.webhookEndpoints.insert(webhookEndpointRow({ enabled }))).id;
}

test('webhook endpoints: insert, get, getMany, update, delete, count; list oldest first with id ties', async (t) => {
  const { storage } = await freshStorage(t);
  const [a, b] = sortedIds(2);
  const late = webhookEndpointRow({ createdAt: at(9), format: 'slack', description: 'Team chat', allowPrivate: true });
  const tiedSecond = webhookEndpointRow({ id: b!, createdAt: at(4), events: ['post.created', 'vote.created', 'comment.created'] });
  const tiedFirst = webhookEndpointRow({ id: a!, createdAt: at(4), format: 'discord' });
  for (const row of [late, tiedSecond, tiedFirst]) t.deepEqual(await storage.webhookEndpoints.insert(row), row);

  t.deepEqual(await storage.webhookEndpoints.get(tiedSecond.id), tiedSecond);
  t.deepEqual([...(await storage.webhookEndpoints.getMany([late.id, randomUUID()])).keys()], [late.id]);
  t.deepEqual(ids(await storage.webhookEndpoints.list()), ids([tiedFirst, tiedSecond, late]));
  const failing = await storage.webhookEndpoints.update(late.id, {
    enabled: false,
    failingSince: at(20),
    disabledReason: 'Failed for 3 days',
    events: ['post.deleted'],
    updatedAt: at(30),
  });
  t.deepEqual(failing, { ...late, enabled: false, failingSince: at(20), disabledReason: 'Failed for 3 days', events: ['post.deleted'], updatedAt: at(30) });
  t.deepEqual(await storage.webhookEndpoints.get(late.id), failing);
  t.is(await storage.webhookEndpoints.count(), 3);
  t.true(await storage.webhookEndpoints.delete(tiedFirst.id));
  t.false(await storage.webhookEndpoints.delete(tiedFirst.id));
  t.deepEqual(ids(await storage.webhookEndpoints.list()), ids([tiedSecond, late]));
});

test('webhook deliveries: insertMany stores every row; insert, get, update, delete and count work on them', async (t) => {
  const { storage } = await freshStorage(t);
  const endpointId = await endpoint(storage);
  const rows = [webhookDeliveryRow(endpointId), webhookDeliveryRow(endpointId, { event: 'vote.created' })];
  await storage.webhookDeliveries.insertMany(rows);
  await storage.webhookDeliveries.insertMany([]);
  t.is(await storage.webhookDeliveries.count(), 2);
  t.deepEqual(await storage.webhookDeliveries.get(rows[1]!.id), rows[1]);
  const single = webhookDeliveryRow(endpointId, { body: '{"text":"a “quoted” title"}' });
  t.deepEqual(await storage.webhookDeliveries.insert(single), single);
  const attempted = await storage.webhookDeliveries.update(single.id, {
    status: 'failed',
    attempts: 8,
    lastAttemptAt: at(50),
    responseStatus: 500,
    durationMs: 120,
    error: 'HTTP 500',
    updatedAt: at(50),
  });
  t.deepEqual(await storage.webhookDeliveries.get(single.id), attempted);
  t.like(attempted, { status: 'failed', attempts: 8, responseStatus: 500, durationMs: 120, error: 'HTTP 500' });
  t.true(await storage.webhookDeliveries.delete(rows[0]!.id));
  t.is(await storage.webhookDeliveries.count(), 2);
});

test('webhook deliveries: insertMany with a taken or repeated id throws UniqueViolation webhookDeliveries.id and stores none', async (t) => {
  const { storage } = await freshStorage(t);
  const endpointId = await endpoint(storage);
  const existing = webhookDeliveryRow(endpointId);
  await storage.webhookDeliveries.insert(existing);
  const fresh = webhookDeliveryRow(endpointId);
  const taken = await t.throwsAsync(storage.webhookDeliveries.insertMany([fresh, { ...existing, event: 'post.updated' }]), {
    instanceOf: UniqueViolation,
  });
  t.is(taken?.constraint, 'webhookDeliveries.id');
  const repeated = await t.throwsAsync(storage.webhookDeliveries.insertMany([fresh, { ...fresh }]), { instanceOf: UniqueViolation });
  t.is(repeated?.constraint, 'webhookDeliveries.id');
  t.is(await storage.webhookDeliveries.count(), 1);
  t.is(await storage.webhookDeliveries.get(fresh.id), undefined);
  t.deepEqual(await storage.webhookDeliveries.get(existing.id), existing);
});

test('webhook deliveries: claimDue gives pending due ones of enabled endpoints by (nextAttemptAt, id), at most `limit`', async (t) => {
  const { storage } = await freshStorage(t);
  const enabled = await endpoint(storage);
  const disabled = await endpoint(storage, false);
  const [a, b] = sortedIds(2);
  const make = (endpointId: string, fields: Partial<WebhookDeliveryRow>) => webhookDeliveryRow(endpointId, fields);
  const dueLast = make(enabled, { nextAttemptAt: at(30), createdAt: at(1) });
  const tiedSecond = make(enabled, { id: b!, nextAttemptAt: at(20), createdAt: at(2) });
  const tiedFirst = make(enabled, { id: a!, nextAttemptAt: at(20), createdAt: at(3) });
  const dueFirst = make(enabled, { nextAttemptAt: at(10), createdAt: at(4), attempts: 2 });
  const notYetDue = make(enabled, { nextAttemptAt: at(31) });
  const ofDisabled = make(disabled, { nextAttemptAt: at(5) });
  const delivered = make(enabled, { status: 'delivered', nextAttemptAt: at(5) });
  const failed = make(enabled, { status: 'failed', nextAttemptAt: at(5) });
  await storage.webhookDeliveries.insertMany([dueLast, tiedSecond, tiedFirst, dueFirst, notYetDue, ofDisabled, delivered, failed]);

  t.deepEqual(ids(await storage.webhookDeliveries.claimDue(at(30), 10)), ids([dueFirst, tiedFirst, tiedSecond, dueLast]));
  t.deepEqual(ids(await storage.webhookDeliveries.claimDue(at(30), 2)), ids([dueFirst, tiedFirst]));
  t.deepEqual(await storage.webhookDeliveries.claimDue(at(9), 10), []);

  // A lease moves a claimed delivery's nextAttemptAt on; a success finishes it; re-enabling an endpoint brings its deliveries back.
  await storage.webhookDeliveries.update(dueFirst.id, { nextAttemptAt: at(100), attempts: 3 });
  await storage.webhookDeliveries.update(tiedFirst.id, { status: 'delivered', updatedAt: at(25) });
  await storage.webhookEndpoints.update(disabled, { enabled: true });
  t.deepEqual(ids(await storage.webhookDeliveries.claimDue(at(30), 10)), ids([ofDisabled, tiedSecond, dueLast]));
});

test('webhook deliveries: a claim inside a transaction sees the transaction’s own lease', async (t) => {
  const { storage } = await freshStorage(t);
  const endpointId = await endpoint(storage);
  const first = webhookDeliveryRow(endpointId, { nextAttemptAt: at(1) });
  const second = webhookDeliveryRow(endpointId, { nextAttemptAt: at(2) });
  await storage.webhookDeliveries.insertMany([first, second]);
  const claimed = await storage.transaction(async (tx) => {
    const due = await tx.webhookDeliveries.claimDue(at(10), 1);
    for (const delivery of due) await tx.webhookDeliveries.update(delivery.id, { nextAttemptAt: at(70), attempts: delivery.attempts + 1 });
    t.deepEqual(ids(await tx.webhookDeliveries.claimDue(at(10), 5)), [second.id]);
    return due;
  });
  t.deepEqual(ids(claimed), [first.id]);
  t.like(await storage.webhookDeliveries.get(first.id), { nextAttemptAt: at(70), attempts: 1 });
});

test('webhook deliveries: list is newest first by (createdAt, id), by endpoint and/or status, at most `limit`', async (t) => {
  const { storage } = await freshStorage(t);
  const one = await endpoint(storage);
  const two = await endpoint(storage);
  const [a, b] = sortedIds(2);
  const oldest = webhookDeliveryRow(one, { createdAt: at(1), status: 'delivered' });
  const tiedLow = webhookDeliveryRow(two, { id: a!, createdAt: at(5) });
  const tiedHigh = webhookDeliveryRow(one, { id: b!, createdAt: at(5), status: 'failed' });
  const newest = webhookDeliveryRow(one, { createdAt: at(9) });
  await storage.webhookDeliveries.insertMany([tiedHigh, newest, oldest, tiedLow]);

  t.deepEqual(ids(await storage.webhookDeliveries.list({ limit: 10 })), ids([newest, tiedHigh, tiedLow, oldest]));
  t.deepEqual(ids(await storage.webhookDeliveries.list({ limit: 2 })), ids([newest, tiedHigh]));
  t.deepEqual(ids(await storage.webhookDeliveries.list({ endpointId: one, limit: 10 })), ids([newest, tiedHigh, oldest]));
  t.deepEqual(ids(await storage.webhookDeliveries.list({ status: 'pending', limit: 10 })), ids([newest, tiedLow]));
  t.deepEqual(ids(await storage.webhookDeliveries.list({ endpointId: one, status: 'pending', limit: 10 })), ids([newest]));
  t.deepEqual(ids(await storage.webhookDeliveries.list({ endpointId: one, status: 'delivered', limit: 1 })), ids([oldest]));
  t.deepEqual(await storage.webhookDeliveries.list({ endpointId: randomUUID(), limit: 10 }), []);
});

test('webhook deliveries: deleteFinishedBefore deletes delivered and failed ones updated before the time, never pending ones', async (t) => {
  const { storage } = await freshStorage(t);
  const endpointId = await endpoint(storage);
  const oldDelivered = webhookDeliveryRow(endpointId, { status: 'delivered', updatedAt: at(10) });
  const oldFailed = webhookDeliveryRow(endpointId, { status: 'failed', updatedAt: at(19) });
  const oldPending = webhookDeliveryRow(endpointId, { status: 'pending', updatedAt: at(1) });
  const atCutoff = webhookDeliveryRow(endpointId, { status: 'delivered', updatedAt: at(20) });
  const recentFailed = webhookDeliveryRow(endpointId, { status: 'failed', updatedAt: at(30) });
  await storage.webhookDeliveries.insertMany([oldDelivered, oldFailed, oldPending, atCutoff, recentFailed]);

  t.is(await storage.webhookDeliveries.deleteFinishedBefore(at(20)), 2);
  t.is(await storage.webhookDeliveries.deleteFinishedBefore(at(20)), 0);
  t.deepEqual(ids(await storage.webhookDeliveries.list({ limit: 10 })).sort(), ids([oldPending, atCutoff, recentFailed]).sort());
  // A pending delivery that finishes later is pruned by its new updatedAt.
  await storage.webhookDeliveries.update(oldPending.id, { status: 'delivered', updatedAt: at(25) });
  t.is(await storage.webhookDeliveries.deleteFinishedBefore(at(26)), 2);
  t.deepEqual(ids(await storage.webhookDeliveries.list({ limit: 10 })), [recentFailed.id]);
});

test('webhook deliveries: deleteByEndpoint returns how many it deleted and keeps other endpoints’ deliveries', async (t) => {
  const { storage } = await freshStorage(t);
  const one = await endpoint(storage);
  const two = await endpoint(storage);
  const kept = webhookDeliveryRow(two);
  await storage.webhookDeliveries.insertMany([webhookDeliveryRow(one), webhookDeliveryRow(one, { status: 'failed' }), kept]);
  t.is(await storage.webhookDeliveries.deleteByEndpoint(one), 2);
  t.is(await storage.webhookDeliveries.deleteByEndpoint(one), 0);
  t.deepEqual(await storage.webhookDeliveries.list({ limit: 10 }), [kept]);
});
