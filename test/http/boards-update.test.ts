import { randomUUID } from 'node:crypto';
import test from 'ava';
import type { BoardRow } from '../../src/storage/types.js';
import { createBoard, createMember, createPostAt, type Persona } from '../_helpers/personas.js';
import {
  at,
  BOARD_KEYS,
  type Cast,
  FORBIDDEN,
  HEX_CHAR,
  HEX_LENGTH,
  ids,
  NAME_MISSING,
  NAME_TOO_LONG,
  NO_AUTH,
  NOT_FOUND,
  startCast,
  URL_EXISTS,
  URL_MISSING,
  URL_TOO_LONG,
  validationError,
} from './_boards.js';

interface Setup extends Cast {
  /** `board:update` and `board:destroy`, without `board:read`. */
  editor: Persona;
  /** `board:create` only. */
  creator: Persona;
  /** A hidden board the rows target. */
  target: BoardRow;
}

let shared: Setup | undefined;
test.before(async () => {
  const cast = await startCast();
  const editor = await createMember(cast.server.ctx, { permissions: ['board:update', 'board:destroy'] });
  const creator = await createMember(cast.server.ctx, { permissions: ['board:create'] });
  const target = await createBoard(cast.server.ctx, { url: 'target', display: false, createdAt: at(1) });
  await createBoard(cast.server.ctx, { url: 'taken', createdAt: at(2) });
  shared = { ...cast, editor, creator, target };
});
test.after.always(() => shared?.server.close());

type Row = [title: string, who: 'nobody' | 'member' | 'reader' | 'creator' | 'editor', body: Record<string, unknown>, status: number, expected: unknown];

/** `boardId: true` in a row stands for the target board's id. */
const lookupRows = (permission: string): Row[] => [
  ['no header', 'nobody', { boardId: true }, 401, NO_AUTH],
  ['boardId absent', 'editor', {}, 404, NOT_FOUND],
  ['boardId null', 'editor', { boardId: null }, 404, NOT_FOUND],
  ['boardId number', 'editor', { boardId: 7 }, 404, NOT_FOUND],
  ['boardId array', 'editor', { boardId: [randomUUID()] }, 404, NOT_FOUND],
  ['boardId not a UUID', 'editor', { boardId: 'target' }, 404, NOT_FOUND],
  ['boardId with NUL', 'editor', { boardId: `${randomUUID()}\u0000` }, 404, NOT_FOUND],
  ['boardId unknown', 'editor', { boardId: randomUUID() }, 404, NOT_FOUND],
  ['404 before 403', 'member', { boardId: randomUUID() }, 404, NOT_FOUND],
  [`member lacks ${permission}`, 'member', { boardId: true, name: 5 }, 403, FORBIDDEN],
  ['board:read is not enough', 'reader', { boardId: true }, 403, FORBIDDEN],
  ['board:create is not enough', 'creator', { boardId: true }, 403, FORBIDDEN],
];

/** Field rows target the hidden board, as the editor (who lacks `board:read`). */
const fieldRows: Row[] = [
  ['name number', 'editor', { name: 5, url: 5 }, 400, validationError('name', 'name must be a string')],
  ['name null', 'editor', { name: null, url: 5 }, 400, NAME_MISSING],
  ['name blank', 'editor', { name: ' \n ' }, 400, NAME_MISSING],
  ['name 51', 'editor', { name: 'n'.repeat(51), url: 5 }, 400, NAME_TOO_LONG],
  ['url number', 'editor', { url: 5, color: 5 }, 400, validationError('url', 'url must be a string')],
  ['url null', 'editor', { url: null, color: 5 }, 400, URL_MISSING],
  ['url empty after normalising', 'editor', { url: '***' }, 400, URL_MISSING],
  ['url 51', 'editor', { url: 'u'.repeat(51), color: 5 }, 400, URL_TOO_LONG],
  ['color null', 'editor', { color: null, view_voters: 5 }, 400, validationError('color', 'color must be a string')],
  ['color number', 'editor', { color: 123456 }, 400, validationError('color', 'color must be a string')],
  ['color #abc', 'editor', { color: '#abc', view_voters: 5 }, 400, HEX_LENGTH],
  ['color zzzzzz', 'editor', { color: 'zzzzzz', view_voters: 5 }, 400, HEX_CHAR],
  ['view_voters before display', 'editor', { view_voters: 'yes', display: 'no' }, 400, validationError('view_voters', 'view_voters must be a boolean')],
  ['view_voters null', 'editor', { view_voters: null }, 400, validationError('view_voters', 'view_voters must be a boolean')],
  ['display null', 'editor', { display: null, url: 'taken' }, 400, validationError('display', 'display must be a boolean')],
  ['url taken', 'editor', { url: 'TAKEN', name: 'fine' }, 409, URL_EXISTS],
  ['url reserved', 'editor', { url: 'search' }, 409, URL_EXISTS],
  ['url reserved after normalising', 'editor', { url: 'Check Name' }, 409, URL_EXISTS],
];

