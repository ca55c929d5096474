import test from 'ava';
import { createBoard, createMember, createPostAt, createRoadmap, OWNER } from '../_helpers/personas.js';
import { startTestServer } from '../_helpers/server.js';
import { commentAt } from './_comments.js';

/*
 * API.md §2.7: nothing of a hidden roadmap or board reaches a caller who cannot see it. A member
 * (`@everyone` only) walks every route that answers with posts, votes, comments or activity, and
 * no answer may carry a hidden roadmap's or board's id, url or name.
 */
test('no answer to a caller without roadmap:read or board:read names a hidden roadmap or board', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = (await server.ctx.storage.users.getOwner())!;
  const member = await createMember(server.ctx);
  const hiddenRoadmap = await createRoadmap(server.ctx, { display: false, name: 'Secret roadmap', url: 'secret-roadmap' });
  const hiddenBoard = await createBoard(server.ctx, { display: false, name: 'Secret board', url: 'secret-board' });
  const openBoard = await createBoard(server.ctx);
  const now = () => new Date().toISOString();
  const onRoadmap = await createPostAt(server.ctx, member.user, { title: 'Dark mode wanted', boardId: openBoard.id, roadmapId: hiddenRoadmap.id, createdAt: now() });
  await createPostAt(server.ctx, owner, { title: 'Dark mode hidden', boardId: hiddenBoard.id, roadmapId: hiddenRoadmap.id, createdAt: now() });
  const { comment } = await commentAt(server, member.user, onRoadmap, { createdAt: now() });
  const secrets = [hiddenRoadmap.id, hiddenRoadmap.url, hiddenRoadmap.name, hiddenBoard.id, hiddenBoard.url, hiddenBoard.name];

  const token = member.token;
  const post = `/posts/${onRoadmap.id}`;
  const requests: Array<[string, string, Record<string, unknown> | undefined]> = [
    ['POST', '/posts/get', {}],
    ['POST', '/posts/get', { orderBy: 'votes', query: 'dark mode' }],
    ['POST', '/posts/get', { roadmapId: hiddenRoadmap.id }],
    ['POST', '/posts/get', { boardId: [hiddenBoard.id, openBoard.id] }],
    ['POST', '/posts/slug', { id: onRoadmap.id }],
    ['POST', '/posts/slug', { slug: onRoadmap.slug }],
    ['POST', '/posts/similar', { title: 'dark mode' }],
    ['POST', '/posts/similar', { title: 'dark mode', boardId: hiddenBoard.id }],
    ['POST', '/posts', { title: 'Another dark mode post', boardId: openBoard.id }],
    ['PATCH', '/posts', { id: onRoadmap.id, title: 'Dark mode, please' }],
    ['PATCH', '/posts', { id: onRoadmap.id, roadmapId: null }],
    ['DELETE', '/votes', { postId: onRoadmap.id }],
    ['POST', '/votes', { postId: onRoadmap.id }],
    ['GET', `${post}/votes`, undefined],
    ['GET', `${post}/activity`, undefined],
    ['POST', `${post}/comments`, { body: 'Me too', parent_id: comment.id }],
    ['PUT', `${post}/comments/${comment.id}`, { body: 'Edited' }],
    ['GET', '/boards/get', undefined],
    ['GET', '/roadmaps?visibility=public,private', undefined],
  ];
  for (const [method, path, body] of requests) {
    for (const caller of [token, undefined]) {
      const response = await server.request(method, path, { ...(caller ? { token: caller } : {}), ...(body ? { body } : {}) });
      const label = `${method} ${path} ${JSON.stringify(body ?? '')} ${caller ? 'member' : 'anonymous'}`;
      t.true(response.status < 500, label);
      for (const secret of secrets) t.false(response.text.includes(secret), `${label} names ${secret}: ${response.text}`);
    }
  }
  t.is((await server.ctx.storage.posts.get(onRoadmap.id))?.roadmapId, hiddenRoadmap.id, 'the hidden roadmap is kept');
});
