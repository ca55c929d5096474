import { createHmac } from 'node:crypto';
import test from 'ava';
import { toActivityView } from '../../src/services/comment-views.js';
import { type PostView, toPostView, toPublicUser } from '../../src/services/post-views.js';
import type { ActivityRow, BoardRow, CommentRow, PostRow, RoadmapRow, UserRow, VoteRow } from '../../src/storage/types.js';
import {
  buildWebhookEnvelope,
  type EnvelopeSources,
  isWebhookEventName,
  systemEnvelopeSources,
  WEBHOOK_EVENTS,
  type WebhookEnvelope,
  type WebhookEventData,
  type WebhookEventName,
} from '../../src/services/webhooks/events.js';
import { webhookRequest } from '../_helpers/webhook-request.js';
import { verifyWebhook } from '../../src/services/webhooks/signature.js';

const AT = '2026-01-02T03:04:05.678Z';
const DELIVERY_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const SECRET = 'whsec_test-secret';
const NOW = 1_767_323_045;
const SITE = { title: 'Acme Feedback', publicUrl: 'https://feedback.example.org' };
const fixed: EnvelopeSources = { now: () => new Date(Date.parse(AT)), newDeliveryId: () => DELIVERY_ID };

function user(id: string, name: string): UserRow {
  return {
    id,
    email: `${name.toLowerCase()}@example.com`,
    username: name.toLowerCase(),
    name,
    passwordHash: 'x',
    isOwner: false,
    isVerified: true,
    isBlocked: false,
    tokenVersion: 0,
    notes: null,
    createdAt: AT,
    updatedAt: AT,
  };
}

const ada = user('00000000-0000-4000-8000-0000000000a1', 'Ada');
const grace = user('00000000-0000-4000-8000-0000000000a2', 'Grace');
const board: BoardRow = { id: 'b1', name: 'Ideas', description: null, url: 'ideas', color: 'ff0000', display: true, viewVoters: true, createdAt: AT, updatedAt: AT };
const roadmap: RoadmapRow = { id: 'r1', name: 'In progress', url: 'in-progress', color: '00ff00', index: 1, display: true, createdAt: AT, updatedAt: AT };
const postRow: PostRow = {
  id: '00000000-0000-4000-8000-0000000000b1',
  title: 'Dark mode',
  slug: 'dark-mode-k3j9x',
  slugId: 'k3j9x',
  contentMarkdown: 'Please',
  userId: ada.id,
  boardId: board.id,
  roadmapId: roadmap.id,
  createdAt: AT,
  updatedAt: AT,
};
const voteRow: VoteRow = { id: '00000000-0000-4000-8000-0000000000c1', userId: grace.id, postId: postRow.id, createdAt: AT };

/** The post as `POST /posts/get` lists it to no viewer in particular. */
const postView: PostView = toPostView(postRow, {
  users: new Map([
    [ada.id, ada],
    [grace.id, grace],
  ]),
  boards: new Map([[board.id, board]]),
  roadmaps: new Map([[roadmap.id, roadmap]]),
  votes: new Map([[postRow.id, { recent: [voteRow], count: 1, viewerVote: null }]]),
  comments: new Map([[postRow.id, 2]]),
  tags: new Map(),
  audience: { seesEveryVoter: true, viewer: null },
});

function commentRow(isInternal: boolean): CommentRow {
  return { id: 'c1', postId: postRow.id, parentId: null, userId: grace.id, body: 'Yes!', isInternal, isEdited: false, isSpam: false, createdAt: AT, updatedAt: AT };
}

function commentData(isInternal = false): WebhookEventData['comment.created'] {
  const entry: ActivityRow = { id: 'a1', postId: postRow.id, commentId: 'c1', type: 'comment', createdAt: AT };
  const { comment } = toActivityView(entry, commentRow(isInternal), grace, false);
  return { post: postView, comment, author: toPublicUser(grace) };
}

const vote = { voteId: voteRow.id, user: toPublicUser(grace) };
const refOf = ({ id, name, url, color }: RoadmapRow) => ({ id, name, url, color });

