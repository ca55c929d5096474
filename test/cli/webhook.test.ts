import test, { type ExecutionContext } from 'ava';
import { verifyWebhook } from '../../src/services/webhooks/signature.js';
import { startWebhookReceiver } from '../_helpers/webhook-receiver.js';
import { admin, initBoard, jsonOf, type TestBoard, withBoard } from './_admin.ts';
import { runInProcess, startServing, stubPrompt } from './_cli.ts';

/*
 * `feedbackd webhook …`: the owner's webhook endpoints from the command line. Most commands run in
 * this process, opening the data directory themselves; the exit codes that matter run as the real
 * binary, and once through a running server's control socket. The rules are the API's
 * (test/http/webhooks.test.ts); here: arguments, printed text, --json, exit codes. A public
 * receiver is an IP address kept for documentation (TEST-NET-3): a host name would be resolved
 * when added, and these tests ask no DNS.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SECRET_LINE = /^Secret: (whsec_[A-Za-z0-9_-]{43})$/m;
const NOT_SHOWN_AGAIN = 'The secret will not be shown again: store it now (receivers check X-Feedbackd-Signature with it).';

const inBoard = (board: TestBoard, args: string[], options: Parameters<typeof runInProcess>[1] = {}) => runInProcess([...args, '--data', board.data], options);

/** A receiver on loopback answering `answer.status`, which the test may change; closed when the test ends. */
async function startReceiver(t: ExecutionContext) {
  const answer = { status: 200 };
  const receiver = await startWebhookReceiver(() => answer.status);
  t.teardown(() => receiver.close());
  return { url: receiver.url, received: receiver.received, answer };
}

/** `webhook add … --json` that must succeed: the created endpoint, with its secret. */
async function added(t: ExecutionContext, board: TestBoard, args: string[]) {
  return jsonOf(t, await inBoard(board, ['webhook', 'add', ...args, '--json']));
}

test('add prints the endpoint and its secret once; list shows a table without secrets, and JSON with --json', async (t) => {
  const board = await initBoard(t);
  t.is((await inBoard(board, ['webhook', 'list'])).stdout, 'No webhooks.\n');
  const result = await inBoard(board, ['webhook', 'add', 'https://203.0.113.10/feedback', '--events', 'vote.created, post.created', '--format', 'slack', '--description', 'Team chat']);
  t.is(result.code, 0, result.stderr);
  const lines = result.stdout.split('\n');
  t.regex(lines[0]!, new RegExp(`^Created webhook (${UUID}): https://203\\.0\\.113\\.10/feedback \\(format slack, events: post\\.created,vote\\.created\\)\\.$`));
  t.regex(lines[1]!, SECRET_LINE);
  t.is(lines[2], NOT_SHOWN_AGAIN);
  t.is(lines.length, 4);
  const id = /webhook ([0-9a-f-]{36})/.exec(lines[0]!)![1]!;
  const secret = SECRET_LINE.exec(result.stdout)![1]!;
  t.is(await withBoard(board, async (ctx) => (await ctx.storage.webhookEndpoints.get(id))?.secret), secret);

  const json = await added(t, board, ['http://127.0.0.1:8080/hook', '--allow-private']);
  t.like(json, { url: 'http://127.0.0.1:8080/hook', format: 'json', allowPrivate: true, enabled: true, description: null });
  t.is(json.events.length, 9);
  t.regex(json.secret, /^whsec_/);

  const table = (await inBoard(board, ['webhook', 'list'])).stdout.split('\n');
  t.is(table[0], `ID${' '.repeat(36)}URL${' '.repeat(28)}FORMAT  EVENTS${' '.repeat(21)}STATE`);
  t.is(table[1], `${id}  https://203.0.113.10/feedback  slack   post.created,vote.created  enabled`);
  t.is(table[2], `${json.webhookId}  http://127.0.0.1:8080/hook     json    all${' '.repeat(24)}enabled`);
  const listed = jsonOf(t, await inBoard(board, ['webhook', 'list', '--json']));
  t.deepEqual(
    listed.map((webhook: { webhookId: string }) => webhook.webhookId),
    [id, json.webhookId],
  );
  t.false(JSON.stringify(listed).includes('whsec_'), 'secrets are never listed');
});

