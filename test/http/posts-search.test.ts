import type { ExecutionContext } from 'ava';
import test from 'ava';
import type { PostRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt, createRoadmap, OWNER, type Persona, voteAt } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

/* API.md §8.1: `orderBy` and `query` on POST /posts/get, over HTTP, on both engines. */

const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });
const at = (second: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, second)).toISOString();

async function stage(t: ExecutionContext): Promise<{ server: TestServer; owner: Persona; author: Persona }> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  return { server, owner, author: await createMember(server.ctx) };
}

async function listed(server: TestServer, body: unknown, token?: string): Promise<string[]> {
  const response = await server.request('POST', '/posts/get', { body, ...(token ? { token } : {}) });
  if (response.status !== 200) throw new Error(`${response.status} ${response.text}`);
  return response.body.posts.map((post: { postId: string }) => post.postId);
}

async function votesFor(server: TestServer, post: PostRow, count: number, second = 50): Promise<void> {
  for (let i = 0; i < count; i++) await voteAt(server.ctx, (await createMember(server.ctx)).user, post, at(second));
}

test('rows 6–8: orderBy, then query, each with its exact message; created is still validated', async (t) => {
  const { server } = await stage(t);
  const cases: Array<[unknown, object]> = [
    [{ orderBy: 'popular' }, validationError('orderBy', 'orderBy must be one of: created, votes')],
    [{ orderBy: 3 }, validationError('orderBy', 'orderBy must be one of: created, votes')],
    [{ orderBy: 'top', query: 5 }, validationError('orderBy', 'orderBy must be one of: created, votes')],
    [{ query: 5 }, validationError('query', 'query must be a string')],
    [{ query: ['dark'] }, validationError('query', 'query must be a string')],
    [{ query: `  ${'a'.repeat(201)}  ` }, validationError('query', 'query cannot exceed 200 characters')],
    [{ query: '🎉'.repeat(201) }, validationError('query', 'query cannot exceed 200 characters')],
    [{ created: 'newest', orderBy: 'votes' }, validationError('created', 'created must be one of: asc, desc')],
    [{ limit: 0, orderBy: 'nope' }, validationError('limit', 'limit must be an integer between 1 and 100')],
  ];
  for (const [body, error] of cases) {
    const response = await server.request('POST', '/posts/get', { body });
    t.is(response.status, 400, JSON.stringify(body));
    t.deepEqual(response.body, error, JSON.stringify(body));
  }
  for (const body of [{ orderBy: 'VOTES' }, { orderBy: null }, { orderBy: '' }, { query: null }, { query: '' }, { query: '   ' }]) {
    t.is((await server.request('POST', '/posts/get', { body })).status, 200, JSON.stringify(body));
  }
  t.is((await server.request('POST', '/posts/get', { body: { query: `  ${'🎉'.repeat(200)}  ` } })).status, 200, '200 code points after trimming');
});

test('query filters by every word as a prefix, in title or content, in any script; only punctuation matches all', async (t) => {
  const { server, author } = await stage(t);
  const post = (title: string, second: number, contentMarkdown: string | null = null) =>
    createPostAt(server.ctx, author.user, { title, contentMarkdown, createdAt: at(second) });
  const dark = await post('Dark mode', 1, 'The dashboard is **too bright** at night.');
  const export_ = await post('Export votes as CSV', 2);
  const russian = await post('Тёмная тема', 3);
  const japanese = await post('ダークモード', 4);
  const accents = await post('Ünïcödé títle', 5);
  t.deepEqual(await listed(server, { query: 'dar mo' }), [dark.id]);
  t.deepEqual(await listed(server, { query: '  BRIGHT  ' }), [dark.id]);
  t.deepEqual(await listed(server, { query: 'ark' }), []);
  t.deepEqual(await listed(server, { query: 'csv votes' }), [export_.id]);
  t.deepEqual(await listed(server, { query: 'тем' }), [russian.id]);
  t.deepEqual(await listed(server, { query: 'ダーク' }), [japanese.id]);
  t.deepEqual(await listed(server, { query: 'unicode' }), [accents.id]);
  t.deepEqual(await listed(server, { query: '!!' }), [accents.id, japanese.id, russian.id, export_.id, dark.id]);
  t.deepEqual(await listed(server, { query: '🎉', created: 'asc', limit: 2 }), [dark.id, export_.id]);
});

