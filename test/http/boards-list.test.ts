import { randomUUID } from 'node:crypto';
import test from 'ava';
import { createBoard, createMember, createPostAt } from '../_helpers/personas.js';
import {
  at,
  BOARD_KEYS,
  boardsAt,
  byTime,
  type Cast,
  ids,
  INVALID_CURSOR,
  startCast,
  validationError,
} from './_boards.js';

const pageError = validationError('page', 'page must be an integer between 1 and 99999999');
const limitError = validationError('limit', 'limit must be an integer between 1 and 100');
const firstError = validationError('first', 'first must be an integer between 1 and 100');
const createdError = validationError('created', 'created must be one of: asc, desc');

test('GET /boards lists displayed boards only, in the Board shape, the same for every caller', async (t) => {
  const { server, owner, member, reader } = await startCast(t);
  const shown = await createBoard(server.ctx, { name: 'Ideas', url: 'ideas', color: 'a1b2c3', viewVoters: false, createdAt: at(1) });
  await createBoard(server.ctx, { name: 'Secret', url: 'secret', display: false, createdAt: at(2) });
  for (let i = 0; i < 3; i++) await createPostAt(server.ctx, member.user, { boardId: shown.id, createdAt: at(10 + i) });
  await createPostAt(server.ctx, member.user, { createdAt: at(20) });
  const expected = {
    boardId: shown.id,
    name: 'Ideas',
    description: null,
    url: 'ideas',
    color: 'a1b2c3',
    display: true,
    view_voters: false,
    post_count: 3,
    createdAt: at(1),
    updatedAt: shown.updatedAt,
  };
  for (const token of [undefined, member.token, reader.token, owner.token, 'not-a-token']) {
    const response = await server.request('GET', '/boards', token === undefined ? {} : { token });
    t.is(response.status, 200);
    t.deepEqual(response.body, {
      boards: [expected],
      results: [expected],
      page_info: { count: 1, current_page: 1, has_next_page: false, start_cursor: shown.id, end_cursor: shown.id },
      total_count: 1,
      total_pages: 1,
    });
    t.deepEqual(Object.keys(response.body.boards[0]), BOARD_KEYS);
  }
});

test('GET /boards with no displayed board: an empty first page with null cursors', async (t) => {
  const { server } = await startCast(t);
  await createBoard(server.ctx, { display: false });
  const response = await server.request('GET', '/boards');
  t.deepEqual(response.body, {
    boards: [],
    results: [],
    page_info: { count: 0, current_page: 1, has_next_page: false, start_cursor: null, end_cursor: null },
    total_count: 0,
    total_pages: 0,
  });
});

test('GET /boards cursor walks visit every displayed board once in both directions, hidden ones skipped', async (t) => {
  const { server } = await startCast(t);
  const boards = await boardsAt(server, 30, (i) => i % 5, (i) => i % 4 !== 1);
  const ascending = boards.filter((board) => board.display).sort(byTime).map((board) => board.id);
  t.is(ascending.length, 22);
  for (const [created, expected] of [['asc', ascending], ['DESC', [...ascending].reverse()]] as const) {
    const seen: string[] = [];
    let after = '';
    for (let page = 1; page <= 5; page++) {
      const { status, body } = await server.request('GET', `/boards?first=5&created=${created}&after=${after}`);
      t.is(status, 200);
      const slice = expected.slice((page - 1) * 5, page * 5);
      t.deepEqual(ids(body), slice);
      t.deepEqual(body.page_info, {
        count: slice.length,
        current_page: page,
        has_next_page: page < 5,
        start_cursor: slice[0],
        end_cursor: slice[slice.length - 1],
      });
      t.like(body, { total_count: 22, total_pages: 5 });
      seen.push(...ids(body));
      after = body.page_info.end_cursor;
    }
    t.deepEqual(seen, expected);
    const pastEnd = await server.request('GET', `/boards?first=5&created=${created}&after=${after}`);
    t.like(pastEnd.body, { boards: [], page_info: { count: 0, current_page: 5, has_next_page: false, start_cursor: null } });
  }
});

test('GET /boards offset walks in both directions; no cursor keys; first and after ignored', async (t) => {
  const { server } = await startCast(t);
  const boards = await boardsAt(server, 16, (i) => i % 3, (i) => i % 5 !== 0);
  const ascending = boards.filter((board) => board.display).sort(byTime).map((board) => board.id);
  for (const [created, expected] of [['Asc', ascending], ['desc', [...ascending].reverse()]] as const) {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await server.request('GET', `/boards?page=${page}&limit=5&created=${created}&first=0&after=nope`);
      t.deepEqual(Object.keys(body), ['boards', 'results']);
      t.deepEqual(body.results, body.boards);
      seen.push(...ids(body));
    }
    t.deepEqual(seen, expected);
  }
  t.deepEqual((await server.request('GET', '/boards?page=4&limit=5')).body, { boards: [], results: [] });
  t.deepEqual(ids((await server.request('GET', '/boards?page=1')).body), ascending.slice(0, 10), 'default size 10');
});

