/*
 * The approval queue end to end (issue 31 §2), on both engines, with a real SMTP sink and a real
 * webhook receiver: a new user's post waits and is invisible to another visitor through every
 * route (list, search, similar, slug, activity, board feed, board counts, webhooks, mail) and
 * appears everywhere once approved; trusted and team accounts never wait; decline deletes and
 * mails the author; spam hides; blocking can hide a user's content and bring it back.
 */
import test, { type ExecutionContext } from 'ava';
import { createWebhook } from '../../src/services/webhooks/endpoints.js';
import { systemActor } from '../../src/admin/system-actor.js';
import { createBoard, createMember, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { type SmtpSink, startSmtpSink } from '../_helpers/smtp-sink.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../_helpers/webhook-receiver.js';

interface Site {
  server: TestServer;
  sink: SmtpSink;
  receiver: WebhookReceiver;
  owner: Persona;
  newcomer: Persona;
  visitor: Persona;
  moderator: Persona;
  boardUrl: string;
  boardId: string;
}

async function startSite(t: ExecutionContext, moderation: 'off' | 'new-users' | 'everyone' = 'new-users'): Promise<Site> {
  const sink = await startSmtpSink();
  t.teardown(sink.close);
  const receiver = await startWebhookReceiver();
  t.teardown(receiver.close);
  const server = await startTestServer({ smtpUrl: sink.url }, { worker: true });
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  await createWebhook(server.ctx, systemActor(), { url: receiver.url, allowPrivate: true, events: ['post.created', 'comment.created'] });
  const newcomer = await createMember(server.ctx, { email: 'newcomer@example.org', name: 'Newcomer' });
  const visitor = await createMember(server.ctx, { email: 'visitor@example.org', name: 'Visitor' });
  const moderator = await createMember(server.ctx, { email: 'mod@example.org', name: 'Mo', permissions: ['moderation:review'] });
  const board = await createBoard(server.ctx, { name: 'Ideas', url: 'ideas', display: true });
  const answer = await server.request('PATCH', '/settings/site', { token: owner.token, body: { moderation } });
  t.is(answer.status, 200);
  t.is(answer.body.settings.moderation, moderation);
  return { server, sink, receiver, owner, newcomer, visitor, moderator, boardUrl: board.url, boardId: board.id };
}

const TITLE = 'Nocturnal colour scheme';

async function post(site: Site, who: Persona, title = TITLE) {
  const answer = await site.server.request('POST', '/posts', { token: who.token, body: { title, contentMarkdown: 'Please.', boardId: site.boardId } });
  if (answer.status !== 201) throw new Error(`POST /posts answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.post as { postId: string; slug: string; approval?: string; createdAt: string };
}

/** Everything a visitor (or nobody) could find the post through. */
async function seenBy(site: Site, who: Persona | null, postId: string, slug: string) {
  const token = who?.token;
  const { server } = site;
  const ids = (answer: { body: { posts?: Array<{ postId: string }> } }) => (answer.body.posts ?? []).map((p) => p.postId);
  const list = ids(await server.request('POST', '/posts/get', { token, body: {} }));
  const search = ids(await server.request('POST', '/posts/get', { token, body: { query: 'nocturnal' } }));
  const votes = ids(await server.request('POST', '/posts/get', { token, body: { orderBy: 'votes' } }));
  const similar = ids(await server.request('POST', '/posts/similar', { token, body: { title: 'nocturnal colours' } }));
  const bySlug = (await server.request('POST', '/posts/slug', { token, body: { slug } })).status;
  const activity = (await server.request('GET', `/posts/${postId}/activity`, { token })).status;
  const feed = await (await fetch(`${server.url}/b/${site.boardUrl}/feed.atom`)).text();
  const boards = await server.request('GET', '/boards/get', { token });
  return {
    list: list.includes(postId),
    search: search.includes(postId),
    votes: votes.includes(postId),
    similar: similar.includes(postId),
    slug: bySlug,
    activity,
    feed: feed.includes(TITLE),
    boardCount: JSON.stringify(boards.body).includes('"post_count":1'),
  };
}

const hooksNamed = (receiver: WebhookReceiver, event: string) => receiver.received.filter((hook) => hook.body.includes(`"${event}"`));

test('a new user’s post waits: invisible to others everywhere, shown to its author and moderators; once approved it appears everywhere and is announced', async (t) => {
  const site = await startSite(t);
  const { server } = site;
  const created = await post(site, site.newcomer);
  t.is(created.approval, 'waiting', 'the answer says it waits');
  for (const who of [site.visitor, null]) {
    const seen = await seenBy(site, who, created.postId, created.slug);
    t.like(seen, { list: false, search: false, votes: false, similar: false, slug: 404, activity: 404, feed: false, boardCount: false }, who ? 'a member' : 'anonymous');
  }
  // Its author sees it, marked.
  const own = await server.request('POST', '/posts/slug', { token: site.newcomer.token, body: { slug: created.slug } });
  t.is(own.status, 200);
  t.is(own.body.post.approval, 'waiting');
  const mine = await server.request('POST', '/posts/get', { token: site.newcomer.token, body: { mine: 'posted' } });
  t.deepEqual(mine.body.posts?.map((p: { postId: string }) => p.postId), [created.postId], JSON.stringify(mine.body));
  // A moderator sees it in the queue; the dashboard counts it.
  const queue = await server.request('GET', '/moderation', { token: site.moderator.token });
  t.is(queue.status, 200);
  t.deepEqual(queue.body.moderation.posts.map((p: { postId: string }) => p.postId), [created.postId]);
  t.like(queue.body.moderation.counts, { waitingPosts: 1, waitingComments: 0 });
  t.is((await server.request('GET', '/moderation', { token: site.visitor.token })).status, 403);
  const summary = await server.request('GET', '/dashboard/summary', { token: site.owner.token });
  t.like(summary.body.summary.counts, { posts: 0, waiting: 1 });
  // Nothing was announced: no webhook, no mail.
  await new Promise((resolve) => setTimeout(resolve, 600));
  t.is(hooksNamed(site.receiver, 'post.created').length, 0, 'no post.created while it waits');
  // Approved: everywhere, announced then.
  const approved = await server.request('POST', `/moderation/posts/${created.postId}/approve`, { token: site.moderator.token, body: {} });
  t.is(approved.status, 200);
  t.like(approved.body.decision, { result: 'approved', author: { isTrusted: false } });
  const seen = await seenBy(site, site.visitor, created.postId, created.slug);
  t.like(seen, { list: true, search: true, votes: true, similar: true, slug: 200, activity: 200, feed: true, boardCount: true });
  await eventually(async () => (hooksNamed(site.receiver, 'post.created').length === 1 ? true : undefined), 'post.created once approved');
  // Now known, the newcomer no longer waits.
  t.is((await post(site, site.newcomer, 'Another idea entirely')).approval, undefined);
});

test('an approved post takes its place among the newest, as if just posted; one marked spam and approved keeps its date', async (t) => {
  const site = await startSite(t);
  const { server } = site;
  const waited = await post(site, site.newcomer, 'Waited in the queue');
  await post(site, site.owner, 'Posted while it waited');
  const approved = await server.request('POST', `/moderation/posts/${waited.postId}/approve`, { token: site.moderator.token, body: {} });
  t.is(approved.status, 200, approved.text);
  const newest = await server.request('POST', '/posts/get', { token: site.visitor.token, body: { created: 'DESC', page: 1, limit: 2 } });
  t.deepEqual(newest.body.posts.map((p: { title: string }) => p.title), ['Waited in the queue', 'Posted while it waited']);
  const shown = newest.body.posts[0] as { createdAt: string };
  t.true(shown.createdAt > waited.createdAt, 'its date is the approval’s');

  const spam = await post(site, site.owner, 'Not spam after all');
  t.is((await server.request('POST', `/moderation/posts/${spam.postId}/spam`, { token: site.moderator.token })).status, 200);
  t.is((await server.request('POST', `/moderation/posts/${spam.postId}/approve`, { token: site.moderator.token, body: {} })).status, 200);
  t.is((await server.ctx.storage.posts.get(spam.postId))?.createdAt, spam.createdAt);
});

test('comments on a waiting post, approved or by the team, are announced with the post once it is approved', async (t) => {
  const site = await startSite(t);
  const { server } = site;
  const idea = await post(site, site.newcomer, 'Waiting idea with comments');
  const question = await server.request('POST', `/posts/${idea.postId}/comments`, { token: site.moderator.token, body: { body: 'Can you say more about it?' } });
  t.is(question.status, 201, question.text);
  const answer = await server.request('POST', `/posts/${idea.postId}/comments`, { token: site.newcomer.token, body: { body: 'Sure: at night.' } });
  t.is(answer.status, 201, answer.text);
  const answerId = (answer.body.activity?.comment?.id ?? answer.body.comment?.id) as string;
  t.is((await server.request('POST', `/moderation/comments/${answerId}/approve`, { token: site.moderator.token, body: {} })).status, 200);
  await new Promise((resolve) => setTimeout(resolve, 600));
  t.is(hooksNamed(site.receiver, 'comment.created').length, 0, 'nothing about the waiting post leaves the site');
  t.is((await server.request('POST', `/moderation/posts/${idea.postId}/approve`, { token: site.moderator.token, body: {} })).status, 200);
  const hooks = await eventually(async () => {
    const found = hooksNamed(site.receiver, 'comment.created');
    return found.length === 2 ? found : undefined;
  }, 'both comments announced');
  // Deliveries run side by side: they may arrive in either order.
  t.true(hooks.some((hook) => hook.body.includes('Can you say more about it?')), 'the team’s question');
  t.true(hooks.some((hook) => hook.body.includes('Sure: at night.')), 'the approved answer');
  await eventually(async () => (hooksNamed(site.receiver, 'post.created').length === 1 ? true : undefined), 'post.created with them');
});

test('a waiting comment is hidden from the activity, counts and subscribers’ mail until approved; then mailed and hooked', async (t) => {
  const site = await startSite(t);
  const { server } = site;
  const idea = await post(site, site.owner, 'Owner idea');
  // The visitor follows the idea by voting (subscribers get comment mail).
  await server.request('POST', '/votes', { token: site.visitor.token, body: { postId: idea.postId } });
  const comment = await server.request('POST', `/posts/${idea.postId}/comments`, { token: site.newcomer.token, body: { body: 'Spammy words here' } });
  t.is(comment.status, 201);
  t.is(comment.body.activity?.comment?.approval ?? comment.body.comment?.approval, 'waiting');
  const activity = await server.request('GET', `/posts/${idea.postId}/activity`, { token: site.visitor.token });
  t.deepEqual(activity.body.activity ?? activity.body, []);
  const detail = await server.request('POST', '/posts/slug', { token: site.visitor.token, body: { slug: idea.slug } });
  t.is(detail.body.post.commentsCount, 0);
  await new Promise((resolve) => setTimeout(resolve, 800));
  t.is(hooksNamed(site.receiver, 'comment.created').length, 0);
  t.false(site.sink.messages.some((mail) => (mail.text ?? '').includes('Spammy words here')), 'no mail while it waits');
  const id = (comment.body.activity?.comment?.id ?? comment.body.comment?.id) as string;
  const queue = await server.request('GET', '/moderation', { token: site.owner.token });
  t.deepEqual(queue.body.moderation.comments.map((c: { comment: { id: string } }) => c.comment.id), [id]);
  t.is((await server.request('POST', `/moderation/comments/${id}/approve`, { token: site.owner.token, body: { trust: true } })).status, 200);
  t.true((await server.ctx.storage.users.get(site.newcomer.user.id))?.isTrusted);
  await eventually(async () => (hooksNamed(site.receiver, 'comment.created').length === 1 ? true : undefined), 'comment.created once approved');
  await eventually(
    async () => (site.sink.messages.some((mail) => (mail.text ?? '').includes('Spammy words here')) ? true : undefined),
    'the subscribers’ mail once approved',
  );
  const after = await server.request('GET', `/posts/${idea.postId}/activity`, { token: site.visitor.token });
  t.is((after.body.activity ?? after.body).length, 1);
});

test('a post’s activity shows a waiting comment to its author and moderators, marked; to everyone once approved; spam to moderators only', async (t) => {
  const site = await startSite(t);
  const { server } = site;
  const idea = await post(site, site.owner, 'Owner idea');
  const say = async (who: Persona, body: string) => {
    const answer = await server.request('POST', `/posts/${idea.postId}/comments`, { token: who.token, body: { body } });
    t.is(answer.status, 201);
    return (answer.body.activity?.comment ?? answer.body.comment) as { id: string; approval?: string };
  };
  const before = await say(site.owner, 'Thanks for the ideas');
  const waiting = await say(site.newcomer, 'I would like this too');
  t.is(waiting.approval, 'waiting');
  const after = await say(site.owner, 'A later note');
  /** The comments of the post's activity (newest first) as `who` reads it, with their approval, paged `limit` at a time. */
  const activityOf = async (who: Persona | null, limit = 10) => {
    const seen: Array<[string, string | undefined]> = [];
    for (let page = 1; page <= 10; page++) {
      const answer = await server.request('GET', `/posts/${idea.postId}/activity?page=${page}&limit=${limit}`, { token: who?.token });
      t.is(answer.status, 200);
      const rows = answer.body.activity as Array<{ comment: { id: string; approval?: string } }>;
      seen.push(...rows.map((row): [string, string | undefined] => [row.comment.id, row.comment.approval]));
      if (rows.length < limit) break;
    }
    return seen;
  };
  const approvedOnly = [
    [after.id, undefined],
    [before.id, undefined],
  ];
  const withWaiting = [
    [after.id, undefined],
    [waiting.id, 'waiting'],
    [before.id, undefined],
  ];
  t.deepEqual(await activityOf(site.newcomer), withWaiting, 'the author, after a reload');
  t.deepEqual(await activityOf(site.newcomer, 1), withWaiting, 'the author, a page at a time');
  t.deepEqual(await activityOf(site.moderator), withWaiting, 'a moderator');
  t.deepEqual(await activityOf(site.visitor), approvedOnly, 'another member');
  t.deepEqual(await activityOf(null), approvedOnly, 'an anonymous visitor');
  t.is((await server.request('POST', '/posts/slug', { token: site.visitor.token, body: { slug: idea.slug } })).body.post.commentsCount, 2);
  // Marked spam: only moderators see it, marked so.
  t.is((await server.request('POST', `/moderation/comments/${waiting.id}/spam`, { token: site.moderator.token })).status, 200);
  t.deepEqual(await activityOf(site.newcomer), approvedOnly, 'spam is hidden from its author');
  t.deepEqual(
    await activityOf(site.moderator),
    [
      [after.id, undefined],
      [waiting.id, 'spam'],
      [before.id, undefined],
    ],
    'a moderator sees it marked spam',
  );
  // Approved: everyone sees it, unmarked.
  t.is((await server.request('POST', `/moderation/comments/${waiting.id}/approve`, { token: site.moderator.token, body: {} })).status, 200);
  const everyone = [
    [after.id, undefined],
    [waiting.id, undefined],
    [before.id, undefined],
  ];
  for (const who of [site.newcomer, site.moderator, site.visitor, null]) t.deepEqual(await activityOf(who), everyone, who?.user.name ?? 'anonymous');
});

test('trusted users and team members never wait; with everyone, members do', async (t) => {
  const site = await startSite(t, 'everyone');
  const { server } = site;
  t.is((await post(site, site.owner, 'By the owner')).approval, undefined);
  t.is((await post(site, site.moderator, 'By a team member')).approval, undefined);
  t.is((await post(site, site.visitor, 'By a member')).approval, 'waiting');
  const trust = await server.request('PATCH', `/users/${site.visitor.user.id}`, { token: site.moderator.token, body: { isTrusted: true } });
  t.is(trust.status, 200);
  t.is(trust.body.user.isTrusted, true);
  t.is((await post(site, site.visitor, 'Now trusted')).approval, undefined);
  // Moderation off: nobody waits.
  await server.request('PATCH', '/settings/site', { token: site.owner.token, body: { moderation: 'off' } });
  t.is((await post(site, site.newcomer, 'Moderation off')).approval, undefined);
  // A member without moderation:review cannot trust anyone; only the owner blocks.
  t.is((await server.request('PATCH', `/users/${site.newcomer.user.id}`, { token: site.visitor.token, body: { isTrusted: true } })).status, 403);
  t.is((await server.request('PATCH', `/users/${site.newcomer.user.id}`, { token: site.moderator.token, body: { isBlocked: true } })).status, 403);
});

test('decline deletes and mails the author once; decline and block blocks; spam hides and approve undoes it', async (t) => {
  const site = await startSite(t);
  const { server } = site;
  const first = await post(site, site.newcomer, 'First waiting idea');
  const declined = await server.request('POST', `/moderation/posts/${first.postId}/decline`, { token: site.moderator.token, body: {} });
  t.is(declined.status, 200);
  t.is(declined.body.decision.result, 'declined');
  t.is(await server.ctx.storage.posts.get(first.postId), undefined);
  const mail = await eventually(async () => site.sink.messages.find((m) => /declined/i.test(m.subject ?? '')), 'the decline mail');
  t.regex(mail.text ?? '', /First waiting idea/);
  t.is((await server.request('POST', `/moderation/posts/${first.postId}/approve`, { token: site.moderator.token, body: {} })).status, 404);
  const spam = await post(site, site.newcomer, 'Buy cheap things');
  t.is((await server.request('POST', `/moderation/posts/${spam.postId}/spam`, { token: site.moderator.token })).status, 200);
  t.is((await server.request('POST', '/posts/slug', { token: site.newcomer.token, body: { slug: spam.slug } })).status, 404, 'spam is hidden from its author too');
  const spamQueue = await server.request('GET', '/moderation?approval=spam', { token: site.moderator.token });
  t.deepEqual(spamQueue.body.moderation.posts.map((p: { postId: string }) => p.postId), [spam.postId]);
  t.is((await server.request('GET', '/moderation?approval=nope', { token: site.moderator.token })).status, 400);
  t.is((await server.request('POST', `/moderation/posts/${spam.postId}/approve`, { token: site.moderator.token, body: {} })).status, 200);
  t.is((await server.request('POST', '/posts/slug', { token: site.visitor.token, body: { slug: spam.slug } })).status, 200);
  const third = await post(site, site.visitor, 'Third waiting idea');
  const blocked = await server.request('POST', `/moderation/posts/${third.postId}/decline`, { token: site.moderator.token, body: { block: true } });
  t.like(blocked.body.decision, { result: 'declined', author: { isBlocked: true } });
  t.is((await server.request('POST', `/moderation/posts/${third.postId}/decline`, { token: site.moderator.token, body: { block: 'yes' } })).status, 400);
});

test('blocking with hideContent marks all of a user’s posts spam; unblocking with hideContent false brings them back', async (t) => {
  const site = await startSite(t, 'off');
  const { server } = site;
  const one = await post(site, site.newcomer, 'Visible idea one');
  const hide = await server.request('PATCH', `/users/${site.newcomer.user.id}`, { token: site.owner.token, body: { isBlocked: true, hideContent: true } });
  t.is(hide.status, 200);
  t.is((await server.request('POST', '/posts/slug', { token: site.visitor.token, body: { slug: one.slug } })).status, 404);
  const back = await server.request('PATCH', `/users/${site.newcomer.user.id}`, { token: site.owner.token, body: { isBlocked: false, hideContent: false } });
  t.is(back.status, 200);
  t.is((await server.request('POST', '/posts/slug', { token: site.visitor.token, body: { slug: one.slug } })).status, 200);
});

test('the moderation setting is validated', async (t) => {
  const site = await startSite(t, 'off');
  const bad = await site.server.request('PATCH', '/settings/site', { token: site.owner.token, body: { moderation: 'sometimes' } });
  t.is(bad.status, 400);
  t.deepEqual(bad.body, {
    message: 'moderation must be one of "off", "new-users", "everyone"',
    code: 'VALIDATION_ERROR',
    errors: [{ path: 'moderation', message: 'moderation must be one of "off", "new-users", "everyone"' }],
  });
});
