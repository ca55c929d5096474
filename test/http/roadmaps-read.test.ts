import { randomUUID } from 'node:crypto';
import test from 'ava';
import type { RoadmapRow } from '../../src/storage/types.js';
import { createRoadmap } from '../_helpers/personas.js';
import {
  at,
  FORBIDDEN,
  ids,
  INVALID_CURSOR,
  NO_AUTH,
  NOT_FOUND,
  ROADMAP_KEYS,
  roadmaps,
  startCast,
  validationError,
  view,
} from './_roadmaps.js';

const firstError = validationError('first', 'first must be an integer between 1 and 100');
const visibilityError = validationError('visibility', 'visibility must be one of: public, private');
const limitError = validationError('limit', 'limit must be an integer between 1 and 100');

test('GET /roadmaps: every query form of visibility, across the visibility matrix', async (t) => {
  const { server, owner, member, reader } = await startCast(t);
  const rows = await roadmaps(server, 6, (i) => i % 2 === 0);
  const shown = rows.filter((row) => row.display).map((row) => row.id);
  const hidden = rows.filter((row) => !row.display).map((row) => row.id);
  const all = rows.map((row) => row.id);
  const forms: Array<[string, string[]]> = [
    ['', shown],
    ['?visibility=', shown],
    ['?visibility=public', shown],
    ['?visibility=private', hidden],
    ['?visibility=PRIVATE', hidden],
    ['?visibility=private&visibility=', hidden],
    ['?visibility=public,private', all],
    ['?visibility=private,public,private', all],
    ['?visibility=private&visibility=public', all],
    ['?visibility=public&visibility=private,public', all],
  ];
  for (const [query, withRead] of forms) {
    for (const [who, token, expected] of [
      ['anonymous', undefined, shown],
      ['member', member.token, shown],
      ['bad token', 'not-a-token', shown],
      ['reader', reader.token, withRead],
      ['owner', owner.token, withRead],
    ] as const) {
      const response = await server.request('GET', `/roadmaps${query}`, token ? { token } : {});
      t.is(response.status, 200, `${who} ${query}`);
      t.deepEqual(ids(response.body), expected, `${who} ${query}`);
      t.is(response.body.total_count, expected.length, `${who} ${query}`);
    }
  }
});

test('GET /roadmaps: the body holds Roadmap objects in index order, results and the cursor keys', async (t) => {
  const { server, owner } = await startCast(t);
  const empty = await server.request('GET', '/roadmaps', { token: owner.token });
  t.deepEqual(empty.body, {
    roadmaps: [],
    results: [],
    page_info: { count: 0, current_page: 1, has_next_page: false, start_cursor: null, end_cursor: null },
    total_count: 0,
    total_pages: 0,
  });
  const second = await createRoadmap(server.ctx, { index: 7, name: 'Later', createdAt: at(1), updatedAt: at(2) });
  const first = await createRoadmap(server.ctx, { index: 3, name: 'Now', color: 'abcdef', display: false, createdAt: at(5) });
  const { status, body } = await server.request('GET', '/roadmaps?visibility=public,private', { token: owner.token });
  t.is(status, 200);
  t.deepEqual(Object.keys(body), ['roadmaps', 'results', 'page_info', 'total_count', 'total_pages']);
  t.deepEqual(Object.keys(body.roadmaps[0]), ROADMAP_KEYS);
  t.deepEqual(body.roadmaps, [view(first), view(second)]);
  t.deepEqual(body.roadmaps[0], {
    id: first.id,
    name: 'Now',
    url: first.url,
    color: 'abcdef',
    index: 3,
    display: false,
    created_at: at(5),
    updated_at: first.updatedAt,
  });
  t.deepEqual(body.results, body.roadmaps);
  t.deepEqual(body.page_info, { count: 2, current_page: 1, has_next_page: false, start_cursor: first.id, end_cursor: second.id });
  t.like(body, { total_count: 2, total_pages: 1 });
});

