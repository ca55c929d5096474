// Issue 17, durability of webhook delivery: a real `feedbackd serve` killed with SIGKILL at the two
// moments that matter — while an attempt is in flight, and between the commit of a change and its
// fan-out — loses nothing and sends nothing twice once serve starts again on the same data. On both
// engines (FEEDBACKD_TEST_ENGINE=postgres runs the servers on a fresh schema of TEST_DATABASE_URL).
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { verifyWebhook } from '../../src/services/webhooks/signature.ts';
import { TEST_ENGINE, testDatabaseUrl } from '../_helpers/engine.ts';
import { createSchema } from '../_helpers/pg-schema.ts';
import { sendRequest } from '../_helpers/server.ts';
import { eventually, type ReceivedHook, startWebhookReceiver, type WebhookReceiver } from '../_helpers/webhook-receiver.ts';
import { type ServingChild, startServing, stopServing, tempDir } from './_cli.ts';

const PASSWORD = 'correct horse battery';
/** One attempt's deadline; a claim is leased for twice as long (src/services/outbox/delivery-policy.ts). */
const TIMEOUT_MS = 1000;
const LEASE_MS = 2 * TIMEOUT_MS;
/**
 * The receiver answers this late: a worker that took a delivery whose attempt is still under way
 * (its lease ignored) would send it again meanwhile.
 */
const ANSWER_AFTER_MS = 300;
/** A worker that looks for work often, and retries soon. */
const BUSY = { FEEDBACKD_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS), FEEDBACKD_OUTBOX_POLL_MS: '50', FEEDBACKD_WEBHOOK_RETRY_BASE_MS: '50' };
/** A worker whose only pass is the one at start: what is changed later waits in the outbox. */
const IDLE = { ...BUSY, FEEDBACKD_OUTBOX_POLL_MS: '600000' };

/** A new data dir and, on PostgreSQL, a fresh schema (dropped after the servers of the test were killed). */
async function board(t: ExecutionContext): Promise<string[]> {
  const data = join(await tempDir(t), 'data');
  if (TEST_ENGINE !== 'postgres') return ['--data', data];
  const schema = await createSchema(testDatabaseUrl());
  t.teardown(schema.drop);
  return ['--data', data, '--database', schema.url];
}

async function serve(t: ExecutionContext, boardArgs: string[], env: Record<string, string>): Promise<ServingChild> {
  const serving = await startServing(['serve', '--port', '0', '--mail-outbox', ...boardArgs], { env });
  // Registered after the schema's drop: teardowns run last-in first-out.
  t.teardown(async () => {
    serving.child.kill('SIGKILL');
    await serving.result;
  });
  return serving;
}

/** Kills serve outright and checks it really died of it. */
async function kill9(t: ExecutionContext, serving: ServingChild): Promise<void> {
  const killed = await stopServing(serving, 'SIGKILL');
  t.is(killed.signal, 'SIGKILL', killed.stderr);
}

interface Owner {
  token: string;
  webhookId: string;
  secret: string;
}

/** The owner (POST /auth/setup) and one endpoint for post.created at the receiver, through the API. */
async function setUp(t: ExecutionContext, url: string, receiver: WebhookReceiver): Promise<Owner> {
  const setup = await sendRequest(url, 'POST', '/auth/setup', { body: { email: 'owner@example.org', password: PASSWORD } });
  t.is(setup.status, 201, setup.text);
  const token = setup.body.user.authToken as string;
  const body = { url: receiver.url, events: ['post.created'], allowPrivate: true };
  const created = await sendRequest(url, 'POST', '/webhooks', { token, body });
  t.is(created.status, 201, created.text);
  return { token, webhookId: created.body.webhook.webhookId, secret: created.body.webhook.secret };
}

async function newPost(t: ExecutionContext, url: string, owner: Owner, title: string): Promise<string> {
  const answer = await sendRequest(url, 'POST', '/posts', { token: owner.token, body: { title } });
  t.is(answer.status, 201, answer.text);
  return answer.body.post.postId as string;
}

interface Delivery {
  deliveryId: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
}

async function deliveries(url: string, owner: Owner): Promise<Delivery[]> {
  const answer = await sendRequest(url, 'GET', `/webhooks/${owner.webhookId}/deliveries`, { token: owner.token });
  if (answer.status !== 200) throw new Error(`deliveries: ${answer.status} ${answer.text}`);
  return answer.body.deliveries;
}