test('orderBy votes: by vote count, then newest, then postId; created is ignored; combined with query and filters', async (t) => {
  const { server, owner, author } = await stage(t);
  const shown = await createBoard(server.ctx);
  const hidden = await createBoard(server.ctx, { display: false });
  const roadmap = await createRoadmap(server.ctx);
  const post = (title: string, second: number, fields: Partial<PostRow> = {}) =>
    createPostAt(server.ctx, author.user, { title, createdAt: at(second), ...fields });
  const a = await post('Dark mode', 1, { boardId: shown.id });
  const b = await post('Dark theme', 2, { boardId: hidden.id, roadmapId: roadmap.id });
  const c = await post('Export CSV', 3, { roadmapId: roadmap.id });
  const d = await post('Darker icons', 4, { boardId: shown.id });
  await votesFor(server, a, 3);
  await votesFor(server, b, 5);
  await votesFor(server, c, 3);
  t.deepEqual(await listed(server, { orderBy: 'votes', created: 'asc' }), [c.id, a.id, d.id], 'anonymous: the hidden board is left out');
  t.deepEqual(await listed(server, { orderBy: 'votes' }, owner.token), [b.id, c.id, a.id, d.id]);
  t.deepEqual(await listed(server, { orderBy: 'votes', query: 'dark' }, owner.token), [b.id, a.id, d.id]);
  t.deepEqual(await listed(server, { orderBy: 'votes', query: 'dark', boardId: [shown.id] }), [a.id, d.id]);
  t.deepEqual(await listed(server, { orderBy: 'votes', roadmapId: roadmap.id }), [c.id]);
  t.deepEqual(await listed(server, { orderBy: 'votes', roadmapId: roadmap.id }, owner.token), [b.id, c.id]);
  t.deepEqual(await listed(server, { orderBy: 'votes', boardId: [hidden.id], query: 'dark' }), []);
  t.deepEqual(await listed(server, { orderBy: 'votes', page: 2, limit: 2 }, owner.token), [a.id, d.id]);
  const first = (await server.request('POST', '/posts/get', { body: { orderBy: 'votes', limit: 1 }, token: owner.token })).body.posts[0];
  t.is(first.voters.votesCount, 5, 'the vote count ordered by is voters.votesCount');
});

test('pages by votes walk every matching post once; between pages a vote can move a post across the boundary', async (t) => {
  const { server, author } = await stage(t);
  const board = await createBoard(server.ctx);
  const posts: PostRow[] = [];
  for (let i = 0; i < 23; i++) {
    posts.push(await createPostAt(server.ctx, author.user, { title: i % 2 ? `Dark idea ${i}` : `Light idea ${i}`, boardId: board.id, createdAt: at(i % 4) }));
  }
  for (const [i, post] of posts.entries()) await votesFor(server, post, i % 5);
  const matching = posts.filter((post) => post.title.startsWith('Dark')).length;
  const page = (n: number) => listed(server, { orderBy: 'votes', query: 'idea dark', boardId: [board.id], page: n, limit: 3 });
  const seen: string[] = [];
  for (let n = 1; n <= 5; n++) seen.push(...(await page(n)));
  t.is(seen.length, matching);
  t.is(new Set(seen).size, matching, 'every matching post exactly once');
  // Each page is exact when it is answered; offset paging does not pin the order between requests.
  const firstPage = await page(1);
  const last = seen.at(-1)!;
  await votesFor(server, posts.find((post) => post.id === last)!, 10, 59);
  const secondPage = await page(2);
  t.deepEqual(secondPage, seen.slice(2, 5), 'the post that jumped to the top pushed every later page down by one');
  t.false([...firstPage, ...secondPage].includes(last), 'the jumping post is on neither page the client read');
  t.true(firstPage.includes(seen[2]!) && secondPage.includes(seen[2]!), 'and the last post of page 1 is shown again on page 2');
});