test('GET /roadmaps: errors in the order first, visibility, cursor, with exact bodies', async (t) => {
  const { server, reader } = await startCast(t);
  const [shownRoadmap, hiddenRoadmap] = await roadmaps(server, 2, (i) => i === 0);
  const cases: Array<[string, string | undefined, unknown]> = [
    ['?first=0', undefined, firstError],
    ['?first=101&visibility=bogus&after=x', undefined, firstError],
    ['?first=1.5', reader.token, firstError],
    ['?first=abc', undefined, firstError],
    ['?first=-1', undefined, firstError],
    ['?visibility=bogus', undefined, visibilityError],
    ['?visibility=bogus&after=x', reader.token, visibilityError],
    ['?visibility=public,', reader.token, visibilityError],
    ['?visibility=public,,private', reader.token, visibilityError],
    ['?visibility=public&visibility=secret', undefined, visibilityError],
    ['?visibility=%00', undefined, validationError('visibility', 'visibility must not contain NUL characters')],
    ['?after=nope', undefined, INVALID_CURSOR],
    [`?after=${randomUUID()}`, reader.token, INVALID_CURSOR],
    [`?after=${hiddenRoadmap!.id}`, undefined, INVALID_CURSOR],
    [`?after=${hiddenRoadmap!.id}&visibility=private`, undefined, INVALID_CURSOR],
    [`?after=${hiddenRoadmap!.id}`, reader.token, INVALID_CURSOR],
    [`?after=${shownRoadmap!.id}&visibility=private`, reader.token, INVALID_CURSOR],
  ];
  for (const [query, token, expected] of cases) {
    const response = await server.request('GET', `/roadmaps${query}`, token ? { token } : {});
    t.is(response.status, 400, query);
    t.deepEqual(response.body, expected, query);
  }
  const fine = await server.request('GET', `/roadmaps?first=1&after=${hiddenRoadmap!.id.toUpperCase()}&visibility=private`, { token: reader.token });
  t.is(fine.status, 200);
  t.deepEqual(fine.body.page_info, { count: 0, current_page: 2, has_next_page: false, start_cursor: null, end_cursor: null });
});

test('GET /roadmaps: cursor walks visit every roadmap once, for the full and the public list', async (t) => {
  const { server, owner } = await startCast(t);
  const rows = await roadmaps(server, 23, (i) => i % 3 !== 0);
  const walks: Array<[string, string | undefined, RoadmapRow[]]> = [
    ['visibility=public,private', owner.token, rows],
    ['visibility=private', owner.token, rows.filter((row) => !row.display)],
    ['', undefined, rows.filter((row) => row.display)],
  ];
  for (const [query, token, expected] of walks) {
    const size = 5;
    const pages = Math.ceil(expected.length / size);
    const seen: string[] = [];
    let after = '';
    for (let page = 1; page <= pages; page++) {
      const response = await server.request('GET', `/roadmaps?first=${size}&after=${after}&${query}`, token ? { token } : {});
      const slice = expected.slice((page - 1) * size, page * size);
      t.deepEqual(response.body.roadmaps, slice.map(view), `${query} page ${page}`);
      t.deepEqual(response.body.page_info, {
        count: slice.length,
        current_page: page,
        has_next_page: page < pages,
        start_cursor: slice[0]!.id,
        end_cursor: slice[slice.length - 1]!.id,
      });
      t.like(response.body, { total_count: expected.length, total_pages: pages });
      seen.push(...ids(response.body));
      after = response.body.page_info.end_cursor;
    }
    t.deepEqual(seen, expected.map((row) => row.id), query);
    const pastEnd = await server.request('GET', `/roadmaps?first=${size}&after=${after}&${query}`, token ? { token } : {});
    t.like(pastEnd.body, { roadmaps: [], page_info: { count: 0, has_next_page: false, start_cursor: null } });
  }
  const byDefault = await server.request('GET', '/roadmaps?visibility=public&visibility=private', { token: owner.token });
  t.deepEqual(ids(byDefault.body), rows.slice(0, 20).map((row) => row.id));
  t.like(byDefault.body, { page_info: { count: 20, has_next_page: true }, total_count: 23, total_pages: 2 });
});