/** Resolves with the endpoint's deliveries once there are `count` and none is pending any more. */
function allFinished(url: string, owner: Owner, count: number): Promise<Delivery[]> {
  return eventually(async () => {
    const list = await deliveries(url, owner);
    return list.length === count && list.every((delivery) => delivery.status !== 'pending') ? list : undefined;
  }, `${count} finished deliveries`);
}

const deliveryIdOf = (hook: ReceivedHook) => hook.headers['x-feedbackd-delivery'];
const postIdOf = (hook: ReceivedHook) => JSON.parse(hook.body).data.post.postId as string;
const signedBy = (secret: string, hook: ReceivedHook) =>
  verifyWebhook(secret, { timestamp: hook.headers['x-feedbackd-timestamp'], signature: hook.headers['x-feedbackd-signature'] }, hook.body);

test('kill -9 while a delivery is in flight loses nothing: once its lease ran out the next serve sends it again, same id, signed', async (t) => {
  const boardArgs = await board(t);
  // The first request is taken and never answered; every later one is answered 200.
  const arrivedAt: number[] = [];
  const receiver = await startWebhookReceiver(
    (index) => {
      arrivedAt.push(Date.now());
      return index === 0 ? 'hang' : 200;
    },
    { answerAfterMs: ANSWER_AFTER_MS },
  );
  t.teardown(receiver.close);
  const first = await serve(t, boardArgs, BUSY);
  const owner = await setUp(t, first.url, receiver);
  const postId = await newPost(t, first.url, owner, 'Dark mode');
  const [hung] = await receiver.waitFor(1);
  // Killed while the attempt waits for its answer, well before its deadline: nothing was recorded about it.
  await kill9(t, first);
  t.true(Date.now() - arrivedAt[0]! < TIMEOUT_MS, 'killed before the attempt timed out');
  t.is(receiver.received.length, 1, 'not sent again while the attempt was under way');

  const second = await serve(t, boardArgs, BUSY);
  // Taken again once the lease of the dead process ran out (here the restart alone takes about as long).
  const [, again] = await receiver.waitFor(2, 3 * LEASE_MS);
  t.is(deliveryIdOf(again!), deliveryIdOf(hung!), 'the same delivery, not a new one');
  t.is(again!.body, hung!.body);
  t.is(again!.headers['x-feedbackd-event'], 'post.created');
  t.is(postIdOf(again!), postId);
  t.true(signedBy(owner.secret, hung!), 'the first attempt was signed');
  t.true(signedBy(owner.secret, again!), 'the attempt after the restart is signed with the same secret');

  // A later change is delivered too: by then, anything else the restart would send was sent.
  const later = await newPost(t, second.url, owner, 'Offline mode');
  const hooks = await receiver.waitFor(3);
  const list = await allFinished(second.url, owner, 2);
  t.is(receiver.received.length, 3, 'nothing else arrived');
  t.is(postIdOf(hooks[2]!), later);
  t.like(
    list.find((delivery) => delivery.deliveryId === deliveryIdOf(hung!)),
    { status: 'delivered', attempts: 2, responseStatus: 200, error: null },
  );
});

test('kill -9 between the commit of a change and its delivery loses no event: the next serve sends it exactly once', async (t) => {
  const boardArgs = await board(t);
  const receiver = await startWebhookReceiver(undefined, { answerAfterMs: ANSWER_AFTER_MS });
  t.teardown(receiver.close);
  // The worker's one pass runs at start, before the owner and the endpoint even exist.
  const first = await serve(t, boardArgs, IDLE);
  const owner = await setUp(t, first.url, receiver);
  const postId = await newPost(t, first.url, owner, 'Dark mode');
  // The API answered: the change is committed, and only the outbox knows about the event.
  await kill9(t, first);
  t.is(receiver.received.length, 0, 'nothing was sent before the kill');

  const second = await serve(t, boardArgs, BUSY);
  const [hook] = await receiver.waitFor(1);
  t.is(postIdOf(hook!), postId);
  t.true(signedBy(owner.secret, hook!));
  // A later change is delivered too: by then a second fan-out or attempt of the first event would have arrived.
  const later = await newPost(t, second.url, owner, 'Offline mode');
  const hooks = await receiver.waitFor(2);
  const list = await allFinished(second.url, owner, 2);
  t.is(receiver.received.length, 2, 'nothing else arrived');
  t.deepEqual(hooks.map(postIdOf), [postId, later]);
  t.not(deliveryIdOf(hooks[0]!), deliveryIdOf(hooks[1]!));
  t.deepEqual(
    list.map((delivery) => [delivery.status, delivery.attempts]),
    [
      ['delivered', 1],
      ['delivered', 1],
    ],
  );
});
