import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test, { type ExecutionContext } from 'ava';
import { WEBHOOK_EVENTS } from '../../src/services/webhooks/events.js';
import { verifyWebhook } from '../../src/services/webhooks/signature.js';
import { testLookup } from '../_helpers/host-lookup.js';
import { createMember, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../_helpers/webhook-receiver.js';

/*
 * feedbackd's webhook routes (issue 17), on a real server: the owner's endpoints, their rules, a
 * test delivery to a real receiver on loopback and the delivery list. Every answer is also checked
 * against the OpenAPI document (test/_helpers/openapi-check.ts). Runs on both engines.
 */

const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });
const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
const NOT_FOUND = { message: 'Webhook not found', code: 'WEBHOOK_NOT_FOUND' };
const NO_HEADER = { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' };
const SECRET = /^whsec_[A-Za-z0-9_-]{43}$/;
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let server: TestServer;
let ownerToken: string;
let member: Persona;
/** Names under example.net as the tests want them, without DNS; example.com names are public. */
const lookup = testLookup({
  'intranet.example.net': ['10.0.0.5'],
  'split.example.net': ['93.184.215.14', '192.168.1.20'],
  'metadata.example.net': ['169.254.169.254'],
});

test.before(async () => {
  server = await startTestServer({}, { lookupWebhookHost: lookup });
  ownerToken = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  member = await createMember(server.ctx);
});
test.after.always(() => server?.close());

const create = (body: unknown, token = ownerToken) => server.request('POST', '/webhooks', { token, body });
const show = (id: string, token = ownerToken) => server.request('GET', `/webhooks/${id}`, { token });
const patch = (id: string, body: unknown, token = ownerToken) => server.request('PATCH', `/webhooks/${id}`, { token, body });
const remove = (id: string, token = ownerToken) => server.request('DELETE', `/webhooks/${id}`, { token });
const sendTest = (id: string, token = ownerToken) => server.request('POST', `/webhooks/${id}/test`, { token });
const deliveries = (id: string, query = '', token = ownerToken) => server.request('GET', `/webhooks/${id}/deliveries${query}`, { token });

/** A new endpoint's id (and its secret), created by the owner. */
async function endpoint(body: Record<string, unknown> = {}): Promise<{ id: string; secret: string }> {
  const created = await create({ url: 'https://hooks.example.com/feedback', ...body });
  if (created.status !== 201) throw new Error(`create failed: ${created.text}`);
  return { id: created.body.webhook.webhookId, secret: created.body.webhook.secret };
}

/** A receiver on loopback answering `status` (a webhook to it needs allowPrivate); closed when the test ends. */
async function startReceiver(t: ExecutionContext, status = 200): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver(() => status);
  t.teardown(() => receiver.close());
  return receiver;
}

/** A loopback URL where nothing listens: a port that was free a moment ago (connection refused). */
async function unusedLoopbackUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}

// ---- create, show, list --------------------------------------------------------------------------

test.serial('POST /webhooks answers 201 with the secret, once: GET and the list never show it', async (t) => {
  const created = await create({ url: '  https://hooks.example.com/feedback?team=1  ', description: '  Team chat  ' });
  t.is(created.status, 201, created.text);
  const { webhook } = created.body;
  t.regex(webhook.secret, SECRET);
  t.like(webhook, {
    url: 'https://hooks.example.com/feedback?team=1',
    format: 'json',
    events: [...WEBHOOK_EVENTS],
    description: 'Team chat',
    allowPrivate: false,
    enabled: true,
    failingSince: null,
    disabledReason: null,
  });
  t.regex(webhook.createdAt, TIMESTAMP);
  t.is(webhook.updatedAt, webhook.createdAt);

  const { secret, ...view } = webhook;
  const shown = await show(webhook.webhookId);
  t.is(shown.status, 200);
  t.deepEqual(shown.body, { webhook: view });
  t.false(shown.text.includes(secret));
  const list = await server.request('GET', '/webhooks', { token: ownerToken });
  t.is(list.status, 200);
  t.deepEqual(
    list.body.webhooks.find((item: { webhookId: string }) => item.webhookId === webhook.webhookId),
    view,
  );
  t.false(list.text.includes(secret));
  t.is((await show(webhook.webhookId.toUpperCase())).status, 200, 'any hex case');
});

