import { createHash, randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import type { PostRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt, OWNER, type Persona, voteAt } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const NOT_FOUND = { message: 'Post not found', code: 'POST_NOT_FOUND' };
const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
const VOTE_EXISTS = { message: 'User has already voted on this post', code: 'VOTE_EXISTS' };
const VOTE_NOT_FOUND = { message: 'User has not voted on this post', code: 'VOTE_NOT_FOUND' };
const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, second)).toISOString();

/** A server with the owner set up through the API. */
async function ownerServer(t: ExecutionContext): Promise<{ server: TestServer; owner: Persona }> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  return { server, owner: { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken } };
}

/** Every vote in storage, as `userId/postId`, sorted: what a refused request must leave alone. */
async function storedVotes(server: TestServer, posts: PostRow[]): Promise<string[]> {
  const summaries = await server.ctx.storage.votes.summarize(posts.map((post) => post.id), 1000, null);
  return [...summaries.values()].flatMap((summary) => summary.recent.map((vote) => `${vote.userId}/${vote.postId}`)).sort();
}

test('a member votes: 201 with Voters holding the new vote first and their viewerVote', async (t) => {
  const { server } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const voter = await createMember(server.ctx, { name: 'Grace Hopper' });
  const post = await createPostAt(server.ctx, author.user, { createdAt: at(0) });
  await voteAt(server.ctx, author.user, post, at(1));
  const before = Date.now();
  const response = await server.request('POST', '/votes', { token: voter.token, body: { postId: post.id.toUpperCase(), userId: author.user.id } });
  t.is(response.status, 201);
  t.deepEqual(Object.keys(response.body), ['voters']);
  const { voters } = response.body;
  t.deepEqual(Object.keys(voters), ['votes', 'votesCount', 'viewerVote']);
  const stored = (await server.ctx.storage.votes.getByUserAndPost(voter.user.id, post.id))!;
  t.true(Date.parse(stored.createdAt) >= before - 5);
  t.deepEqual(voters.votes[0], {
    voteId: stored.id,
    userId: voter.user.id,
    postId: post.id,
    createdAt: stored.createdAt,
    name: 'Grace Hopper',
    username: voter.user.username,
    avatar: `https://www.gravatar.com/avatar/${createHash('md5').update(voter.user.email).digest('hex')}`,
  });
  t.is(voters.votes[1].userId, author.user.id);
  t.is(voters.votesCount, 2);
  t.deepEqual(voters.viewerVote, { voteId: stored.id, userId: voter.user.id, postId: post.id, createdAt: stored.createdAt });
  t.is(await server.ctx.storage.votes.getByUserAndPost(author.user.id, post.id).then((vote) => vote?.createdAt), at(1), 'userId is ignored');
});

test('a member removes their vote: 200 with Voters and viewerVote null', async (t) => {
  const { server } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const voter = await createMember(server.ctx);
  const post = await createPostAt(server.ctx, author.user, { createdAt: at(0) });
  const kept = await voteAt(server.ctx, author.user, post, at(1));
  await voteAt(server.ctx, voter.user, post, at(2));
  const response = await server.request('DELETE', '/votes', { token: voter.token, body: { postId: post.id } });
  t.is(response.status, 200);
  t.deepEqual(Object.keys(response.body), ['voters']);
  t.like(response.body.voters, { votesCount: 1, viewerVote: null });
  t.deepEqual(response.body.voters.votes.map((vote: { voteId: string }) => vote.voteId), [kept.id]);
  t.is(await server.ctx.storage.votes.getByUserAndPost(voter.user.id, post.id), undefined);
  const again = await server.request('POST', '/votes', { token: voter.token, body: { postId: post.id } });
  t.is(again.status, 201, 'a removed vote can be cast again');
});

test('voters show the six newest votes and the full count', async (t) => {
  const { server } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const post = await createPostAt(server.ctx, author.user, { createdAt: at(0) });
  for (let i = 0; i < 8; i++) await voteAt(server.ctx, (await createMember(server.ctx)).user, post, at(1 + i));
  const voter = await createMember(server.ctx);
  const { body } = await server.request('POST', '/votes', { token: voter.token, body: { postId: post.id } });
  t.is(body.voters.votesCount, 9);
  t.is(body.voters.votes.length, 6);
  t.is(body.voters.votes[0].userId, voter.user.id);
});

