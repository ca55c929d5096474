import test from 'ava';
import { createBoard } from '../_helpers/personas.js';
import { startCast, URL_EXISTS, validationError } from './_boards.js';

const descriptionType = validationError('description', 'description must be a string');
const descriptionTooLong = validationError('description', 'description cannot exceed 300 characters');
const viewVotersType = validationError('view_voters', 'view_voters must be a boolean');
const displayType = validationError('display', 'display must be a boolean');

test('a board’s description: trimmed, "" and blank are none, at most 300 characters; in every Board answer', async (t) => {
  const { server, owner, member, reader } = await startCast(t);
  const create = (body: Record<string, unknown>) => server.request('POST', '/boards', { token: owner.token, body: { display: true, ...body } });
  const made = await create({ name: 'Ideas', url: 'ideas', description: `  What we could build next \n` });
  t.is(made.status, 201);
  t.is(made.body.board.description, 'What we could build next');
  t.is((await server.ctx.storage.boards.get(made.body.board.boardId))?.description, 'What we could build next');
  for (const [description, url] of [[null, 'a'], ['', 'b'], [' \t ', 'c'], [undefined, 'd']] as const) {
    t.is((await create({ url, ...(description === undefined ? {} : { description }) })).body.board.description, null, JSON.stringify(description));
  }
  const longest = `${'é'.repeat(299)}🎉`;
  t.is((await create({ url: 'longest', description: ` ${longest} ` })).body.board.description, longest, '300 code points after trimming');
  const reads = [
    await server.request('GET', '/boards'),
    await server.request('GET', '/boards/get', { token: member.token }),
    await server.request('GET', '/boards/ideas'),
    await server.request('GET', '/boards/search/Ide', { token: reader.token }),
  ];
  t.deepEqual(
    reads.map((read) => (read.body.board ?? read.body.boards.find((board: { url: string }) => board.url === 'ideas')).description),
    Array(4).fill('What we could build next'),
  );
});

test('POST /boards: description is checked after view_voters and before the url conflict; nothing is stored', async (t) => {
  const { server, owner } = await startCast(t);
  await createBoard(server.ctx, { url: 'taken' });
  const before = await server.ctx.storage.boards.list();
  const cases: Array<[Record<string, unknown>, number, unknown]> = [
    [{ description: 5 }, 400, descriptionType],
    [{ description: ['a'] }, 400, descriptionType],
    [{ description: false }, 400, descriptionType],
    [{ description: 'x'.repeat(301) }, 400, descriptionTooLong],
    [{ description: 'a\u0000b' }, 400, validationError('description', 'description must not contain NUL characters')],
    [{ description: 'a\ud800' }, 400, validationError('description', 'description must not contain lone surrogates')],
    [{ view_voters: 'no', description: 5 }, 400, viewVotersType],
    [{ display: 1, description: 'x'.repeat(301) }, 400, displayType],
    [{ url: 'taken', description: 'x'.repeat(301) }, 400, descriptionTooLong],
    [{ url: 'taken', description: 'fine' }, 409, URL_EXISTS],
  ];
  for (const [body, status, expected] of cases) {
    const response = await server.request('POST', '/boards', { token: owner.token, body });
    t.deepEqual([response.status, response.body], [status, expected], JSON.stringify(body));
  }
  t.deepEqual(await server.ctx.storage.boards.list(), before);
});

test('PATCH /boards: a sent description is written, null and "" clear it, omitted keeps it; checked between view_voters and display', async (t) => {
  const { server, owner } = await startCast(t);
  const board = await createBoard(server.ctx, { url: 'ideas', description: 'Old words' });
  const patch = (body: Record<string, unknown>) => server.request('PATCH', '/boards', { token: owner.token, body: { boardId: board.id, ...body } });
  t.is((await patch({ name: 'Renamed' })).body.board.description, 'Old words', 'omitted: unchanged');
  t.is((await patch({ description: ' New words ' })).body.board.description, 'New words');
  t.is((await patch({ description: null })).body.board.description, null);
  t.is((await patch({ description: 'Again' })).body.board.description, 'Again');
  t.is((await patch({ description: '' })).body.board.description, null);
  const stored = await server.ctx.storage.boards.get(board.id);
  const refused: Array<[Record<string, unknown>, unknown]> = [
    [{ description: 7 }, descriptionType],
    [{ description: 'x'.repeat(301) }, descriptionTooLong],
    [{ view_voters: null, description: 7 }, viewVotersType],
    [{ description: 7, display: 'yes' }, descriptionType],
    [{ description: 'fine', display: 'yes' }, displayType],
  ];
  for (const [body, expected] of refused) {
    const response = await patch(body);
    t.deepEqual([response.status, response.body], [400, expected], JSON.stringify(body));
  }
  t.deepEqual(await server.ctx.storage.boards.get(board.id), stored, 'nothing changed');
});