test.serial('defaults: every event, json, no private targets; events are kept in the canonical order without duplicates', async (t) => {
  const bare = await create({ url: 'https://hooks.example.com/a' });
  t.like(bare.body.webhook, { events: [...WEBHOOK_EVENTS], format: 'json', description: null, allowPrivate: false });
  const nulls = await create({ url: 'https://hooks.example.com/b', format: null, description: null });
  t.like(nulls.body.webhook, { format: 'json', description: null });
  const chosen = await create({ url: 'https://hooks.example.com/c', events: ['vote.created', 'post.created', 'vote.created'], format: 'Slack' });
  t.is(chosen.status, 201);
  t.deepEqual(chosen.body.webhook.events, ['post.created', 'vote.created']);
  t.is(chosen.body.webhook.format, 'slack');
  t.is((await create({ url: 'https://hooks.example.com/d', format: 'discord' })).body.webhook.format, 'discord');
});

test.serial('validation: url required and http(s) only, private addresses only with allowPrivate, known events, a known format', async (t) => {
  const refused = async (body: unknown, path: string, message: string) => {
    const answer = await create(body);
    t.is(answer.status, 400, JSON.stringify(body));
    t.deepEqual(answer.body, validationError(path, message), JSON.stringify(body));
  };
  await refused({}, 'url', 'url is required');
  await refused({ url: null }, 'url', 'url is required');
  await refused({ url: '' }, 'url', 'url is required');
  await refused({ url: 42 }, 'url', 'url must be a string');
  await refused({ url: 'ftp://files.example.com/hook' }, 'url', 'url must be an http:// or https:// URL, not ftp:');
  await refused({ url: 'https://user:pw@hooks.example.com/' }, 'url', 'url must not hold a user name or password: the signature header authenticates the delivery');
  await refused({ url: 'http://127.0.0.1/' }, 'url', 'url is a loopback address (127.0.0.1); allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)');
  await refused({ url: 'http://10.1.2.3:8080/hook' }, 'url', 'url is a private address (10.1.2.3); allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)');
  await refused({ url: 'http://127.0.0.1/', allowPrivate: 'yes' }, 'allowPrivate', 'allowPrivate must be a boolean');
  const events = WEBHOOK_EVENTS.join(', ');
  await refused({ url: 'https://hooks.example.com/', events: ['post.created', 'post.exploded'] }, 'events.1', `events.1 must be one of: ${events}`);
  await refused({ url: 'https://hooks.example.com/', events: [] }, 'events', 'events must name at least one event');
  await refused({ url: 'https://hooks.example.com/', events: 'post.created' }, 'events', `events must be an array of event names (${events})`);
  await refused({ url: 'https://hooks.example.com/', format: 'xml' }, 'format', 'format must be one of: json, slack, discord');
  await refused({ url: 'https://hooks.example.com/', description: 'x'.repeat(201) }, 'description', 'description must be at most 200 characters');

  const allowed = await create({ url: 'http://127.0.0.1/', allowPrivate: true });
  t.is(allowed.status, 201, allowed.text);
  t.like(allowed.body.webhook, { url: 'http://127.0.0.1/', allowPrivate: true });
});

test.serial('a host name is checked when given: localhost names, names with an internal address and names that do not resolve are refused', async (t) => {
  const before = (await server.ctx.storage.webhookEndpoints.list()).length;
  const refusals: Array<[string, string]> = [
    ['http://localhost:8080/hook', 'url is a loopback host name (localhost)'],
    ['https://Hooks.LocalHost./feedback', 'url is a loopback host name (hooks.localhost.)'],
    ['https://intranet.example.net/hook', 'url resolves to a private address (10.0.0.5)'],
    ['https://split.example.net/', 'url resolves to a private address (192.168.1.20)'],
    ['https://metadata.example.net/', 'url resolves to a link-local address (169.254.169.254)'],
  ];
  for (const [url, reason] of refusals) {
    const message = `${reason}; allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)`;
    const answer = await create({ url });
    t.deepEqual([answer.status, answer.body], [400, validationError('url', message)], url);
  }
  t.deepEqual(
    (await create({ url: 'https://gone.example.net/', format: 'xml' })).body,
    validationError('url', 'url names a host that does not resolve (gone.example.net): check its spelling, or add the endpoint once the name has an address'),
    'the url comes before the format',
  );
  t.false(lookup.asked.some((name) => name.includes('localhost')), 'localhost names are loopback without asking DNS (RFC 6761)');
  t.is((await server.ctx.storage.webhookEndpoints.list()).length, before, 'nothing stored');

  lookup.asked.length = 0;
  for (const url of ['http://localhost:8080/hook', 'https://intranet.example.net/hook', 'https://gone.example.net/']) {
    t.is((await create({ url, allowPrivate: true })).status, 201, `${url} with allowPrivate`);
  }
  t.deepEqual(lookup.asked, [], 'with allowPrivate no name is resolved');
});

