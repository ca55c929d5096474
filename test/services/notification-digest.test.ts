import { randomUUID } from 'node:crypto';
import test from 'ava';
import type { MailMessage } from '../../src/services/mail/mailer.js';
import { composeDigest } from '../../src/services/notifications/digest.js';
import { subjectOf } from '../../src/services/notifications/digest-message.js';
import { readUnsubscribeToken, unsubscribeKeyFor } from '../../src/services/notifications/unsubscribe-token.js';
import type { JsonFacts, NotificationKind, NotificationRow, PostRow, RoadmapRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt, createRoadmap, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { startSmtpSink, type SmtpSink } from '../_helpers/smtp-sink.js';

/*
 * The notification digest (issue 17), composed at send time from real storage: subjects, both
 * parts, the one-click headers, the reason line, and every check made again at send time (§2.7).
 * The last test sends one through real SMTP and clicks its List-Unsubscribe URL.
 */

const PUBLIC_URL = 'https://feedback.example.org';
const SITE_TITLE = 'Acme <Feedback>';

let sink: SmtpSink;
let server: TestServer;
let owner: Persona;
let author: Persona;
let seconds = 0;
const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds++)).toISOString();

test.before(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ publicUrl: `${PUBLIC_URL}/`, smtpUrl: sink.url, mailOutbox: false });
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken };
  author = await createMember(server.ctx, { name: 'Ada Author' });
  await server.ctx.storage.settings.update({ title: SITE_TITLE });
});
test.after.always(async () => {
  await server?.close();
  await sink?.close();
});

const newPost = (fields: Partial<PostRow> = {}) => createPostAt(server.ctx, author.user, { createdAt: at(), title: 'Dark mode', ...fields });
const row = (post: PostRow, userId: string, kind: NotificationKind, facts: JsonFacts, createdAt = at()): NotificationRow => ({
  id: randomUUID(),
  userId,
  postId: post.id,
  kind,
  facts,
  createdAt,
  dueAt: createdAt,
});
const status = (post: PostRow, userId: string, from: RoadmapRow | null, to: RoadmapRow | null) =>
  row(post, userId, 'status', { fromRoadmapId: from?.id ?? null, toRoadmapId: to?.id ?? null });
const digest = (userId: string, post: PostRow, rows: NotificationRow[]) => composeDigest(server.ctx, server.ctx.storage, userId, post.id, rows);

async function comment(post: PostRow, by: Persona, body: string, fields: { isInternal?: boolean; isSpam?: boolean } = {}): Promise<string> {
  const now = at();
  return server.ctx.storage.transaction(async (tx) => {
    const created = await tx.comments.insert({
      id: randomUUID(),
      postId: post.id,
      parentId: null,
      userId: by.user.id,
      body,
      isInternal: fields.isInternal ?? false,
      isEdited: false,
      isSpam: fields.isSpam ?? false,
      createdAt: now,
      updatedAt: now,
    });
    await tx.activities.insert({ id: randomUUID(), postId: post.id, commentId: created.id, type: 'comment', createdAt: now });
    return created.id;
  });
}

/** The lines of the text part between the intro and "See the idea:": one or more per update. */
function updateLines(message: MailMessage): string[] {
  const lines = message.text.split('\n');
  return lines.slice(lines.findIndex((line) => line.endsWith(':')) + 2, lines.indexOf('See the idea:') - 1);
}

/** A header as sent (mailparser turns List-* headers into objects), unfolded. */
function rawHeader(lines: ReadonlyArray<{ key: string; line: string }>, name: string): string {
  const line = lines.find((header) => header.key === name)?.line ?? '';
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n(?=[ \t])/g, '').trim();
}

async function tokenOf(message: MailMessage): Promise<ReturnType<typeof readUnsubscribeToken>> {
  const token = /\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(message.text)?.[1];
  return readUnsubscribeToken(await unsubscribeKeyFor(server.ctx.config), token);
}

// ---- the message ---------------------------------------------------------------------------------------