test('GET /boards: limit wins over first in cursor mode; a mid-list cursor counts the boards before it', async (t) => {
  const { server } = await startCast(t);
  const boards = await boardsAt(server, 14, (i) => i);
  const ascending = boards.map((board) => board.id);
  const sized = await server.request('GET', '/boards?limit=7&first=3');
  t.deepEqual(ids(sized.body), ascending.slice(0, 7));
  t.like(sized.body, { total_count: 14, total_pages: 2, page_info: { count: 7, has_next_page: true } });
  const plain = await server.request('GET', '/boards?page=&limit=&first=&after=&created=');
  t.deepEqual(ids(plain.body), ascending.slice(0, 10), 'empty values count as absent');
  const mid = await server.request('GET', `/boards?first=4&after=${ascending[5]!.toUpperCase()}`);
  t.deepEqual(ids(mid.body), ascending.slice(6, 10));
  t.like(mid.body.page_info, { current_page: 2, has_next_page: true });
});

test('GET /boards: INVALID_CURSOR for a malformed, unknown, deleted or hidden board id, in both directions', async (t) => {
  const { server } = await startCast(t);
  const [hidden, gone] = await boardsAt(server, 2, (i) => i, (i) => i === 1);
  await createBoard(server.ctx, { createdAt: at(5) });
  await server.ctx.storage.boards.delete(gone!.id);
  for (const after of ['nope', `${randomUUID()}x`, randomUUID(), gone!.id, hidden!.id, hidden!.id.toUpperCase()]) {
    for (const created of ['asc', 'desc']) {
      const response = await server.request('GET', `/boards?after=${after}&created=${created}`);
      t.is(response.status, 400, after);
      t.deepEqual(response.body, INVALID_CURSOR);
    }
  }
  t.is((await server.request('GET', `/boards?page=1&after=${hidden!.id}`)).status, 200, 'offset mode ignores after');
});

test('GET /boards/get: hidden boards only for board:read; offset paging in both directions', async (t) => {
  const cast = await startCast(t);
  const blockedReader = await createMember(cast.server.ctx, { permissions: ['board:read'], blocked: true });
  const boards = await boardsAt(cast.server, 12, (i) => i % 4, (i) => i % 3 !== 0);
  const all = [...boards].sort(byTime).map((board) => board.id);
  const displayed = [...boards].filter((board) => board.display).sort(byTime).map((board) => board.id);
  const cases: Array<[string, string | undefined, string[]]> = [
    ['anonymous', undefined, displayed],
    ['member', cast.member.token, displayed],
    ['bad token (anonymous)', 'bad-token', displayed],
    ['blocked reader (anonymous)', blockedReader.token, displayed],
    ['reader', cast.reader.token, all],
    ['owner', cast.owner.token, all],
  ];
  for (const [who, token, expected] of cases) {
    for (const [created, order] of [['asc', expected], ['DESC', [...expected].reverse()]] as const) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const response = await cast.server.request('GET', `/boards/get?page=${page}&limit=4&created=${created}&after=x&first=0`, {
          ...(token ? { token } : {}),
        });
        t.is(response.status, 200, who);
        t.deepEqual(Object.keys(response.body), ['boards']);
        seen.push(...ids(response.body));
      }
      t.deepEqual(seen, order, `${who} ${created}`);
    }
  }
  const defaults = await cast.server.request('GET', '/boards/get', { token: cast.owner.token });
  t.deepEqual(ids(defaults.body), all.slice(0, 10), 'page 1, 10 boards, oldest first');
  t.deepEqual(Object.keys(defaults.body.boards[0]), BOARD_KEYS);
});

let shared: Cast | undefined;
test.before(async () => {
  shared = await startCast();
});
test.after.always(() => shared?.server.close());

const listErrors: Array<[string, string, unknown]> = [
  ['page 0', 'page=0', pageError],
  ['page fraction', 'page=1.5', pageError],
  ['page too large', 'page=100000000', pageError],
  ['page before limit', 'page=x&limit=0', pageError],
  ['limit 0 (offset)', 'page=1&limit=0', limitError],
  ['limit 101 (cursor)', 'limit=101', limitError],
  ['limit before first', 'limit=0&first=0', limitError],
  ['first 0', 'first=0', firstError],
  ['first checked though limit wins', 'limit=5&first=101', firstError],
  ['first before created', 'first=x&created=up', firstError],
  ['created other', 'created=newest', createdError],
  ['created before cursor', 'created=up&after=nope', createdError],
  ['created (offset)', 'page=2&created=up', createdError],
  ['NUL in created', 'created=asc%00', validationError('created', 'created must not contain NUL characters')],
];

for (const [title, query, expected] of listErrors) {
  test(`GET /boards error: ${title}`, async (t) => {
    const response = await shared!.server.request('GET', `/boards?${query}`);
    t.is(response.status, 400);
    t.deepEqual(response.body, expected);
  });
}

const getErrors: Array<[string, string, unknown]> = [
  ['page 0', 'page=0', pageError],
  ['page before limit', 'page=-1&limit=101', pageError],
  ['limit 101', 'limit=101', limitError],
  ['limit before created', 'limit=0&created=up', limitError],
  ['created other', 'created=sideways', createdError],
];

for (const [title, query, expected] of getErrors) {
  test(`GET /boards/get error: ${title}`, async (t) => {
    for (const token of [undefined, shared!.owner.token]) {
      const response = await shared!.server.request('GET', `/boards/get?${query}`, token ? { token } : {});
      t.is(response.status, 400);
      t.deepEqual(response.body, expected);
    }
  });
}

test('GET /boards/get is offset only: first and after are never checked', async (t) => {
  for (const query of ['first=0', 'first=x', 'after=nope', `after=${randomUUID()}`]) {
    const response = await shared!.server.request('GET', `/boards/get?${query}`);
    t.is(response.status, 200, query);
  }
});
