import { randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import { createBoard, createMember, createPostAt, OWNER, type Persona, voteAt } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const NOT_FOUND = { message: 'Post not found', code: 'POST_NOT_FOUND' };
const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, second)).toISOString();

/** A server with the owner set up through the API. */
async function ownerServer(t: ExecutionContext): Promise<{ server: TestServer; owner: Persona }> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  return { server, owner: { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken } };
}

test('the author deletes a post: 204 without a body; its votes go with it, other posts keep theirs', async (t) => {
  const { server, owner } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const voters = await Promise.all([0, 1, 2].map(() => createMember(server.ctx)));
  const doomed = await createPostAt(server.ctx, author.user, { createdAt: at(1) });
  const kept = await createPostAt(server.ctx, author.user, { createdAt: at(2) });
  for (const [i, voter] of voters.entries()) {
    await voteAt(server.ctx, voter.user, doomed, at(10 + i));
    if (i < 2) await voteAt(server.ctx, voter.user, kept, at(20 + i));
  }
  const response = await server.request('DELETE', '/posts', { token: author.token, body: { id: doomed.id.toUpperCase() } });
  t.is(response.status, 204);
  t.is(response.text, '');
  t.is(response.headers.get('content-type'), null);
  const { storage } = server.ctx;
  t.is(await storage.posts.get(doomed.id), undefined);
  t.is(await storage.votes.count(), 2);
  t.deepEqual((await storage.votes.summarize([doomed.id], 6, null)).get(doomed.id), { recent: [], count: 0, viewerVote: null });
  const counts = await storage.votes.countByUsers(voters.map((voter) => voter.user.id));
  t.deepEqual([...counts.values()], [1, 1, 0]);
  const listed = await server.request('POST', '/posts/get', { body: {} });
  t.deepEqual(listed.body.posts.map((post: { postId: string }) => post.postId), [kept.id]);
  t.is(listed.body.posts[0].voters.votesCount, 2);
  t.deepEqual((await server.request('POST', '/posts/slug', { body: { slug: doomed.slug } })).body, NOT_FOUND);
  t.deepEqual((await server.request('GET', `/posts/${doomed.id}/votes`)).body, NOT_FOUND);
  const users = await server.request('GET', '/users', { token: owner.token });
  const authorItem = users.body.users.find((user: { userId: string }) => user.userId === author.user.id);
  t.like(authorItem, { posts: 1 });
});

test('a post created through the API is deleted with its author vote', async (t) => {
  const { server } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const created = await server.request('POST', '/posts', { token: author.token, body: { title: 'Short-lived' } });
  t.is(await server.ctx.storage.votes.count(), 1);
  const response = await server.request('DELETE', '/posts', { token: author.token, body: { postId: created.body.post.postId } });
  t.is(response.status, 204);
  t.is(await server.ctx.storage.posts.count(), 0);
  t.is(await server.ctx.storage.votes.count(), 0);
});

test('others need post:destroy; the owner holds it', async (t) => {
  const { server, owner } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const stranger = await createMember(server.ctx, { permissions: ['post:update', 'vote:unassign'] });
  const moderator = await createMember(server.ctx, { permissions: ['post:destroy'] });
  const [first, second] = await Promise.all([1, 2].map((i) => createPostAt(server.ctx, author.user, { createdAt: at(i) })));
  await voteAt(server.ctx, stranger.user, first!, at(5));
  const refused = await server.request('DELETE', '/posts', { token: stranger.token, body: { id: first!.id } });
  t.is(refused.status, 403);
  t.deepEqual(refused.body, FORBIDDEN);
  t.deepEqual(await server.ctx.storage.posts.get(first!.id), first);
  t.is(await server.ctx.storage.votes.count(), 1, 'a refused delete keeps the votes');
  t.is((await server.request('DELETE', '/posts', { token: moderator.token, body: { id: first!.id } })).status, 204);
  t.is(await server.ctx.storage.votes.count(), 0);
  t.is((await server.request('DELETE', '/posts', { token: owner.token, body: { id: second!.id } })).status, 204);
  t.is(await server.ctx.storage.posts.count(), 0);
});

test('posts on hidden boards are not found without board:read, even by their author', async (t) => {
  const { server } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const insider = await createMember(server.ctx, { permissions: ['board:read', 'post:destroy'] });
  const hidden = await createBoard(server.ctx, { display: false });
  const post = await createPostAt(server.ctx, author.user, { boardId: hidden.id, createdAt: at(1) });
  const refused = await server.request('DELETE', '/posts', { token: author.token, body: { id: post.id } });
  t.is(refused.status, 404);
  t.deepEqual(refused.body, NOT_FOUND);
  t.is((await server.request('DELETE', '/posts', { token: insider.token, body: { id: post.id } })).status, 204);
});

test('authentication is required', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const response = await server.request('DELETE', '/posts', { body: { id: randomUUID() } });
  t.is(response.status, 401);
  t.deepEqual(response.body, { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' });
});

const rows: Array<[string, (postId: string) => Record<string, unknown>]> = [
  ['no id', () => ({})],
  ['slug only', () => ({ slug: 'a-post' })],
  ['id not a UUID', () => ({ id: 'a-post' })],
  ['id a number', () => ({ id: 1 })],
  ['id an object', (postId) => ({ id: { id: postId } })],
  ['id unknown', () => ({ id: randomUUID() })],
  ['postId unknown', () => ({ postId: randomUUID() })],
  ['id bad though postId is good', (postId) => ({ id: 'x', postId })],
  ['id with NUL', (postId) => ({ id: `${postId}\u0000` })],
];

for (const [title, body] of rows) {
  test(`delete post error: ${title}`, async (t) => {
    const { server, owner } = await ownerServer(t);
    const post = await createPostAt(server.ctx, owner.user, { createdAt: at(1) });
    await voteAt(server.ctx, owner.user, post, at(2));
    const response = await server.request('DELETE', '/posts', { token: owner.token, body: body(post.id) });
    t.is(response.status, 404);
    t.deepEqual(response.body, NOT_FOUND);
    t.deepEqual(await server.ctx.storage.posts.get(post.id), post);
    t.is(await server.ctx.storage.votes.count(), 1);
  });
}

test('deleting twice: the second answer is 404', async (t) => {
  const { server, owner } = await ownerServer(t);
  const post = await createPostAt(server.ctx, owner.user, { createdAt: at(1) });
  t.is((await server.request('DELETE', '/posts', { token: owner.token, body: { id: post.id } })).status, 204);
  t.deepEqual((await server.request('DELETE', '/posts', { token: owner.token, body: { id: post.id } })).body, NOT_FOUND);
});

test('/posts answers 405 for other methods, listing POST, PATCH, DELETE', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const response = await server.request('PUT', '/posts', { body: {} });
  t.is(response.status, 405);
  t.is(response.headers.get('allow'), 'POST, PATCH, DELETE, OPTIONS');
});