test('one status change: subject, both parts, links, reason and the one-click headers', async (t) => {
  const roadmap = await createRoadmap(server.ctx, { name: 'In progress' });
  const post = await newPost();
  const message = await digest(author.user.id, post, [status(post, author.user.id, null, roadmap)]);
  if (!message) return t.fail('no message');
  t.like(message, { to: author.user.email, kind: 'notification', siteTitle: SITE_TITLE, subject: '“Dark mode” is now In progress' });
  const token = /token=([A-Za-z0-9_-]+)/.exec(message.text)?.[1] ?? '';
  t.deepEqual(message.headers, {
    'List-Unsubscribe': `<${PUBLIC_URL}/api/v1/notifications/unsubscribe?token=${token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
  t.deepEqual(await tokenOf(message), { userId: author.user.id, postId: post.id });
  const lines = message.text.split('\n');
  t.is(lines[0], 'Hi Ada Author,');
  t.true(lines.includes(`News about “Dark mode” on ${SITE_TITLE}:`));
  t.deepEqual(updateLines(message), ['- Status is now In progress.']);
  for (const line of [
    `${PUBLIC_URL}/p/${post.slug}`,
    'You get this because you wrote this idea.',
    `${PUBLIC_URL}/unsubscribe?token=${token}`,
    `${PUBLIC_URL}/profile`,
  ]) {
    t.true(lines.includes(line), line);
  }
  const html = message.html ?? '';
  t.true(html.includes('Acme &lt;Feedback&gt;'));
  t.false(html.includes(SITE_TITLE));
  t.true(html.includes('Status is now <strong>In progress</strong>.'));
  t.true(html.includes(`<a href="${PUBLIC_URL}/p/${post.slug}">See the idea</a>`));
  t.true(html.includes(`<a href="${PUBLIC_URL}/unsubscribe?token=${token}">Stop mail about this idea</a>`));
  t.true(html.includes(`<a href="${PUBLIC_URL}/profile">Turn off all notification mail</a>`));
});

test('one comment: the author’s name and an excerpt, escaped in HTML', async (t) => {
  const post = await newPost();
  const commenter = await createMember(server.ctx, { name: 'Grace Hopper' });
  const commentId = await comment(post, commenter, 'Please <script>alert(1)</script>\n\n   & thanks');
  const message = await digest(author.user.id, post, [row(post, author.user.id, 'comment', { commentId })]);
  if (!message) return t.fail('no message');
  t.is(message.subject, 'New comment on “Dark mode”');
  t.deepEqual(updateLines(message), ['- Grace Hopper commented:', '  “Please <script>alert(1)</script> & thanks”']);
  t.true(message.html?.includes('Grace Hopper commented:<br>“Please &lt;script&gt;alert(1)&lt;/script&gt; &amp; thanks”'));
  t.false(message.html?.includes('<script>'));
});

test('a long comment is cut to an excerpt', async (t) => {
  const post = await newPost();
  const commenter = await createMember(server.ctx, { name: 'Grace Hopper' });
  const commentId = await comment(post, commenter, `${'😀'.repeat(500)}`);
  const message = await digest(author.user.id, post, [row(post, author.user.id, 'comment', { commentId })]);
  const excerpt = updateLines(message!)[1]!;
  t.is(excerpt, `  “${'😀'.repeat(279)}…”`);
});

test('one rename: the old title in the subject, both titles in the update', async (t) => {
  const post = await newPost({ title: 'Dark theme' });
  const message = await digest(author.user.id, post, [row(post, author.user.id, 'title', { oldTitle: 'Dark mode', newTitle: 'Dark theme' })]);
  t.is(message?.subject, '“Dark mode” was renamed');
  t.deepEqual(updateLines(message!), ['- Renamed from “Dark mode” to “Dark theme”.']);
});

test('several updates: the status leads the subject with how many more, listed oldest first whatever the rows’ order', async (t) => {
  const roadmap = await createRoadmap(server.ctx, { name: 'Planned' });
  const post = await newPost({ title: 'Dark theme' });
  const commenter = await createMember(server.ctx, { name: 'Grace Hopper' });
  const commentId = await comment(post, commenter, 'Great');
  const rows = [
    row(post, author.user.id, 'title', { oldTitle: 'Dark mode', newTitle: 'Dark theme' }, '2026-02-01T00:00:02.000Z'),
    row(post, author.user.id, 'comment', { commentId }, '2026-02-01T00:00:03.000Z'),
    status(post, author.user.id, null, roadmap),
  ];
  rows[2] = { ...rows[2]!, createdAt: '2026-02-01T00:00:01.000Z' };
  const message = await digest(author.user.id, post, rows);
  t.is(message?.subject, '“Dark theme” is now Planned, and 2 more updates');
  t.true(message?.text.includes(`What is new about “Dark theme” on ${SITE_TITLE}:`));
  t.deepEqual(updateLines(message!), [
    '- Status is now Planned.',
    '- Renamed from “Dark mode” to “Dark theme”.',
    '- Grace Hopper commented:',
    '  “Great”',
  ]);
  t.is(message?.html?.match(/<li>/g)?.length, 3);
});

test('the subject of several updates: a status change leads, with its comments or how many more; without one, how many', (t) => {
  const planned = { kind: 'status', roadmapName: 'Planned' } as const;
  const off = { kind: 'status', roadmapName: null } as const;
  const said = { kind: 'comment', authorName: 'Ada', excerpt: 'Soon' } as const;
  const renamed = { kind: 'title', oldTitle: 'Dark', newTitle: 'Dark mode' } as const;
  t.is(subjectOf('Dark mode', [planned, said]), '“Dark mode” is now Planned, with a new comment');
  t.is(subjectOf('Dark mode', [said, planned, said]), '“Dark mode” is now Planned, with 2 new comments');
  t.is(subjectOf('Dark mode', [planned, off, said]), '“Dark mode” was taken off the roadmap, and 2 more updates');
  t.is(subjectOf('Dark mode', [planned, renamed]), '“Dark mode” is now Planned, and 1 more update');
  t.is(subjectOf('Dark mode', [said, renamed]), '2 updates on “Dark mode”');
});

test('the reason line says why: wrote, voted on, commented on, subscribed to', async (t) => {
  const post = await newPost();
  const [voter, commenter, follower] = [await createMember(server.ctx), await createMember(server.ctx), await createMember(server.ctx)];
  await server.request('POST', '/votes', { token: voter.token, body: { postId: post.id } });
  await comment(post, commenter, 'Yes');
  await server.request('PUT', `/posts/${post.id}/subscription`, { token: follower.token, body: { subscribed: true } });
  const title = { oldTitle: 'Old', newTitle: 'Dark mode' };
  const reasons: Array<[Persona, string]> = [
    [author, 'wrote'],
    [voter, 'voted on'],
    [commenter, 'commented on'],
    [follower, 'subscribed to'],
  ];
  for (const [persona, verb] of reasons) {
    const message = await digest(persona.user.id, post, [row(post, persona.user.id, 'title', title)]);
    t.true(message?.text.split('\n').includes(`You get this because you ${verb} this idea.`), verb);
    t.true(message?.html?.includes(`You get this because you ${verb} this idea.`), verb);
  }
});

// ---- checked again at send time --------------------------------------------------------------------------

test('nothing to send for a user gone, blocked, with mail off, or no longer subscribed', async (t) => {
  const post = await newPost();
  const title = { oldTitle: 'Old', newTitle: 'Dark mode' };
  const voter = await createMember(server.ctx);
  await server.request('POST', '/votes', { token: voter.token, body: { postId: post.id } });
  const send = () => digest(voter.user.id, post, [row(post, voter.user.id, 'title', title)]);
  t.truthy(await send());

  await server.request('PATCH', '/auth/notifications', { token: voter.token, body: { mail: false } });
  t.is(await send(), null);
  await server.request('PATCH', '/auth/notifications', { token: voter.token, body: { mail: true } });
  await server.ctx.storage.transaction((tx) => tx.users.update(voter.user.id, { isBlocked: true }));
  t.is(await send(), null);
  await server.ctx.storage.transaction((tx) => tx.users.update(voter.user.id, { isBlocked: false }));
  t.truthy(await send());
  await server.request('PUT', `/posts/${post.id}/subscription`, { token: voter.token, body: { subscribed: false } });
  t.is(await send(), null);

  const stranger = await createMember(server.ctx);
  t.is(await digest(stranger.user.id, post, [row(post, stranger.user.id, 'title', title)]), null);
  t.is(await digest(randomUUID(), post, [row(post, author.user.id, 'title', title)]), null);
  const deleted = await newPost();
  await server.request('DELETE', '/posts', { token: owner.token, body: { id: deleted.id } });
  t.is(await digest(author.user.id, deleted, [row(deleted, author.user.id, 'title', title)]), null);
});

test('a post on a board hidden since: nothing for a member, the mail for one who may see hidden boards', async (t) => {
  const board = await createBoard(server.ctx, { display: false });
  const reader = await createMember(server.ctx, { permissions: ['board:read'] });
  const post = await newPost({ boardId: board.id });
  const title = { oldTitle: 'Old', newTitle: 'Dark mode' };
  t.is(await digest(author.user.id, post, [row(post, author.user.id, 'title', title)]), null);
  await server.request('PUT', `/posts/${post.id}/subscription`, { token: reader.token, body: { subscribed: true } });
  t.is((await digest(reader.user.id, post, [row(post, reader.user.id, 'title', title)]))?.subject, '“Old” was renamed');
});

test('comments deleted, spam, internal (unless the reader may see internal notes) or their own are dropped', async (t) => {
  const post = await newPost();
  const staff = await createMember(server.ctx, { name: 'Staff', permissions: ['comment:view_internal'] });
  await server.request('PUT', `/posts/${post.id}/subscription`, { token: staff.token, body: { subscribed: true } });
  const commenter = await createMember(server.ctx, { name: 'Grace Hopper' });
  const deletedId = await comment(post, commenter, 'Deleted');
  await server.ctx.storage.transaction(async (tx) => {
    await tx.activities.delete((await tx.activities.getByComment(deletedId))!.id);
    await tx.comments.delete(deletedId);
  });
  const spamId = await comment(post, commenter, 'Spam', { isSpam: true });
  const internalId = await comment(post, staff, 'Internal note by staff', { isInternal: true });
  const ownId = await comment(post, author, 'By the author');
  const rowsFor = (userId: string) => [deletedId, spamId, internalId, ownId, 'not-an-id'].map((commentId) => row(post, userId, 'comment', { commentId }));

  t.is(await digest(author.user.id, post, rowsFor(author.user.id)), null);
  const owners = await digest(owner.user.id, post, [...rowsFor(owner.user.id), row(post, owner.user.id, 'comment', {})]);
  t.is(owners, null, 'the owner is not subscribed');
  await server.request('PUT', `/posts/${post.id}/subscription`, { token: owner.token, body: { subscribed: true } });
  const seen = await digest(owner.user.id, post, rowsFor(owner.user.id));
  t.deepEqual(updateLines(seen!), ['- Staff commented:', '  “Internal note by staff”', '- Ada Author commented:', '  “By the author”']);
  // Staff wrote the internal note themselves: only the author's comment is news to them.
  t.deepEqual(updateLines((await digest(staff.user.id, post, rowsFor(staff.user.id)))!), ['- Ada Author commented:', '  “By the author”']);
});

test('status changes as the reader sees the roadmaps: hidden ones are no roadmap', async (t) => {
  const shown = await createRoadmap(server.ctx, { name: 'Planned' });
  const hidden = await createRoadmap(server.ctx, { name: 'Secret triage', display: false });
  const reader = await createMember(server.ctx, { permissions: ['roadmap:read'] });
  const post = await newPost();
  await server.request('PUT', `/posts/${post.id}/subscription`, { token: reader.token, body: { subscribed: true } });
  const changes = (userId: string) => [
    status(post, userId, null, hidden),
    status(post, userId, hidden, shown),
    status(post, userId, shown, hidden),
    status(post, userId, shown, null),
    status(post, userId, null, { ...shown, id: randomUUID() }),
  ];
  const member = await digest(author.user.id, post, changes(author.user.id));
  t.deepEqual(updateLines(member!), ['- Status is now Planned.', '- Taken off the roadmap.', '- Taken off the roadmap.']);
  t.false(member?.text.includes('Secret'));
  t.false(member?.html?.includes('Secret'));
  const readers = await digest(reader.user.id, post, changes(reader.user.id));
  t.deepEqual(updateLines(readers!), [
    '- Status is now Secret triage.',
    '- Status is now Planned.',
    '- Status is now Secret triage.',
    '- Taken off the roadmap.',
  ]);
  t.is(await digest(author.user.id, post, [status(post, author.user.id, null, hidden)]), null);
  t.is((await digest(author.user.id, post, [status(post, author.user.id, shown, hidden)]))?.subject, '“Dark mode” was taken off the roadmap');
});

// ---- through real SMTP --------------------------------------------------------------------------------------

test('sent through SMTP, the one-click URL in the List-Unsubscribe header unsubscribes', async (t) => {
  const post = await newPost();
  const message = await digest(author.user.id, post, [row(post, author.user.id, 'title', { oldTitle: 'Old', newTitle: 'Dark mode' })]);
  const before = sink.messages.length;
  t.true((await server.ctx.mailer.send(message!)).ok);
  const received = (await sink.waitForMessages(before + 1)).at(-1)!;
  t.is(received.subject, '“Old” was renamed');
  const header = rawHeader(received.headerLines, 'list-unsubscribe');
  t.is(rawHeader(received.headerLines, 'list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
  const url = new URL(/^<(.+)>$/.exec(header)?.[1] ?? '');
  t.is(url.origin, PUBLIC_URL);
  t.true(received.text?.includes(`${PUBLIC_URL}/unsubscribe${url.search}`));
  const click = await server.request('POST', `${url.pathname.replace('/api/v1', '')}${url.search}`, {
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  t.deepEqual(click.body, { unsubscribed: { postId: post.id, title: 'Dark mode', slug: post.slug } });
  t.is(await digest(author.user.id, post, [row(post, author.user.id, 'title', { oldTitle: 'Old', newTitle: 'Dark mode' })]), null);
});