test('disable and enable switch an endpoint; enable clears what the circuit left; remove asks first, or takes --yes', async (t) => {
  const board = await initBoard(t);
  const { webhookId: id } = await added(t, board, ['https://203.0.113.10/feedback']);
  const disabled = await inBoard(board, ['webhook', 'disable', id]);
  t.is(disabled.stdout, `Webhook ${id} (https://203.0.113.10/feedback) is disabled: nothing is sent to it until it is enabled again.\n`, disabled.stderr);
  t.regex((await inBoard(board, ['webhook', 'list'])).stdout, / {2}disabled\n$/);
  await withBoard(board, (ctx) =>
    ctx.storage.transaction((tx) => tx.webhookEndpoints.update(id, { failingSince: '2026-01-01T00:00:00.000Z', disabledReason: 'failing for 3 days' })),
  );
  t.regex((await inBoard(board, ['webhook', 'list'])).stdout, / {2}disabled: failing for 3 days\n$/);
  t.is((await inBoard(board, ['webhook', 'enable', id.toUpperCase()])).stdout, `Webhook ${id} (https://203.0.113.10/feedback) is enabled.\n`);
  t.like(jsonOf(t, await inBoard(board, ['webhook', 'list', '--json']))[0], { enabled: true, failingSince: null, disabledReason: null });

  const refused = await inBoard(board, ['webhook', 'remove', id]);
  t.deepEqual(refused, {
    code: 1,
    stdout: '',
    stderr: `error: Remove the webhook ${id}? Its deliveries, sent or waiting, go with it. This cannot be undone: add --yes to confirm\n`,
  });
  const declined = stubPrompt({ confirm: false });
  t.deepEqual(await inBoard(board, ['webhook', 'remove', id], { interactive: true, prompt: declined.prompt }), {
    code: 1,
    stdout: '',
    stderr: 'error: Cancelled: nothing was changed\n',
  });
  const accepted = await inBoard(board, ['webhook', 'remove', id], { interactive: true, prompt: stubPrompt({ confirm: true }).prompt });
  t.is(accepted.stdout, `Removed webhook ${id} (https://203.0.113.10/feedback) and its deliveries.\n`, accepted.stderr);
  const { webhookId: other } = await added(t, board, ['https://203.0.113.10/other']);
  t.like(jsonOf(t, await inBoard(board, ['webhook', 'remove', other, '--yes', '--json'])), { webhookId: other });
  t.is((await inBoard(board, ['webhook', 'list'])).stdout, 'No webhooks.\n');
});

test('test delivers to a loopback receiver and prints the outcome; deliveries lists it; a failure exits 1', async (t) => {
  const board = await initBoard(t);
  const receiver = await startReceiver(t);
  const added = await inBoard(board, ['webhook', 'add', receiver.url, '--allow-private']);
  const id = /webhook ([0-9a-f-]{36})/.exec(added.stdout)![1]!;
  const secret = SECRET_LINE.exec(added.stdout)![1]!;

  const delivered = await inBoard(board, ['webhook', 'test', id]);
  t.is(delivered.code, 0, delivered.stderr);
  t.regex(delivered.stdout, /^Test delivery delivered: status 200, \d+ ms\.\n$/);
  t.is(receiver.received.length, 1);
  const [hook] = receiver.received;
  const signed = { timestamp: hook!.headers['x-feedbackd-timestamp'], signature: hook!.headers['x-feedbackd-signature'] };
  t.true(verifyWebhook(secret, signed, hook!.body), 'signed with the secret add printed');
  t.is(hook!.headers['x-feedbackd-event'], 'webhook.test');

  receiver.answer.status = 500;
  const failed = await inBoard(board, ['webhook', 'test', id]);
  t.is(failed.code, 1);
  t.regex(failed.stdout, /^Test delivery failed: status 500, \d+ ms: answered 500\n$/);
  t.is(failed.stderr, '', 'the line says it all');
  const failedJson = await inBoard(board, ['webhook', 'test', id, '--json']);
  t.is(failedJson.code, 1);
  t.like(JSON.parse(failedJson.stdout), { status: 'failed', responseStatus: 500, error: 'answered 500', event: 'webhook.test' });

  const table = (await inBoard(board, ['webhook', 'deliveries', id])).stdout.split('\n');
  t.regex(table[0]!, /^ID {36}EVENT {9}STATUS {5}ATTEMPTS {2}RESPONSE {2}DURATION {2}CREATED {19}ERROR$/);
  const cells = (line: string) => line.trim().split(/ {2,}/);
  t.deepEqual(cells(table[1]!).slice(1, 5), ['webhook.test', 'failed', '1', '500']);
  t.regex(table[1]!, new RegExp(`^${UUID}  webhook\\.test  failed {5} {7}1 {7}500 +\\d+ ms  \\S+Z  answered 500$`));
  t.regex(table[3]!, new RegExp(`^${UUID}  webhook\\.test  delivered {2} {7}1 {7}200 +\\d+ ms  \\S+Z  -$`));
  t.is(table.length, 5);
  const deliveredOnly = jsonOf(t, await inBoard(board, ['webhook', 'deliveries', id, '--status', 'delivered', '--json']));
  t.deepEqual(
    deliveredOnly.map((delivery: { status: string; responseStatus: number }) => [delivery.status, delivery.responseStatus]),
    [['delivered', 200]],
  );
  t.is(jsonOf(t, await inBoard(board, ['webhook', 'deliveries', id, '--limit', '1', '--json'])).length, 1);
  t.is((await inBoard(board, ['webhook', 'deliveries', id, '--status', 'pending'])).stdout, 'No deliveries.\n');

  // The real binary: exit codes and the exact streams.
  receiver.answer.status = 200;
  const child = await admin(board, ['webhook', 'test', id]);
  t.is(child.code, 0, child.stderr);
  t.regex(child.stdout, /^Test delivery delivered: status 200, \d+ ms\.\n$/);
  receiver.answer.status = 503;
  const childFailed = await admin(board, ['webhook', 'test', id]);
  t.is(childFailed.code, 1);
  t.regex(childFailed.stdout, /^Test delivery failed: status 503, \d+ ms: answered 503\n$/);
  t.is(childFailed.stderr, '');
});