const DATA: { [E in WebhookEventName]: WebhookEventData[E] } = {
  'post.created': { post: postView },
  'post.updated': { post: postView },
  'post.deleted': { post: postView },
  'post.status_changed': { post: postView, from: null, to: refOf(roadmap) },
  'vote.created': { post: postView, vote },
  'vote.deleted': { post: postView, vote },
  'comment.created': commentData(),
  'changelog.published': { entry: shippedEntry(), posts: [{ postId: postRow.id, title: postRow.title, slug: postRow.slug }] },
  'post.merged': { post: postView, mergedFrom: { postId: '5f3c2a1e-8d4b-4c6a-9e2f-1a2b3c4d5e6f', slug: 'dark-theme-abc', title: 'Dark theme' } },
};

/** A published changelog entry linking the post, as the API shows it. */
function shippedEntry(): WebhookEventData['changelog.published']['entry'] {
  const posts = [{ postId: postRow.id, title: postRow.title, slug: postRow.slug }];
  const times = { publishAt: null, publishedAt: AT, createdAt: AT, updatedAt: AT };
  return { entryId: 'e1', slug: 'dark-mode-k3j9x1a2', title: 'Dark mode', contentMarkdown: null, labels: ['new'], status: 'published', moveToRoadmapId: null, author: toPublicUser(ada), posts, ...times };
}

function envelopeOf(event: WebhookEventName): WebhookEnvelope {
  return buildWebhookEnvelope(event, DATA[event], fixed) as WebhookEnvelope;
}

function hmac(secret: string, payload: string): string {
  return `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
}

test('the event names, in the order the API lists them', (t) => {
  t.deepEqual(
    [...WEBHOOK_EVENTS],
    ['post.created', 'post.updated', 'post.deleted', 'post.status_changed', 'vote.created', 'vote.deleted', 'comment.created', 'changelog.published', 'post.merged'],
  );
  t.true(isWebhookEventName('vote.deleted'));
  t.false(isWebhookEventName('comment.deleted'));
  t.false(isWebhookEventName(undefined));
});

for (const event of WEBHOOK_EVENTS) {
  test(`${event}: the envelope is event, deliveryId, createdAt, data, from the injected clock and id`, (t) => {
    const envelope = envelopeOf(event);
    t.deepEqual(Object.keys(envelope), ['event', 'deliveryId', 'createdAt', 'data']);
    t.like(envelope, { event, deliveryId: DELIVERY_ID, createdAt: AT });
    t.is(envelope.data, DATA[event]);
  });
}

test('the system sources give a fresh UUID per envelope and the time with milliseconds in UTC', (t) => {
  const before = Date.now();
  const first = buildWebhookEnvelope('post.created', DATA['post.created'], systemEnvelopeSources);
  const second = buildWebhookEnvelope('post.created', DATA['post.created'], systemEnvelopeSources);
  t.regex(first.deliveryId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  t.not(first.deliveryId, second.deliveryId);
  t.regex(first.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  t.true(Date.parse(first.createdAt) >= before && Date.parse(first.createdAt) <= Date.now());
});

test('an internal comment never becomes an envelope or a request', (t) => {
  t.throws(() => buildWebhookEnvelope('comment.created', commentData(true), fixed), { message: /internal/ });
  const leaked = { ...envelopeOf('comment.created'), data: commentData(true) } as WebhookEnvelope;
  for (const format of ['json', 'slack', 'discord'] as const) {
    t.throws(() => webhookRequest({ format, secret: SECRET }, leaked, SITE, NOW), { message: /internal/ });
  }
});

function expectedHeaders(event: string, body: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'X-Feedbackd-Event': event,
    'X-Feedbackd-Delivery': DELIVERY_ID,
    'X-Feedbackd-Timestamp': String(NOW),
    'X-Feedbackd-Signature': hmac(SECRET, `${NOW}.${body}`),
  };
}

for (const event of WEBHOOK_EVENTS) {
  test(`${event}: the JSON request is the compact envelope, signed with the attempt's timestamp`, (t) => {
    const envelope = envelopeOf(event);
    const request = webhookRequest({ format: 'json', secret: SECRET }, envelope, SITE, NOW);
    t.is(request.body, JSON.stringify(envelope));
    t.false(request.body.includes('\n'));
    t.deepEqual(JSON.parse(request.body), JSON.parse(JSON.stringify({ event, deliveryId: DELIVERY_ID, createdAt: AT, data: DATA[event] })));
    t.deepEqual(request.headers, expectedHeaders(event, request.body));
  });
}