test('20 identical votes at once: exactly one 201, nineteen 409, one vote stored', async (t) => {
  const { server } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const voter = await createMember(server.ctx);
  const post = await createPostAt(server.ctx, author.user, { createdAt: at(0) });
  const responses = await Promise.all(
    Array.from({ length: 20 }, () => server.request('POST', '/votes', { token: voter.token, body: { postId: post.id } })),
  );
  const statuses = responses.map((response) => response.status).sort();
  t.deepEqual(statuses, [201, ...Array(19).fill(409)]);
  for (const response of responses.filter((r) => r.status === 409)) t.deepEqual(response.body, VOTE_EXISTS);
  t.is(responses.find((r) => r.status === 201)!.body.voters.votesCount, 1);
  t.is(await server.ctx.storage.votes.count(), 1);
  const listed = await server.request('POST', '/posts/get', { body: {} });
  t.is(listed.body.posts[0].voters.votesCount, 1);

  const removals = await Promise.all(
    Array.from({ length: 20 }, () => server.request('DELETE', '/votes', { token: voter.token, body: { postId: post.id } })),
  );
  t.deepEqual(removals.map((response) => response.status).sort(), [200, ...Array(19).fill(404)]);
  t.is(await server.ctx.storage.votes.count(), 0);
});

test('20 different voters at once: twenty 201s and a count of 20', async (t) => {
  const { server } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const post = await createPostAt(server.ctx, author.user, { createdAt: at(0) });
  const voters = await Promise.all(Array.from({ length: 20 }, () => createMember(server.ctx)));
  const responses = await Promise.all(voters.map((voter) => server.request('POST', '/votes', { token: voter.token, body: { postId: post.id } })));
  t.true(responses.every((response) => response.status === 201));
  // Each answer is read after its vote committed: it counts that vote and any that committed before.
  const counts = responses.map((response) => response.body.voters.votesCount as number);
  t.true(counts.every((count) => count >= 1 && count <= 20), counts.join(' '));
  t.is(Math.max(...counts), 20);
  for (const [i, response] of responses.entries()) t.is(response.body.voters.viewerVote?.userId, voters[i]!.user.id);
  t.is(await server.ctx.storage.votes.count(), 20);
});

test('visibility: votes on posts of hidden boards need board:read (the owner has it)', async (t) => {
  const { server, owner } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const member = await createMember(server.ctx);
  const reader = await createMember(server.ctx, { permissions: ['board:read'] });
  const hidden = await createBoard(server.ctx, { display: false });
  const post = await createPostAt(server.ctx, author.user, { boardId: hidden.id, createdAt: at(0) });
  await voteAt(server.ctx, author.user, post, at(1));
  for (const [who, persona, sees] of [['member', member, false], ['author', author, false], ['board:read', reader, true], ['owner', owner, true]] as const) {
    const add = await server.request('POST', '/votes', { token: persona.token, body: { postId: post.id } });
    if (who === 'author') t.deepEqual(add.body, NOT_FOUND, 'the author’s own post is hidden too');
    else t.is(add.status, sees ? 201 : 404, who);
    const remove = await server.request('DELETE', '/votes', { token: persona.token, body: { postId: post.id } });
    t.is(remove.status, sees ? 200 : 404, who);
    if (!sees) t.deepEqual(remove.body, NOT_FOUND);
  }
  t.is((await server.request('POST', '/votes', { body: { postId: post.id } })).status, 401, 'anonymous');
  t.is(await server.ctx.storage.votes.count(), 1);
});

