import { createHash } from 'node:crypto';
import test from 'ava';
import { createBoard, createMember, createPostAt, createRoadmap, voteAt } from '../_helpers/personas.js';
import { startTestServer } from '../_helpers/server.js';

const validationError = (path: string, message: string) => ({
  message,
  code: 'VALIDATION_ERROR',
  errors: [{ path, message }],
});
const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, second)).toISOString();

test('an empty board lists nothing', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const response = await server.request('POST', '/posts/get', { body: { page: 1, created: 'desc' } });
  t.is(response.status, 200);
  t.deepEqual(response.body, { posts: [] });
});

test('a listed post has every field of the Post shape', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const author = await createMember(server.ctx, { name: 'Grace Hopper' });
  const voter = await createMember(server.ctx, { name: 'Ada' });
  const board = await createBoard(server.ctx, { name: 'Feature requests', url: 'feature-requests' });
  const roadmap = await createRoadmap(server.ctx, { name: 'Planned', url: 'planned' });
  const post = await createPostAt(server.ctx, author.user, {
    title: 'Dark mode',
    contentMarkdown: 'Too **bright**',
    boardId: board.id,
    roadmapId: roadmap.id,
    createdAt: at(1),
  });
  const vote = await voteAt(server.ctx, voter.user, post, at(2));
  const response = await server.request('POST', '/posts/get', { token: voter.token, body: {} });
  t.deepEqual(response.body.posts, [
    {
      postId: post.id,
      title: 'Dark mode',
      slug: post.slug,
      contentMarkdown: 'Too **bright**',
      createdAt: at(1),
      updatedAt: at(1),
      board: { boardId: board.id, name: 'Feature requests', color: board.color, url: 'feature-requests', createdAt: board.createdAt },
      author: {
        userId: author.user.id,
        name: 'Grace Hopper',
        avatar: `https://www.gravatar.com/avatar/${md5(author.user.email)}`,
        username: author.user.username,
      },
      roadmap: { id: roadmap.id, name: 'Planned', url: 'planned', color: roadmap.color },
      commentsCount: 0,
      tags: [],
      voters: {
        votes: [
          {
            voteId: vote.id,
            userId: voter.user.id,
            postId: post.id,
            createdAt: at(2),
            name: 'Ada',
            username: voter.user.username,
            avatar: `https://www.gravatar.com/avatar/${md5(voter.user.email)}`,
          },
        ],
        votesCount: 1,
        viewerVote: { voteId: vote.id, userId: voter.user.id, postId: post.id, createdAt: at(2) },
      },
    },
  ]);
  const anonymous = await server.request('POST', '/posts/get', { body: {} });
  t.is(anonymous.body.posts[0].voters.viewerVote, null);
  const bystander = await createMember(server.ctx);
  t.is((await server.request('POST', '/posts/get', { token: bystander.token, body: {} })).body.posts[0].voters.viewerVote, null);
});

test('voters holds the six newest votes, newest first, and the full count', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const author = await createMember(server.ctx);
  const post = await createPostAt(server.ctx, author.user, { createdAt: at(0) });
  const votes = [];
  for (let i = 0; i < 9; i++) {
    const voter = await createMember(server.ctx);
    votes.push(await voteAt(server.ctx, voter.user, post, at(i % 3)));
  }
  const expected = [...votes]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .slice(0, 6)
    .map((vote) => vote.id);
  const { voters } = (await server.request('POST', '/posts/get', { body: {} })).body.posts[0];
  t.is(voters.votesCount, 9);
  t.deepEqual(
    voters.votes.map((vote: { voteId: string }) => vote.voteId),
    expected,
  );
});

test('pages walk every post exactly once in both directions, ties broken by postId', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const author = await createMember(server.ctx);
  const posts = [];
  for (let i = 0; i < 23; i++) posts.push(await createPostAt(server.ctx, author.user, { createdAt: at(i % 5) }));
  const ascending = [...posts].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)).map((p) => p.id);
  for (const [created, expected] of [
    ['asc', ascending],
    ['DESC', [...ascending].reverse()],
  ] as const) {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const response = await server.request('POST', '/posts/get', { body: { page: String(page), limit: 5, created } });
      seen.push(...response.body.posts.map((post: { postId: string }) => post.postId));
    }
    t.deepEqual(seen, expected);
  }
  const defaults = await server.request('POST', '/posts/get', { body: { page: null, limit: '', created: null, userId: 'x' } });
  t.deepEqual(
    defaults.body.posts.map((post: { postId: string }) => post.postId),
    [...ascending].reverse().slice(0, 10),
    'defaults: page 1, limit 10, newest first',
  );
});

