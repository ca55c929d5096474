import test from 'ava';
import { createBoard, createMember, type Persona } from '../_helpers/personas.js';
import {
  BOARD_KEYS,
  type Cast,
  FORBIDDEN,
  HEX_CHAR,
  HEX_LENGTH,
  NAME_MISSING,
  NAME_TOO_LONG,
  NO_AUTH,
  startCast,
  URL_EXISTS,
  URL_MISSING,
  URL_TOO_LONG,
  validationError,
} from './_boards.js';

const urlType = validationError('url', 'url must be a string');
const nameType = validationError('name', 'name must be a string');
const colorType = validationError('color', 'color must be a string');
const displayType = validationError('display', 'display must be a boolean');
const viewVotersType = validationError('view_voters', 'view_voters must be a boolean');

/** Normalised by the URL slug rule (API.md §1.8): transliterated, lower-case, dash-joined, trimmed of dashes. */
const NORMALISED: Array<[string, string]> = [
  [' Hello, World! ', 'hello-world'],
  ['Crème Brûlée', 'creme-brulee'],
  ['Straße', 'strasse'],
  ['Ærøskøbing Łódź', 'aeroskobing-lodz'],
  ['--a__b--', 'a-b'],
  ['Ideas 2.0', 'ideas-2-0'],
  ['日本 board', 'board'],
  [`${'a'.repeat(50)}---`, 'a'.repeat(50)],
];

interface Setup extends Cast {
  /** `board:create` only. */
  creator: Persona;
  /** `board:update` only. */
  updater: Persona;
}

let shared: Setup | undefined;
test.before(async () => {
  const cast = await startCast();
  const creator = await createMember(cast.server.ctx, { permissions: ['board:create'] });
  const updater = await createMember(cast.server.ctx, { permissions: ['board:update'] });
  await createBoard(cast.server.ctx, { url: 'taken', name: 'Taken' });
  shared = { ...cast, creator, updater };
});
test.after.always(() => shared?.server.close());

/** Every stored board, to show that a refused request changed nothing. */
const storedBoards = () => shared!.server.ctx.storage.boards.list();

test('POST /boards/check-slug: normalised url, availability, reserved urls; board:create or board:update', async (t) => {
  const { server, creator, updater, owner } = shared!;
  for (const persona of [creator, updater, owner]) {
    for (const [input, url] of NORMALISED) {
      const response = await server.request('POST', '/boards/check-slug', { token: persona.token, body: { url: input } });
      t.deepEqual([response.status, response.body], [200, { available: true, url }], input);
    }
  }
  for (const [input, url] of [['Taken', 'taken'], ['get', 'get'], [' SEARCH ', 'search'], ['check_slug', 'check-slug'], ['Check Name!', 'check-name']]) {
    const response = await server.request('POST', '/boards/check-slug', { token: creator.token, body: { url: input } });
    t.deepEqual(response.body, { available: false, url }, input);
  }
});

test('POST /boards/check-name (deprecated): the url a name gives, board:create only', async (t) => {
  const { server, creator } = shared!;
  for (const [input, url] of NORMALISED.slice(0, -1)) {
    const response = await server.request('POST', '/boards/check-name', { token: creator.token, body: { name: input } });
    t.deepEqual([response.status, response.body], [200, { available: true, url }], input);
  }
  const taken = await server.request('POST', '/boards/check-name', { token: creator.token, body: { name: '  Taken  ' } });
  t.deepEqual(taken.body, { available: false, url: 'taken' });
  const reserved = await server.request('POST', '/boards/check-name', { token: creator.token, body: { name: 'Check slug' } });
  t.deepEqual(reserved.body, { available: false, url: 'check-slug' });
  const fifty = await server.request('POST', '/boards/check-name', { token: creator.token, body: { name: ` ${'b'.repeat(50)} ` } });
  t.deepEqual(fifty.body, { available: true, url: 'b'.repeat(50) });
});

type Row = [title: string, who: keyof Setup | 'nobody', body: unknown, status: number, expected: unknown];