test.serial('PATCH checks the host name of a new URL against the flag it will have', async (t) => {
  const { id } = await endpoint();
  t.deepEqual(
    (await patch(id, { url: 'https://intranet.example.net/hook' })).body,
    validationError('url', 'url resolves to a private address (10.0.0.5); allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)'),
  );
  t.deepEqual(
    (await patch(id, { url: 'http://hooks.localhost/' })).body,
    validationError('url', 'url is a loopback host name (hooks.localhost); allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)'),
  );
  t.is((await patch(id, { url: 'https://gone.example.net/' })).body.errors[0].message, 'url names a host that does not resolve (gone.example.net): check its spelling, or add the endpoint once the name has an address');
  t.is((await show(id)).body.webhook.url, 'https://hooks.example.com/feedback', 'unchanged');
  const allowed = await patch(id, { url: 'https://intranet.example.net/hook', allowPrivate: true });
  t.like(allowed.body.webhook, { url: 'https://intranet.example.net/hook', allowPrivate: true });
  t.is((await patch(id, { url: 'http://localhost:9/hook' })).status, 200, 'the stored flag allows it');
});

test.serial('a delivery still refuses a localhost name stored without allowPrivate, before any lookup', async (t) => {
  const { id } = await endpoint();
  await server.ctx.storage.transaction((tx) => tx.webhookEndpoints.update(id, { url: 'http://localhost:9/hook' }));
  const answer = await sendTest(id);
  t.like(answer.body.delivery, {
    status: 'failed',
    responseStatus: null,
    error: 'refused: is a loopback host name (localhost); allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)',
  });
});

// ---- who may ------------------------------------------------------------------------------------

test.serial('owner only: a member gets 403 on every route (before the lookup), an anonymous caller 401', async (t) => {
  const { id } = await endpoint();
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/webhooks'],
    ['POST', '/webhooks', { url: 'https://hooks.example.com/' }],
    ['GET', `/webhooks/${id}`],
    ['PATCH', `/webhooks/${id}`, { enabled: false }],
    ['DELETE', `/webhooks/${id}`],
    ['POST', `/webhooks/${id}/test`],
    ['GET', `/webhooks/${id}/deliveries`],
    ['GET', `/webhooks/${randomUUID()}`],
    ['DELETE', '/webhooks/not-an-id'],
  ];
  for (const [method, path, body] of routes) {
    const asMember = await server.request(method, path, { token: member.token, body });
    t.is(asMember.status, 403, `${method} ${path}`);
    t.deepEqual(asMember.body, FORBIDDEN, `${method} ${path}`);
    const anonymous = await server.request(method, path, { body });
    t.is(anonymous.status, 401, `${method} ${path}`);
    t.deepEqual(anonymous.body, NO_HEADER, `${method} ${path}`);
  }
  const withEveryPermission = await createMember(server.ctx, { permissions: ['settings:update', 'dashboard:read', 'role:assign'] });
  t.deepEqual((await server.request('GET', '/webhooks', { token: withEveryPermission.token })).body, FORBIDDEN, 'permissions are not enough');
  t.is((await show(id)).body.webhook.enabled, true, 'nothing was changed');
});

// ---- change, remove ------------------------------------------------------------------------------