test('GET /roadmaps/:url: exact url; hidden ones only with roadmap:read; literal routes keep their methods', async (t) => {
  const { server, owner, member, reader } = await startCast(t);
  const shown = await createRoadmap(server.ctx, { url: 'q3-plan' });
  const hidden = await createRoadmap(server.ctx, { url: 'secret-plan', display: false });
  for (const [who, token, seesHidden] of [
    ['anonymous', undefined, false],
    ['member', member.token, false],
    ['bad token', 'x.y.z', false],
    ['reader', reader.token, true],
    ['owner', owner.token, true],
  ] as const) {
    const options = token ? { token } : {};
    const visible = await server.request('GET', '/roadmaps/q3-plan', options);
    t.deepEqual([visible.status, visible.body], [200, { roadmap: view(shown) }], who);
    const secret = await server.request('GET', '/roadmaps/secret-plan', options);
    t.deepEqual([secret.status, secret.body], seesHidden ? [200, { roadmap: view(hidden) }] : [404, NOT_FOUND], who);
  }
  for (const path of ['/roadmaps/Q3-PLAN', '/roadmaps/q3-plan-', '/roadmaps/nothing', '/roadmaps/sort', '/roadmaps/search']) {
    const response = await server.request('GET', path, { token: owner.token });
    t.deepEqual([response.status, response.body], [404, NOT_FOUND], path);
  }
  t.is((await server.request('GET', '/roadmaps/%71%33-plan')).body.roadmap.id, shown.id, 'percent-decoded');
  const head = await server.request('HEAD', '/roadmaps/q3-plan');
  t.deepEqual([head.status, head.text], [200, '']);
  const allows: Array<[string, string]> = [
    ['/roadmaps', 'GET, HEAD, POST, PATCH, DELETE, OPTIONS'],
    ['/roadmaps/q3-plan', 'GET, HEAD, OPTIONS'],
    ['/roadmaps/sort', 'GET, HEAD, PATCH, OPTIONS'],
    ['/roadmaps/search/abc', 'GET, HEAD, OPTIONS'],
  ];
  for (const [path, allow] of allows) {
    const response = await server.request('OPTIONS', path);
    t.deepEqual([response.status, response.headers.get('allow')], [204, allow], path);
  }
  const wrongMethod = await server.request('DELETE', '/roadmaps/q3-plan');
  t.deepEqual([wrongMethod.status, wrongMethod.headers.get('allow')], [405, 'GET, HEAD, OPTIONS']);
});

test('GET /roadmaps/search/:name: auth, permission before limit, limit rules', async (t) => {
  const { server, owner, member, reader } = await startCast(t);
  await roadmaps(server, 3);
  t.deepEqual((await server.request('GET', '/roadmaps/search/road')).body, NO_AUTH);
  for (const query of ['', '?limit=0']) {
    const response = await server.request('GET', `/roadmaps/search/road${query}`, { token: member.token });
    t.deepEqual([response.status, response.body], [403, FORBIDDEN], query);
  }
  for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=2.5', '?limit=-3']) {
    const response = await server.request('GET', `/roadmaps/search/road${query}`, { token: reader.token });
    t.deepEqual([response.status, response.body], [400, limitError], query);
  }
  for (const token of [reader.token, owner.token]) {
    const response = await server.request('GET', '/roadmaps/search/road?limit=2', { token });
    t.is(response.status, 200);
    t.deepEqual(Object.keys(response.body), ['roadmaps']);
    t.is(response.body.roadmaps.length, 2);
  }
});

test('GET /roadmaps/search/:name: literal case-insensitive prefix, hidden included, ordered by name, time, id', async (t) => {
  const { server, reader } = await startCast(t);
  const make = (name: string, second: number, display = true) => createRoadmap(server.ctx, { name, createdAt: at(second), display });
  const alphaLate = await make('alpha', 9);
  const alphabet = await make('Alphabet', 1);
  const alpAlone = await make('ALP', 5);
  const alphaEarly = await make('ALPHA', 2);
  const alpine = await make('Alpine', 0, false);
  await make('Beta', 0);
  await make('Not alpha', 0);
  const percent = await make('100% done', 0);
  await make('100x done', 0);
  const underscore = await make('a_b', 0);
  await make('axb', 0);
  const search = async (name: string, query = '') => {
    const response = await server.request('GET', `/roadmaps/search/${name}${query}`, { token: reader.token });
    t.is(response.status, 200, name);
    return response.body.roadmaps.map((roadmap: { id: string }) => roadmap.id);
  };
  const alps = [alpAlone.id, alphaEarly.id, alphaLate.id, alphabet.id, alpine.id];
  t.deepEqual(await search('alp'), alps);
  t.deepEqual(await search('ALP'), alps);
  t.deepEqual(await search('%20%20alp%20'), alps, 'trimmed');
  t.deepEqual(await search('alp', '?limit=3'), alps.slice(0, 3));
  t.deepEqual(await search('alpi'), [alpine.id], 'hidden roadmaps are found');
  t.deepEqual(await search('100%25'), [percent.id], '% is literal');
  t.deepEqual(await search('a_'), [underscore.id], '_ is literal');
  t.deepEqual(await search('lpha'), [], 'a prefix, not a substring');
  t.deepEqual(await search('zzz'), []);
  t.is((await search('%20')).length, 10, 'a blank name matches every roadmap, up to the limit');
  const first = await server.request('GET', '/roadmaps/search/alpine', { token: reader.token });
  t.deepEqual(first.body.roadmaps, [view(alpine)]);
});
