import { randomUUID } from 'node:crypto';
import test from 'ava';
import type { BoardRow, PostQuery, PostRow, Storage } from '../../src/storage/types.js';
import { freshStorage } from './_config.js';
import { at, boardRow, postRow, roadmapRow, userRow } from './_rows.js';

const base = { visibleBoardsOnly: false, direction: 'asc', offset: 0, limit: 100 } as const;

/** What a query must answer, computed the slow and obvious way. */
function expected(posts: PostRow[], boards: BoardRow[], query: PostQuery): string[] {
  const hidden = new Set(boards.filter((b) => !b.display).map((b) => b.id));
  const sign = query.direction === 'asc' ? 1 : -1;
  return posts
    .filter((p) => query.boardIds === undefined || (p.boardId !== null && query.boardIds.includes(p.boardId)))
    .filter((p) => query.roadmapId === undefined || p.roadmapId === query.roadmapId)
    .filter((p) => !query.visibleBoardsOnly || p.boardId === null || !hidden.has(p.boardId))
    .sort((a, b) => sign * (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1))
    .slice(query.offset, query.offset + query.limit)
    .map((p) => p.id);
}

async function ids(storage: Storage, query: PostQuery): Promise<string[]> {
  return (await storage.posts.query(query)).map((p) => p.id);
}

test('posts are ordered by createdAt then id, both ways, with offset and limit', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const ties = ['b', 'a', 'c'].map((letter) => `${letter}${randomUUID().slice(1)}`);
  const posts = [
    postRow(user.id, { createdAt: at(2) }),
    ...ties.map((id) => postRow(user.id, { id, createdAt: at(1) })),
    postRow(user.id, { createdAt: at(0) }),
  ];
  for (const post of posts) await storage.posts.insert(post);
  const [late, b, a, c, early] = posts.map((p) => p.id);
  t.deepEqual(await ids(storage, base), [early, a, b, c, late]);
  t.deepEqual(await ids(storage, { ...base, direction: 'desc' }), [late, c, b, a, early]);
  t.deepEqual(await ids(storage, { ...base, offset: 1, limit: 2 }), [a, b]);
  t.deepEqual(await ids(storage, { ...base, direction: 'desc', offset: 3, limit: 5 }), [a, early]);
  t.deepEqual(await ids(storage, { ...base, offset: 9 }), []);
  t.deepEqual(await ids(storage, { ...base, limit: 0 }), []);
});

test('filters: boards, roadmap, hidden boards, posts without a board', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const shown = await storage.boards.insert(boardRow());
  const hidden = await storage.boards.insert(boardRow({ display: false }));
  const roadmap = await storage.roadmaps.insert(roadmapRow());
  const onShown = await storage.posts.insert(postRow(user.id, { boardId: shown.id, createdAt: at(1) }));
  const onHidden = await storage.posts.insert(postRow(user.id, { boardId: hidden.id, roadmapId: roadmap.id, createdAt: at(2) }));
  const loose = await storage.posts.insert(postRow(user.id, { roadmapId: roadmap.id, createdAt: at(3) }));
  t.deepEqual(await ids(storage, { ...base, visibleBoardsOnly: true }), [onShown.id, loose.id]);
  t.deepEqual(await ids(storage, { ...base, boardIds: [hidden.id, shown.id] }), [onShown.id, onHidden.id]);
  t.deepEqual(await ids(storage, { ...base, boardIds: [hidden.id, shown.id], visibleBoardsOnly: true }), [onShown.id]);
  t.deepEqual(await ids(storage, { ...base, boardIds: [] }), []);
  t.deepEqual(await ids(storage, { ...base, roadmapId: roadmap.id }), [onHidden.id, loose.id]);
  t.deepEqual(await ids(storage, { ...base, roadmapId: roadmap.id, visibleBoardsOnly: true }), [loose.id]);
  t.deepEqual(await ids(storage, { ...base, roadmapId: roadmap.id, boardIds: [hidden.id] }), [onHidden.id]);
  await storage.boards.update(hidden.id, { display: true });
  t.deepEqual(await ids(storage, { ...base, visibleBoardsOnly: true }), [onShown.id, onHidden.id, loose.id]);
});

test('moving and deleting posts keeps every index right', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const [one, two] = [await storage.boards.insert(boardRow()), await storage.boards.insert(boardRow())];
  const post = await storage.posts.insert(postRow(user.id, { boardId: one.id, createdAt: at(5) }));
  const other = await storage.posts.insert(postRow(user.id, { boardId: one.id, createdAt: at(6) }));
  await storage.posts.update(post.id, { boardId: two.id, createdAt: at(9) });
  t.deepEqual(await ids(storage, { ...base, boardIds: [one.id] }), [other.id]);
  t.deepEqual(await ids(storage, { ...base, boardIds: [two.id] }), [post.id]);
  t.deepEqual(await ids(storage, base), [other.id, post.id]);
  await storage.posts.delete(other.id);
  t.deepEqual(await ids(storage, { ...base, boardIds: [one.id] }), []);
  t.deepEqual(await ids(storage, base), [post.id]);
});

test('random posts and queries agree with a plain filter-and-sort', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const boards = [true, true, false].map((display) => boardRow({ display }));
  for (const board of boards) await storage.boards.insert(board);
  const roadmaps = [roadmapRow(), roadmapRow()];
  for (const roadmap of roadmaps) await storage.roadmaps.insert(roadmap);
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  const posts: PostRow[] = [];
  await storage.transaction(async (tx) => {
    for (let i = 0; i < 300; i++) {
      const post = postRow(user.id, {
        createdAt: at(Math.floor(Math.random() * 40)),
        boardId: pick([null, ...boards.map((b) => b.id)]),
        roadmapId: pick([null, null, ...roadmaps.map((r) => r.id)]),
      });
      posts.push(await tx.posts.insert(post));
    }
  });
  for (let i = 0; i < 200; i++) {
    const query: PostQuery = {
      direction: pick(['asc', 'desc'] as const),
      visibleBoardsOnly: pick([true, false]),
      offset: pick([0, 0, 3, 17, 120]),
      limit: pick([1, 10, 50, 100]),
      ...(Math.random() < 0.4 ? { boardIds: boards.filter(() => Math.random() < 0.5).map((b) => b.id) } : {}),
      ...(Math.random() < 0.3 ? { roadmapId: pick(roadmaps).id } : {}),
    };
    t.deepEqual(await ids(storage, query), expected(posts, boards, query), JSON.stringify(query));
  }
});
