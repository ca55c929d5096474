import test from 'ava';
import type { BoardRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt } from '../_helpers/personas.js';
import { at, BOARD_KEYS, FORBIDDEN, ids, NO_AUTH, NOT_FOUND, startCast, validationError } from './_boards.js';

const limitError = validationError('limit', 'limit must be an integer between 1 and 100');

test('GET /boards/:url: hidden boards only for board:read; unknown urls and everyone else get 404', async (t) => {
  const { server, owner, member, reader } = await startCast(t);
  const blockedReader = await createMember(server.ctx, { permissions: ['board:read'], blocked: true });
  const shown = await createBoard(server.ctx, { name: 'Ideas', url: 'ideas', color: '00ff00' });
  const hidden = await createBoard(server.ctx, { name: 'Internal', url: 'internal', display: false, viewVoters: false });
  await createPostAt(server.ctx, member.user, { boardId: hidden.id, createdAt: at(1) });
  const sees = (board: BoardRow, postCount: number) => ({
    board: {
      boardId: board.id,
      name: board.name,
      description: board.description,
      url: board.url,
      color: board.color,
      display: board.display,
      view_voters: board.viewVoters,
      post_count: postCount,
      createdAt: board.createdAt,
      updatedAt: board.updatedAt,
    },
  });
  const callers: Array<[string, string | undefined, boolean]> = [
    ['anonymous', undefined, false],
    ['member', member.token, false],
    ['blocked reader (anonymous)', blockedReader.token, false],
    ['bad token (anonymous)', 'x.y.z', false],
    ['reader', reader.token, true],
    ['owner', owner.token, true],
  ];
  for (const [who, token, seesHidden] of callers) {
    const options = token ? { token } : {};
    const open = await server.request('GET', '/boards/ideas', options);
    t.deepEqual([open.status, open.body], [200, sees(shown, 0)], who);
    t.deepEqual(Object.keys(open.body.board), BOARD_KEYS);
    const secret = await server.request('GET', '/boards/internal', options);
    t.deepEqual([secret.status, secret.body], seesHidden ? [200, sees(hidden, 1)] : [404, NOT_FOUND], who);
    const unknown = await server.request('GET', '/boards/nothing-here', options);
    t.deepEqual([unknown.status, unknown.body], [404, NOT_FOUND], who);
  }
});

test('GET /boards/:url matches the stored url exactly, after percent-decoding', async (t) => {
  const { server } = await startCast(t);
  await createBoard(server.ctx, { url: 'ideas' });
  t.is((await server.request('GET', '/boards/ide%61s')).status, 200);
  t.is((await server.request('GET', '/boards/ideas/')).status, 200, 'one trailing slash is ignored');
  for (const path of ['/boards/Ideas', '/boards/ideas%20', '/boards/%20ideas', '/boards/ideas%00', '/boards/idea']) {
    const response = await server.request('GET', path);
    t.deepEqual([response.status, response.body], [404, NOT_FOUND], path);
  }
  const undecodable = await server.request('GET', '/boards/%E0%A4%A');
  t.deepEqual(undecodable.body, { message: 'bad URL', code: 'DECODE_URI_ERROR' });
  const head = await server.request('HEAD', '/boards/ideas');
  t.deepEqual([head.status, head.text], [200, '']);
});

test('literal routes beat /boards/:url for their methods, in any letter case; other methods fall to the parameter route', async (t) => {
  const { server, owner } = await startCast(t);
  // Reserved urls are never stored by the API; written straight to storage, they still lose to the literal routes.
  for (const url of ['get', 'search', 'check-slug', 'check-name']) await createBoard(server.ctx, { url, name: `Board ${url}` });
  for (const path of ['/boards/get', '/boards/GET', '/boards/Get/']) {
    const response = await server.request('GET', path);
    t.deepEqual(Object.keys(response.body), ['boards'], path);
  }
  const searched = await server.request('GET', '/boards/search/board', { token: owner.token });
  t.is(searched.body.boards.length, 4);
  const checked = await server.request('POST', '/boards/check-slug', { token: owner.token, body: { url: 'x' } });
  t.deepEqual(checked.body, { available: true, url: 'x' });
  const named = await server.request('POST', '/Boards/Check-Name', { token: owner.token, body: { name: 'x' } });
  t.deepEqual(named.body, { available: true, url: 'x' });
  for (const url of ['search', 'check-slug', 'check-name']) {
    const response = await server.request('GET', `/boards/${url}`);
    t.is(response.status, 200, `GET /boards/${url} is the board with that url`);
    t.is(response.body.board.url, url);
  }
  const options = await server.request('OPTIONS', '/boards/check-slug');
  t.is(options.headers.get('allow'), 'GET, HEAD, POST, OPTIONS');
  const wrongMethod = await server.request('POST', '/boards/ideas');
  t.is(wrongMethod.status, 405);
  t.is(wrongMethod.headers.get('allow'), 'GET, HEAD, OPTIONS');
  t.is((await server.request('OPTIONS', '/boards')).headers.get('allow'), 'GET, HEAD, POST, PATCH, DELETE, OPTIONS');
});

