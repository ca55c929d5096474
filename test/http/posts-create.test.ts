import test from 'ava';
import { createBoard, createMember, createRoadmap, OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const NO_PERMISSION = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
const validationError = (path: string, message: string) => ({
  message,
  code: 'VALIDATION_ERROR',
  errors: [{ path, message }],
});

async function ownerToken(server: TestServer): Promise<string> {
  const response = await server.request('POST', '/auth/setup', { body: OWNER });
  return response.body.user.authToken;
}

test('a member creates a post; the author vote comes with it', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const member = await createMember(server.ctx);
  const board = await createBoard(server.ctx);
  const before = Date.now();
  const response = await server.request('POST', '/posts', {
    token: member.token,
    body: { title: '  Export votes as CSV ', contentMarkdown: '  Needed for our *monthly* review.\n', boardId: board.id.toUpperCase(), userId: 'ignored', slugId: 'ignored' },
  });
  t.is(response.status, 201);
  const post = response.body.post;
  t.deepEqual(Object.keys(post), ['postId', 'title', 'slug', 'slugId', 'contentMarkdown', 'userId', 'createdAt', 'updatedAt', 'boardId', 'roadmap_id', 'tags']);
  t.is(post.title, 'Export votes as CSV');
  t.regex(post.slugId, /^[0-9a-z]{20}$/);
  t.is(post.slug, `export-votes-as-csv-${post.slugId}`);
  t.is(post.contentMarkdown, '  Needed for our *monthly* review.\n');
  t.is(post.userId, member.user.id);
  t.is(post.boardId, board.id);
  t.is(post.roadmap_id, null);
  t.regex(post.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  t.is(post.updatedAt, post.createdAt);
  t.true(Date.parse(post.createdAt) >= before - 5);

  const listed = await server.request('POST', '/posts/get', { token: member.token, body: {} });
  const [first] = listed.body.posts;
  t.is(first.postId, post.postId);
  t.is(first.voters.votesCount, 1);
  t.like(first.voters.viewerVote, { userId: member.user.id, postId: post.postId, createdAt: post.createdAt });
});

test('slugs follow the transliteration rule', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const token = await ownerToken(server);
  const cases: Array<[string, string]> = [
    ['Ünïcödé títle ñ', 'unicode-title-n'],
    ['Hello,   World! <b>x</b>', 'hello-world-b-x-b'],
    ['🎉', 'post'],
    ['Straße Œuvre Łódź þorn', 'strasse-oeuvre-lodz-thorn'],
    [`${'a'.repeat(79)} bcd`, 'a'.repeat(79)],
    ['x'.repeat(200), 'x'.repeat(80)],
  ];
  for (const [title, base] of cases) {
    const response = await server.request('POST', '/posts', { token, body: { title } });
    t.is(response.status, 201, title);
    t.is(response.body.post.slug, `${base}-${response.body.post.slugId}`, title);
  }
});

test('optional fields: null and "" mean none; blank content is null', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const token = await ownerToken(server);
  for (const body of [
    { title: 'a', contentMarkdown: null, boardId: null, roadmapId: null },
    { title: 'b', contentMarkdown: ' \n\t ', boardId: '', roadmapId: '' },
  ]) {
    const response = await server.request('POST', '/posts', { token, body });
    t.is(response.status, 201);
    t.like(response.body.post, { contentMarkdown: null, boardId: null, roadmap_id: null });
  }
});

test('roadmaps need roadmap:assign; hidden boards and roadmaps need read permissions', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const token = await ownerToken(server);
  const roadmap = await createRoadmap(server.ctx);
  const hiddenRoadmap = await createRoadmap(server.ctx, { display: false });
  const hiddenBoard = await createBoard(server.ctx, { display: false });
  const member = await createMember(server.ctx);
  const planner = await createMember(server.ctx, { permissions: ['roadmap:assign'] });
  const insider = await createMember(server.ctx, { permissions: ['roadmap:assign', 'roadmap:read', 'board:read'] });

  const denied = await server.request('POST', '/posts', { token: member.token, body: { title: 'x', roadmapId: roadmap.id } });
  t.is(denied.status, 403);
  t.deepEqual(denied.body, NO_PERMISSION);
  const bogus = await server.request('POST', '/posts', { token: member.token, body: { title: 'x', roadmapId: 17 } });
  t.deepEqual(bogus.body, NO_PERMISSION, 'permission is checked before the roadmapId type');

  const planned = await server.request('POST', '/posts', { token: planner.token, body: { title: 'x', roadmapId: roadmap.id } });
  t.is(planned.status, 201);
  t.is(planned.body.post.roadmap_id, roadmap.id);

  const notFoundRoadmap = { message: 'Roadmap not found', code: 'ROADMAP_NOT_FOUND' };
  const notFoundBoard = { message: 'Board not found', code: 'BOARD_NOT_FOUND' };
  t.deepEqual((await server.request('POST', '/posts', { token: planner.token, body: { title: 'x', roadmapId: hiddenRoadmap.id } })).body, notFoundRoadmap);
  t.deepEqual((await server.request('POST', '/posts', { token: member.token, body: { title: 'x', boardId: hiddenBoard.id } })).body, notFoundBoard);
  t.is((await server.request('POST', '/posts', { token: insider.token, body: { title: 'x', roadmapId: hiddenRoadmap.id, boardId: hiddenBoard.id } })).status, 201);
  t.is((await server.request('POST', '/posts', { token, body: { title: 'x', roadmapId: hiddenRoadmap.id, boardId: hiddenBoard.id } })).status, 201);
});