test('board and roadmap filters, with hidden ones matching nothing for callers who cannot see them', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const author = await createMember(server.ctx);
  const member = await createMember(server.ctx);
  const reader = await createMember(server.ctx, { permissions: ['board:read', 'roadmap:read'] });
  const open = await createBoard(server.ctx);
  const other = await createBoard(server.ctx);
  const hidden = await createBoard(server.ctx, { display: false });
  const roadmap = await createRoadmap(server.ctx);
  const secretRoadmap = await createRoadmap(server.ctx, { display: false });
  const onOpen = await createPostAt(server.ctx, author.user, { boardId: open.id, roadmapId: roadmap.id, createdAt: at(1) });
  const onOther = await createPostAt(server.ctx, author.user, { boardId: other.id, createdAt: at(2) });
  const onHidden = await createPostAt(server.ctx, author.user, { boardId: hidden.id, createdAt: at(3) });
  const onNothing = await createPostAt(server.ctx, author.user, { roadmapId: secretRoadmap.id, createdAt: at(4) });
  const list = async (body: Record<string, unknown>, token?: string) => {
    const response = await server.request('POST', '/posts/get', { body: { created: 'asc', ...body }, ...(token ? { token } : {}) });
    t.is(response.status, 200);
    return response.body.posts.map((post: { postId: string }) => post.postId);
  };
  t.deepEqual(await list({}), [onOpen.id, onOther.id, onNothing.id]);
  t.deepEqual(await list({}, reader.token), [onOpen.id, onOther.id, onHidden.id, onNothing.id]);
  t.deepEqual(await list({ boardId: [open.id, other.id.toUpperCase()] }), [onOpen.id, onOther.id]);
  t.deepEqual(await list({ boardId: [] }), [onOpen.id, onOther.id, onNothing.id]);
  t.deepEqual(await list({ boardId: [hidden.id] }, member.token), []);
  t.deepEqual(await list({ boardId: [hidden.id, open.id] }, member.token), [onOpen.id]);
  t.deepEqual(await list({ boardId: [hidden.id] }, reader.token), [onHidden.id]);
  t.deepEqual(await list({ boardId: ['9531985d-5d9d-49f8-9818-e811892f902b'] }), []);
  t.deepEqual(await list({ roadmapId: roadmap.id }), [onOpen.id]);
  t.deepEqual(await list({ roadmapId: secretRoadmap.id }, member.token), []);
  t.deepEqual(await list({ roadmapId: secretRoadmap.id }, reader.token), [onNothing.id]);
  t.deepEqual(await list({ roadmapId: roadmap.id, boardId: [other.id] }), []);

  const anonymousView = (await server.request('POST', '/posts/get', { body: { created: 'desc', limit: 1 } })).body.posts[0];
  t.is(anonymousView.postId, onNothing.id);
  t.is(anonymousView.roadmap, null, 'a hidden roadmap shows as null');
  t.is(anonymousView.board, null);
  const readerView = (await server.request('POST', '/posts/get', { token: reader.token, body: { limit: 1 } })).body.posts[0];
  t.is(readerView.roadmap.id, secretRoadmap.id);
});

test('a blocked user is listed to as anonymous', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const blocked = await createMember(server.ctx, { blocked: true, permissions: ['board:read'] });
  const post = await createPostAt(server.ctx, blocked.user, { createdAt: at(1) });
  await voteAt(server.ctx, blocked.user, post, at(2));
  const hidden = await createBoard(server.ctx, { display: false });
  await createPostAt(server.ctx, blocked.user, { boardId: hidden.id, createdAt: at(3) });
  const response = await server.request('POST', '/posts/get', { token: blocked.token, body: {} });
  t.is(response.status, 200);
  t.is(response.body.posts.length, 1);
  t.is(response.body.posts[0].voters.viewerVote, null);
});

test('a page past the end is empty', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const author = await createMember(server.ctx);
  await createPostAt(server.ctx, author.user, { createdAt: at(1) });
  const response = await server.request('POST', '/posts/get', { body: { page: 99_999_999, limit: 100 } });
  t.deepEqual(response.body, { posts: [] });
});

