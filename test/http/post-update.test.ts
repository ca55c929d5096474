import { randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import type { PostRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt, createRoadmap, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const NOT_FOUND = { message: 'Post not found', code: 'POST_NOT_FOUND' };
const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
const TITLE_MISSING = { message: 'Post title missing', code: 'POST_TITLE_MISSING' };
const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });
const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, second)).toISOString();

/** A server with the owner set up through the API. */
async function ownerServer(t: ExecutionContext): Promise<{ server: TestServer; owner: Persona }> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  return { server, owner: { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken } };
}

test('the author changes the title: new slug with the same slugId, updatedAt now, the rest unchanged', async (t) => {
  const { server } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const board = await createBoard(server.ctx);
  const post = await createPostAt(server.ctx, author.user, { title: 'Dark mode', contentMarkdown: 'Too bright', boardId: board.id, createdAt: at(1) });
  const before = Date.now();
  const response = await server.request('PATCH', '/posts', { token: author.token, body: { id: post.id, title: '  Ünïcödé  dark mode ', slugId: 'x', userId: randomUUID() } });
  t.is(response.status, 200);
  t.deepEqual(Object.keys(response.body), ['post']);
  const updated = response.body.post;
  t.deepEqual(Object.keys(updated), ['postId', 'title', 'slug', 'slugId', 'contentMarkdown', 'userId', 'createdAt', 'updatedAt', 'boardId', 'roadmap_id', 'tags']);
  t.like(updated, {
    postId: post.id,
    title: 'Ünïcödé  dark mode',
    slug: `unicode-dark-mode-${post.slugId}`,
    slugId: post.slugId,
    contentMarkdown: 'Too bright',
    userId: author.user.id,
    createdAt: at(1),
    boardId: board.id,
    roadmap_id: null,
  });
  t.true(Date.parse(updated.updatedAt) >= before - 5);
  const stored = await server.ctx.storage.posts.get(post.id);
  t.like(stored, { title: 'Ünïcödé  dark mode', slug: updated.slug, updatedAt: updated.updatedAt });
  t.is(await server.ctx.storage.posts.getBySlug(post.slug), undefined, 'the old slug is free');
  const bySlug = await server.request('POST', '/posts/slug', { body: { slug: updated.slug } });
  t.is(bySlug.body.post.postId, post.id);
});

test('omitted fields stay, null and "" clear, blank content is null, the same title keeps the slug', async (t) => {
  const { server, owner } = await ownerServer(t);
  const board = await createBoard(server.ctx);
  const roadmap = await createRoadmap(server.ctx);
  const post = await createPostAt(server.ctx, owner.user, { title: 'Keep', contentMarkdown: 'Body', boardId: board.id, roadmapId: roadmap.id, createdAt: at(1) });
  const patch = async (body: Record<string, unknown>) => {
    const response = await server.request('PATCH', '/posts', { token: owner.token, body: { postId: post.id, ...body } });
    t.is(response.status, 200, JSON.stringify(body));
    return response.body.post;
  };
  t.like(await patch({}), { title: 'Keep', slug: post.slug, contentMarkdown: 'Body', boardId: board.id, roadmap_id: roadmap.id });
  t.like(await patch({ title: ' Keep ' }), { title: 'Keep', slug: post.slug });
  t.like(await patch({ contentMarkdown: ' \n ' }), { contentMarkdown: null, boardId: board.id, roadmap_id: roadmap.id });
  t.like(await patch({ contentMarkdown: '  verbatim\n' }), { contentMarkdown: '  verbatim\n' });
  t.like(await patch({ contentMarkdown: null, boardId: '' }), { contentMarkdown: null, boardId: null, roadmap_id: roadmap.id });
  t.like(await patch({ boardId: board.id.toUpperCase(), roadmapId: null }), { boardId: board.id, roadmap_id: null });
  t.like(await patch({ roadmapId: roadmap.id }), { roadmap_id: roadmap.id });
  t.like(await patch({ roadmapId: '' }), { title: 'Keep', slug: post.slug, boardId: board.id, roadmap_id: null });
  const byId = await server.request('PATCH', '/posts', { token: owner.token, body: { id: post.id, postId: randomUUID(), title: 'By id' } });
  t.like(byId.body.post, { postId: post.id, title: 'By id' }, 'id wins over postId');
  const nullId = await server.request('PATCH', '/posts', { token: owner.token, body: { id: null, postId: post.id, title: 'By postId' } });
  t.like(nullId.body.post, { postId: post.id, title: 'By postId' }, 'a null id counts as not given');
});

