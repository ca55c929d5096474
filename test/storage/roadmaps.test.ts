import { randomUUID } from 'node:crypto';
import test from 'ava';
import { type RoadmapRow, RowNotFound, type Storage, UniqueViolation } from '../../src/storage/types.js';
import { freshStorage, open, openCrashCopy } from './_config.js';
import { at, postRow, roadmapRow, userRow } from './_rows.js';

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

/** Roadmaps with the given indexes, inserted in that (unsorted) order; roadmap i is hidden when `hidden(i)`. */
async function insertRoadmaps(storage: Storage, indexes: number[], hidden: (i: number) => boolean = () => false): Promise<RoadmapRow[]> {
  const rows: RoadmapRow[] = [];
  for (const [i, index] of indexes.entries()) rows.push(await storage.roadmaps.insert(roadmapRow({ index, display: !hidden(i) })));
  return rows;
}

const byIndex = (rows: RoadmapRow[]) => [...rows].sort((a, b) => a.index - b.index);

test('list and page follow the index, not the insertion order; display filters pick shown or hidden ones', async (t) => {
  const { storage } = await freshStorage(t);
  const rows = await insertRoadmaps(storage, [5, 2, 9, 1, 7, 3], (i) => i % 2 === 1);
  const all = byIndex(rows);
  t.deepEqual(ids(await storage.roadmaps.list()), ids(all));
  const shown = all.filter((row) => row.display);
  const hidden = all.filter((row) => !row.display);
  for (const [display, expected] of [[undefined, all], [true, shown], [false, hidden]] as const) {
    const page = await storage.roadmaps.page({ display, direction: 'asc', limit: 2, from: { offset: 0 } });
    t.deepEqual(page, { rows: expected.slice(0, 2), total: expected.length, offset: 0, hasMore: expected.length > 2 });
    const next = await storage.roadmaps.page({ display, direction: 'asc', limit: 2, from: { after: expected[1]!.id } });
    t.deepEqual(next, { rows: expected.slice(2, 4), total: expected.length, offset: 2, hasMore: expected.length > 4 });
    const down = await storage.roadmaps.page({ display, direction: 'desc', limit: 10, from: { after: expected[1]!.id } });
    t.deepEqual(down?.rows, expected.slice(0, 1));
  }
  t.is(await storage.roadmaps.page({ display: true, direction: 'asc', limit: 2, from: { after: hidden[0]!.id } }), undefined);
  t.is(await storage.roadmaps.page({ display: false, direction: 'asc', limit: 2, from: { after: shown[0]!.id } }), undefined);
  t.is(await storage.roadmaps.page({ direction: 'asc', limit: 2, from: { after: randomUUID() } }), undefined);
});

test('index order and display filters follow updates, deletes and a restart', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const [a, b, c] = await insertRoadmaps(storage, [1, 2, 3]);
  await storage.roadmaps.update(b!.id, { display: false });
  await storage.roadmaps.update(a!.id, { index: 10 });
  await storage.roadmaps.delete(c!.id);
  const check = async (s: Storage) => {
    t.deepEqual(ids(await s.roadmaps.list()), [b!.id, a!.id]);
    t.deepEqual(ids((await s.roadmaps.page({ display: true, direction: 'asc', limit: 5, from: { offset: 0 } }))!.rows), [a!.id]);
    t.deepEqual(ids((await s.roadmaps.page({ display: false, direction: 'asc', limit: 5, from: { offset: 0 } }))!.rows), [b!.id]);
    t.is(await s.roadmaps.highestIndex(), 10);
  };
  await check(storage);
  await storage.close();
  await check(await open(t, dir));
});

test('highestIndex: 0 without roadmaps, then the largest index in use', async (t) => {
  const { storage } = await freshStorage(t);
  t.is(await storage.roadmaps.highestIndex(), 0);
  const [, top] = await insertRoadmaps(storage, [4, 11, 2]);
  t.is(await storage.roadmaps.highestIndex(), 11);
  await storage.roadmaps.delete(top!.id);
  t.is(await storage.roadmaps.highestIndex(), 4);
});