const checkSlugRows: Row[] = [
  ['no header', 'nobody', { url: 'x' }, 401, NO_AUTH],
  ['member', 'member', { url: 5 }, 403, FORBIDDEN],
  ['board:read is not enough', 'reader', { url: 'x' }, 403, FORBIDDEN],
  ['url number', 'creator', { url: 5 }, 400, urlType],
  ['url boolean', 'updater', { url: true }, 400, urlType],
  ['url array', 'creator', { url: ['a'] }, 400, urlType],
  ['url NUL', 'creator', { url: 'a\u0000b' }, 400, validationError('url', 'url must not contain NUL characters')],
  ['url absent', 'creator', {}, 400, URL_MISSING],
  ['url null', 'creator', { url: null }, 400, URL_MISSING],
  ['url empty', 'creator', { url: '' }, 400, URL_MISSING],
  ['url only dashes', 'creator', { url: ' -_- ' }, 400, URL_MISSING],
  ['url only non-ASCII', 'creator', { url: '日本' }, 400, URL_MISSING],
  ['url 51', 'creator', { url: 'a'.repeat(51) }, 400, URL_TOO_LONG],
  ['url 52 after transliterating', 'creator', { url: 'ß'.repeat(26) }, 400, URL_TOO_LONG],
];

const checkNameRows: Row[] = [
  ['no header', 'nobody', { name: 'x' }, 401, NO_AUTH],
  ['member', 'member', { name: 5 }, 403, FORBIDDEN],
  ['board:update is not enough', 'updater', { name: 'x' }, 403, FORBIDDEN],
  ['name number', 'creator', { name: 5 }, 400, nameType],
  ['name object', 'creator', { name: {} }, 400, nameType],
  ['name absent', 'creator', {}, 400, NAME_MISSING],
  ['name null', 'creator', { name: null }, 400, NAME_MISSING],
  ['name blank', 'creator', { name: '   ' }, 400, NAME_MISSING],
  ['name empty after normalising', 'creator', { name: '!!!' }, 400, NAME_MISSING],
  ['missing before too long', 'creator', { name: '!'.repeat(60) }, 400, NAME_MISSING],
  ['name 51', 'creator', { name: 'a'.repeat(51) }, 400, NAME_TOO_LONG],
  ['name whose url is over 50', 'creator', { name: 'ß'.repeat(30) }, 400, NAME_TOO_LONG],
];

const createRows: Row[] = [
  ['no header', 'nobody', {}, 401, NO_AUTH],
  ['member', 'member', { name: 5 }, 403, FORBIDDEN],
  ['board:update is not enough', 'updater', {}, 403, FORBIDDEN],
  ['name number', 'creator', { name: 5, url: 5 }, 400, nameType],
  ['name 51', 'creator', { name: ` ${'n'.repeat(51)} `, url: 5 }, 400, NAME_TOO_LONG],
  ['url number', 'creator', { url: 5, color: 5 }, 400, urlType],
  ['url empty', 'creator', { url: '', color: 5 }, 400, URL_MISSING],
  ['url only symbols', 'creator', { url: '%%%' }, 400, URL_MISSING],
  ['url 51', 'creator', { url: 'u'.repeat(51), color: 5 }, 400, URL_TOO_LONG],
  ['color number', 'creator', { color: 5, display: 'yes' }, 400, colorType],
  ['color #abc', 'creator', { color: '#abc' }, 400, HEX_LENGTH],
  ['color #abcdef', 'creator', { color: '#abcdef' }, 400, HEX_LENGTH],
  ['color empty', 'creator', { color: '' }, 400, HEX_LENGTH],
  ['color zzzzzz', 'creator', { color: 'zzzzzz', display: 'yes' }, 400, HEX_CHAR],
  ['color non-ASCII', 'creator', { color: 'abcdé1' }, 400, HEX_CHAR],
  ['display string', 'creator', { display: 'true', view_voters: 1 }, 400, displayType],
  ['display number', 'creator', { display: 1 }, 400, displayType],
  ['view_voters string', 'creator', { view_voters: 'no', url: 'taken' }, 400, viewVotersType],
  ['url taken', 'creator', { url: 'Taken' }, 409, URL_EXISTS],
  ['url reserved', 'creator', { url: 'Check Slug' }, 409, URL_EXISTS],
  ['url reserved get', 'owner', { url: 'GET' }, 409, URL_EXISTS],
];

