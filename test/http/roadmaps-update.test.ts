import { randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import { createMember, createPostAt, createRoadmap, type Persona } from '../_helpers/personas.js';
import {
  colorType,
  displayType,
  nameType,
  urlType,
  at,
  type Cast,
  FORBIDDEN,
  HEX_CHAR,
  HEX_LENGTH,
  NAME_MISSING,
  NAME_TOO_LONG,
  NO_AUTH,
  NOT_FOUND,
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
  /** `roadmap:update` only (no `roadmap:read`). */
  updater: Persona;
}

let shared: Setup | undefined;
test.before(async () => {
  const cast = await startCast();
  const updater = await createMember(cast.server.ctx, { permissions: ['roadmap:update'] });
  await createRoadmap(cast.server.ctx, { url: 'taken', name: 'Taken' });
  shared = { ...cast, updater };
});
test.after.always(() => shared?.server.close());

const patch = (body: unknown, token = shared!.updater.token) => shared!.server.request('PATCH', '/roadmaps', { body, token });

test.serial('PATCH /roadmaps: the id is looked up before the permission; any non-UUID id is a 404', async (t) => {
  const { server, member, reader } = shared!;
  const hidden = await createRoadmap(server.ctx, { display: false });
  t.deepEqual((await server.request('PATCH', '/roadmaps', { body: { id: hidden.id } })).body, NO_AUTH);
  const missingIds = [{}, { id: null }, { id: 5 }, { id: ['x'] }, { id: 'nope' }, { id: randomUUID() }, { id: `${hidden.id}\u0000` }];
  for (const persona of [member, reader, shared!.updater]) {
    for (const body of missingIds) {
      const response = await patch({ ...body, name: 5 }, persona.token);
      t.deepEqual([response.status, response.body], [404, NOT_FOUND], JSON.stringify(body));
    }
  }
  for (const persona of [member, reader]) {
    const response = await patch({ id: hidden.id, name: 5 }, persona.token);
    t.deepEqual([response.status, response.body], [403, FORBIDDEN]);
  }
  t.deepEqual(await server.ctx.storage.roadmaps.get(hidden.id), hidden);
});

test.serial('PATCH /roadmaps: writes the given fields only, finds hidden roadmaps, sets updated_at', async (t) => {
  const { server } = shared!;
  const roadmap = await createRoadmap(server.ctx, { display: false, createdAt: at(0), updatedAt: at(1) });
  const response = await patch({ id: roadmap.id.toUpperCase(), name: '  Next up  ', url: 'Next Up!', color: 'ABC123' });
  t.is(response.status, 200);
  t.deepEqual(Object.keys(response.body), ['roadmap']);
  t.deepEqual(Object.keys(response.body.roadmap), ROADMAP_KEYS);
  const updated = (await server.ctx.storage.roadmaps.get(roadmap.id))!;
  t.deepEqual(response.body.roadmap, view(updated));
  t.deepEqual(updated, { ...roadmap, name: 'Next up', url: 'next-up', color: 'abc123', updatedAt: updated.updatedAt });
  t.true(updated.updatedAt > roadmap.updatedAt);
  const shown = await patch({ id: roadmap.id, display: true, url: 'next-up' });
  t.deepEqual(shown.body.roadmap, view({ ...updated, display: true, updatedAt: shown.body.roadmap.updated_at }));
  const untouched = await patch({ id: roadmap.id, ignored: 'yes' });
  t.like(untouched.body.roadmap, { name: 'Next up', url: 'next-up', color: 'abc123', display: true, index: roadmap.index });
});

test.serial('PATCH /roadmaps: every field row in table order, exact bodies, data unchanged', async (t) => {
  const { server } = shared!;
  const roadmap = await createRoadmap(server.ctx);
  const cases: Array<[Record<string, unknown>, number, unknown]> = [
    [{ name: 5, url: 5 }, 400, nameType],
    [{ name: null, url: 5 }, 400, NAME_MISSING],
    [{ name: '   ' }, 400, NAME_MISSING],
    [{ name: '' }, 400, NAME_MISSING],
    [{ name: 'n'.repeat(51), url: 5 }, 400, NAME_TOO_LONG],
    [{ name: 'ok', url: 5, color: 5 }, 400, urlType],
    [{ url: null, color: 5 }, 400, URL_MISSING],
    [{ url: '-- --' }, 400, URL_MISSING],
    [{ url: 'u'.repeat(51), color: 5 }, 400, URL_TOO_LONG],
    [{ color: 5, display: 5 }, 400, colorType],
    [{ color: null }, 400, colorType],
    [{ color: 'abc', display: 5 }, 400, HEX_LENGTH],
    [{ color: 'abcdeg', display: 5 }, 400, HEX_CHAR],
    [{ display: null, url: 'taken' }, 400, displayType],
    [{ display: 'false' }, 400, displayType],
    [{ url: 'Taken' }, 409, URL_EXISTS],
    [{ url: 'sort' }, 409, URL_EXISTS],
    [{ url: 'Search', name: 'fine' }, 409, URL_EXISTS],
  ];
  const before = await storedRoadmaps(server);
  for (const [fields, status, expected] of cases) {
    const response = await patch({ id: roadmap.id, ...fields });
    t.deepEqual([response.status, response.body], [status, expected], JSON.stringify(fields));
  }
  t.deepEqual(await storedRoadmaps(server), before);
});

test.serial('PATCH /roadmaps/sort: permission, then from, then to, then 404s, with exact bodies', async (t) => {
  const { server, member, reader } = shared!;
  const [a, b] = [await createRoadmap(server.ctx), await createRoadmap(server.ctx)];
  const ref = (id: string) => ({ id, index: 1 });
  const sort = (body: unknown, token = shared!.updater.token) => server.request('PATCH', '/roadmaps/sort', { body, token });
  t.deepEqual((await server.request('PATCH', '/roadmaps/sort', { body: {} })).body, NO_AUTH);
  for (const persona of [member, reader]) {
    t.deepEqual((await sort({}, persona.token)).body, FORBIDDEN);
    t.deepEqual((await sort({ from: ref(a.id), to: ref(b.id) }, persona.token)).status, 403);
  }
  const fromError = (rule: string) => validationError('from', `from ${rule}`);
  const toError = (rule: string) => validationError('to', `to ${rule}`);
  const fromIdError = validationError('from.id', 'from.id must be a UUID');
  const cases: Array<[unknown, number, unknown]> = [
    [{}, 400, fromError('is required')],
    [{ from: null, to: 5 }, 400, fromError('must be an object')],
    [{ from: ref(a.id), to: null }, 400, toError('must be an object')],
    [{ from: 5 }, 400, fromError('must be an object')],
    [{ from: 'x' }, 400, fromError('must be an object')],
    [{ from: [a.id] }, 400, fromError('must be an object')],
    [{ from: {}, to: 5 }, 400, fromIdError],
    [{ from: { id: 5 } }, 400, fromIdError],
    [{ from: { id: 'nope', index: 2 } }, 400, fromIdError],
    [{ from: { id: `${a.id}\u0000` } }, 400, validationError('from.id', 'from.id must not contain NUL characters')],
    [{ from: ref(randomUUID()) }, 400, toError('is required')],
    [{ from: ref(a.id), to: true }, 400, toError('must be an object')],
    [{ from: ref(a.id), to: { index: 2 } }, 400, validationError('to.id', 'to.id must be a UUID')],
    [{ from: ref(randomUUID()), to: ref(b.id) }, 404, NOT_FOUND],
    [{ from: ref(a.id), to: ref(randomUUID()) }, 404, NOT_FOUND],
    [{ from: ref(randomUUID()), to: ref(randomUUID()) }, 404, NOT_FOUND],
  ];
  const before = await storedRoadmaps(server);
  for (const [body, status, expected] of cases) {
    const response = await sort(body);
    t.deepEqual([response.status, response.body], [status, expected], JSON.stringify(body));
  }
  const sameUnknown = randomUUID();
  t.deepEqual((await sort({ from: ref(sameUnknown), to: ref(sameUnknown) })).body, NOT_FOUND);
  t.deepEqual(await storedRoadmaps(server), before);
});

test('PATCH /roadmaps/sort: swaps the stored indexes whatever the client sends; equal ids change nothing', async (t) => {
  const { server, owner, updater } = await startCastWithUpdater(t);
  const [r1, r2, r3] = [
    await createRoadmap(server.ctx, { updatedAt: at(1) }),
    await createRoadmap(server.ctx, { updatedAt: at(1), display: false }),
    await createRoadmap(server.ctx, { updatedAt: at(1) }),
  ];
  const sort = (body: unknown) => server.request('PATCH', '/roadmaps/sort', { body, token: updater.token });
  const response = await sort({ from: { id: r1!.id.toUpperCase(), index: 3 }, to: { id: r3!.id, index: 3 } });
  t.deepEqual([response.status, response.text, response.headers.get('content-type')], [204, '', null]);
  const stored = await storedRoadmaps(server);
  t.deepEqual(stored.map((roadmap) => [roadmap.id, roadmap.index]), [[r3!.id, 1], [r2!.id, 2], [r1!.id, 3]]);
  t.deepEqual(stored[1], r2);
  for (const moved of [stored[0]!, stored[2]!]) t.true(moved.updatedAt > at(1));
  const list = await server.request('GET', '/roadmaps?visibility=public,private', { token: owner.token });
  t.deepEqual(list.body.roadmaps.map((roadmap: { id: string }) => roadmap.id), [r3!.id, r2!.id, r1!.id]);
  t.is((await sort({ from: { id: r2!.id }, to: { id: r1!.id, index: 'anything' } })).status, 204, 'hidden ones too');
  t.deepEqual((await storedRoadmaps(server)).map((roadmap) => roadmap.id), [r3!.id, r1!.id, r2!.id]);
  const snapshot = await storedRoadmaps(server);
  const same = await sort({ from: { id: r3!.id, index: 5 }, to: { id: r3!.id.toUpperCase(), index: 1 } });
  t.deepEqual([same.status, same.text], [204, '']);
  t.deepEqual(await storedRoadmaps(server), snapshot);
});

test('DELETE /roadmaps: 404 before 403; unlinks the posts; other indexes stay; the next roadmap is highest + 1', async (t) => {
  const { server, owner, member } = await startCastWithUpdater(t);
  const destroyer = await createMember(server.ctx, { permissions: ['roadmap:destroy'] });
  const [r1, r2, r3] = [await createRoadmap(server.ctx), await createRoadmap(server.ctx, { display: false }), await createRoadmap(server.ctx)];
  const onR2 = [
    await createPostAt(server.ctx, owner.user, { createdAt: at(1), roadmapId: r2!.id }),
    await createPostAt(server.ctx, owner.user, { createdAt: at(2), roadmapId: r2!.id }),
  ];
  const onR1 = await createPostAt(server.ctx, owner.user, { createdAt: at(3), roadmapId: r1!.id });
  const remove = (body: unknown, token?: string) => server.request('DELETE', '/roadmaps', { body, ...(token ? { token } : {}) });
  t.deepEqual((await remove({ id: r2!.id })).body, NO_AUTH);
  for (const persona of [member, destroyer]) {
    for (const body of [{}, { id: 5 }, { id: 'nope' }, { id: randomUUID() }]) {
      t.deepEqual((await remove(body, persona.token)).body, NOT_FOUND, JSON.stringify(body));
    }
  }
  t.deepEqual((await remove({ id: r2!.id }, member.token)).body, FORBIDDEN);
  t.is((await storedRoadmaps(server)).length, 3);

  const deleted = await remove({ id: r2!.id.toUpperCase() }, destroyer.token);
  t.deepEqual([deleted.status, deleted.text], [204, '']);
  const { storage } = server.ctx;
  t.is(await storage.roadmaps.get(r2!.id), undefined);
  for (const post of onR2) t.deepEqual(await storage.posts.get(post.id), { ...post, roadmapId: null });
  t.deepEqual(await storage.posts.get(onR1.id), onR1);
  t.deepEqual((await storedRoadmaps(server)).map((roadmap) => roadmap.index), [1, 3]);
  t.deepEqual((await remove({ id: r2!.id }, destroyer.token)).body, NOT_FOUND, 'gone');

  const next = await server.request('POST', '/roadmaps', { body: { url: r2!.url }, token: owner.token });
  t.like(next.body.roadmap, { index: 4, url: r2!.url });
  t.is((await remove({ id: next.body.roadmap.id }, owner.token)).status, 204);
  t.is((await remove({ id: r3!.id }, owner.token)).status, 204);
  const after = await server.request('POST', '/roadmaps', { body: {}, token: owner.token });
  t.is(after.body.roadmap.index, 2, 'highest remaining (1) + 1');
});

/** A fresh server (these tests count or reorder every roadmap) with a `roadmap:update` member. */
async function startCastWithUpdater(t: ExecutionContext): Promise<Setup> {
  const cast = await startCast(t);
  return { ...cast, updater: await createMember(cast.server.ctx, { permissions: ['roadmap:update'] }) };
}
