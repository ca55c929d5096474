import test from 'ava';
import { createBoard, createPostAt } from '../_helpers/personas.js';
import type { TestServer } from '../_helpers/server.js';
import { at, commentThrough, startStage } from './_comments.js';

/** `commentsCount` of every post as `POST /posts/get` lists them to `token` (anonymous without), by post id. */
async function listedCounts(server: TestServer, token?: string): Promise<Record<string, number>> {
  const response = await server.request('POST', '/posts/get', { ...(token ? { token } : {}), body: { limit: 100 } });
  return Object.fromEntries(response.body.posts.map((post: { postId: string; commentsCount: number }) => [post.postId, post.commentsCount]));
}

test('commentsCount counts public comments and replies, never internal ones, in the list, by slug and among similar posts', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const quiet = await createPostAt(server.ctx, member.user, { title: 'Dark mode at night', createdAt: at(1) });
  const root = await commentThrough(server, member.token, post.id, { body: 'First' });
  await commentThrough(server, owner.token, post.id, { body: 'A reply', parent_id: root.comment.id });
  await commentThrough(server, owner.token, post.id, { body: 'Team only', is_internal: true });
  const expected = { [post.id]: 2, [quiet.id]: 0 };
  t.deepEqual(await listedCounts(server), expected);
  t.deepEqual(await listedCounts(server, owner.token), expected, 'internal comments do not count even for those who see them');
  const bySlug = await server.request('POST', '/posts/slug', { token: owner.token, body: { postId: post.id } });
  t.is(bySlug.body.post.commentsCount, 2);
  const similar = await server.request('POST', '/posts/similar', { body: { title: 'dark mode' } });
  t.deepEqual(similar.body.posts.map((found: { commentsCount: number }) => found.commentsCount), [0]);
});

test('the listed count follows every new comment, edit of is_internal and deletion, for a viewer who asked before', async (t) => {
  const { server, owner, member, post } = await startStage(t);
  const board = await createBoard(server.ctx);
  const onBoard = await createPostAt(server.ctx, member.user, { boardId: board.id, createdAt: at(2) });
  // Asked first, so the list's views are built (and, on the JSON-file engine, kept) before each change.
  t.deepEqual(await listedCounts(server, member.token), { [post.id]: 0, [onBoard.id]: 0 });
  const root = await commentThrough(server, member.token, post.id, { body: 'Question' });
  const reply = await commentThrough(server, member.token, post.id, { body: 'More', parent_id: root.comment.id });
  await commentThrough(server, member.token, onBoard.id, { body: 'Elsewhere' });
  t.deepEqual(await listedCounts(server, member.token), { [post.id]: 2, [onBoard.id]: 1 });
  const hidden = await server.request('PUT', `/posts/${post.id}/comments/${reply.comment.id}`, { token: owner.token, body: { body: 'More', is_internal: true } });
  t.is(hidden.status, 200);
  t.deepEqual(await listedCounts(server, member.token), { [post.id]: 1, [onBoard.id]: 1 });
  const removed = await server.request('DELETE', `/posts/${post.id}/comments/${root.comment.id}`, { token: owner.token });
  t.is(removed.status, 204);
  t.deepEqual(await listedCounts(server, member.token), { [post.id]: 0, [onBoard.id]: 1 }, 'the thread went with its root');
  t.deepEqual(await listedCounts(server), { [post.id]: 0, [onBoard.id]: 1 });
});
