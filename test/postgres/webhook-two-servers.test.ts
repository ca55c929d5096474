import test, { type ExecutionContext } from 'ava';
import type { Config } from '../../src/config/types.js';
import { startOutboxWorker } from '../../src/services/outbox/worker.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { eventually, type ReceivedHook, startWebhookReceiver } from '../_helpers/webhook-receiver.js';
import { freshSchema, pgTests, query } from '../storage-pg/_pg.js';

/*
 * Issue 17 on PostgreSQL: two servers, each with the delivery worker of serve, on one database (as
 * behind a load balancer). The claims' row locks and leases share the work: every event is fanned
 * out once, and every delivery is sent once, whichever server made the change or sends it.
 */

/** Events made before the workers start (a backlog both find at once), then while they run. */
const BACKLOG = 20;
const EVENTS = 30;
const PASSWORD = 'correct horse battery';
/** How long the receiver takes to answer: long enough that each worker has deliveries in flight while the other claims. */
const ANSWER_AFTER_MS = 50;

/**
 * A server on the shared database. Each has its own attempt deadline, so the lease its worker gives
 * its claims (2 × webhookTimeoutMs, kept as next_attempt_at once delivered) tells who sent what.
 */
async function serverOn(t: ExecutionContext, databaseUrl: string, webhookTimeoutMs: number): Promise<TestServer> {
  const overrides: Partial<Config> = { databaseUrl, webhookTimeoutMs, outboxPollMs: 20 };
  const server = await startTestServer(overrides);
  // Registered after the schema's drop: teardowns run last-in first-out.
  t.teardown(server.close);
  return server;
}

/** Serve's delivery worker on a server's context, stopped before the server closes. */
function startWorker(t: ExecutionContext, server: TestServer): void {
  const worker = startOutboxWorker(server.ctx);
  t.teardown(() => worker.stop());
}

pgTests((url) => {
  test('two servers with workers on one database: every event arrives once, each delivery id once', async (t) => {
    const { url: databaseUrl } = await freshSchema(t, url);
    const receiver = await startWebhookReceiver(undefined, { answerAfterMs: ANSWER_AFTER_MS });
    t.teardown(receiver.close);
    const servers = [await serverOn(t, databaseUrl, 1000), await serverOn(t, databaseUrl, 1500)];
    const setup = await servers[0]!.request('POST', '/auth/setup', { body: { email: 'owner@example.org', password: PASSWORD } });
    t.is(setup.status, 201);
    const token = setup.body.user.authToken as string;
    const created = await servers[1]!.request('POST', '/webhooks', { token, body: { url: receiver.url, events: ['post.created'], allowPrivate: true } });
    t.is(created.status, 201);
    // Made at once, alternately through each server.
    const makePosts = async (from: number, to: number) => {
      const posts = Array.from({ length: to - from }, (_, i) => servers[(from + i) % 2]!.request('POST', '/posts', { token, body: { title: `Idea ${from + i}` } }));
      const answers = await Promise.all(posts);
      t.deepEqual(
        answers.map((answer) => answer.status),
        answers.map(() => 201),
      );
      return answers.map((answer) => answer.body.post.postId as string);
    };

    // Both workers start on the same backlog at the same moment: they claim the same events and deliveries at once.
    const postIds = await makePosts(0, BACKLOG);
    for (const server of servers) startWorker(t, server);
    postIds.push(...(await makePosts(BACKLOG, EVENTS)));

    // Done once every delivery is: a second claim of one would have counted a second attempt.
    const rows = await eventually(async () => {
      const found = await query<{ id: string; status: string; attempts: number; lease_ms: number }>(
        databaseUrl,
        'SELECT id, status, attempts, (EXTRACT(EPOCH FROM next_attempt_at - last_attempt_at) * 1000)::int AS lease_ms FROM webhook_deliveries',
      );
      return found.length >= EVENTS && found.every((row) => row.status !== 'pending') ? found : undefined;
    }, `${EVENTS} deliveries sent`);
    t.is(rows.length, EVENTS, 'one delivery per event');
    t.deepEqual(
      rows.filter((row) => row.status !== 'delivered' || row.attempts !== 1),
      [],
      'each delivered at its first attempt',
    );
    t.deepEqual(await query(databaseUrl, 'SELECT count(*)::int AS events FROM outbox_events'), [{ events: 0 }]);

    const hooks = receiver.received;
    const deliveryIds = hooks.map((hook: ReceivedHook) => hook.headers['x-feedbackd-delivery'] as string);
    t.is(new Set(deliveryIds).size, deliveryIds.length, 'no delivery id arrived twice');
    t.deepEqual([...deliveryIds].sort(), rows.map((row) => row.id).sort(), 'each stored delivery arrived');
    const arrivedPosts = hooks.map((hook: ReceivedHook) => JSON.parse(hook.body).data.post.postId as string);
    t.deepEqual(arrivedPosts.sort(), [...postIds].sort(), 'every event arrived, once');

    const byLease = { first: rows.filter((row) => row.lease_ms === 2000).length, second: rows.filter((row) => row.lease_ms === 3000).length };
    t.log(`deliveries sent by the first server: ${byLease.first}, by the second: ${byLease.second}`);
    t.is(byLease.first + byLease.second, EVENTS, 'each delivery was leased by one of the two');
    // Which server wins the race is up to the scheduler: on a loaded machine one may take all 30, which is no fault.
  });
});
