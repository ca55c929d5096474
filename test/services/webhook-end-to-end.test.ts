// The first slice of issue 17 put together: an event's envelope, signed by webhookRequest, sent by
// deliverWebhook to a real receiver on loopback (allowed by the endpoint's flag), which checks the
// signature the way the documented verifier does.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { toPostView } from '../../src/services/post-views.js';
import type { PostRow, UserRow } from '../../src/storage/types.js';
import { deliverWebhook } from '../../src/services/webhooks/deliver.js';
import { buildWebhookEnvelope, systemEnvelopeSources } from '../../src/services/webhooks/events.js';
import { webhookRequest } from '../_helpers/webhook-request.js';
import { newWebhookSecret, verifyWebhook } from '../../src/services/webhooks/signature.js';
import { VERSION } from '../../src/version.js';

const AT = '2026-01-02T03:04:05.678Z';
const ada: UserRow = {
  id: '00000000-0000-4000-8000-0000000000a1',
  email: 'ada@example.com',
  username: 'ada',
  name: 'Ada',
  passwordHash: 'x',
  isOwner: false,
  isVerified: true,
  isBlocked: false,
  tokenVersion: 0,
  notes: null,
  createdAt: AT,
  updatedAt: AT,
};
const post: PostRow = {
  id: '00000000-0000-4000-8000-0000000000b1',
  title: 'Dark mode',
  slug: 'dark-mode-k3j9x',
  slugId: 'k3j9x',
  contentMarkdown: null,
  userId: ada.id,
  boardId: null,
  roadmapId: null,
  createdAt: AT,
  updatedAt: AT,
};

test('a signed post.created delivery reaches a loopback receiver, which verifies it; the same without the flag is refused', async (t) => {
  const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  t.teardown(() => receiver.close());
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/feedback`;

  const secret = newWebhookSecret();
  const view = toPostView(post, { users: new Map([[ada.id, ada]]), boards: new Map(), roadmaps: new Map(), votes: new Map(), comments: new Map(), tags: new Map(), audience: { seesEveryVoter: true, viewer: null } });
  const envelope = buildWebhookEnvelope('post.created', { post: view }, systemEnvelopeSources);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const request = webhookRequest({ format: 'json', secret }, envelope, { title: 'Acme', publicUrl: 'https://feedback.example.org' }, nowSeconds);

  const refused = await deliverWebhook({ url, allowPrivate: false, ...request }, { timeoutMs: 2000 });
  t.false(refused.ok);
  t.regex(refused.error ?? '', /loopback/);
  t.is(received.length, 0);

  const result = await deliverWebhook({ url, allowPrivate: true, ...request }, { timeoutMs: 2000 });
  t.true(result.ok, result.error);
  t.is(result.status, 204);
  const [delivery] = received;
  t.is(delivery?.headers['user-agent'], `feedbackd/${VERSION} (webhook)`);
  t.is(delivery?.headers['x-feedbackd-event'], 'post.created');
  t.true(verifyWebhook(secret, { timestamp: delivery?.headers['x-feedbackd-timestamp'], signature: delivery?.headers['x-feedbackd-signature'] }, delivery!.body));
  t.false(verifyWebhook(newWebhookSecret(), { timestamp: delivery?.headers['x-feedbackd-timestamp'], signature: delivery?.headers['x-feedbackd-signature'] }, delivery!.body));
  t.like(JSON.parse(delivery!.body), { event: 'post.created', deliveryId: envelope.deliveryId, data: { post: { postId: post.id, title: 'Dark mode' } } });
});