test('permissions: author or post:update for title/content/board and for no change; roadmap:assign for roadmap changes', async (t) => {
  const { server, owner } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const stranger = await createMember(server.ctx);
  const planner = await createMember(server.ctx, { permissions: ['roadmap:assign'] });
  const editor = await createMember(server.ctx, { permissions: ['post:update'] });
  const both = await createMember(server.ctx, { permissions: ['post:update', 'roadmap:assign'] });
  const authorPlanner = await createMember(server.ctx, { permissions: ['roadmap:assign'] });
  const board = await createBoard(server.ctx);
  const roadmap = await createRoadmap(server.ctx);
  const other = await createRoadmap(server.ctx);
  const post = await createPostAt(server.ctx, author.user, { roadmapId: roadmap.id, createdAt: at(1) });
  const own = await createPostAt(server.ctx, authorPlanner.user, { createdAt: at(2) });
  // In order: each allowed case changes the post, so later cases name the values stored by then.
  const cases: Array<[string, Persona, PostRow, Record<string, unknown>, boolean]> = [
    ['stranger: title', stranger, post, { title: 'B' }, false],
    ['stranger: invalid title counts as a change', stranger, post, { title: 42 }, false],
    ['stranger: nothing', stranger, post, {}, false],
    ['stranger: the same values', stranger, post, { title: ` ${post.title} `, contentMarkdown: ' ', boardId: '' }, false],
    ['stranger: roadmap', stranger, post, { roadmapId: other.id }, false],
    ['roadmap:assign: the same roadmap (no change)', planner, post, { roadmapId: roadmap.id }, false],
    ['roadmap:assign: nothing', planner, post, {}, false],
    ['roadmap:assign: roadmap and content', planner, post, { roadmapId: other.id, contentMarkdown: 'x' }, false],
    ['roadmap:assign: roadmap only', planner, post, { roadmapId: other.id }, true],
    ['author: title', author, post, { title: 'A' }, true],
    ['author: content and board', author, post, { contentMarkdown: 'c', boardId: board.id }, true],
    ['author: nothing', author, post, {}, true],
    ['author: the same roadmap (no change)', author, post, { roadmapId: other.id.toUpperCase() }, true],
    ['author: roadmap change', author, post, { roadmapId: roadmap.id }, false],
    ['author: roadmap cleared', author, post, { roadmapId: null }, false],
    ['author: invalid roadmap counts as a change', author, post, { roadmapId: 'bogus' }, false],
    ['post:update: title', editor, post, { title: 'C' }, true],
    ['post:update: nothing', editor, post, {}, true],
    ['post:update: roadmap', editor, post, { roadmapId: roadmap.id }, false],
    ['both: title and roadmap', both, post, { title: 'D', roadmapId: roadmap.id }, true],
    ['owner: everything', owner, post, { title: 'E', contentMarkdown: 'e', boardId: null, roadmapId: null }, true],
    ['author with roadmap:assign: roadmap and title', authorPlanner, own, { roadmapId: roadmap.id, title: 'Mine' }, true],
  ];
  for (const [title, persona, target, body, allowed] of cases) {
    const before = await server.ctx.storage.posts.get(target.id);
    const response = await server.request('PATCH', '/posts', { token: persona.token, body: { id: target.id, ...body } });
    t.is(response.status, allowed ? 200 : 403, title);
    if (!allowed) {
      t.deepEqual(response.body, FORBIDDEN, title);
      t.deepEqual(await server.ctx.storage.posts.get(target.id), before, `${title}: unchanged`);
    }
  }
  t.like(await server.ctx.storage.posts.get(post.id), { title: 'E', contentMarkdown: 'e', boardId: null, roadmapId: null });
});