test('authentication is required on both methods', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  for (const method of ['POST', 'DELETE']) {
    const response = await server.request(method, '/votes', { body: { postId: randomUUID() } });
    t.is(response.status, 401);
    t.deepEqual(response.body, { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' });
  }
});

/** A post, a voter who voted on it, a member without vote permissions, and a hidden-board post. */
interface Scene {
  server: TestServer;
  post: PostRow;
  hiddenPost: PostRow;
  voter: Persona;
  fresh: Persona;
  powerless: Persona;
}

async function scene(t: ExecutionContext): Promise<Scene> {
  const { server } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const voter = await createMember(server.ctx);
  const fresh = await createMember(server.ctx);
  const powerless = await createMember(server.ctx, { withoutEveryone: true });
  const post = await createPostAt(server.ctx, author.user, { createdAt: at(0) });
  const hidden = await createBoard(server.ctx, { display: false });
  const hiddenPost = await createPostAt(server.ctx, author.user, { boardId: hidden.id, createdAt: at(0) });
  await voteAt(server.ctx, voter.user, post, at(1));
  await voteAt(server.ctx, author.user, hiddenPost, at(1));
  return { server, post, hiddenPost, voter, fresh, powerless };
}

type Row = [string, 'POST' | 'DELETE', (s: Scene) => { persona: Persona; body: Record<string, unknown> }, number, unknown];
const rows: Row[] = [
  ['postId absent', 'POST', (s) => ({ persona: s.fresh, body: {} }), 404, NOT_FOUND],
  ['postId not a UUID', 'POST', (s) => ({ persona: s.fresh, body: { postId: 'a-post' } }), 404, NOT_FOUND],
  ['postId a number', 'POST', (s) => ({ persona: s.fresh, body: { postId: 12 } }), 404, NOT_FOUND],
  ['postId null', 'POST', (s) => ({ persona: s.fresh, body: { postId: null } }), 404, NOT_FOUND],
  ['postId unknown', 'POST', (s) => ({ persona: s.fresh, body: { postId: randomUUID() } }), 404, NOT_FOUND],
  ['id instead of postId', 'POST', (s) => ({ persona: s.fresh, body: { id: s.post.id } }), 404, NOT_FOUND],
  ['slug instead of postId', 'POST', (s) => ({ persona: s.fresh, body: { slug: s.post.slug } }), 404, NOT_FOUND],
  ['post on a hidden board', 'POST', (s) => ({ persona: s.fresh, body: { postId: s.hiddenPost.id } }), 404, NOT_FOUND],
  ['unknown post before permission', 'POST', (s) => ({ persona: s.powerless, body: { postId: randomUUID() } }), 404, NOT_FOUND],
  ['lacks vote:create', 'POST', (s) => ({ persona: s.powerless, body: { postId: s.post.id } }), 403, FORBIDDEN],
  ['already voted', 'POST', (s) => ({ persona: s.voter, body: { postId: s.post.id } }), 409, VOTE_EXISTS],
  ['postId absent', 'DELETE', (s) => ({ persona: s.voter, body: {} }), 404, NOT_FOUND],
  ['postId not a UUID', 'DELETE', (s) => ({ persona: s.voter, body: { postId: `${s.post.id}x` } }), 404, NOT_FOUND],
  ['postId unknown', 'DELETE', (s) => ({ persona: s.voter, body: { postId: randomUUID() } }), 404, NOT_FOUND],
  ['id instead of postId', 'DELETE', (s) => ({ persona: s.voter, body: { id: s.post.id } }), 404, NOT_FOUND],
  ['post on a hidden board', 'DELETE', (s) => ({ persona: s.voter, body: { postId: s.hiddenPost.id } }), 404, NOT_FOUND],
  ['unknown post before permission', 'DELETE', (s) => ({ persona: s.powerless, body: { postId: randomUUID() } }), 404, NOT_FOUND],
  ['lacks vote:destroy', 'DELETE', (s) => ({ persona: s.powerless, body: { postId: s.post.id } }), 403, FORBIDDEN],
  ['has not voted', 'DELETE', (s) => ({ persona: s.fresh, body: { postId: s.post.id } }), 404, VOTE_NOT_FOUND],
];

for (const [title, method, request, status, expected] of rows) {
  test(`${method} /votes error: ${title}`, async (t) => {
    const s = await scene(t);
    const before = await storedVotes(s.server, [s.post, s.hiddenPost]);
    const { persona, body } = request(s);
    const response = await s.server.request(method, '/votes', { token: persona.token, body });
    t.is(response.status, status);
    t.deepEqual(response.body, expected);
    t.deepEqual(await storedVotes(s.server, [s.post, s.hiddenPost]), before, 'a refused request changes no vote');
  });
}