const routes: Array<[string, Row[]]> = [
  ['/boards/check-slug', checkSlugRows],
  ['/boards/check-name', checkNameRows],
  ['/boards', createRows],
];

for (const [path, rows] of routes) {
  for (const [title, who, body, status, expected] of rows) {
    test(`POST ${path} error: ${title}`, async (t) => {
      const before = await storedBoards();
      const token = who === 'nobody' ? undefined : (shared![who] as Persona).token;
      const response = await shared!.server.request('POST', path, { body, ...(token ? { token } : {}) });
      t.deepEqual([response.status, response.body], [status, expected]);
      t.deepEqual(await storedBoards(), before, 'nothing stored');
    });
  }
}

test('POST /boards with no body uses every default', async (t) => {
  const { server, owner } = await startCast(t);
  const started = new Date().toISOString();
  const response = await server.request('POST', '/boards', { token: owner.token });
  t.is(response.status, 201);
  const { board } = response.body;
  t.deepEqual(Object.keys(response.body), ['board']);
  t.deepEqual(Object.keys(board), BOARD_KEYS);
  t.like(board, { name: 'new board', display: false, view_voters: true, post_count: 0 });
  t.regex(board.url, /^new-board-[0-9a-z]{10}$/);
  t.regex(board.color, /^[0-9a-f]{6}$/);
  t.is(board.createdAt, board.updatedAt);
  t.true(board.createdAt >= started);
  t.regex(board.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  t.deepEqual(await server.ctx.storage.boards.get(board.boardId), {
    id: board.boardId,
    name: 'new board',
    description: null,
    url: board.url,
    color: board.color,
    display: false,
    viewVoters: true,
    createdAt: board.createdAt,
    updatedAt: board.createdAt,
  });
  const nulls = await server.request('POST', '/boards', {
    token: owner.token,
    body: { name: null, url: null, color: null, display: null, view_voters: null },
  });
  t.like(nulls.body.board, { name: 'new board', display: false, view_voters: true });
  t.not(nulls.body.board.url, board.url, 'each default url is drawn anew');
  const blank = await server.request('POST', '/boards', { token: owner.token, body: { name: ' \t ' } });
  t.is(blank.body.board.name, 'new board');
});

test('POST /boards stores the given fields: trimmed name, normalised url, lower-case colour', async (t) => {
  const { server } = await startCast(t);
  const creator = await createMember(server.ctx, { permissions: ['board:create'] });
  const body = { name: '  Crème brûlée  ', url: ' Crème Brûlée! ', color: 'ABCDEF', display: true, view_voters: false };
  const response = await server.request('POST', '/boards', { token: creator.token, body });
  t.is(response.status, 201);
  t.like(response.body.board, { name: 'Crème brûlée', url: 'creme-brulee', color: 'abcdef', display: true, view_voters: false });
  const fifty = await server.request('POST', '/boards', { token: creator.token, body: { name: 'n'.repeat(50), url: `-${'u'.repeat(50)}-` } });
  t.like(fifty.body.board, { name: 'n'.repeat(50), url: 'u'.repeat(50) });
  const shown = await server.request('GET', '/boards/creme-brulee');
  t.is(shown.body.board.boardId, response.body.board.boardId);
  const again = await server.request('POST', '/boards', { token: creator.token, body: { url: 'CREME brulee' } });
  t.deepEqual([again.status, again.body], [409, URL_EXISTS]);
});

test('concurrent POST /boards with one url: exactly one 201, the others 409', async (t) => {
  const { server, owner } = await startCast(t);
  const responses = await Promise.all(
    Array.from({ length: 10 }, () => server.request('POST', '/boards', { token: owner.token, body: { url: 'race' } })),
  );
  t.deepEqual(responses.map((response) => response.status).sort(), [201, ...Array(9).fill(409)]);
  t.is((await server.ctx.storage.boards.list()).length, 1);
});