test('a user without post:create is refused before any validation', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const restricted = await createMember(server.ctx, { withoutEveryone: true });
  const response = await server.request('POST', '/posts', { token: restricted.token, body: { title: 42 } });
  t.is(response.status, 403);
  t.deepEqual(response.body, NO_PERMISSION);
});

test('authentication is required', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const response = await server.request('POST', '/posts', { body: { title: 'x' } });
  t.is(response.status, 401);
  t.deepEqual(response.body, { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' });
});

const unknownId = '9531985d-5d9d-49f8-9818-e811892f902b';
const titleMissing = { message: 'Post title missing', code: 'POST_TITLE_MISSING' };
const rows: Array<[string, Record<string, unknown>, number, unknown]> = [
  ['title a number', { title: 42 }, 400, validationError('title', 'title must be a string')],
  ['title an array', { title: ['x'] }, 400, validationError('title', 'title must be a string')],
  ['title absent', {}, 400, titleMissing],
  ['title null', { title: null }, 400, titleMissing],
  ['title blank', { title: ' \t\n ' }, 400, titleMissing],
  ['title 201 characters', { title: '🎉'.repeat(201) }, 400, { message: 'Post title cannot exceed 200 characters', code: 'POST_TITLE_TOO_LONG' }],
  ['title with NUL', { title: 'a\u0000b' }, 400, validationError('title', 'title must not contain NUL characters')],
  ['content a number', { title: 'x', contentMarkdown: 5 }, 400, validationError('contentMarkdown', 'contentMarkdown must be a string')],
  ['content 50,001 characters', { title: 'x', contentMarkdown: 'c'.repeat(50_001) }, 400, { message: 'Post content cannot exceed 50000 characters', code: 'POST_CONTENT_TOO_LONG' }],
  ['boardId not a UUID', { title: 'x', boardId: 'feature-requests' }, 400, validationError('boardId', 'boardId must be a UUID')],
  ['boardId a number', { title: 'x', boardId: 3 }, 400, validationError('boardId', 'boardId must be a UUID')],
  ['roadmapId not a UUID', { title: 'x', roadmapId: false }, 400, validationError('roadmapId', 'roadmapId must be a UUID')],
  ['unknown board', { title: 'x', boardId: unknownId }, 404, { message: 'Board not found', code: 'BOARD_NOT_FOUND' }],
  ['unknown roadmap', { title: 'x', roadmapId: unknownId }, 404, { message: 'Roadmap not found', code: 'ROADMAP_NOT_FOUND' }],
  ['title checked before content', { title: '', contentMarkdown: 5 }, 400, titleMissing],
  ['board type checked before board lookup', { title: 'x', boardId: unknownId, roadmapId: 'x' }, 400, validationError('roadmapId', 'roadmapId must be a UUID')],
  ['board looked up before roadmap', { title: 'x', boardId: unknownId, roadmapId: unknownId }, 404, { message: 'Board not found', code: 'BOARD_NOT_FOUND' }],
];

for (const [title, body, status, expected] of rows) {
  test(`create post error: ${title}`, async (t) => {
    const server = await startTestServer();
    t.teardown(server.close);
    const token = await ownerToken(server);
    const response = await server.request('POST', '/posts', { token, body });
    t.is(response.status, status);
    t.deepEqual(response.body, expected);
    t.is(await server.ctx.storage.posts.count(), 0, 'a refused post leaves nothing behind');
    t.is(await server.ctx.storage.votes.count(), 0);
  });
}

test('boundaries that pass: 200-character title, 50,000-character content', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const token = await ownerToken(server);
  const response = await server.request('POST', '/posts', { token, body: { title: '🎉'.repeat(200), contentMarkdown: 'é'.repeat(50_000) } });
  t.is(response.status, 201);
});