test('GET /boards/search/:name: auth required, then board:read, then limit', async (t) => {
  const { server, member, reader } = await startCast(t);
  const response = await server.request('GET', '/boards/search/a?limit=0');
  t.deepEqual([response.status, response.body], [401, NO_AUTH]);
  const blocked = await createMember(server.ctx, { permissions: ['board:read'], blocked: true });
  const refused = await server.request('GET', '/boards/search/a', { token: blocked.token });
  t.deepEqual([refused.status, refused.body], [403, { message: 'User is Blocked', code: 'USER_BLOCKED' }]);
  const everyOther = await createMember(server.ctx, { permissions: ['board:create', 'board:update', 'board:destroy', 'roadmap:read'] });
  for (const persona of [member, everyOther]) {
    const forbidden = await server.request('GET', '/boards/search/a?limit=0', { token: persona.token });
    t.deepEqual([forbidden.status, forbidden.body], [403, FORBIDDEN]);
  }
  for (const limit of ['0', '101', 'ten', '1.5', '-1']) {
    const invalid = await server.request('GET', `/boards/search/a?limit=${limit}`, { token: reader.token });
    t.deepEqual([invalid.status, invalid.body], [400, limitError], limit);
  }
});

test('GET /boards/search/:name: literal, case-insensitive prefix of the trimmed name; hidden boards included; ordered', async (t) => {
  const { server, reader } = await startCast(t);
  const make = (name: string, second: number, display = true) => createBoard(server.ctx, { name, createdAt: at(second), display });
  const early = await make('Roadmap ideas', 1, false);
  const [tieA, tieB] = [await make('road works', 2), await make('ROAD WORKS', 2)].sort((a, b) => a.id.localeCompare(b.id));
  const late = await make('road works', 0);
  const plain = await make('Road', 9);
  await make('Railroad', 3);
  const percent = await make('100% done', 4);
  await make('100 percent', 5);
  const underscore = await make('snake_case', 6);
  await make('snakeXcase', 7);
  const search = async (name: string, query = '') => {
    const response = await server.request('GET', `/boards/search/${name}${query}`, { token: reader.token });
    t.is(response.status, 200, name);
    return ids(response.body);
  };
  // A space sorts before letters: 'road' < 'road works' < 'roadmap ideas'.
  t.deepEqual(await search('road'), [plain.id, late.id, tieA!.id, tieB!.id, early.id]);
  t.deepEqual(await search('ROAD%20W'), [late.id, tieA!.id, tieB!.id]);
  t.deepEqual(await search('%20%20road%20w%20'), [late.id, tieA!.id, tieB!.id], 'trimmed to "road w"');
  t.deepEqual(await search('100%25'), [percent.id]);
  t.deepEqual(await search('snake_'), [underscore.id]);
  t.deepEqual(await search('%25'), []);
  t.deepEqual(await search('_'), []);
  t.deepEqual(await search('oad'), [], 'a prefix, not a substring');
  t.deepEqual(await search('road', '?limit=2'), [plain.id, late.id]);
  const body = (await server.request('GET', '/boards/search/roadmap', { token: reader.token })).body;
  t.deepEqual(Object.keys(body), ['boards']);
  t.deepEqual(Object.keys(body.boards[0]), BOARD_KEYS);
  t.like(body.boards[0], { boardId: early.id, display: false, post_count: 0 });
});

test('GET /boards/search/:name: default limit 10, at most 100; a name decoding to spaces matches every board', async (t) => {
  const { server, owner } = await startCast(t);
  for (let i = 0; i < 105; i++) await createBoard(server.ctx, { name: `Topic ${String(i).padStart(3, '0')}`, createdAt: at(i) });
  const search = async (path: string) => (await server.request('GET', path, { token: owner.token })).body.boards.length;
  t.is(await search('/boards/search/topic'), 10);
  t.is(await search('/boards/search/topic?limit=100'), 100);
  t.is(await search('/boards/search/topic%20000?limit=100'), 1);
  t.is(await search('/boards/search/%20?limit=100'), 100);
  t.is(await search('/boards/search/topic%2F'), 0, 'an encoded slash is part of the name');
  t.is(await search('/boards/search/topic%00'), 0);
});
