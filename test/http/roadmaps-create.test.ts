import test from 'ava';
import { createMember, createRoadmap, type Persona } from '../_helpers/personas.js';
import {
  colorType,
  displayType,
  nameType,
  urlType,
  type Cast,
  FORBIDDEN,
  HEX_CHAR,
  HEX_LENGTH,
  NAME_TOO_LONG,
  NO_AUTH,
  NORMALISED_URLS,
  ROADMAP_KEYS,
  startCast,
  storedRoadmaps,
  URL_EXISTS,
  URL_MISSING,
  URL_TOO_LONG,
  validationError,
  view,
} from './_roadmaps.js';

interface Setup extends Cast {
  /** `roadmap:create` only. */
  creator: Persona;
}

let shared: Setup | undefined;
test.before(async () => {
  const cast = await startCast();
  const creator = await createMember(cast.server.ctx, { permissions: ['roadmap:create'] });
  await createRoadmap(cast.server.ctx, { url: 'taken', name: 'Taken' });
  shared = { ...cast, creator };
});
test.after.always(() => shared?.server.close());

const create = (body: unknown, token = shared!.creator.token) => shared!.server.request('POST', '/roadmaps', { body, token });

test.serial('POST /roadmaps: authentication, then roadmap:create before any field', async (t) => {
  const { server, member, reader } = shared!;
  const before = await storedRoadmaps(server);
  t.deepEqual((await server.request('POST', '/roadmaps', { body: {} })).body, NO_AUTH);
  const updater = await createMember(server.ctx, { permissions: ['roadmap:update', 'roadmap:destroy'] });
  for (const persona of [member, reader, updater]) {
    for (const body of [{}, { name: 5, url: 'taken' }]) {
      const response = await create(body, persona.token);
      t.deepEqual([response.status, response.body], [403, FORBIDDEN]);
    }
  }
  t.deepEqual(await storedRoadmaps(server), before);
});

test.serial('POST /roadmaps: defaults, with null counted as omitted; index is the highest plus one', async (t) => {
  const { server, owner } = shared!;
  const highest = (await storedRoadmaps(server)).at(-1)!.index;
  const bodies = [{}, { name: null, url: null, color: null, display: null }, { name: '   ' }];
  for (const [n, body] of bodies.entries()) {
    const response = await create(body, n === 0 ? owner.token : undefined);
    t.is(response.status, 201);
    const { roadmap } = response.body;
    t.deepEqual(Object.keys(roadmap), ROADMAP_KEYS);
    t.like(roadmap, { name: 'new roadmap', display: false, index: highest + 1 + n });
    t.regex(roadmap.url, /^new-roadmap-[0-9a-z]{10}$/);
    t.regex(roadmap.color, /^[0-9a-f]{6}$/);
    t.is(roadmap.created_at, roadmap.updated_at);
    t.true(Date.now() - Date.parse(roadmap.created_at) < 60_000);
    t.deepEqual(view((await server.ctx.storage.roadmaps.get(roadmap.id))!), roadmap);
  }
});

test.serial('POST /roadmaps: given fields are trimmed, normalised and lower-cased', async (t) => {
  const name50 = `${'n'.repeat(49)}é`;
  const response = await create({ name: `  ${name50}  `, url: 'Q3 Plans!', color: 'ABCdef', display: true });
  t.is(response.status, 201);
  t.like(response.body.roadmap, { name: name50, url: 'q3-plans', color: 'abcdef', display: true });
  const emoji = await create({ name: '😀'.repeat(50) });
  t.is(emoji.body.roadmap?.name, '😀'.repeat(50), 'lengths count code points');
  for (const [input, url] of NORMALISED_URLS) {
    const made = await create({ url: input });
    t.is(made.status, 201, input);
    t.is(made.body.roadmap.url, url, input);
  }
  for (const [input, stored] of [['0a1B2c', '0a1b2c'], ['FFFFFF', 'ffffff'], ['123456', '123456']]) {
    t.is((await create({ color: input })).body.roadmap.color, stored);
  }
});

test.serial('POST /roadmaps: every error row in table order, exact bodies, nothing stored', async (t) => {
  const { server } = shared!;
  const before = await storedRoadmaps(server);
  const cases: Array<[unknown, number, unknown]> = [
    [{ name: 5, url: 5, color: 5, display: 5 }, 400, nameType],
    [{ name: ['x'] }, 400, nameType],
    [{ name: 'a\u0000b' }, 400, validationError('name', 'name must not contain NUL characters')],
    [{ name: 'n'.repeat(51), url: 5 }, 400, NAME_TOO_LONG],
    [{ name: ` ${'n'.repeat(51)} ` }, 400, NAME_TOO_LONG],
    [{ url: 5, color: 5 }, 400, urlType],
    [{ url: true }, 400, urlType],
    [{ url: '', color: 5 }, 400, URL_MISSING],
    [{ url: ' --- ' }, 400, URL_MISSING],
    [{ url: '日本' }, 400, URL_MISSING],
    [{ url: 'a'.repeat(51), color: 5 }, 400, URL_TOO_LONG],
    [{ url: 'x\u0000' }, 400, validationError('url', 'url must not contain NUL characters')],
    [{ color: 123456, display: 5 }, 400, colorType],
    [{ color: 'fff', display: 5 }, 400, HEX_LENGTH],
    [{ color: '#ffffff' }, 400, HEX_LENGTH],
    [{ color: '' }, 400, HEX_LENGTH],
    [{ color: 'gggggg', display: 5 }, 400, HEX_CHAR],
    [{ color: 'ff ff0' }, 400, HEX_CHAR],
    [{ display: 'true', url: 'taken' }, 400, displayType],
    [{ display: 1 }, 400, displayType],
    [{ url: 'taken' }, 409, URL_EXISTS],
    [{ url: ' Taken! ' }, 409, URL_EXISTS],
    [{ url: 'search' }, 409, URL_EXISTS],
    [{ url: 'SORT' }, 409, URL_EXISTS],
  ];
  for (const [body, status, expected] of cases) {
    const response = await create(body);
    t.deepEqual([response.status, response.body], [status, expected], JSON.stringify(body));
  }
  t.deepEqual(await storedRoadmaps(server), before);
});

test('POST /roadmaps: 10 concurrent creates all succeed with consecutive indexes', async (t) => {
  const { server, owner } = await startCast(t);
  await createRoadmap(server.ctx);
  await createRoadmap(server.ctx);
  const responses = await Promise.all(
    Array.from({ length: 10 }, (_, i) => server.request('POST', '/roadmaps', { body: { name: `r${i}` }, token: owner.token })),
  );
  t.deepEqual(
    responses.map((response) => response.status),
    Array(10).fill(201),
  );
  const indexes = responses.map((response) => response.body.roadmap.index as number).sort((a, b) => a - b);
  t.deepEqual(indexes, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  t.deepEqual(
    (await storedRoadmaps(server)).map((roadmap) => roadmap.index),
    [1, 2, ...indexes],
  );
});