test('wrong arguments and refusals: exit 1 with the API message, JSON with --json', async (t) => {
  const board = await initBoard(t);
  const missing = '00000000-0000-4000-8000-000000000000';
  const events = 'post.created, post.updated, post.deleted, post.status_changed, vote.created, vote.deleted, comment.created, changelog.published, post.merged';
  const cases: Array<[string[], string]> = [
    [['webhook', 'add', 'ftp://files.example.com/'], 'url must be an http:// or https:// URL, not ftp:'],
    [['webhook', 'add', 'http://127.0.0.1/hook'], 'url is a loopback address (127.0.0.1); allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)'],
    [['webhook', 'add', 'http://localhost:8080/hook'], 'url is a loopback host name (localhost); allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)'],
    [['webhook', 'add', 'https://hooks.localhost/'], 'url is a loopback host name (hooks.localhost); allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)'],
    [['webhook', 'add', 'https://203.0.113.10/', '--events', 'post.exploded'], `events.0 must be one of: ${events}`],
    [['webhook', 'add', 'https://203.0.113.10/', '--events', ','], 'events must name at least one event'],
    [['webhook', 'add', 'https://203.0.113.10/', '--format', 'xml'], 'format must be one of: json, slack, discord'],
    [['webhook', 'add'], "Missing required argument 'url'"],
    [['webhook', 'test', missing], `Webhook not found: ${missing}`],
    [['webhook', 'test', 'nope'], 'Webhook not found: nope'],
    [['webhook', 'enable', 'nope'], 'Webhook not found: nope'],
    [['webhook', 'remove', 'nope', '--yes'], 'Webhook not found: nope'],
    [['webhook', 'deliveries', 'nope'], 'Webhook not found: nope'],
  ];
  for (const [args, message] of cases) {
    t.deepEqual(await inBoard(board, args), { code: 1, stdout: '', stderr: `error: ${message}\n` }, args.join(' '));
  }
  t.is((await inBoard(board, ['webhook', 'list'])).stdout, 'No webhooks.\n', 'nothing added');
  const { webhookId: id } = await added(t, board, ['https://203.0.113.10/']);
  t.deepEqual((await inBoard(board, ['webhook', 'deliveries', id, '--limit', '0'])).stderr, 'error: limit must be an integer between 1 and 100\n');
  t.deepEqual((await inBoard(board, ['webhook', 'deliveries', id, '--status', 'lost'])).stderr, 'error: status must be one of: pending, delivered, failed\n');
  t.deepEqual(await admin(board, ['webhook', 'add', 'http://localhost:8080/hook']), {
    code: 1,
    stdout: '',
    stderr: 'error: url is a loopback host name (localhost); allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)\n',
  });
  const json = await admin(board, ['webhook', 'test', missing, '--json']);
  t.is(json.code, 1);
  t.deepEqual(JSON.parse(json.stderr), { error: { code: 'WEBHOOK_NOT_FOUND', message: `Webhook not found: ${missing}` } });
});

test('while serve runs, the commands go through its control socket', async (t) => {
  const board = await initBoard(t);
  const receiver = await startReceiver(t);
  const serving = await startServing(['serve', '--data', board.data, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const refused = await admin(board, ['webhook', 'add', receiver.url.replace('127.0.0.1', 'localhost')]);
  t.deepEqual([refused.code, refused.stderr], [1, 'error: url is a loopback host name (localhost); allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)\n']);
  const created = jsonOf(t, await admin(board, ['webhook', 'add', receiver.url, '--allow-private', '--events', 'comment.created', '--json']));
  const tested = await admin(board, ['webhook', 'test', created.webhookId]);
  t.is(tested.code, 0, tested.stderr);
  t.regex(tested.stdout, /^Test delivery delivered: status 200, \d+ ms\.\n$/);
  t.is(receiver.received.length, 1);
  t.like(jsonOf(t, await admin(board, ['webhook', 'list', '--json'])), [{ webhookId: created.webhookId, events: ['comment.created'] }]);
  t.is((await admin(board, ['webhook', 'remove', created.webhookId, '--yes'])).code, 0);
});