test.serial('PATCH changes the fields sent and leaves the others; the secret stays', async (t) => {
  const { id, secret } = await endpoint({ description: 'Before' });
  const before = (await show(id)).body.webhook;
  const changed = await patch(id, { events: ['comment.created', 'post.deleted'] });
  t.is(changed.status, 200, changed.text);
  t.deepEqual(changed.body.webhook, { ...before, events: ['post.deleted', 'comment.created'], updatedAt: changed.body.webhook.updatedAt });
  t.deepEqual((await show(id)).body, changed.body);

  const more = await patch(id.toUpperCase(), { format: 'discord', description: null, url: 'https://chat.example.com/api/webhooks/1' });
  t.like(more.body.webhook, { format: 'discord', description: null, url: 'https://chat.example.com/api/webhooks/1', events: ['post.deleted', 'comment.created'] });
  t.is((await patch(id, {})).status, 200, 'an empty body changes nothing but updatedAt');
  t.is((await server.ctx.storage.webhookEndpoints.get(id))?.secret, secret);

  t.deepEqual((await patch(id, { events: [] })).body, validationError('events', 'events must name at least one event'));
  t.deepEqual((await patch(id, { enabled: 'no' })).body, validationError('enabled', 'enabled must be a boolean'));
  t.deepEqual(
    (await patch(id, { url: 'http://192.168.1.10/hook' })).body,
    validationError('url', 'url is a private address (192.168.1.10); allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)'),
  );
  const privately = await patch(id, { url: 'http://192.168.1.10/hook', allowPrivate: true });
  t.like(privately.body.webhook, { url: 'http://192.168.1.10/hook', allowPrivate: true });
});

test.serial('PATCH enabled false turns it off; enabled true turns it on and clears failingSince and disabledReason', async (t) => {
  const { id } = await endpoint();
  const off = await patch(id, { enabled: false });
  t.like(off.body.webhook, { enabled: false, failingSince: null, disabledReason: null });
  // What the circuit leaves after failing for too long.
  const failingSince = '2026-01-01T00:00:00.000Z';
  const disabledReason = 'every attempt failed for 3 days (last: answered 500)';
  await server.ctx.storage.transaction((tx) => tx.webhookEndpoints.update(id, { failingSince, disabledReason }));
  t.like((await show(id)).body.webhook, { enabled: false, failingSince, disabledReason });
  t.like((await patch(id, { enabled: false })).body.webhook, { enabled: false, failingSince, disabledReason }, 'off again: nothing cleared');
  const on = await patch(id, { enabled: true });
  t.is(on.status, 200);
  t.like(on.body.webhook, { enabled: true, failingSince: null, disabledReason: null });
  t.like((await show(id)).body.webhook, { enabled: true, failingSince: null, disabledReason: null });
});

test.serial('DELETE answers 204 and removes the endpoint with its deliveries; then 404', async (t) => {
  const receiver = await startReceiver(t);
  const { id } = await endpoint({ url: receiver.url, allowPrivate: true });
  t.is((await sendTest(id)).status, 200);
  const removed = await remove(id);
  t.is(removed.status, 204);
  t.is(removed.text, '');
  t.deepEqual((await show(id)).body, NOT_FOUND);
  t.is((await remove(id)).status, 404);
  t.deepEqual((await patch(id, { enabled: true })).body, NOT_FOUND);
  t.deepEqual((await deliveries(id)).body, NOT_FOUND);
  t.deepEqual((await sendTest(id)).body, NOT_FOUND);
  t.deepEqual(await server.ctx.storage.webhookDeliveries.list({ endpointId: id, limit: 100 }), []);
});

test.serial('an unknown or malformed id is 404 WEBHOOK_NOT_FOUND on every route', async (t) => {
  for (const id of [randomUUID(), 'not-a-uuid', '123', `${randomUUID()}x`]) {
    for (const [method, suffix] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/test'],
      ['GET', '/deliveries'],
    ] as const) {
      const answer = await server.request(method, `/webhooks/${id}${suffix}`, { token: ownerToken, body: method === 'PATCH' ? { enabled: true } : undefined });
      t.is(answer.status, 404, `${method} ${id}${suffix}`);
      t.deepEqual(answer.body, NOT_FOUND, `${method} ${id}${suffix}`);
    }
  }
});

// ---- test deliveries and the delivery list ------------------------------------------------------