const patchRows: Row[] = [
  ...lookupRows('board:update'),
  ...fieldRows.map(([title, who, body, status, expected]): Row => [title, who, { boardId: true, ...body }, status, expected]),
];

const deleteRows: Row[] = lookupRows('board:destroy');

const routes: Array<[string, Row[]]> = [
  ['PATCH', patchRows],
  ['DELETE', deleteRows],
];

for (const [method, rows] of routes) {
  for (const [title, who, body, status, expected] of rows) {
    test(`${method} /boards error: ${title}`, async (t) => {
      const { server, target } = shared!;
      const before = await server.ctx.storage.boards.list();
      const sent = body.boardId === true ? { ...body, boardId: target.id } : body;
      const token = who === 'nobody' ? undefined : shared![who].token;
      const response = await server.request(method, '/boards', { body: sent, ...(token ? { token } : {}) });
      t.deepEqual([response.status, response.body], [status, expected]);
      t.deepEqual(await server.ctx.storage.boards.list(), before, 'nothing changed');
    });
  }
}

test('PATCH /boards writes only the fields sent, and updatedAt; hidden boards are found without board:read', async (t) => {
  const { server, member } = await startCast(t);
  const editor = await createMember(server.ctx, { permissions: ['board:update'] });
  const board = await createBoard(server.ctx, { name: 'Old', url: 'old', color: '123456', display: false, viewVoters: true, createdAt: at(1), updatedAt: at(1) });
  await createPostAt(server.ctx, member.user, { boardId: board.id, createdAt: at(2) });
  const patch = async (body: Record<string, unknown>) => {
    const response = await server.request('PATCH', '/boards', { token: editor.token, body: { boardId: board.id.toUpperCase(), ...body } });
    t.is(response.status, 200, JSON.stringify(body));
    t.deepEqual(Object.keys(response.body), ['board']);
    t.deepEqual(Object.keys(response.body.board), BOARD_KEYS);
    return response.body.board;
  };
  const touched = await patch({});
  t.deepEqual(touched, { boardId: board.id, name: 'Old', description: null, url: 'old', color: '123456', display: false, view_voters: true, post_count: 1, createdAt: at(1), updatedAt: touched.updatedAt });
  t.true(touched.updatedAt > at(1), 'updatedAt is now even when nothing else changes');
  const renamed = await patch({ name: '  New name ', unknown: 'ignored' });
  t.like(renamed, { name: 'New name', url: 'old', color: '123456', display: false });
  const moved = await patch({ url: ' Café Ideas ', color: 'ABCDEF' });
  t.like(moved, { name: 'New name', url: 'cafe-ideas', color: 'abcdef' });
  t.like(await patch({ url: 'CAFE ideas' }), { url: 'cafe-ideas' }, 'its own url is no conflict');
  const flags = await patch({ display: true, view_voters: false });
  t.like(flags, { display: true, view_voters: false, name: 'New name', url: 'cafe-ideas', createdAt: at(1) });
  t.deepEqual(ids((await server.request('GET', '/boards')).body), [board.id], 'now listed publicly');
  t.is((await server.request('GET', '/boards/old')).status, 404, 'the old url is free again');
  t.like(await patch({ display: false }), { display: false });
  t.deepEqual(ids((await server.request('GET', '/boards')).body), [], 'hidden again');
  const stored = (await server.ctx.storage.boards.get(board.id))!;
  t.like(stored, { name: 'New name', url: 'cafe-ideas', color: 'abcdef', display: false, viewVoters: false, createdAt: at(1) });
});

