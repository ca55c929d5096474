import { randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import type { PostRow, UserRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt, OWNER, type Persona, voteAt } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const NOT_FOUND = { message: 'Post not found', code: 'POST_NOT_FOUND' };
const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
const LABS_DISABLED = { message: 'This feature is disabled', code: 'LABS_DISABLED' };
const INVALID_USER_ID = { message: 'Invalid user ID', code: 'INVALID_USER_ID' };
const USER_NOT_FOUND = { message: 'User not found', code: 'USER_NOT_FOUND' };
const VOTE_EXISTS = { message: 'User has already voted on this post', code: 'VOTE_EXISTS' };
const VOTE_NOT_FOUND = { message: 'User has not voted on this post', code: 'VOTE_NOT_FOUND' };
const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, second)).toISOString();

/** Turns the `voteOnBehalf` lab flag on or off straight in storage (the settings routes come later). */
async function setVoteOnBehalf(server: TestServer, voteOnBehalf: boolean): Promise<void> {
  await server.ctx.storage.transaction(async (tx) => {
    const { labs } = await tx.settings.get();
    await tx.settings.update({ labs: { ...labs, voteOnBehalf } });
  });
}

/** A server with the owner set up through the API. */
async function ownerServer(t: ExecutionContext): Promise<{ server: TestServer; owner: Persona }> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  return { server, owner: { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken } };
}

test('a moderator votes for a user and takes it back; viewerVote stays the moderator’s own', async (t) => {
  const { server, owner } = await ownerServer(t);
  await setVoteOnBehalf(server, true);
  const moderator = await createMember(server.ctx, { permissions: ['vote:assign', 'vote:unassign'] });
  const customer = await createMember(server.ctx, { name: 'Customer' });
  const post = await createPostAt(server.ctx, owner.user, { createdAt: at(0) });
  const added = await server.request('POST', `/posts/${post.id.toUpperCase()}/votes/${customer.user.id.toUpperCase()}`, { token: moderator.token });
  t.is(added.status, 201);
  t.deepEqual(Object.keys(added.body), ['voters', 'vote']);
  const stored = (await server.ctx.storage.votes.getByUserAndPost(customer.user.id, post.id))!;
  t.deepEqual(added.body.vote, {
    voteId: stored.id,
    user: { userId: customer.user.id, name: 'Customer', avatar: added.body.voters.votes[0].avatar, username: customer.user.username },
  });
  t.regex(added.body.vote.user.avatar, /^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}$/);
  t.like(added.body.voters, { votesCount: 1, viewerVote: null });
  t.like(added.body.voters.votes[0], { voteId: stored.id, userId: customer.user.id, postId: post.id, name: 'Customer' });

  const own = await voteAt(server.ctx, moderator.user, post, at(1));
  const removed = await server.request('DELETE', `/posts/${post.id}/votes/${customer.user.id}`, { token: moderator.token });
  t.is(removed.status, 200);
  t.deepEqual(removed.body.voters, {
    votes: [{ voteId: own.id, userId: moderator.user.id, postId: post.id, createdAt: at(1), name: 'Member', username: moderator.user.username, avatar: removed.body.voters.votes[0].avatar }],
    votesCount: 1,
    viewerVote: { voteId: own.id, userId: moderator.user.id, postId: post.id, createdAt: at(1) },
  });
  t.is(await server.ctx.storage.votes.getByUserAndPost(customer.user.id, post.id), undefined);
  const again = await server.request('POST', `/posts/${post.id}/votes/${customer.user.id}`, { token: owner.token });
  t.is(again.status, 201, 'the owner holds vote:assign');
  t.is(again.body.voters.viewerVote, null, 'the owner has not voted');
});

test('the flag is read on every request', async (t) => {
  const { server, owner } = await ownerServer(t);
  const customer = await createMember(server.ctx);
  const post = await createPostAt(server.ctx, owner.user, { createdAt: at(0) });
  const path = `/posts/${post.id}/votes/${customer.user.id}`;
  t.deepEqual((await server.request('POST', path, { token: owner.token })).body, LABS_DISABLED);
  await setVoteOnBehalf(server, true);
  t.is((await server.request('POST', path, { token: owner.token })).status, 201);
  await setVoteOnBehalf(server, false);
  t.deepEqual((await server.request('DELETE', path, { token: owner.token })).body, LABS_DISABLED);
  t.is(await server.ctx.storage.votes.count(), 1);
});