test('visibility: posts on hidden boards are not found without board:read; targets must be visible', async (t) => {
  const { server, owner } = await ownerServer(t);
  const author = await createMember(server.ctx, { permissions: ['roadmap:assign'] });
  const insider = await createMember(server.ctx, { permissions: ['board:read', 'post:update'] });
  const hiddenBoard = await createBoard(server.ctx, { display: false });
  const hiddenRoadmap = await createRoadmap(server.ctx, { display: false });
  const onHidden = await createPostAt(server.ctx, author.user, { boardId: hiddenBoard.id, createdAt: at(1) });
  const open = await createPostAt(server.ctx, author.user, { createdAt: at(2) });
  const patch = (token: string, body: Record<string, unknown>) => server.request('PATCH', '/posts', { token, body });
  t.deepEqual((await patch(author.token, { id: onHidden.id, title: 'x' })).body, NOT_FOUND, 'even the author');
  t.deepEqual((await patch(author.token, { id: open.id, boardId: hiddenBoard.id })).body, { message: 'Board not found', code: 'BOARD_NOT_FOUND' });
  t.deepEqual((await patch(author.token, { id: open.id, roadmapId: hiddenRoadmap.id })).body, { message: 'Roadmap not found', code: 'ROADMAP_NOT_FOUND' });
  t.is((await patch(insider.token, { id: onHidden.id, title: 'Seen' })).status, 200);
  t.like((await patch(owner.token, { id: open.id, boardId: hiddenBoard.id, roadmapId: hiddenRoadmap.id })).body.post, {
    boardId: hiddenBoard.id,
    roadmap_id: hiddenRoadmap.id,
  });
  t.deepEqual((await patch(author.token, { id: open.id, title: 'gone' })).body, NOT_FOUND, 'moved to a hidden board');
});

test('a hidden roadmap never reaches a caller without roadmap:read: roadmap_id null, and "none" keeps it', async (t) => {
  const { server, owner } = await ownerServer(t);
  const author = await createMember(server.ctx);
  const planner = await createMember(server.ctx, { permissions: ['roadmap:assign'] });
  const reader = await createMember(server.ctx, { permissions: ['roadmap:read', 'post:update'] });
  const hidden = await createRoadmap(server.ctx, { display: false });
  const shown = await createRoadmap(server.ctx);
  const post = await createPostAt(server.ctx, author.user, { roadmapId: hidden.id, createdAt: at(1) });
  const patch = (persona: Persona, body: Record<string, unknown>) => server.request('PATCH', '/posts', { token: persona.token, body: { id: post.id, ...body } });
  const stored = async () => (await server.ctx.storage.posts.get(post.id))?.roadmapId;

  const edited = await patch(author, { title: 'Edited by the author' });
  t.deepEqual([edited.status, edited.body.post?.roadmap_id], [200, null], 'the author cannot see the roadmap');
  t.is((await server.request('POST', '/posts/slug', { token: author.token, body: { id: post.id } })).body.post.roadmap, null, 'as POST /posts/slug says');
  t.is(await stored(), hidden.id);

  // To the author the post has no roadmap: "none" is no change (200, as for a post without one), and the hidden one stays.
  for (const roadmapId of [null, '']) {
    const cleared = await patch(author, { roadmapId });
    t.deepEqual([cleared.status, cleared.body.post?.roadmap_id], [200, null], JSON.stringify(roadmapId));
    t.is(await stored(), hidden.id);
  }
  // Naming the hidden id is a change to an unknown roadmap, whoever asks.
  t.deepEqual((await patch(author, { roadmapId: hidden.id })).body, FORBIDDEN);
  t.deepEqual((await patch(planner, { roadmapId: hidden.id })).body, { message: 'Roadmap not found', code: 'ROADMAP_NOT_FOUND' });
  t.is(await stored(), hidden.id);

  t.is((await patch(reader, { title: 'Edited by a reader' })).body.post.roadmap_id, hidden.id, 'roadmap:read sees it');
  t.is((await patch(owner, {})).body.post.roadmap_id, hidden.id);
  const moved = await patch(planner, { roadmapId: shown.id });
  t.deepEqual([moved.status, moved.body.post?.roadmap_id], [200, shown.id], 'roadmap:assign may move it to a roadmap it sees');
  t.is(await stored(), shown.id);
});