test('the JSON body begins with the envelope keys in order', (t) => {
  const { body } = webhookRequest({ format: 'json', secret: SECRET }, envelopeOf('vote.created'), SITE, NOW);
  t.true(body.startsWith(`{"event":"vote.created","deliveryId":"${DELIVERY_ID}","createdAt":"${AT}","data":{"post":{"postId":`));
});

test('the Slack request is the Slack body, signed the same way', (t) => {
  const request = webhookRequest({ format: 'slack', secret: SECRET }, envelopeOf('vote.created'), SITE, NOW);
  t.is(request.body, '{"text":"1 vote on “<https://feedback.example.org/p/dark-mode-k3j9x|Dark mode>” (+1 by Grace)"}');
  t.deepEqual(request.headers, expectedHeaders('vote.created', request.body));
});

test('a published changelog entry is one chat line linking its page', (t) => {
  const request = webhookRequest({ format: 'slack', secret: SECRET }, envelopeOf('changelog.published'), SITE, NOW);
  t.is(request.body, '{"text":"Shipped on Acme Feedback: <https://feedback.example.org/changelog/dark-mode-k3j9x1a2|Dark mode>"}');
});

test('the Discord request is the Discord body, signed the same way', (t) => {
  const request = webhookRequest({ format: 'discord', secret: SECRET }, envelopeOf('comment.created'), SITE, NOW);
  t.is(
    request.body,
    '{"content":"Grace commented on “[Dark mode](https://feedback.example.org/p/dark-mode-k3j9x)”: Yes!","allowed_mentions":{"parse":[]}}',
  );
  t.deepEqual(request.headers, expectedHeaders('comment.created', request.body));
});

test('every format verifies with the endpoint secret and the attempt time', (t) => {
  for (const format of ['json', 'slack', 'discord'] as const) {
    const { body, headers } = webhookRequest({ format, secret: SECRET }, envelopeOf('post.created'), SITE, NOW);
    const signed = { timestamp: headers['X-Feedbackd-Timestamp'], signature: headers['X-Feedbackd-Signature'] };
    t.true(verifyWebhook(SECRET, signed, body, { nowSeconds: NOW + 10 }), format);
    t.false(verifyWebhook('whsec_other', signed, body, { nowSeconds: NOW + 10 }), format);
  }
});

test('a retry keeps the delivery id and is signed with its own time', (t) => {
  const envelope = envelopeOf('post.updated');
  const first = webhookRequest({ format: 'json', secret: SECRET }, envelope, SITE, NOW);
  const retry = webhookRequest({ format: 'json', secret: SECRET }, envelope, SITE, NOW + 3_600);
  t.is(retry.body, first.body);
  t.is(retry.headers['X-Feedbackd-Delivery'], first.headers['X-Feedbackd-Delivery']);
  t.is(retry.headers['X-Feedbackd-Timestamp'], String(NOW + 3_600));
  t.not(retry.headers['X-Feedbackd-Signature'], first.headers['X-Feedbackd-Signature']);
});

test('an unknown format or a non-integer time is a programming error, not an empty or unsigned request', (t) => {
  const envelope = envelopeOf('post.created');
  t.throws(() => webhookRequest({ format: 'teams' as 'json', secret: SECRET }, envelope, SITE, NOW), { message: /unknown webhook format: teams/ });
  t.throws(() => webhookRequest({ format: 'json', secret: SECRET }, envelope, SITE, NOW + 0.5), { message: /whole seconds/ });
  t.throws(() => webhookRequest({ format: 'json', secret: '' }, envelope, SITE, NOW), { message: /secret/ });
});