test('searchByName: literal case-insensitive prefix, ordered by lower-cased name, createdAt, id; renames move rows', async (t) => {
  const { storage } = await freshStorage(t);
  const make = (name: string, second: number, id = randomUUID()) =>
    storage.roadmaps.insert(roadmapRow({ id, name, createdAt: at(second) }));
  const late = await make('Alpha', 5);
  const tieHigh = await make('alpha', 1, 'ffffffff-0000-4000-8000-000000000000');
  const tieLow = await make('ALPHA', 1, '00000000-0000-4000-8000-000000000000');
  const alp = await make('alp', 9);
  const wild = await make('al%pha', 0);
  await make('Beta', 0);
  await make('xalpha', 0);
  t.deepEqual(ids(await storage.roadmaps.searchByName('ALP', 10)), ids([alp, tieLow, tieHigh, late]));
  t.deepEqual(ids(await storage.roadmaps.searchByName('alp', 2)), ids([alp, tieLow]));
  t.deepEqual(ids(await storage.roadmaps.searchByName('al%', 10)), ids([wild]));
  t.deepEqual(ids(await storage.roadmaps.searchByName('al_', 10)), []);
  t.is((await storage.roadmaps.searchByName('', 100)).length, 7);
  await storage.roadmaps.update(alp.id, { name: 'Zulu' });
  t.deepEqual(ids(await storage.roadmaps.searchByName('alp', 10)), ids([tieLow, tieHigh, late]));
  t.deepEqual(ids(await storage.roadmaps.searchByName('z', 10)), [alp.id]);
});

test('swapIndexes: one write exchanges two indexes and stamps both; the third roadmap is untouched', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const [a, b, c] = await insertRoadmaps(storage, [1, 2, 3], (i) => i === 2);
  const [movedA, movedC] = await storage.roadmaps.swapIndexes(a!.id, c!.id, at(50));
  t.deepEqual(movedA, { ...a!, index: 3, updatedAt: at(50) });
  t.deepEqual(movedC, { ...c!, index: 1, updatedAt: at(50) });
  t.deepEqual(await storage.roadmaps.get(b!.id), b);
  t.deepEqual(ids(await storage.roadmaps.list()), [c!.id, b!.id, a!.id]);
  t.deepEqual(ids((await storage.roadmaps.page({ display: true, direction: 'asc', limit: 5, from: { offset: 0 } }))!.rows), [b!.id, a!.id]);
  // A crashed process never closes: a copy of the open files replays the journal, parked index included.
  const copy = await openCrashCopy(t, dir);
  if (copy) t.deepEqual(await copy.roadmaps.list(), [movedC, b, movedA]);
  await storage.close();
  const reopened = await open(t, dir);
  t.deepEqual(await reopened.roadmaps.list(), [movedC, b, movedA]);
  await reopened.roadmaps.insert(roadmapRow({ index: 4 }));
  await t.throwsAsync(reopened.roadmaps.insert(roadmapRow({ index: 3 })), { instanceOf: UniqueViolation });
});

test('swapIndexes: an unknown id or a failing transaction changes nothing; equal ids are a no-op', async (t) => {
  const { storage } = await freshStorage(t);
  const rows = await insertRoadmaps(storage, [1, 2]);
  const [a, b] = rows;
  await t.throwsAsync(storage.roadmaps.swapIndexes(a!.id, randomUUID(), at(9)), { instanceOf: RowNotFound });
  await t.throwsAsync(
    storage.transaction(async (tx) => {
      await tx.roadmaps.swapIndexes(a!.id, b!.id, at(9));
      throw new Error('abort');
    }),
    { message: 'abort' },
  );
  t.deepEqual(await storage.roadmaps.list(), rows);
  t.deepEqual(await storage.roadmaps.swapIndexes(b!.id, b!.id, at(9)), [b, b]);
  t.deepEqual(await storage.roadmaps.list(), rows);
});

test('posts.clearRoadmap: unlinks exactly the posts of that roadmap, updatedAt untouched', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const [gone, kept] = await insertRoadmaps(storage, [1, 2]);
  const linked = [
    await storage.posts.insert(postRow(user.id, { roadmapId: gone!.id, createdAt: at(1) })),
    await storage.posts.insert(postRow(user.id, { roadmapId: gone!.id, createdAt: at(2) })),
  ];
  const other = await storage.posts.insert(postRow(user.id, { roadmapId: kept!.id }));
  const none = await storage.posts.insert(postRow(user.id));
  t.is(await storage.posts.clearRoadmap(gone!.id), 2);
  for (const post of linked) t.deepEqual(await storage.posts.get(post.id), { ...post, roadmapId: null });
  t.deepEqual(await storage.posts.get(other.id), other);
  t.deepEqual(await storage.posts.get(none.id), none);
  const query = { visibleBoardsOnly: false, direction: 'asc', offset: 0, limit: 10 } as const;
  t.deepEqual(await storage.posts.query({ ...query, roadmapId: gone!.id }), []);
  t.deepEqual(ids(await storage.posts.query({ ...query, roadmapId: kept!.id })), [other.id]);
  t.is(await storage.posts.clearRoadmap(gone!.id), 0);
});