test('authentication is required', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const response = await server.request('PATCH', '/posts', { body: { id: randomUUID(), title: 'x' } });
  t.is(response.status, 401);
  t.deepEqual(response.body, { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' });
});

let shared: { server: TestServer; token: string; post: PostRow } | undefined;
test.before(async () => {
  const server = await startTestServer();
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = (await server.ctx.storage.users.getOwner())!;
  const post = await createPostAt(server.ctx, owner, { title: 'Stable', contentMarkdown: 'Body', createdAt: at(0) });
  shared = { server, token: setup.body.user.authToken, post };
});
test.after.always(() => shared?.server.close());

const unknownId = '9531985d-5d9d-49f8-9818-e811892f902b';
const POST = Symbol('the post id');
const rows: Array<[string, Record<string, unknown>, number, unknown]> = [
  // `undefined` is left out of the JSON but keeps the test from adding the post's id.
  ['no id', { id: undefined, title: 'x' }, 404, NOT_FOUND],
  ['id not a UUID', { id: 'stable', title: 'x' }, 404, NOT_FOUND],
  ['id a number', { id: 7, title: 'x' }, 404, NOT_FOUND],
  ['id an array', { id: [unknownId] }, 404, NOT_FOUND],
  ['id unknown', { id: unknownId, title: 'x' }, 404, NOT_FOUND],
  ['postId unknown', { postId: unknownId }, 404, NOT_FOUND],
  ['id bad though postId is good', { id: 'x', postId: POST }, 404, NOT_FOUND],
  ['id with NUL', { id: `${unknownId}\u0000` }, 404, NOT_FOUND],
  ['title a number', { title: 42 }, 400, validationError('title', 'title must be a string')],
  ['title null', { title: null }, 400, TITLE_MISSING],
  ['title blank', { title: ' \t ' }, 400, TITLE_MISSING],
  ['title 201 characters', { title: '🎉'.repeat(201) }, 400, { message: 'Post title cannot exceed 200 characters', code: 'POST_TITLE_TOO_LONG' }],
  ['title with NUL', { title: 'a\u0000' }, 400, validationError('title', 'title must not contain NUL characters')],
  ['content a number', { contentMarkdown: 5 }, 400, validationError('contentMarkdown', 'contentMarkdown must be a string')],
  ['content 50,001 characters', { contentMarkdown: 'c'.repeat(50_001) }, 400, { message: 'Post content cannot exceed 50000 characters', code: 'POST_CONTENT_TOO_LONG' }],
  ['boardId not a UUID', { boardId: 'feature-requests' }, 400, validationError('boardId', 'boardId must be a UUID')],
  ['boardId a number', { boardId: 3 }, 400, validationError('boardId', 'boardId must be a UUID')],
  ['roadmapId not a UUID', { roadmapId: false }, 400, validationError('roadmapId', 'roadmapId must be a UUID')],
  ['unknown board', { boardId: unknownId }, 404, { message: 'Board not found', code: 'BOARD_NOT_FOUND' }],
  ['unknown roadmap', { roadmapId: unknownId }, 404, { message: 'Roadmap not found', code: 'ROADMAP_NOT_FOUND' }],
  ['title before content', { title: '', contentMarkdown: 5 }, 400, TITLE_MISSING],
  ['content before boardId', { contentMarkdown: 5, boardId: 'x' }, 400, validationError('contentMarkdown', 'contentMarkdown must be a string')],
  ['roadmapId type before board lookup', { boardId: unknownId, roadmapId: 'x' }, 400, validationError('roadmapId', 'roadmapId must be a UUID')],
  ['board looked up before roadmap', { boardId: unknownId, roadmapId: unknownId }, 404, { message: 'Board not found', code: 'BOARD_NOT_FOUND' }],
  ['a valid change refused with a later bad field', { title: 'New', contentMarkdown: 5 }, 400, validationError('contentMarkdown', 'contentMarkdown must be a string')],
];

for (const [title, body, status, expected] of rows) {
  test(`update post error: ${title}`, async (t) => {
    const { server, token, post } = shared!;
    const withId = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === POST ? post.id : value]));
    const target = 'id' in body || 'postId' in body ? withId : { id: post.id, ...withId };
    const response = await server.request('PATCH', '/posts', { token, body: target });
    t.is(response.status, status);
    t.deepEqual(response.body, expected);
    t.deepEqual(await server.ctx.storage.posts.get(post.id), post, 'a refused update changes nothing');
  });
}
