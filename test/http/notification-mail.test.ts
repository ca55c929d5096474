/*
 * Notification mail end to end (issue 17 §1–3), on both engines: changes made through the API are
 * recorded, fanned out by the worker to the post's subscribers, batched per recipient and post, and
 * mailed through a real SMTP server on loopback; the one-click unsubscribe link works without
 * signing in; what a recipient cannot see never reaches them.
 */
import test, { type ExecutionContext } from 'ava';
import type { ParsedMail } from 'mailparser';
import type { Config } from '../../src/config/types.js';
import { createMember, createRoadmap, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { type SmtpSink, startSmtpSink } from '../_helpers/smtp-sink.js';
import { eventually } from '../_helpers/webhook-receiver.js';

interface Board {
  server: TestServer;
  sink: SmtpSink;
  owner: Persona;
  author: Persona;
  voter: Persona;
}

async function startBoard(t: ExecutionContext, overrides: Partial<Config> = {}): Promise<Board> {
  const sink = await startSmtpSink();
  t.teardown(sink.close);
  const server = await startTestServer({ smtpUrl: sink.url, ...overrides }, { worker: true });
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  const author = await createMember(server.ctx, { email: 'grace@example.org', name: 'Grace' });
  const voter = await createMember(server.ctx, { email: 'alan@example.org', name: 'Alan' });
  return { server, sink, owner, author, voter };
}

async function newPost(board: Board, title = 'Dark mode'): Promise<string> {
  const answer = await board.server.request('POST', '/posts', { token: board.author.token, body: { title } });
  return answer.body.post.postId as string;
}

/** Notification mails received so far (the owner's confirmation mail from setup left out). */
function notifications(sink: SmtpSink): ParsedMail[] {
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

async function waitForNotifications(board: Board, n: number): Promise<ParsedMail[]> {
  return eventually(async () => (notifications(board.sink).length >= n ? notifications(board.sink) : undefined), `${n} notification mails`);
}

/** Lets the worker run a few more passes, then says nothing more came. */
async function settle(board: Board, ms = 400): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await eventually(async () => ((await board.server.ctx.storage.notifications.count()) === 0 ? true : undefined), 'the queue is empty');
}

test('a vote then a status change: one mail per subscriber, none to whoever made the change; the unsubscribe link works', async (t) => {
  const board = await startBoard(t);
  const { server } = board;
  const planned = await createRoadmap(server.ctx, { name: 'Planned', display: true });
  const postId = await newPost(board);
  await server.request('POST', '/votes', { token: board.voter.token, body: { postId } });
  await server.request('PATCH', '/posts', { token: board.owner.token, body: { id: postId, roadmapId: planned.id } });
  const mails = await waitForNotifications(board, 2);
  await settle(board);
  t.is(notifications(board.sink).length, 2, 'exactly one mail per subscriber');
  t.deepEqual(mails.map(recipient).sort(), ['alan@example.org', 'grace@example.org']);
  const mail = mails.find((m) => recipient(m) === 'alan@example.org')!;
  t.regex(mail.subject ?? '', /Dark mode/);
  t.regex(mail.subject ?? '', /Planned/);
  t.truthy(mail.text, 'a plain text part');
  t.truthy(mail.html, 'an HTML part');
  t.true((mail.text ?? '').includes(`${server.ctx.config.publicUrl}/p/`), 'a link to the post');
  t.is(header(mail, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
  const oneClick = /^<(.+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1];
  t.truthy(oneClick);
  // What a mail provider does for one-click unsubscribe (RFC 8058): POST the form body to that URL, no sign-in.
  // The test config's publicUrl is not this server's address: keep the path and query, send them here.
  const link = new URL(oneClick!);
  t.is(link.origin, new URL(server.ctx.config.publicUrl).origin);
  const answer = await fetch(`${server.url}${link.pathname}${link.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  t.is(answer.status, 200);
  const state = await server.request('GET', `/posts/${postId}/subscription`, { token: board.voter.token });
  t.like(state.body.subscription, { subscribed: false });
  await server.request('PATCH', '/posts', { token: board.owner.token, body: { id: postId, roadmapId: null } });
  await waitForNotifications(board, 3);
  await settle(board);
  t.deepEqual(notifications(board.sink).slice(2).map(recipient), ['grace@example.org'], 'the unsubscribed voter gets nothing more');
});

test('a burst of ten comments within the digest window gives one mail per recipient and post', async (t) => {
  const board = await startBoard(t, { notificationDigestMs: 3_000 });
  const { server } = board;
  const postId = await newPost(board);
  await server.request('POST', '/votes', { token: board.voter.token, body: { postId } });
  const chatty = await createMember(server.ctx, { email: 'chatty@example.org', name: 'Chatty' });
  const comments = Array.from({ length: 10 }, (_, i) =>
    server.request('POST', `/posts/${postId}/comments`, { token: chatty.token, body: { body: `Thought number ${i + 1}` } }),
  );
  t.deepEqual((await Promise.all(comments)).map((answer) => answer.status), Array(10).fill(201));
  const mails = await waitForNotifications(board, 2);
  await settle(board, 600);
  t.is(notifications(board.sink).length, 2, 'one digest each for the author and the voter; none to the commenter about their own words');
  t.deepEqual(mails.map(recipient).sort(), ['alan@example.org', 'grace@example.org']);
  for (const mail of mails) {
    for (let i = 1; i <= 10; i++) t.true((mail.text ?? '').includes(`Thought number ${i}`), `comment ${i} in the digest`);
  }
});

test('hidden content is never mailed: internal comments, hidden roadmaps, posts on a board the recipient cannot see', async (t) => {
  const board = await startBoard(t);
  const { server } = board;
  const secret = await createRoadmap(server.ctx, { name: 'Secret plan', display: false });
  const postId = await newPost(board);
  await server.request('POST', '/votes', { token: board.voter.token, body: { postId } });
  await server.request('POST', `/posts/${postId}/comments`, { token: board.owner.token, body: { body: 'Internal: we will never do this', is_internal: true } });
  await server.request('PATCH', '/posts', { token: board.owner.token, body: { id: postId, roadmapId: secret.id } });
  await settle(board, 600);
  for (const mail of notifications(board.sink)) {
    t.false((mail.text ?? '').includes('Internal: we will never do this'), `no internal comment to ${recipient(mail)}`);
    t.false((mail.text ?? '').includes('Secret plan'), `no hidden roadmap to ${recipient(mail)}`);
  }
  t.is(notifications(board.sink).length, 0, 'nothing they could see happened');
  // A public comment on a post whose board was hidden meanwhile: members who cannot see hidden boards get nothing.
  const hiddenBoard = await server.ctx.storage.transaction(async (tx) => {
    const now = new Date().toISOString();
    return tx.boards.insert({ id: crypto.randomUUID(), name: 'Team only', description: null, url: 'team-only', color: '000000', display: false, viewVoters: true, createdAt: now, updatedAt: now });
  });
  await server.ctx.storage.transaction((tx) => tx.posts.update(postId, { boardId: hiddenBoard.id }));
  await server.request('POST', `/posts/${postId}/comments`, { token: board.owner.token, body: { body: 'A public reply on a hidden board' } });
  await settle(board, 600);
  t.is(notifications(board.sink).length, 0, 'a post they cannot see is not mailed to them');
});

test('a title edited by someone else notifies; the author editing their own title does not; mail off in the profile stops all', async (t) => {
  const board = await startBoard(t);
  const { server } = board;
  const postId = await newPost(board);
  await server.request('POST', '/votes', { token: board.voter.token, body: { postId } });
  await server.request('PATCH', '/posts', { token: board.author.token, body: { id: postId, title: 'Dark mode everywhere' } });
  await settle(board, 400);
  t.is(notifications(board.sink).length, 0, 'the author renaming their own idea tells nobody');
  await server.request('PATCH', '/posts', { token: board.owner.token, body: { id: postId, title: 'Dark theme' } });
  const mails = await waitForNotifications(board, 2);
  t.deepEqual(mails.map(recipient).sort(), ['alan@example.org', 'grace@example.org']);
  const off = await server.request('PATCH', '/auth/notifications', { token: board.voter.token, body: { mail: false } });
  t.is(off.status, 200);
  await server.request('PATCH', '/posts', { token: board.owner.token, body: { id: postId, title: 'Dark theme, finally' } });
  await waitForNotifications(board, 3);
  await settle(board);
  t.deepEqual(notifications(board.sink).slice(2).map(recipient), ['grace@example.org']);
});

test('a status change and then a comment, as the idea page sends them: one mail per subscriber naming the status and holding the comment', async (t) => {
  const board = await startBoard(t, { notificationDigestMs: 2_000 });
  const { server } = board;
  const planned = await createRoadmap(server.ctx, { name: 'Planned', display: true });
  const postId = await newPost(board);
  await server.request('POST', '/votes', { token: board.voter.token, body: { postId } });
  const status = await server.request('PATCH', '/posts', { token: board.owner.token, body: { id: postId, roadmapId: planned.id } });
  t.is(status.status, 200);
  const comment = await server.request('POST', `/posts/${postId}/comments`, { token: board.owner.token, body: { body: 'Planned for the spring release.' } });
  t.is(comment.status, 201);
  const mails = await waitForNotifications(board, 2);
  await settle(board, 600);
  t.is(notifications(board.sink).length, 2, 'one mail each, not one per change');
  t.deepEqual(mails.map(recipient).sort(), ['alan@example.org', 'grace@example.org']);
  for (const mail of mails) {
    t.is(mail.subject, '“Dark mode” is now Planned, with a new comment', recipient(mail));
    t.true((mail.text ?? '').includes('- Status is now Planned.'), recipient(mail));
    t.true((mail.text ?? '').includes('“Planned for the spring release.”'), recipient(mail));
    t.true(String(mail.html).includes('Planned for the spring release.'), recipient(mail));
  }
});
