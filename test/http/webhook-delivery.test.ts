/*
 * Webhook delivery end to end (issue 17 §4–7), on both engines: changes made through the API reach
 * a receiver on loopback through the outbox and the worker, signed; failures are retried with
 * back-off until the receiver recovers, and then never again; a slow receiver never holds up a
 * request; a dead one is turned off after webhookCircuitAfterMs with a mail to the owner.
 */
import test, { type ExecutionContext } from 'ava';
import type { Config } from '../../src/config/types.js';
import { systemActor } from '../../src/admin/system-actor.js';
import { startOutboxWorker } from '../../src/services/outbox/worker.js';
import { createWebhook } from '../../src/services/webhooks/endpoints.js';
import { verifyWebhook } from '../../src/services/webhooks/signature.js';
import { createMember, createRoadmap, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { startSmtpSink } from '../_helpers/smtp-sink.js';
import { eventually, type ReceivedHook, startWebhookReceiver } from '../_helpers/webhook-receiver.js';

interface Board {
  server: TestServer;
  owner: Persona;
  member: Persona;
}

async function startBoard(t: ExecutionContext, overrides: Partial<Config> = {}): Promise<Board> {
  const server = await startTestServer(overrides, { worker: true });
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  return { server, owner, member: await createMember(server.ctx) };
}

async function receiverFor(t: ExecutionContext, board: Board, events?: string[], ...receiverArgs: Parameters<typeof startWebhookReceiver>) {
  const receiver = await startWebhookReceiver(...receiverArgs);
  t.teardown(receiver.close);
  const endpoint = await createWebhook(board.server.ctx, systemActor(), { url: receiver.url, allowPrivate: true, ...(events ? { events } : {}) });
  return { receiver, endpoint };
}

interface Envelope {
  event: string;
  deliveryId: string;
  createdAt: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the payload's fields freely and assert on them.
  data: Record<string, any>;
}

function envelopeOf(hook: ReceivedHook): Envelope {
  return JSON.parse(hook.body) as Envelope;
}

function signed(hook: ReceivedHook, secret: string): boolean {
  return verifyWebhook(secret, { timestamp: hook.headers['x-feedbackd-timestamp'], signature: hook.headers['x-feedbackd-signature'] }, hook.body);
}

async function newPost(board: Board, title = 'Dark mode'): Promise<string> {
  const answer = await board.server.request('POST', '/posts', { token: board.owner.token, body: { title } });
  return answer.body.post.postId as string;
}

async function deliveriesOf(server: TestServer, endpointId: string) {
  return server.ctx.storage.webhookDeliveries.list({ endpointId, limit: 100 });
}

test('every kind of change reaches the receiver once, signed, in the API’s shapes; internal comments never do', async (t) => {
  const board = await startBoard(t);
  const { server, owner, member } = board;
  const { receiver, endpoint } = await receiverFor(t, board);
  const roadmap = await createRoadmap(server.ctx, { display: true });
  const postId = await newPost(board);
  await server.request('PATCH', '/posts', { token: owner.token, body: { id: postId, title: 'Dark mode, please' } });
  await server.request('POST', '/votes', { token: member.token, body: { postId } });
  await server.request('DELETE', '/votes', { token: member.token, body: { postId } });
  await server.request('POST', `/posts/${postId}/comments`, { token: owner.token, body: { body: 'A note for the team', is_internal: true } });
  await server.request('POST', `/posts/${postId}/comments`, { token: member.token, body: { body: 'Yes please' } });
  await server.request('PATCH', '/posts', { token: owner.token, body: { id: postId, roadmapId: roadmap.id } });
  await server.request('DELETE', '/posts', { token: owner.token, body: { id: postId } });
  const hooks = await receiver.waitFor(7).catch((error) => {
    t.log(receiver.received.map((hook) => hook.headers['x-feedbackd-event']));
    throw error;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is(receiver.received.length, 7, 'nothing more arrives');
  const envelopes = hooks.map(envelopeOf);
  t.deepEqual(envelopes.map((e) => e.event).sort(), [
    'comment.created',
    'post.created',
    'post.deleted',
    'post.status_changed',
    'post.updated',
    'vote.created',
    'vote.deleted',
  ]);
  for (const hook of hooks) {
    t.true(signed(hook, endpoint.secret), `signature of ${hook.headers['x-feedbackd-event']}`);
    t.is(hook.headers['x-feedbackd-delivery'], envelopeOf(hook).deliveryId);
  }
  t.is(new Set(envelopes.map((e) => e.deliveryId)).size, 7);
  const byName = new Map(envelopes.map((e) => [e.event, e]));
  t.is(byName.get('post.updated')!.data.post.title, 'Dark mode, please');
  t.is(byName.get('vote.created')!.data.vote.user.userId, member.user.id);
  t.is(byName.get('comment.created')!.data.comment.body, 'Yes please');
  t.is(byName.get('comment.created')!.data.comment.is_internal, false);
  t.is(byName.get('post.status_changed')!.data.to.id, roadmap.id);
  t.is(byName.get('post.status_changed')!.data.from, null);
  t.is(byName.get('post.deleted')!.data.post.postId, postId);
  t.false(receiver.received.some((hook) => hook.body.includes('A note for the team')));
  const deliveries = await deliveriesOf(server, endpoint.webhookId);
  t.deepEqual(new Set(deliveries.map((d) => d.status)), new Set(['delivered']));
  t.is(await server.ctx.storage.outbox.count(), 0, 'the outbox is empty once fanned out');
});

test('an endpoint gets only the events it asked for; a turned-off one gets none', async (t) => {
  const board = await startBoard(t);
  const { receiver } = await receiverFor(t, board, ['comment.created']);
  const off = await receiverFor(t, board);
  await board.server.ctx.storage.transaction((tx) => tx.webhookEndpoints.update(off.endpoint.webhookId, { enabled: false }));
  const postId = await newPost(board);
  await board.server.request('POST', `/posts/${postId}/comments`, { token: board.member.token, body: { body: 'First!' } });
  const [hook] = await receiver.waitFor(1);
  t.is(envelopeOf(hook!).event, 'comment.created');
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is(receiver.received.length, 1);
  t.is(off.receiver.received.length, 0);
});

test('a receiver that fails 5 times then recovers gets the event once more, and only once, after recovering', async (t) => {
  const board = await startBoard(t, { webhookRetryBaseMs: 20, webhookRetryMaxDelayMs: 80 });
  const { receiver, endpoint } = await receiverFor(t, board, ['post.created'], (index) => (index < 5 ? 503 : 200));
  await newPost(board);
  const hooks = await receiver.waitFor(6);
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.is(receiver.received.length, 6, 'no attempt after the success');
  t.is(new Set(hooks.map((hook) => hook.headers['x-feedbackd-delivery'])).size, 1, 'one delivery, retried');
  for (const hook of hooks) t.true(signed(hook, endpoint.secret));
  const [delivery] = await eventually(async () => {
    const rows = await deliveriesOf(board.server, endpoint.webhookId);
    return rows[0]?.status === 'delivered' ? rows : undefined;
  }, 'the delivery is recorded as delivered');
  t.like(delivery, { status: 'delivered', attempts: 6, responseStatus: 200, error: null });
  const stored = await board.server.ctx.storage.webhookEndpoints.get(endpoint.webhookId);
  t.is(stored?.failingSince, null, 'the success closes the failure run');
});

test('a receiver that does not answer never holds up the request that caused the event', async (t) => {
  const board = await startBoard(t, { webhookTimeoutMs: 5_000 });
  const { receiver } = await receiverFor(t, board, ['post.created', 'vote.created'], () => 'hang');
  const postId = await newPost(board);
  await receiver.waitFor(1);
  // The receiver holds the first delivery open; the next request still answers, and its own event is sent alongside.
  const vote = await board.server.request('POST', '/votes', { token: board.member.token, body: { postId } });
  t.is(vote.status, 201);
  await receiver.waitFor(2);
  t.pass();
});

test('an endpoint failing for webhookCircuitAfterMs is turned off and the owner is told by mail', async (t) => {
  const sink = await startSmtpSink();
  t.teardown(sink.close);
  const board = await startBoard(t, { smtpUrl: sink.url, webhookRetryBaseMs: 20, webhookRetryMaxDelayMs: 40, webhookCircuitAfterMs: 300 });
  const { receiver, endpoint } = await receiverFor(t, board, ['post.created'], () => 500);
  await newPost(board);
  const stored = await eventually(async () => {
    const row = await board.server.ctx.storage.webhookEndpoints.get(endpoint.webhookId);
    return row?.enabled === false ? row : undefined;
  }, 'the endpoint is turned off');
  t.is(stored.disabledReason, 'Every attempt failed for 300 ms; the last one: answered 500');
  const mail = (await sink.waitForMessages(2)).find((message) => /Webhook turned off/.test(message.subject ?? ''));
  t.is(mail && 'text' in mail.to! ? mail.to.text : '', OWNER.email);
  t.regex(mail!.text ?? '', new RegExp(`feedbackd webhook enable ${endpoint.webhookId}`));
  const attempts = receiver.received.length;
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is(receiver.received.length, attempts, 'no attempt once turned off');
});

test('deliveries failing together turn the endpoint off once, with one mail to the owner', async (t) => {
  const sink = await startSmtpSink();
  t.teardown(sink.close);
  const board = await startBoard(t, { smtpUrl: sink.url, webhookRetryBaseMs: 5_000, webhookCircuitAfterMs: 1_000 });
  // Every delivery is held until all are in flight, so their outcomes are stored at the same moment.
  const together = 6;
  let allArrived: (reply: number) => void = () => {};
  const barrier = new Promise<number>((resolve) => {
    allArrived = resolve;
  });
  const { receiver, endpoint } = await receiverFor(t, board, ['post.created'], (index) => {
    if (index === together - 1) allArrived(500);
    return barrier;
  });
  const longAgo = new Date(Date.now() - 60_000).toISOString();
  await board.server.ctx.storage.transaction((tx) => tx.webhookEndpoints.update(endpoint.webhookId, { failingSince: longAgo }));
  await Promise.all(Array.from({ length: together }, (_, index) => newPost(board, `Idea ${index + 1}`)));
  await receiver.waitFor(together);
  await eventually(async () => ((await board.server.ctx.storage.webhookEndpoints.get(endpoint.webhookId))?.enabled === false ? true : undefined), 'the endpoint is turned off');
  await eventually(async () => ((await deliveriesOf(board.server, endpoint.webhookId)).every((row) => row.responseStatus === 500) ? true : undefined), 'every outcome stored');
  await sink.waitForMessages(1);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const alerts = sink.messages.filter((message) => /Webhook turned off/.test(message.subject ?? ''));
  t.is(alerts.length, 1);
});

test('a delivery failing for webhookGiveUpAfterMs is marked failed; finished deliveries go after webhookDeliveryRetentionMs', async (t) => {
  const board = await startBoard(t, { webhookRetryBaseMs: 20, webhookRetryMaxDelayMs: 40, webhookGiveUpAfterMs: 200 });
  const { endpoint } = await receiverFor(t, board, ['post.created'], () => 500);
  await newPost(board);
  const [failed] = await eventually(async () => {
    const rows = await deliveriesOf(board.server, endpoint.webhookId);
    return rows[0]?.status === 'failed' ? rows : undefined;
  }, 'the delivery is given up');
  t.true(failed!.attempts >= 1);
  t.is(failed!.responseStatus, 500);
  t.regex(failed!.error ?? '', /500/);
  const pruned = await board.server.ctx.storage.webhookDeliveries.deleteFinishedBefore(new Date(Date.now() + 1000).toISOString());
  t.is(pruned, 1);
});

test('a move onto a hidden roadmap is not sent; a move from it shows it as no roadmap', async (t) => {
  const board = await startBoard(t);
  const { receiver } = await receiverFor(t, board, ['post.status_changed']);
  const hidden = await createRoadmap(board.server.ctx, { display: false });
  const shown = await createRoadmap(board.server.ctx, { display: true });
  const postId = await newPost(board);
  await board.server.request('PATCH', '/posts', { token: board.owner.token, body: { id: postId, roadmapId: hidden.id } });
  await board.server.request('PATCH', '/posts', { token: board.owner.token, body: { id: postId, roadmapId: shown.id } });
  const [hook] = await receiver.waitFor(1);
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is(receiver.received.length, 1);
  const { data } = envelopeOf(hook!);
  t.is(data.from, null);
  t.is(data.to.id, shown.id);
  t.false(hook!.body.includes(hidden.id), 'the hidden roadmap is named nowhere');
});

test('events of a post deleted before the worker saw them are still sent, with the post as it was deleted', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const board = { server, owner: { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string }, member: await createMember(server.ctx) };
  const { receiver, endpoint } = await receiverFor(t, board);
  const postId = await newPost(board);
  await server.request('POST', '/votes', { token: board.member.token, body: { postId } });
  await server.request('POST', `/posts/${postId}/comments`, { token: board.member.token, body: { body: 'Me too' } });
  await server.request('DELETE', '/posts', { token: board.owner.token, body: { id: postId } });
  t.is(await server.ctx.storage.outbox.count(), 4, 'recorded with their changes, waiting for a worker');
  const worker = startOutboxWorker(server.ctx);
  t.teardown(() => worker.stop());
  const hooks = await receiver.waitFor(4);
  const envelopes = hooks.map(envelopeOf);
  t.deepEqual(envelopes.map((e) => e.event).sort(), ['comment.created', 'post.created', 'post.deleted', 'vote.created']);
  for (const envelope of envelopes) t.is(envelope.data.post.postId, postId);
  t.is(envelopes.find((e) => e.event === 'comment.created')!.data.comment.body, 'Me too');
  t.is(envelopes.find((e) => e.event === 'vote.created')!.data.vote.user.userId, board.member.user.id);
  for (const hook of hooks) t.true(signed(hook, endpoint.secret));
});

test('a comment deleted by a moderator before it was sent is not sent', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const board = { server, owner: { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string }, member: await createMember(server.ctx) };
  const { receiver } = await receiverFor(t, board, ['comment.created']);
  const postId = await newPost(board);
  const spam = await server.request('POST', `/posts/${postId}/comments`, { token: board.member.token, body: { body: 'Buy now' } });
  await server.request('POST', `/posts/${postId}/comments`, { token: board.member.token, body: { body: 'Useful' } });
  const removed = await server.request('DELETE', `/posts/${postId}/comments/${spam.body.activity.comment.id}`, { token: board.owner.token });
  t.is(removed.status, 204);
  const worker = startOutboxWorker(server.ctx);
  t.teardown(() => worker.stop());
  const [hook] = await receiver.waitFor(1);
  await eventually(async () => ((await server.ctx.storage.outbox.count()) === 0 ? true : undefined), 'the outbox is drained');
  t.is(receiver.received.length, 1);
  t.is(envelopeOf(hook!).data.comment.body, 'Useful');
});

test('votes and new posts are recorded only while an endpoint asks for them; what may notify subscribers always is', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const board = { server, owner: { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string }, member: await createMember(server.ctx) };
  const postId = await newPost(board);
  await server.request('POST', '/votes', { token: board.member.token, body: { postId } });
  t.is(await server.ctx.storage.outbox.count(), 0, 'no endpoint: a new post and a vote cost no outbox row');
  await server.request('POST', `/posts/${postId}/comments`, { token: board.member.token, body: { body: 'Hello' } });
  t.is(await server.ctx.storage.outbox.count(), 1, 'a public comment may notify the post’s subscribers');
  await receiverFor(t, board, ['vote.deleted']);
  await server.request('DELETE', '/votes', { token: board.member.token, body: { postId } });
  await newPost(board, 'Another');
  const names = (await server.ctx.storage.outbox.claimOldest(10)).map((event) => event.name);
  t.deepEqual(names, ['comment.created', 'vote.deleted'], 'the endpoint’s event is recorded, the others are not');
});
