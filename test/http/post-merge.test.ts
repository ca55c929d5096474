/*
 * Merging duplicate posts, and unmerging (issue 30 §2), through the API on both engines: votes
 * united one per person, comments moved and marked, the merged post out of every list and its old
 * slug leading to the target, each refusal in the documented order, the webhook event and one
 * mail per follower through a real SMTP server on loopback.
 */
import test, { type ExecutionContext } from 'ava';
import type { ParsedMail } from 'mailparser';
import { systemActor } from '../../src/admin/system-actor.js';
import { createWebhook } from '../../src/services/webhooks/endpoints.js';
import { createBoard, createMember, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { type SmtpSink, startSmtpSink } from '../_helpers/smtp-sink.js';
import { eventually, startWebhookReceiver } from '../_helpers/webhook-receiver.js';

interface Board {
  server: TestServer;
  owner: Persona;
  /** Holds `post:merge` through a role of their own. */
  merger: Persona;
  grace: Persona;
  alan: Persona;
}

async function startBoard(t: ExecutionContext, options: { sink?: SmtpSink; worker?: boolean } = {}): Promise<Board> {
  const server = await startTestServer(options.sink ? { smtpUrl: options.sink.url } : {}, { worker: options.worker ?? false });
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  const merger = await createMember(server.ctx, { email: 'mia@example.org', name: 'Mia', permissions: ['post:merge'] });
  const grace = await createMember(server.ctx, { email: 'grace@example.org', name: 'Grace' });
  const alan = await createMember(server.ctx, { email: 'alan@example.org', name: 'Alan' });
  return { server, owner, merger, grace, alan };
}

async function newPost(board: Board, author: Persona, title: string, boardId?: string): Promise<{ postId: string; slug: string }> {
  const answer = await board.server.request('POST', '/posts', { token: author.token, body: { title, ...(boardId ? { boardId } : {}) } });
  return { postId: answer.body.post.postId as string, slug: answer.body.post.slug as string };
}

async function vote(board: Board, voter: Persona, postId: string): Promise<void> {
  const answer = await board.server.request('POST', '/votes', { token: voter.token, body: { postId } });
  if (answer.status !== 201) throw new Error(`vote: ${answer.status} ${answer.text}`);
}

function merge(board: Board, token: string | undefined, postId: string, body: unknown) {
  return board.server.request('POST', `/posts/${postId}/merge`, { ...(token ? { token } : {}), body });
}

async function voterIds(board: Board, postId: string): Promise<string[]> {
  const answer = await board.server.request('GET', `/posts/${postId}/votes?first=100`, { token: board.owner.token });
  return (answer.body.votes.results as Array<{ user: { userId: string } }>).map((vote) => vote.user.userId).sort();
}

async function listedIds(board: Board, body: Record<string, unknown> = {}): Promise<string[]> {
  const answer = await board.server.request('POST', '/posts/get', { token: board.owner.token, body: { limit: 100, ...body } });
  return (answer.body.posts as Array<{ postId: string }>).map((post) => post.postId);
}

test('merging unites the votes one per person, moves and marks the comments, and unmerge gives everything back', async (t) => {
  const board = await startBoard(t);
  const { server, owner, merger, grace, alan } = board;
  const target = await newPost(board, owner, 'Dark mode for the dashboard');
  const source = await newPost(board, grace, 'Night theme please');
  await vote(board, alan, target.postId);
  await vote(board, alan, source.postId);
  await vote(board, merger, source.postId);
  const comment = await server.request('POST', `/posts/${source.postId}/comments`, { token: alan.token, body: { body: 'Yes, my eyes hurt' } });
  const reply = await server.request('POST', `/posts/${source.postId}/comments`, {
    token: grace.token,
    body: { body: 'Same here', parent_id: comment.body.activity.comment.id },
  });
  const internal = await server.request('POST', `/posts/${source.postId}/comments`, { token: owner.token, body: { body: 'Duplicate of dark mode', is_internal: true } });
  const before = await server.request('POST', '/posts/slug', { token: owner.token, body: { slug: source.slug } });

  const merged = await merge(board, merger.token, source.postId, { into: target.postId.toUpperCase() });
  t.is(merged.status, 200, merged.text);
  t.is(merged.body.post.postId, target.postId);
  t.deepEqual(merged.body.post.mergedFrom, { postId: source.postId, slug: source.slug, title: 'Night theme please' });
  // An author votes for their own post: Ada on the target, Grace on the source.
  t.is(merged.body.post.voters.votesCount, 4, 'Alan voted on both and counts once');
  t.deepEqual(await voterIds(board, target.postId), [alan.user.id, grace.user.id, merger.user.id, owner.user.id].sort());

  const activity = await server.request('GET', `/posts/${target.postId}/activity?visibility=public,internal`, { token: owner.token });
  const moved = (activity.body.activity as Array<{ comment: { id: string; mergedFrom?: unknown } }>).map((entry) => entry.comment);
  t.deepEqual(moved.map((c) => c.id).sort(), [comment.body.activity.comment.id, reply.body.activity.comment.id, internal.body.activity.comment.id].sort());
  for (const c of moved) t.deepEqual(c.mergedFrom, { postId: source.postId, slug: source.slug, title: 'Night theme please' });
  const publicOnly = await server.request('GET', `/posts/${target.postId}/activity`);
  t.is(publicOnly.body.activity.length, 2, 'a visitor sees the moved public comment and reply, not the internal note');
  const targetView = await server.request('POST', '/posts/slug', { body: { slug: target.slug } });
  t.is(targetView.body.post.commentsCount, 2);

  const unmerged = await server.request('POST', `/posts/${source.postId}/unmerge`, { token: merger.token });
  t.is(unmerged.status, 200, unmerged.text);
  const after = await server.request('POST', '/posts/slug', { token: owner.token, body: { slug: source.slug } });
  t.deepEqual(after.body, before.body, 'the source exactly as it was');
  const asMerger = await server.request('POST', '/posts/slug', { token: merger.token, body: { slug: source.slug } });
  t.deepEqual(unmerged.body.post, asMerger.body.post, 'the answer is the post as the caller sees it');
  t.deepEqual(await voterIds(board, target.postId), [alan.user.id, owner.user.id].sort(), 'the target keeps its own votes');
  t.deepEqual(await voterIds(board, source.postId), [alan.user.id, grace.user.id, merger.user.id].sort());
  const back = await server.request('GET', `/posts/${source.postId}/activity?visibility=public,internal`, { token: owner.token });
  t.is(back.body.activity.length, 3);
  t.false(JSON.stringify(back.body).includes('mergedFrom'));
  const targetActivity = await server.request('GET', `/posts/${target.postId}/activity`, { token: owner.token });
  t.deepEqual(targetActivity.body.activity, []);
  t.is((await server.request('GET', `/posts/${source.postId}/activity`)).body.activity.length, 2);
  t.is((await server.request('POST', '/posts/slug', { body: { slug: target.slug } })).body.post.commentsCount, 0);
});

test('the merged post leaves lists, searches, counts, mine and suggestions; its slug and id answer the target with mergedFrom; unmerge gives its places back', async (t) => {
  const board = await startBoard(t);
  const { server, owner, merger, grace, alan } = board;
  const ideas = await createBoard(server.ctx, { name: 'Ideas' });
  const target = await newPost(board, owner, 'Export to spreadsheet', ideas.id);
  const source = await newPost(board, grace, 'Spreadsheet export wanted', ideas.id);
  await vote(board, alan, source.postId);
  t.is((await merge(board, merger.token, source.postId, { into: target.postId })).status, 200);

  t.deepEqual(await listedIds(board), [target.postId]);
  t.deepEqual(await listedIds(board, { boardId: [ideas.id] }), [target.postId]);
  t.deepEqual(await listedIds(board, { query: 'wanted' }), []);
  const mine = await server.request('POST', '/posts/get', { token: grace.token, body: { mine: 'posted' } });
  t.deepEqual(mine.body.posts, []);
  const voted = await server.request('POST', '/posts/get', { token: grace.token, body: { query: 'spreadsheet' } });
  t.deepEqual((voted.body.posts as Array<{ postId: string }>).map((post) => post.postId), [target.postId]);
  const similar = await server.request('POST', '/posts/similar', { body: { title: 'spreadsheet export' } });
  t.deepEqual((similar.body.posts as Array<{ postId: string }>).map((post) => post.postId), [target.postId]);
  const boards = await server.request('GET', `/boards/${ideas.url}`);
  t.is(boards.body.board.post_count, 1);
  const summary = await server.request('GET', '/dashboard/summary', { token: owner.token });
  t.false(JSON.stringify(summary.body).includes(source.postId));

  const bySlug = await server.request('POST', '/posts/slug', { body: { slug: source.slug } });
  t.is(bySlug.status, 200);
  t.is(bySlug.body.post.postId, target.postId);
  t.deepEqual(bySlug.body.post.mergedFrom, { postId: source.postId, slug: source.slug, title: 'Spreadsheet export wanted' });
  const byId = await server.request('POST', '/posts/slug', { body: { id: source.postId } });
  t.is(byId.body.post.postId, target.postId);
  const direct = await server.request('POST', '/posts/slug', { body: { slug: target.slug } });
  t.false('mergedFrom' in direct.body.post, 'only a merged post’s link names one');
  t.like(direct.body.post.mergedPosts, [{ postId: source.postId, slug: source.slug, title: 'Spreadsheet export wanted' }], 'what can be unmerged');
  t.is(bySlug.body.post.mergedPosts.length, 1);
  t.is((await server.request('GET', `/posts/${source.postId}/votes`)).status, 404);

  // Unmerge puts the post back in its place in every order and in search, among a post written meanwhile.
  const later = await newPost(board, owner, 'Later idea', ideas.id);
  t.is((await server.request('POST', `/posts/${source.postId}/unmerge`, { token: merger.token })).status, 200);
  t.deepEqual(await listedIds(board), [later.postId, source.postId, target.postId], 'created, newest first');
  t.deepEqual(await listedIds(board, { created: 'asc' }), [target.postId, source.postId, later.postId], 'created, oldest first');
  t.deepEqual(await listedIds(board, { orderBy: 'votes' }), [source.postId, later.postId, target.postId], 'votes: its own two first');
  t.deepEqual(await listedIds(board, { boardId: [ideas.id], orderBy: 'votes', limit: 1 }), [source.postId]);
  t.deepEqual(await listedIds(board, { query: 'wanted' }), [source.postId], 'found by search again');
});

test('refusals, each with its code, in the documented order, changing nothing', async (t) => {
  const board = await startBoard(t);
  const { server, owner, merger, grace } = board;
  const hidden = await createBoard(server.ctx, { name: 'Secret', display: false });
  const a = await newPost(board, grace, 'First');
  const b = await newPost(board, grace, 'Second');
  const c = await newPost(board, grace, 'Third');
  const secret = await newPost(board, owner, 'Hidden one', hidden.id);
  const missing = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  const refused = async (token: string | undefined, postId: string, body: unknown, status: number, code: string) => {
    const answer = await merge(board, token, postId, body);
    t.is(answer.status, status, `${code}: ${answer.text}`);
    t.is(answer.body.code, code);
    t.is(typeof answer.body.message, 'string');
    return answer;
  };
  await refused(undefined, a.postId, { into: b.postId }, 401, 'INVALID_AUTH_HEADER');
  await refused(merger.token, missing, { into: b.postId }, 404, 'POST_NOT_FOUND');
  await refused(merger.token, 'not-a-uuid', { into: b.postId }, 404, 'POST_NOT_FOUND');
  await refused(grace.token, a.postId, { into: b.postId }, 403, 'NOT_ENOUGH_PERMISSION');
  await refused(grace.token, missing, {}, 404, 'POST_NOT_FOUND');
  t.is((await refused(merger.token, a.postId, {}, 400, 'VALIDATION_ERROR')).body.message, 'into is required');
  t.is((await refused(merger.token, a.postId, { into: 42 }, 400, 'VALIDATION_ERROR')).body.message, 'into must be a UUID');
  await refused(merger.token, a.postId, { into: a.postId }, 400, 'MERGE_INTO_SELF');
  await refused(merger.token, a.postId, { into: missing }, 404, 'MERGE_TARGET_NOT_FOUND');
  // A hidden board is not found for a merger who cannot see it, either way round.
  await refused(merger.token, a.postId, { into: secret.postId }, 404, 'MERGE_TARGET_NOT_FOUND');
  await refused(merger.token, secret.postId, { into: a.postId }, 404, 'POST_NOT_FOUND');

  t.is((await merge(board, merger.token, a.postId, { into: b.postId })).status, 200);
  await refused(merger.token, a.postId, { into: c.postId }, 409, 'POST_ALREADY_MERGED');
  await refused(merger.token, c.postId, { into: a.postId }, 409, 'MERGE_TARGET_MERGED');
  await refused(merger.token, b.postId, { into: c.postId }, 409, 'POST_HAS_MERGED_POSTS');
  const notMerged = await server.request('POST', `/posts/${c.postId}/unmerge`, { token: merger.token });
  t.is(notMerged.body.code, 'POST_NOT_MERGED');
  t.is((await server.request('POST', `/posts/${a.postId}/unmerge`, { token: grace.token })).body.code, 'NOT_ENOUGH_PERMISSION');
  // The owner sees the hidden board and may merge across it.
  t.is((await merge(board, owner.token, secret.postId, { into: c.postId })).status, 200);
  t.is((await server.request('POST', '/posts/slug', { token: grace.token, body: { slug: secret.slug } })).status, 404, 'a hidden merged post stays unnamed');
  const allow = await server.request('OPTIONS', `/posts/${a.postId}/merge`);
  t.is(allow.headers.get('allow'), 'POST, OPTIONS');
});

test('the webhook event post.merged and one mail to each follower of the merged post, with its unsubscribe link', async (t) => {
  const sink = await startSmtpSink();
  t.teardown(sink.close);
  const board = await startBoard(t, { sink, worker: true });
  const { server, owner, merger, grace, alan } = board;
  const receiver = await startWebhookReceiver();
  t.teardown(receiver.close);
  await createWebhook(server.ctx, systemActor(), { url: receiver.url, allowPrivate: true, events: ['post.merged'] });
  const target = await newPost(board, owner, 'Dark mode');
  const source = await newPost(board, grace, 'Night theme');
  await vote(board, alan, source.postId);
  await vote(board, alan, target.postId);
  await server.request('PUT', `/posts/${source.postId}/subscription`, { token: merger.token, body: { subscribed: true } });
  const quiet = () => sink.messages.filter((mail) => !/confirm your email/i.test(mail.subject ?? ''));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const before = quiet().length;
  t.is((await merge(board, merger.token, source.postId, { into: target.postId })).status, 200);

  const [hook] = await receiver.waitFor(1);
  const envelope = JSON.parse(hook!.body);
  t.is(envelope.event, 'post.merged');
  t.is(envelope.data.post.postId, target.postId);
  t.deepEqual(envelope.data.mergedFrom, { postId: source.postId, slug: source.slug, title: 'Night theme' });

  // Grace (author) and Alan (voter) followed the source; Mia merged it and is not told of her own act.
  const mails = await eventually(async () => (quiet().length - before >= 2 ? quiet().slice(before) : undefined), 'two merge mails');
  await new Promise((resolve) => setTimeout(resolve, 400));
  t.is(quiet().length - before, 2, 'one mail per follower');
  const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
  t.deepEqual(mails.map(to).sort(), ['alan@example.org', 'grace@example.org']);
  for (const mail of mails) {
    t.is(mail.subject, '“Night theme” was merged into “Dark mode”');
    t.regex(mail.text ?? '', /\/unsubscribe\?token=/);
    t.truthy(mail.headerLines.find((line) => line.key === 'list-unsubscribe'));
  }
  // Grace follows the target now (she wrote the merged post): the subscription route says so.
  const graceFollows = await server.request('GET', `/posts/${target.postId}/subscription`, { token: grace.token });
  t.true(graceFollows.body.subscription?.subscribed ?? graceFollows.body.subscribed);
});

test('concurrent merges never cross: one post merged into two targets, or two posts into each other, leaves one merge', async (t) => {
  const board = await startBoard(t);
  const { server, owner, merger } = board;
  const a = await newPost(board, owner, 'Alpha');
  const b = await newPost(board, owner, 'Beta');
  const c = await newPost(board, owner, 'Gamma');
  const intoTwo = await Promise.all([merge(board, merger.token, a.postId, { into: b.postId }), merge(board, merger.token, a.postId, { into: c.postId })]);
  t.deepEqual(intoTwo.map((answer) => answer.status).sort(), [200, 409]);
  t.is(intoTwo.find((answer) => answer.status === 409)!.body.code, 'POST_ALREADY_MERGED');
  t.is(await server.ctx.storage.postMerges.count(), 1);
  t.is((await server.request('POST', `/posts/${a.postId}/unmerge`, { token: merger.token })).status, 200);

  const crossed = await Promise.all([merge(board, merger.token, a.postId, { into: b.postId }), merge(board, merger.token, b.postId, { into: a.postId })]);
  t.deepEqual(crossed.map((answer) => answer.status).sort(), [200, 409]);
  t.is(crossed.find((answer) => answer.status === 409)!.body.code, 'MERGE_TARGET_MERGED');
  t.is(await server.ctx.storage.postMerges.count(), 1);
  t.is((await listedIds(board)).length, 2);
});

test('a merged post on a hidden board stays unnamed to those who cannot see it: its moved comments show as the target’s own', async (t) => {
  const board = await startBoard(t);
  const { server, owner, grace } = board;
  const hidden = await createBoard(server.ctx, { name: 'Staff', display: false });
  const target = await newPost(board, owner, 'Public idea');
  const secret = await newPost(board, owner, 'Secret plan', hidden.id);
  await server.request('POST', `/posts/${secret.postId}/comments`, { token: owner.token, body: { body: 'From the staff board' } });
  t.is((await merge(board, owner.token, secret.postId, { into: target.postId })).status, 200);
  const asVisitor = await server.request('GET', `/posts/${target.postId}/activity`, { token: grace.token });
  t.is(asVisitor.body.activity.length, 1);
  t.false('mergedFrom' in asVisitor.body.activity[0].comment);
  const asOwner = await server.request('GET', `/posts/${target.postId}/activity`, { token: owner.token });
  t.is(asOwner.body.activity[0].comment.mergedFrom.title, 'Secret plan');
  const shown = await server.request('POST', '/posts/slug', { token: grace.token, body: { slug: target.slug } });
  t.false('mergedPosts' in shown.body.post, 'a hidden merged post is not listed either');
  const toOwner = await server.request('POST', '/posts/slug', { token: owner.token, body: { slug: target.slug } });
  t.like(toOwner.body.post.mergedPosts, [{ title: 'Secret plan' }]);
});