test('DELETE /boards deletes the board; its posts stay, on no board, and become visible to everyone', async (t) => {
  const { server, member, owner } = await startCast(t);
  const destroyer = await createMember(server.ctx, { permissions: ['board:destroy'] });
  const hidden = await createBoard(server.ctx, { url: 'hidden', display: false, createdAt: at(1) });
  const other = await createBoard(server.ctx, { url: 'other', createdAt: at(2) });
  const onHidden = [];
  for (let i = 0; i < 3; i++) onHidden.push(await createPostAt(server.ctx, member.user, { boardId: hidden.id, createdAt: at(10 + i) }));
  const onOther = await createPostAt(server.ctx, member.user, { boardId: other.id, createdAt: at(20) });
  const visibleTo = async (token?: string) => {
    const response = await server.request('POST', '/posts/get', { body: { limit: 100 }, ...(token ? { token } : {}) });
    return response.body.posts.map((post: { postId: string; board: { boardId: string } | null }) => [post.postId, post.board?.boardId ?? null]);
  };
  t.deepEqual(await visibleTo(), [[onOther.id, other.id]]);
  const ownerView = await server.request('GET', '/boards/get', { token: owner.token });
  t.deepEqual(ownerView.body.boards.map((board: { post_count: number }) => board.post_count), [3, 1]);

  const response = await server.request('DELETE', '/boards', { token: destroyer.token, body: { boardId: hidden.id } });
  t.deepEqual([response.status, response.text], [204, '']);
  t.is(response.headers.get('content-type'), null);
  t.is(await server.ctx.storage.boards.get(hidden.id), undefined);
  for (const token of [undefined, member.token, owner.token]) {
    t.deepEqual(await visibleTo(token), [[onOther.id, other.id], ...onHidden.map((post) => [post.id, null]).reverse()]);
  }
  for (const post of onHidden) t.deepEqual(await server.ctx.storage.posts.get(post.id), { ...post, boardId: null }, 'updatedAt untouched');
  const after = await server.request('GET', '/boards/get', { token: owner.token });
  t.deepEqual(after.body.boards.map((board: { boardId: string; post_count: number }) => [board.boardId, board.post_count]), [[other.id, 1]]);
  const again = await server.request('DELETE', '/boards', { token: destroyer.token, body: { boardId: hidden.id } });
  t.deepEqual([again.status, again.body], [404, NOT_FOUND]);
  t.is((await server.request('GET', '/boards/hidden', { token: owner.token })).status, 404);
});

test('post_count follows posts as they are added, moved and removed', async (t) => {
  const { server, member } = await startCast(t);
  const [a, b] = [await createBoard(server.ctx, { url: 'a', createdAt: at(1) }), await createBoard(server.ctx, { url: 'b', createdAt: at(2) })];
  const counts = async () => ((await server.request('GET', '/boards')).body.boards as Array<{ post_count: number }>).map((board) => board.post_count);
  t.deepEqual(await counts(), [0, 0]);
  const post = await createPostAt(server.ctx, member.user, { boardId: a.id, createdAt: at(3) });
  await createPostAt(server.ctx, member.user, { boardId: a.id, createdAt: at(4) });
  t.deepEqual(await counts(), [2, 0]);
  await server.ctx.storage.posts.update(post.id, { boardId: b.id });
  t.deepEqual(await counts(), [1, 1]);
  await server.ctx.storage.posts.delete(post.id);
  t.deepEqual(await counts(), [1, 0]);
});
