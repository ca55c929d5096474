import { randomUUID } from 'node:crypto';
import test from 'ava';
import type { BoardRow, MinePostsFilter, PostQuery, PostRow, Storage, UserRow } from '../../src/storage/types.js';
import { postSearchWords, queryWords } from '../../src/text/search-words.js';
import { freshStorage, open } from './_config.js';
import { at, boardRow, postRow, roadmapRow, userRow } from './_rows.js';

/*
 * One person's posts (PostQuery.mine, issue 27), on both engines: those they wrote or voted for,
 * with every other filter, search and both orders, compared with the slow and obvious reading.
 */

interface World {
  posts: Map<string, PostRow>;
  /** `userId/postId` of every vote. */
  votes: Set<string>;
  boards: BoardRow[];
}

function expected(world: World, query: PostQuery & { mine: MinePostsFilter }): string[] {
  const hidden = new Set(world.boards.filter((b) => !b.display).map((b) => b.id));
  const count = (p: PostRow) => [...world.votes].filter((key) => key.endsWith(`/${p.id}`)).length;
  const created = (a: PostRow, b: PostRow) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1);
  const order =
    query.orderBy === 'votes'
      ? (a: PostRow, b: PostRow) => count(b) - count(a) || created(b, a)
      : (a: PostRow, b: PostRow) => (query.direction === 'asc' ? created(a, b) : created(b, a));
  const { userId, kind } = query.mine;
  return [...world.posts.values()]
    .filter((p) => (kind === 'posted' ? p.userId === userId : world.votes.has(`${userId}/${p.id}`)))
    .filter((p) => query.boardIds === undefined || (p.boardId !== null && query.boardIds.includes(p.boardId)))
    .filter((p) => query.roadmapId === undefined || p.roadmapId === query.roadmapId)
    .filter((p) => !query.visibleBoardsOnly || p.boardId === null || !hidden.has(p.boardId))
    .filter((p) => {
      const words = postSearchWords(p.title, p.contentMarkdown);
      return (query.words ?? []).every((q) => words.some((w) => w.startsWith(q)));
    })
    .sort(order)
    .slice(query.offset, query.offset + query.limit)
    .map((p) => p.id);
}

function generator(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

async function ids(storage: Storage, query: PostQuery): Promise<string[]> {
  return (await storage.posts.query(query)).map((p) => p.id);
}

test('mine: the posts a user wrote or voted for, with boards, roadmap, visibility, search, both orders and paging', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const random = generator(27);
  const vocabulary = ['dark', 'dashboard', 'export', 'csv', 'mobile', 'mode', 'тема'];
  const phrase = (n: number) => Array.from({ length: n }, () => vocabulary[random(vocabulary.length)]).join(' ');
  const people: UserRow[] = [];
  for (let i = 0; i < 5; i++) people.push(await storage.users.insert(userRow()));
  const boards = [await storage.boards.insert(boardRow()), await storage.boards.insert(boardRow({ display: false }))];
  const roadmap = await storage.roadmaps.insert(roadmapRow());
  const world: World = { posts: new Map(), votes: new Set(), boards };
  for (let i = 0; i < 50; i++) {
    const row = postRow(people[random(people.length)]!.id, {
      title: phrase(1 + random(3)),
      boardId: random(4) === 0 ? null : boards[random(2)]!.id,
      roadmapId: random(3) === 0 ? roadmap.id : null,
      createdAt: at(random(15)),
    });
    world.posts.set(row.id, await storage.posts.insert(row));
  }
  for (const person of people) {
    for (const postId of world.posts.keys()) {
      if (random(3) !== 0) continue;
      await storage.votes.insert({ id: randomUUID(), userId: person.id, postId, createdAt: at(20) });
      world.votes.add(`${person.id}/${postId}`);
    }
  }
  const queries = () =>
    Array.from({ length: 60 }, (): PostQuery & { mine: MinePostsFilter } => ({
      mine: { userId: people[random(people.length)]!.id, kind: random(2) ? 'posted' : 'voted' },
      orderBy: random(2) ? 'votes' : 'created',
      direction: random(2) ? 'asc' : 'desc',
      visibleBoardsOnly: random(2) === 0,
      ...(random(3) === 0 ? { boardIds: [boards[random(2)]!.id] } : {}),
      ...(random(4) === 0 ? { roadmapId: roadmap.id } : {}),
      ...(random(3) === 0 ? { words: queryWords(vocabulary[random(vocabulary.length)]!.slice(0, 2)) } : {}),
      offset: random(3) * 2,
      limit: 1 + random(6),
    }));
  const check = async (store: Storage, label: string) => {
    for (const query of queries()) t.deepEqual(await ids(store, query), expected(world, query), `${label}: ${JSON.stringify(query)}`);
  };
  await check(storage, 'as written');
  const nobody = { ...{ visibleBoardsOnly: false, direction: 'desc', offset: 0, limit: 10 } as const, mine: { userId: randomUUID(), kind: 'voted' } as const };
  t.deepEqual(await ids(storage, nobody), [], 'a user without votes has no posts');

  const [first] = people;
  for (const postId of [...world.posts.keys()].slice(0, 10)) {
    const vote = await storage.votes.getByUserAndPost(first!.id, postId);
    if (vote) await storage.votes.delete(vote.id);
    world.votes.delete(`${first!.id}/${postId}`);
  }
  for (const postId of [...world.posts.keys()].slice(10, 14)) {
    await storage.votes.deleteByPost(postId);
    await storage.posts.delete(postId);
    world.posts.delete(postId);
    for (const key of [...world.votes]) if (key.endsWith(`/${postId}`)) world.votes.delete(key);
  }
  await check(storage, 'after removed votes and posts');
  await storage.close();
  await check(await open(t, dir), 'after a restart');
});