test('ten identical votes on behalf at once: one 201, nine 409', async (t) => {
  const { server, owner } = await ownerServer(t);
  await setVoteOnBehalf(server, true);
  const customer = await createMember(server.ctx);
  const post = await createPostAt(server.ctx, owner.user, { createdAt: at(0) });
  const responses = await Promise.all(
    Array.from({ length: 10 }, () => server.request('POST', `/posts/${post.id}/votes/${customer.user.id}`, { token: owner.token })),
  );
  t.deepEqual(responses.map((response) => response.status).sort(), [201, ...Array(9).fill(409)]);
  t.is(await server.ctx.storage.votes.count(), 1);
});

test('full authentication: missing header 401, blocked caller 403', async (t) => {
  const { server, owner } = await ownerServer(t);
  await setVoteOnBehalf(server, true);
  const blocked = await createMember(server.ctx, { permissions: ['vote:assign'], blocked: true });
  const post = await createPostAt(server.ctx, owner.user, { createdAt: at(0) });
  const path = `/posts/${post.id}/votes/${owner.user.id}`;
  t.deepEqual((await server.request('POST', path)).body, { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' });
  t.deepEqual((await server.request('DELETE', path, { token: blocked.token })).body, { message: 'User is Blocked', code: 'USER_BLOCKED' });
});

/** The cast of the error rows: voteOnBehalf on unless `labsOff`. */
interface Scene {
  server: TestServer;
  owner: Persona;
  assigner: Persona;
  unassigner: Persona;
  hiddenOnly: Persona;
  post: PostRow;
  hiddenPost: PostRow;
  voter: UserRow;
  nonVoter: UserRow;
}

async function scene(t: ExecutionContext, labsOn: boolean): Promise<Scene> {
  const { server, owner } = await ownerServer(t);
  if (labsOn) await setVoteOnBehalf(server, true);
  const assigner = await createMember(server.ctx, { permissions: ['vote:assign'] });
  const unassigner = await createMember(server.ctx, { permissions: ['vote:unassign'] });
  const hiddenOnly = await createMember(server.ctx, { permissions: ['vote:assign', 'vote:unassign'] });
  const voter = (await createMember(server.ctx)).user;
  const nonVoter = (await createMember(server.ctx)).user;
  const post = await createPostAt(server.ctx, owner.user, { createdAt: at(0) });
  const hidden = await createBoard(server.ctx, { display: false });
  const hiddenPost = await createPostAt(server.ctx, owner.user, { boardId: hidden.id, createdAt: at(0) });
  await voteAt(server.ctx, voter, post, at(1));
  await voteAt(server.ctx, voter, hiddenPost, at(1));
  return { server, owner, assigner, unassigner, hiddenOnly, post, hiddenPost, voter, nonVoter };
}

type Row = [string, 'POST' | 'DELETE', boolean, (s: Scene) => { persona: Persona; path: string }, number, unknown];
const rows: Row[] = [
  ['post_id not a UUID', 'POST', true, (s) => ({ persona: s.owner, path: `/posts/a-post/votes/${s.nonVoter.id}` }), 404, NOT_FOUND],
  ['post_id unknown', 'POST', true, (s) => ({ persona: s.owner, path: `/posts/${randomUUID()}/votes/${s.nonVoter.id}` }), 404, NOT_FOUND],
  ['post on a hidden board', 'POST', true, (s) => ({ persona: s.hiddenOnly, path: `/posts/${s.hiddenPost.id}/votes/${s.nonVoter.id}` }), 404, NOT_FOUND],
  ['post checked before the lab flag', 'POST', false, (s) => ({ persona: s.owner, path: `/posts/${randomUUID()}/votes/x` }), 404, NOT_FOUND],
  ['lab flag off', 'POST', false, (s) => ({ persona: s.owner, path: `/posts/${s.post.id}/votes/${s.nonVoter.id}` }), 403, LABS_DISABLED],
  ['lab flag before permission', 'POST', false, (s) => ({ persona: s.unassigner, path: `/posts/${s.post.id}/votes/x` }), 403, LABS_DISABLED],
  ['lacks vote:assign', 'POST', true, (s) => ({ persona: s.unassigner, path: `/posts/${s.post.id}/votes/${s.nonVoter.id}` }), 403, FORBIDDEN],
  ['permission before the user id', 'POST', true, (s) => ({ persona: s.unassigner, path: `/posts/${s.post.id}/votes/x` }), 403, FORBIDDEN],
  ['user_id not a UUID', 'POST', true, (s) => ({ persona: s.assigner, path: `/posts/${s.post.id}/votes/someone` }), 400, INVALID_USER_ID],
  ['user_id with NUL', 'POST', true, (s) => ({ persona: s.assigner, path: `/posts/${s.post.id}/votes/${s.nonVoter.id}%00` }), 400, INVALID_USER_ID],
  ['user unknown', 'POST', true, (s) => ({ persona: s.assigner, path: `/posts/${s.post.id}/votes/${randomUUID()}` }), 404, USER_NOT_FOUND],
  ['already voted', 'POST', true, (s) => ({ persona: s.assigner, path: `/posts/${s.post.id}/votes/${s.voter.id}` }), 409, VOTE_EXISTS],
  ['post_id not a UUID', 'DELETE', true, (s) => ({ persona: s.owner, path: `/posts/x/votes/${s.voter.id}` }), 404, NOT_FOUND],
  ['post on a hidden board', 'DELETE', true, (s) => ({ persona: s.hiddenOnly, path: `/posts/${s.hiddenPost.id}/votes/${s.voter.id}` }), 404, NOT_FOUND],
  ['lab flag off', 'DELETE', false, (s) => ({ persona: s.owner, path: `/posts/${s.post.id}/votes/${s.voter.id}` }), 403, LABS_DISABLED],
  ['lacks vote:unassign', 'DELETE', true, (s) => ({ persona: s.assigner, path: `/posts/${s.post.id}/votes/${s.voter.id}` }), 403, FORBIDDEN],
  ['user_id not a UUID', 'DELETE', true, (s) => ({ persona: s.unassigner, path: `/posts/${s.post.id}/votes/${s.voter.id}x` }), 400, INVALID_USER_ID],
  ['user unknown', 'DELETE', true, (s) => ({ persona: s.unassigner, path: `/posts/${s.post.id}/votes/${randomUUID()}` }), 404, USER_NOT_FOUND],
  ['user has not voted', 'DELETE', true, (s) => ({ persona: s.unassigner, path: `/posts/${s.post.id}/votes/${s.nonVoter.id}` }), 404, VOTE_NOT_FOUND],
];

for (const [title, method, labsOn, request, status, expected] of rows) {
  test(`${method} vote on behalf error: ${title}`, async (t) => {
    const s = await scene(t, labsOn);
    const { persona, path } = request(s);
    const response = await s.server.request(method, path, { token: persona.token });
    t.is(response.status, status);
    t.deepEqual(response.body, expected);
    t.is(await s.server.ctx.storage.votes.count(), 2, 'a refused request changes no vote');
    t.truthy(await s.server.ctx.storage.votes.getByUserAndPost(s.voter.id, s.post.id));
  });
}

test('the owner sees hidden posts and may vote on them for others', async (t) => {
  const s = await scene(t, true);
  const response = await s.server.request('POST', `/posts/${s.hiddenPost.id}/votes/${s.nonVoter.id}`, { token: s.owner.token });
  t.is(response.status, 201);
  t.is(response.body.voters.votesCount, 2);
});

test('/votes and the on-behalf path allow POST and DELETE only', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  for (const path of ['/votes', `/posts/${randomUUID()}/votes/${randomUUID()}`]) {
    const response = await server.request('PATCH', path, { body: {} });
    t.is(response.status, 405, path);
    t.is(response.headers.get('allow'), 'POST, DELETE, OPTIONS', path);
  }
});
