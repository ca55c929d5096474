/*
 * Publishing a changelog entry end to end (issue 30 §1), on both engines: the worker of serve
 * fans `changelog.published` out to a real webhook receiver and mails, through a real SMTP server
 * on loopback, ONE "Shipped" mail per person following the linked posts they can see; a voter who
 * cannot see a hidden board, one who unsubscribed and one who turned mail off get none, a plain
 * follower gets one and each post's unsubscribe link in the body works; the posts
 * move to the chosen roadmap with no status mail on top. A scheduled entry is published by the
 * worker once its time comes, exactly once.
 */
import { randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import type { ParsedMail } from 'mailparser';
import { systemActor } from '../../src/admin/system-actor.js';
import { createWebhook } from '../../src/services/webhooks/endpoints.js';
import { createBoard, createMember, createRoadmap, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { type SmtpSink, startSmtpSink } from '../_helpers/smtp-sink.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../_helpers/webhook-receiver.js';

interface Board {
  server: TestServer;
  sink: SmtpSink;
  receiver: WebhookReceiver;
  owner: Persona;
  author: Persona;
  voter: Persona;
}

async function startBoard(t: ExecutionContext): Promise<Board> {
  const sink = await startSmtpSink();
  t.teardown(sink.close);
  const receiver = await startWebhookReceiver();
  t.teardown(receiver.close);
  const server = await startTestServer({ smtpUrl: sink.url }, { worker: true });
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  await createWebhook(server.ctx, systemActor(), { url: receiver.url, allowPrivate: true, events: ['post.status_changed', 'changelog.published'] });
  const author = await createMember(server.ctx, { email: 'grace@example.org', name: 'Grace' });
  const voter = await createMember(server.ctx, { email: 'alan@example.org', name: 'Alan' });
  return { server, sink, receiver, owner, author, voter };
}

async function newPost(board: Board, title: string): Promise<string> {
  return (await board.server.request('POST', '/posts', { token: board.author.token, body: { title } })).body.post.postId as string;
}

/** A vote written straight to storage: on a hidden board, as one cast before the board was hidden. */
async function voteDirectly(board: Board, user: Persona, postId: string): Promise<void> {
  await board.server.ctx.storage.votes.insert({ id: randomUUID(), userId: user.user.id, postId, createdAt: new Date().toISOString() });
}

function shippedMails(sink: SmtpSink): ParsedMail[] {
  return sink.messages.filter((mail) => !/confirm your email/i.test(mail.subject ?? ''));
}

function recipient(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
}

function header(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((entry) => entry.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/** Lets the worker run several more passes, then waits for its queues to be empty. */
async function settle(board: Board): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { storage } = board.server.ctx;
  await eventually(async () => ((await storage.notifications.count()) === 0 && (await storage.outbox.count()) === 0 ? true : undefined), 'the queues are empty');
}

test('publishing an entry linked to two posts: one mail per person, hidden boards and unsubscribes respected, posts moved, the webhook fired', async (t) => {
  const board = await startBoard(t);
  const { server, owner } = board;
  const done = await createRoadmap(server.ctx, { name: 'Done', display: true });
  const darkMode = await newPost(board, 'Dark mode');
  const export_ = await newPost(board, 'CSV export');
  const hidden = await createBoard(server.ctx, { display: false });
  const secret = (await server.request('POST', '/posts', { token: owner.token, body: { title: 'Secret idea', boardId: hidden.id } })).body.post.postId as string;
  for (const postId of [darkMode, export_]) await server.request('POST', '/votes', { token: board.voter.token, body: { postId } });
  // Voted only on the hidden board's post: cannot see it, gets nothing.
  const outsider = await createMember(server.ctx, { email: 'eve@example.org', name: 'Eve' });
  await voteDirectly(board, outsider, secret);
  // Voted, then unsubscribed from the one post they voted for.
  const quiet = await createMember(server.ctx, { email: 'quiet@example.org', name: 'Quiet' });
  await server.request('POST', '/votes', { token: quiet.token, body: { postId: darkMode } });
  t.is((await server.request('PUT', `/posts/${darkMode}/subscription`, { token: quiet.token, body: { subscribed: false } })).status, 200);
  // Voted, with all notification mail turned off.
  const off = await createMember(server.ctx, { email: 'off@example.org', name: 'Off' });
  await server.request('POST', '/votes', { token: off.token, body: { postId: export_ } });
  t.is((await server.request('PATCH', '/auth/notifications', { token: off.token, body: { mail: false } })).body.notifications.mail, false);
  // Follows one post without voting or writing: one mail, naming only that post.
  const follower = await createMember(server.ctx, { email: 'sam@example.org', name: 'Sam' });
  t.is((await server.request('PUT', `/posts/${darkMode}/subscription`, { token: follower.token, body: { subscribed: true } })).status, 200);

  const entry = (
    await server.request('POST', '/changelog', {
      token: owner.token,
      body: { title: 'Release 2.0', postIds: [darkMode, secret, export_], moveToRoadmapId: done.id, labels: ['new'] },
    })
  ).body.entry;
  const published = await server.request('POST', `/changelog/${entry.entryId}/publish`, { token: owner.token });
  t.is(published.status, 200);
  t.like(published.body.entry, { status: 'published' });
  t.truthy(published.body.entry.publishedAt);

  await eventually(async () => (shippedMails(board.sink).length >= 3 ? true : undefined), 'three Shipped mails');
  await board.receiver.waitFor(4);
  await settle(board);
  const mails = shippedMails(board.sink);
  t.deepEqual(
    mails.map(recipient).sort(),
    ['alan@example.org', 'grace@example.org', 'sam@example.org'],
    'one mail per person, the follower included; none to the outsider, the unsubscribed, the mail-off voter, or the owner who published',
  );
  const mailTo = (address: string) => mails.find((mail) => recipient(mail) === address)!;
  t.regex(mailTo('sam@example.org').text ?? '', /- Dark mode \(you follow it\)/);
  t.false((mailTo('sam@example.org').text ?? '').includes('CSV export'), 'only the post the follower follows');
  for (const mail of mails.filter((mail) => recipient(mail) !== 'sam@example.org')) {
    t.is(mail.subject, 'Shipped: Release 2.0');
    t.regex(header(mail, 'List-Unsubscribe') ?? '', /^<https?:\/\/.+\/api\/v1\/notifications\/unsubscribe\?token=.+>$/);
    t.is(header(mail, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
    t.true((mail.text ?? '').includes('Dark mode') && (mail.text ?? '').includes('CSV export'), 'both posts they follow');
    t.false((mail.text ?? '').includes('Secret idea'), 'never the hidden board’s post');
    t.true((mail.text ?? '').includes(`/changelog/${entry.slug}`));
  }
  t.true((mailTo('alan@example.org').text ?? '').includes('you voted for it'));
  // The body's own link for one post stops mail about that post only (the web page /unsubscribe posts its token).
  const stop = /Stop mail about “CSV export”:\n(\S+)/.exec(mailTo('alan@example.org').text ?? '')?.[1];
  t.truthy(stop, 'a per-post unsubscribe link in the body');
  const link = new URL(stop!);
  t.is(link.pathname, '/unsubscribe');
  const unsubscribed = await server.request('POST', `/notifications/unsubscribe${link.search}`);
  t.is(unsubscribed.status, 200, unsubscribed.text);
  t.like(unsubscribed.body.unsubscribed, { postId: export_ });
  t.like((await server.request('GET', `/posts/${export_}/subscription`, { token: board.voter.token })).body.subscription, { subscribed: false });
  t.like((await server.request('GET', `/posts/${darkMode}/subscription`, { token: board.voter.token })).body.subscription, { subscribed: true });

  for (const postId of [darkMode, export_, secret]) t.is((await server.ctx.storage.posts.get(postId))!.roadmapId, done.id, 'moved to Done');
  // biome-ignore lint/suspicious/noExplicitAny: tests read the payload's fields freely and assert on them.
  const hooks = board.receiver.received.map((hook) => JSON.parse(hook.body) as { event: string; data: Record<string, any> });
  const release = hooks.filter((hook) => hook.event === 'changelog.published');
  t.is(release.length, 1);
  t.like(release[0]!.data.entry, { entryId: entry.entryId, title: 'Release 2.0', status: 'published' });
  t.deepEqual(
    release[0]!.data.posts.map((post: { title: string }) => post.title),
    ['Dark mode', 'CSV export'],
  );
  t.is(hooks.filter((hook) => hook.event === 'post.status_changed').length, 3, 'each move is an ordinary status change for webhooks');
  t.is(board.receiver.received.length, 4);
});

test('a scheduled entry is published by the worker when its time comes, once', async (t) => {
  const board = await startBoard(t);
  const { server, owner } = board;
  const postId = await newPost(board, 'Dark mode');
  await server.request('POST', '/votes', { token: board.voter.token, body: { postId } });
  const entry = (await server.request('POST', '/changelog', { token: owner.token, body: { title: 'Soon', postIds: [postId] } })).body.entry;
  const at = new Date(Date.now() + 1_500).toISOString();
  const scheduled = await server.request('POST', `/changelog/${entry.entryId}/publish`, { token: owner.token, body: { publishAt: at } });
  t.like(scheduled.body.entry, { status: 'scheduled', publishAt: at });
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.is((await server.ctx.storage.changelogEntries.get(entry.entryId))!.status, 'scheduled', 'not before its time');
  t.is(shippedMails(board.sink).length, 0);
  await eventually(async () => (shippedMails(board.sink).length >= 2 ? true : undefined), 'the Shipped mails');
  await settle(board);
  const stored = (await server.ctx.storage.changelogEntries.get(entry.entryId))!;
  t.is(stored.status, 'published');
  t.true(stored.publishedAt! >= at);
  t.deepEqual(shippedMails(board.sink).map(recipient).sort(), ['alan@example.org', 'grace@example.org']);
  t.is(board.receiver.received.length, 1, 'one changelog.published delivery');
});
