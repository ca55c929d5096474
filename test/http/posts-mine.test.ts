import test, { type ExecutionContext } from 'ava';
import { createBoard, createMember, createPostAt, OWNER, voteAt } from '../_helpers/personas.js';
import { startTestServer } from '../_helpers/server.js';

const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, second)).toISOString();
const mineError = { message: 'mine must be one of: posted, voted', code: 'VALIDATION_ERROR', errors: [{ path: 'mine', message: 'mine must be one of: posted, voted' }] };

async function stage(t: ExecutionContext) {
  const server = await startTestServer();
  t.teardown(server.close);
  await server.request('POST', '/auth/setup', { body: OWNER });
  const grace = await createMember(server.ctx, { name: 'Grace' });
  const alan = await createMember(server.ctx, { name: 'Alan' });
  const ideas = await createBoard(server.ctx, { url: 'ideas' });
  const bugs = await createBoard(server.ctx, { url: 'bugs' });
  // Posts carry their author's vote, as POST /posts gives it.
  const post = async (author: typeof grace, title: string, boardId: string, second: number) => {
    const row = await createPostAt(server.ctx, author.user, { title, boardId, createdAt: at(second) });
    await voteAt(server.ctx, author.user, row, at(second));
    return row;
  };
  const darkMode = await post(grace, 'Dark mode', ideas.id, 1);
  const crash = await post(grace, 'Crash on start', bugs.id, 2);
  const export_ = await post(alan, 'Export to CSV', ideas.id, 3);
  const darkIcons = await post(alan, 'Dark icons', ideas.id, 4);
  const sync = await post(alan, 'Calendar sync', bugs.id, 5);
  await voteAt(server.ctx, grace.user, export_, at(6));
  await voteAt(server.ctx, grace.user, darkIcons, at(7));
  const bystander = await createMember(server.ctx);
  await voteAt(server.ctx, bystander.user, darkIcons, at(8));
  await voteAt(server.ctx, bystander.user, export_, at(9));
  await voteAt(server.ctx, bystander.user, sync, at(10));
  return { server, grace, alan, ideas, bugs, posts: { darkMode, crash, export_, darkIcons, sync } };
}

test('mine: "posted" is the caller’s own posts, "voted" those they voted for, with every other filter and both orders', async (t) => {
  const { server, grace, ideas, posts } = await stage(t);
  const titles = async (body: Record<string, unknown>, token = grace.token) => {
    const response = await server.request('POST', '/posts/get', { token, body });
    t.is(response.status, 200, JSON.stringify(body));
    return response.body.posts.map((post: { title: string }) => post.title);
  };
  t.deepEqual(await titles({ mine: 'posted' }), ['Crash on start', 'Dark mode']);
  t.deepEqual(await titles({ mine: 'Voted' }), ['Dark icons', 'Export to CSV', 'Crash on start', 'Dark mode'], 'newest first, case-insensitive');
  t.deepEqual(await titles({ mine: 'voted', created: 'asc' }), ['Dark mode', 'Crash on start', 'Export to CSV', 'Dark icons']);
  t.deepEqual(await titles({ mine: 'voted', orderBy: 'votes' }), ['Dark icons', 'Export to CSV', 'Crash on start', 'Dark mode'], 'by votes, then newest');
  t.deepEqual(await titles({ mine: 'voted', boardId: [ideas.id] }), ['Dark icons', 'Export to CSV', 'Dark mode']);
  t.deepEqual(await titles({ mine: 'voted', query: 'dar' }), ['Dark icons', 'Dark mode']);
  t.deepEqual(await titles({ mine: 'voted', page: 2, limit: 3 }), ['Dark mode']);
  t.deepEqual(await titles({ mine: 'posted', orderBy: 'votes', query: 'crash' }), ['Crash on start']);
  t.deepEqual(await titles({ mine: null, limit: 100 }), ['Calendar sync', 'Dark icons', 'Export to CSV', 'Crash on start', 'Dark mode'], 'null = every post');
  t.deepEqual(await titles({ mine: '', limit: 100 }), await titles({ limit: 100 }));
  const listed = (await server.request('POST', '/posts/get', { token: grace.token, body: { mine: 'voted', limit: 1 } })).body.posts[0];
  t.is(listed.postId, posts.darkIcons.id);
  t.like(listed.voters, { votesCount: 3, viewerVote: { userId: grace.user.id } }, 'posts in the same shape as any list');
});

test('mine needs no token: an anonymous caller (no token, a refused one, a blocked user) has no posts', async (t) => {
  const { server } = await stage(t);
  const blocked = await createMember(server.ctx, { blocked: true });
  for (const token of [undefined, 'not-a-token', blocked.token]) {
    for (const mine of ['posted', 'voted']) {
      const response = await server.request('POST', '/posts/get', { ...(token ? { token } : {}), body: { mine } });
      t.deepEqual([response.status, response.body], [200, { posts: [] }], `${token ?? 'anonymous'} ${mine}`);
    }
  }
});

test('mine: anything but posted and voted is a 400 checked after query; nothing else changes', async (t) => {
  const { server, grace } = await stage(t);
  for (const mine of ['mine', 5, true, ['posted'], { kind: 'posted' }, 'posted\u0000']) {
    for (const token of [grace.token, undefined]) {
      const response = await server.request('POST', '/posts/get', { ...(token ? { token } : {}), body: { mine } });
      const expected = mine === 'posted\u0000' ? { ...mineError, message: 'mine must not contain NUL characters', errors: [{ path: 'mine', message: 'mine must not contain NUL characters' }] } : mineError;
      t.deepEqual([response.status, response.body], [400, expected], JSON.stringify(mine));
    }
  }
  const both = await server.request('POST', '/posts/get', { token: grace.token, body: { mine: 'x', query: 7 } });
  t.is(both.body.errors[0].path, 'query', 'query comes first');
});

test('mine leaves out posts the caller can no longer see', async (t) => {
  const { server, grace, bugs } = await stage(t);
  await server.ctx.storage.transaction((tx) => tx.boards.update(bugs.id, { display: false }));
  const response = await server.request('POST', '/posts/get', { token: grace.token, body: { mine: 'posted' } });
  t.deepEqual(
    response.body.posts.map((post: { title: string }) => post.title),
    ['Dark mode'],
  );
});