test.serial('POST /test delivers a signed webhook.test to a loopback receiver; it is listed as delivered with 200', async (t) => {
  const receiver = await startReceiver(t);
  const { id, secret } = await endpoint({ url: receiver.url, allowPrivate: true, events: ['post.created'] });
  const answer = await sendTest(id);
  t.is(answer.status, 200, answer.text);
  const { delivery } = answer.body;
  t.like(delivery, { webhookId: id, event: 'webhook.test', status: 'delivered', attempts: 1, nextAttemptAt: null, responseStatus: 200, error: null });
  t.true(Number.isInteger(delivery.durationMs) && delivery.durationMs >= 0);

  t.is(receiver.received.length, 1);
  const [hook] = receiver.received;
  t.is(hook!.headers['content-type'], 'application/json');
  t.is(hook!.headers['x-feedbackd-event'], 'webhook.test');
  t.is(hook!.headers['x-feedbackd-delivery'], delivery.deliveryId);
  const signed = { timestamp: hook!.headers['x-feedbackd-timestamp'], signature: hook!.headers['x-feedbackd-signature'] };
  t.true(verifyWebhook(secret, signed, hook!.body), 'the receiver verifies the signature with the secret shown at creation');
  t.false(verifyWebhook(secret, signed, `${hook!.body} `), 'and only for this body');
  t.like(JSON.parse(hook!.body), { event: 'webhook.test', deliveryId: delivery.deliveryId, data: { webhookId: id } });

  const listed = await deliveries(id);
  t.is(listed.status, 200);
  t.deepEqual(listed.body, { deliveries: [delivery] });
  t.deepEqual((await deliveries(id, '?status=delivered')).body, { deliveries: [delivery] });
  t.deepEqual((await deliveries(id, '?status=FAILED')).body, { deliveries: [] });
  t.deepEqual((await deliveries(id, '?status=')).body, { deliveries: [delivery] }, 'an empty filter is absent');
});

test.serial('a receiver answering 500 gives a failed delivery with responseStatus 500 and an error text', async (t) => {
  const receiver = await startReceiver(t, 500);
  const { id } = await endpoint({ url: receiver.url, allowPrivate: true });
  const answer = await sendTest(id);
  t.is(answer.status, 200, answer.text);
  t.like(answer.body.delivery, { status: 'failed', responseStatus: 500, error: 'answered 500', attempts: 1, nextAttemptAt: null });
  t.deepEqual((await deliveries(id, '?status=failed')).body, { deliveries: [answer.body.delivery] });
  t.deepEqual((await deliveries(id, '?status=delivered')).body, { deliveries: [] });
});

test.serial('a test reaches a turned-off endpoint too; one with nothing listening fails without a status', async (t) => {
  const receiver = await startReceiver(t);
  const { id } = await endpoint({ url: receiver.url, allowPrivate: true });
  await patch(id, { enabled: false });
  t.like((await sendTest(id)).body.delivery, { status: 'delivered', responseStatus: 200 });
  t.is(receiver.received.length, 1);

  const closed = await endpoint({ url: await unusedLoopbackUrl(), allowPrivate: true });
  const failed = await sendTest(closed.id);
  t.like(failed.body.delivery, { status: 'failed', responseStatus: null, error: 'connection refused' });
});

test.serial('deliveries are newest first, limited by limit (1..100, default 20); bad limit or status is a 400', async (t) => {
  const receiver = await startReceiver(t);
  const { id } = await endpoint({ url: receiver.url, allowPrivate: true });
  const sent = [];
  for (let index = 0; index < 3; index++) sent.push((await sendTest(id)).body.delivery.deliveryId);
  const listed = (await deliveries(id)).body.deliveries.map((delivery: { deliveryId: string }) => delivery.deliveryId);
  t.deepEqual(listed, [...sent].reverse());
  t.deepEqual((await deliveries(id, '?limit=2')).body.deliveries.length, 2);
  t.deepEqual((await deliveries(id, '?limit=0')).body, validationError('limit', 'limit must be an integer between 1 and 100'));
  t.deepEqual((await deliveries(id, '?limit=101')).body, validationError('limit', 'limit must be an integer between 1 and 100'));
  t.deepEqual((await deliveries(id, '?status=lost')).body, validationError('status', 'status must be one of: pending, delivered, failed'));
  t.deepEqual((await deliveries(id, '?limit=0', member.token)).body, FORBIDDEN);
});