const pageError = validationError('page', 'page must be an integer between 1 and 99999999');
const limitError = validationError('limit', 'limit must be an integer between 1 and 100');
const createdError = validationError('created', 'created must be one of: asc, desc');
const rows: Array<[string, Record<string, unknown>, unknown]> = [
  ['boardId a string', { boardId: '9531985d-5d9d-49f8-9818-e811892f902b' }, validationError('boardId', 'boardId must be an array')],
  ['boardId an object', { boardId: {} }, validationError('boardId', 'boardId must be an array')],
  ['boardId item not a UUID', { boardId: ['9531985d-5d9d-49f8-9818-e811892f902b', 'x'] }, validationError('boardId.1', 'boardId.1 must be a UUID')],
  ['boardId item null', { boardId: [null] }, validationError('boardId.0', 'boardId.0 must be a UUID')],
  ['boardId item empty', { boardId: [''] }, validationError('boardId.0', 'boardId.0 must be a UUID')],
  ['boardId 101 items', { boardId: Array(101).fill('9531985d-5d9d-49f8-9818-e811892f902b') }, validationError('boardId', 'boardId must contain at most 100 items')],
  ['roadmapId not a UUID', { roadmapId: 'planned' }, validationError('roadmapId', 'roadmapId must be a UUID')],
  ['roadmapId a number', { roadmapId: 7 }, validationError('roadmapId', 'roadmapId must be a UUID')],
  ['page 0', { page: 0 }, pageError],
  ['page negative', { page: -1 }, pageError],
  ['page fraction', { page: 1.5 }, pageError],
  ['page too large', { page: 100_000_000 }, pageError],
  ['page not numeric', { page: 'two' }, pageError],
  ['page signed string', { page: '+1' }, pageError],
  ['page boolean', { page: true }, pageError],
  ['limit 0', { limit: 0 }, limitError],
  ['limit 101', { limit: 101 }, limitError],
  ['limit "101"', { limit: '101' }, limitError],
  ['limit array', { limit: [5] }, limitError],
  ['created other', { created: 'newest' }, createdError],
  ['created number', { created: 1 }, createdError],
  ['boardId checked first', { boardId: 'x', page: 0 }, validationError('boardId', 'boardId must be an array')],
  ['page before limit', { page: 0, limit: 0 }, pageError],
  ['limit before created', { limit: 0, created: 'x' }, limitError],
  ['NUL in created', { created: 'asc\u0000' }, validationError('created', 'created must not contain NUL characters')],
];

for (const [title, body, expected] of rows) {
  test(`list posts error: ${title}`, async (t) => {
    const server = await startTestServer();
    t.teardown(server.close);
    const response = await server.request('POST', '/posts/get', { body });
    t.is(response.status, 400);
    t.deepEqual(response.body, expected);
  });
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

test('a listed post follows every change of what it shows, whoever asked for it before', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const author = await createMember(server.ctx, { name: 'Grace' });
  const voter = await createMember(server.ctx, { name: 'Ada' });
  const board = await createBoard(server.ctx, { name: 'Ideas' });
  const roadmap = await createRoadmap(server.ctx, { name: 'Planned' });
  const post = await createPostAt(server.ctx, author.user, { title: 'Dark mode', boardId: board.id, roadmapId: roadmap.id, createdAt: at(1) });
  const first = async (token?: string) => (await server.request('POST', '/posts/get', { body: {}, ...(token ? { token } : {}) })).body.posts[0];
  const before = await first();
  t.is(before.voters.votesCount, 0);
  t.deepEqual(await first(), before, 'the same answer twice');
  const vote = await server.request('POST', '/votes', { token: voter.token, body: { postId: post.id } });
  t.is(vote.status, 201);
  const anonymous = await first();
  t.is(anonymous.voters.votesCount, 1);
  t.deepEqual(anonymous.voters.votes.map((v: { name: string }) => v.name), ['Ada']);
  t.is(anonymous.voters.viewerVote, null);
  t.is((await first(voter.token)).voters.viewerVote.voteId, vote.body.voters.viewerVote.voteId, 'the voter sees their vote');
  t.is((await first(author.token)).voters.viewerVote, null, 'another member does not');
  t.is((await first()).voters.viewerVote, null, 'nor does a visitor after them');
  await server.request('PATCH', '/users/profile', { token: author.token, body: { name: 'Grace Hopper' } });
  t.is((await first()).author.name, 'Grace Hopper');
  await server.request('PATCH', '/users/profile', { token: voter.token, body: { name: 'Ada Lovelace' } });
  t.is((await first()).voters.votes[0].name, 'Ada Lovelace');
  await server.ctx.storage.transaction((tx) => tx.boards.update(board.id, { name: 'Feature ideas' }));
  await server.ctx.storage.transaction((tx) => tx.roadmaps.update(roadmap.id, { display: false }));
  const moved = await first();
  t.is(moved.board.name, 'Feature ideas');
  t.is(moved.roadmap, null, 'a roadmap hidden since is null for a visitor');
  await server.request('PATCH', '/posts', { token: author.token, body: { postId: post.id, title: 'Dark theme' } });
  t.is((await first()).title, 'Dark theme');
  await server.request('DELETE', '/votes', { token: voter.token, body: { postId: post.id } });
  t.deepEqual((await first()).voters, { votes: [], votesCount: 0, viewerVote: null });
  const early = await createMember(server.ctx);
  const oldest = await voteAt(server.ctx, early.user, post, at(2));
  for (let i = 0; i < 6; i++) await voteAt(server.ctx, (await createMember(server.ctx)).user, post, at(3 + i));
  t.is((await first()).voters.votesCount, 7);
  await server.ctx.storage.transaction((tx) => tx.votes.delete(oldest.id));
  const fewer = await first();
  t.is(fewer.voters.votesCount, 6, 'a vote older than the six shown still changes the count');
  t.is(fewer.voters.votes.length, 6);
});