test('POST /posts/similar: validation rows, limit, boards, visibility', async (t) => {
  const { server, owner, author } = await stage(t);
  const shown = await createBoard(server.ctx);
  const hidden = await createBoard(server.ctx, { display: false });
  const onShown = await createPostAt(server.ctx, author.user, { title: 'Dark mode please', boardId: shown.id, createdAt: at(1) });
  const onHidden = await createPostAt(server.ctx, author.user, { title: 'Dark dashboard', boardId: hidden.id, createdAt: at(2) });
  const loose = await createPostAt(server.ctx, author.user, { title: 'Mode switch', contentMarkdown: 'like dark', createdAt: at(3) });
  const errors: Array<[unknown, object]> = [
    [{}, validationError('title', 'title is required')],
    [{ title: null }, validationError('title', 'title is required')],
    [{ title: '   ' }, validationError('title', 'title is required')],
    [{ title: 7 }, validationError('title', 'title must be a string')],
    [{ title: ` ${'x'.repeat(201)} ` }, validationError('title', 'title cannot exceed 200 characters')],
    [{ title: 'dark', boardId: 'board' }, validationError('boardId', 'boardId must be a UUID')],
    [{ title: 'dark', limit: 11 }, validationError('limit', 'limit must be an integer between 1 and 10')],
    [{ title: 'dark', limit: '0' }, validationError('limit', 'limit must be an integer between 1 and 10')],
    [{ title: 7, boardId: 'x', limit: 0 }, validationError('title', 'title must be a string')],
    [{ title: 'dark', boardId: 'x', limit: 0 }, validationError('boardId', 'boardId must be a UUID')],
  ];
  for (const [body, error] of errors) {
    const response = await server.request('POST', '/posts/similar', { body });
    t.is(response.status, 400, JSON.stringify(body));
    t.deepEqual(response.body, error, JSON.stringify(body));
  }
  const similar = async (body: object, token?: string) => {
    const response = await server.request('POST', '/posts/similar', { body, ...(token ? { token } : {}) });
    t.is(response.status, 200);
    t.deepEqual(Object.keys(response.body), ['posts']);
    return response.body.posts.map((post: { postId: string }) => post.postId);
  };
  t.deepEqual(await similar({ title: 'Dark mode' }), [onShown.id, loose.id]);
  t.deepEqual(await similar({ title: 'Dark mode' }, owner.token), [onShown.id, loose.id, onHidden.id], 'one shared title word each: the newer first');
  t.deepEqual(await similar({ title: 'Dark mode', limit: '1' }), [onShown.id]);
  t.deepEqual(await similar({ title: 'dark', boardId: shown.id.toUpperCase() }), [onShown.id]);
  t.deepEqual(await similar({ title: 'dark', boardId: hidden.id }), []);
  t.deepEqual(await similar({ title: 'dark', boardId: hidden.id }, owner.token), [onHidden.id]);
  t.deepEqual(await similar({ title: 'dark', boardId: '00000000-0000-4000-8000-000000000000' }), []);
  t.deepEqual(await similar({ title: 'Please add it to the app' }), [], 'only stop words and short words');
  const full = (await server.request('POST', '/posts/similar', { body: { title: 'dark mode' } })).body.posts[0];
  t.deepEqual(Object.keys(full), ['postId', 'title', 'slug', 'contentMarkdown', 'createdAt', 'updatedAt', 'board', 'author', 'roadmap', 'commentsCount', 'tags', 'voters']);
  const many = [];
  for (let i = 0; i < 12; i++) many.push(await createPostAt(server.ctx, author.user, { title: `Calendar sync ${i}`, createdAt: at(10 + i) }));
  t.is((await similar({ title: 'calendar' })).length, 5, 'limit defaults to 5');
  t.is((await similar({ title: 'calendar', limit: 10 })).length, 10);
});

test('POST /posts/similar and GET /license: methods, Allow, HEAD', async (t) => {
  const { server } = await stage(t);
  const wrong = await server.request('GET', '/posts/similar');
  t.is(wrong.status, 405);
  t.is(wrong.headers.get('allow'), 'POST, OPTIONS');
  const license = await server.request('GET', '/license', { token: 'not a token' });
  t.is(license.status, 200);
  t.is(license.text, '{"status":"active","hierarchy":2}');
  t.is((await server.request('HEAD', '/license')).status, 200);
  const options = await server.request('OPTIONS', '/license');
  t.is(options.status, 204);
  t.is(options.headers.get('allow'), 'GET, HEAD, OPTIONS');
  t.is((await server.request('POST', '/license')).status, 405);
});
