import { randomUUID } from 'node:crypto';
import test from 'ava';
import type { BoardRow, PostQuery, PostRow, Repositories, SimilarQuery, Storage } from '../../src/storage/types.js';
import { postSearchWords, queryWords, searchWords, similarityWords } from '../../src/text/search-words.js';
import { freshStorage, open } from './_config.js';
import { at, boardRow, postRow, roadmapRow, userRow } from './_rows.js';

/*
 * The contract of search and the votes order (API.md §8.1, §8.2), on both engines: every answer is
 * compared with the slow and obvious reading of the rules over the same rows.
 */

const base = { visibleBoardsOnly: false, direction: 'desc', offset: 0, limit: 100 } as const;

interface World {
  posts: Map<string, PostRow>;
  votes: Map<string, number>;
  boards: BoardRow[];
}

/** What `query` must answer, by brute force. */
function expected(world: World, query: PostQuery): string[] {
  const hidden = new Set(world.boards.filter((b) => !b.display).map((b) => b.id));
  const votes = (p: PostRow) => world.votes.get(p.id) ?? 0;
  const created = (a: PostRow, b: PostRow) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1);
  const order =
    query.orderBy === 'votes'
      ? (a: PostRow, b: PostRow) => votes(b) - votes(a) || created(b, a)
      : (a: PostRow, b: PostRow) => (query.direction === 'asc' ? created(a, b) : created(b, a));
  return [...world.posts.values()]
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

async function ids(storage: Repositories, query: PostQuery): Promise<string[]> {
  return (await storage.posts.query(query)).map((p) => p.id);
}

async function searchWorld(t: Parameters<typeof freshStorage>[0]) {
  const { dir, storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  return { dir, storage, user };
}

test('a query word matches a post word it is a prefix of, in the title or the Markdown content, in any script', async (t) => {
  const { storage, user } = await searchWorld(t);
  const post = (title: string, contentMarkdown: string | null = null, n = 0) =>
    storage.posts.insert(postRow(user.id, { title, contentMarkdown, createdAt: at(n) }));
  const dark = await post('Dark-Mode for the dashboard', 'The dashboard is **too bright** at night.', 1);
  const unicode = await post('Ünïcödé títles', null, 2);
  const russian = await post('Тёмная тема', null, 3);
  const chinese = await post('暗色模式', 'Straße und Ærø', 4);
  const search = (query: string) => ids(storage, { ...base, words: queryWords(query) });
  t.deepEqual(await search('dar mo'), [dark.id]);
  t.deepEqual(await search('DARK mode'), [dark.id]);
  t.deepEqual(await search('ark'), [], 'a word inside a word is no prefix');
  t.deepEqual(await search('bright night'), [dark.id], 'Markdown content counts, emphasis marks are not letters');
  t.deepEqual(await search('dark unicode'), [], 'every query word must match');
  t.deepEqual(await search('unicode titl'), [unicode.id]);
  t.deepEqual(await search('ÜNÏ'), [unicode.id]);
  t.deepEqual(await search('темн'), [russian.id], 'ё folds to е');
  t.deepEqual(await search('ТЕМА'), [russian.id]);
  t.deepEqual(await search('暗色'), [chinese.id]);
  t.deepEqual(await search('模式'), [], 'a run of CJK letters is one word');
  t.deepEqual(await search('strasse aero'), [chinese.id], 'the letter map of transliteration applies');
  t.deepEqual(await search('d'), [dark.id]);
  t.deepEqual(queryWords('!! 🎉'), [], 'a query of only punctuation has no words');
});

test('orderBy votes: vote count, then createdAt, then id, all descending; votes move posts', async (t) => {
  const { storage, user } = await searchWorld(t);
  const tie = ['a', 'b'].map((letter) => `${letter}${randomUUID().slice(1)}`);
  const old = await storage.posts.insert(postRow(user.id, { createdAt: at(1) }));
  const [a, b] = await Promise.all(tie.map((id) => storage.posts.insert(postRow(user.id, { id, createdAt: at(2) }))));
  const young = await storage.posts.insert(postRow(user.id, { createdAt: at(3) }));
  const byVotes = (query: Partial<PostQuery> = {}) => ids(storage, { ...base, orderBy: 'votes', direction: 'asc', ...query });
  t.deepEqual(await byVotes(), [young.id, b!.id, a!.id, old.id], 'no votes: newest first, ties by id descending');
  const voters = await Promise.all([0, 1, 2].map(() => storage.users.insert(userRow())));
  const vote = (userId: string, postId: string) => storage.votes.insert({ id: randomUUID(), userId, postId, createdAt: at(9) });
  await vote(voters[0]!.id, old.id);
  await vote(voters[1]!.id, old.id);
  const aVote = await vote(voters[0]!.id, a!.id);
  t.deepEqual(await byVotes(), [old.id, a!.id, young.id, b!.id]);
  t.deepEqual(await byVotes({ offset: 1, limit: 2 }), [a!.id, young.id]);
  await storage.votes.delete(aVote.id);
  t.deepEqual(await byVotes(), [old.id, young.id, b!.id, a!.id]);
  await storage.transaction(async (tx) => {
    await tx.votes.insert({ id: randomUUID(), userId: voters[0]!.id, postId: young.id, createdAt: at(9) });
  });
  await t.throwsAsync(
    storage.transaction(async (tx) => {
      await tx.votes.insert({ id: randomUUID(), userId: voters[1]!.id, postId: b!.id, createdAt: at(9) });
      await tx.votes.insert({ id: randomUUID(), userId: voters[2]!.id, postId: b!.id, createdAt: at(9) });
      throw new Error('rolled back');
    }),
  );
  t.deepEqual(await byVotes(), [old.id, young.id, b!.id, a!.id], 'a rolled-back transaction moves nothing');
  await storage.votes.deleteByPost(old.id);
  t.deepEqual(await byVotes(), [young.id, b!.id, a!.id, old.id]);
});

test('search and both orders agree with the rules over random data, through edits, deletes, votes and a restart', async (t) => {
  const { dir, storage, user } = await searchWorld(t);
  const random = generator(11);
  const vocabulary = ['dark', 'darker', 'dashboard', 'export', 'exports', 'csv', 'mobile', 'mode', 'тема', 'тёмный', '暗色', 'über', 'uber', 'a1'];
  const phrase = (n: number) => Array.from({ length: n }, () => vocabulary[random(vocabulary.length)]).join(random(2) ? ' ' : '-');
  const boards = [await storage.boards.insert(boardRow()), await storage.boards.insert(boardRow({ display: false })), await storage.boards.insert(boardRow())];
  const roadmap = await storage.roadmaps.insert(roadmapRow());
  const voters = [];
  for (let i = 0; i < 6; i++) voters.push(await storage.users.insert(userRow()));
  const world: World = { posts: new Map(), votes: new Map(), boards };
  for (let i = 0; i < 60; i++) {
    const row = postRow(user.id, {
      title: phrase(1 + random(4)),
      contentMarkdown: random(3) ? `**${phrase(random(6))}**` : null,
      boardId: random(4) === 0 ? null : boards[random(3)]!.id,
      roadmapId: random(3) === 0 ? roadmap.id : null,
      createdAt: at(random(20)),
    });
    world.posts.set(row.id, await storage.posts.insert(row));
  }
  const postIds = [...world.posts.keys()];
  for (const voter of voters) {
    for (const postId of postIds) {
      if (random(4) !== 0) continue;
      await storage.votes.insert({ id: randomUUID(), userId: voter.id, postId, createdAt: at(30) });
      world.votes.set(postId, (world.votes.get(postId) ?? 0) + 1);
    }
  }
  const queries = (): PostQuery[] => {
    const list: PostQuery[] = [];
    for (let i = 0; i < 40; i++) {
      const words = queryWords(phrase(1 + random(3)).split(/[ -]/).map((w) => w.slice(0, 1 + random(w.length))).join(' '));
      list.push({
        ...base,
        words,
        orderBy: random(2) ? 'votes' : 'created',
        direction: random(2) ? 'asc' : 'desc',
        visibleBoardsOnly: random(2) === 0,
        ...(random(3) === 0 ? { boardIds: [boards[random(3)]!.id, boards[random(3)]!.id] } : {}),
        ...(random(4) === 0 ? { roadmapId: roadmap.id } : {}),
        offset: random(3) * 3,
        limit: 1 + random(8),
      });
    }
    return list;
  };
  const check = async (store: Storage, label: string) => {
    for (const query of queries()) t.deepEqual(await ids(store, query), expected(world, query), `${label}: ${JSON.stringify(query)}`);
  };
  await check(storage, 'as written');
  for (const postId of postIds.slice(0, 15)) {
    const patch = { title: phrase(2), contentMarkdown: random(2) ? phrase(3) : null, boardId: boards[random(3)]!.id };
    world.posts.set(postId, await storage.posts.update(postId, patch));
  }
  for (const postId of postIds.slice(15, 20)) {
    await storage.votes.deleteByPost(postId);
    await storage.posts.delete(postId);
    world.posts.delete(postId);
  }
  await storage.votes.deleteByUser(voters[0]!.id);
  world.votes.clear();
  for (const voter of voters.slice(1)) {
    for (const postId of world.posts.keys()) {
      if (await storage.votes.getByUserAndPost(voter.id, postId)) world.votes.set(postId, (world.votes.get(postId) ?? 0) + 1);
    }
  }
  await check(storage, 'after edits, deletes and removed votes');
  await storage.close();
  await check(await open(t, dir), 'after a restart');
});

test('similar: a shared word of 3+ characters that is no stop word; exact title first, then shared title words, votes, date', async (t) => {
  const { storage, user } = await searchWorld(t);
  const shown = await storage.boards.insert(boardRow());
  const hidden = await storage.boards.insert(boardRow({ display: false }));
  const post = (title: string, fields: Partial<PostRow> = {}) => storage.posts.insert(postRow(user.id, { title, ...fields }));
  const exact = await post('Dark mode, please!', { createdAt: at(1) });
  const twoShared = await post('Dark mode for the mobile app', { createdAt: at(2) });
  const oneOld = await post('A dark theme', { createdAt: at(3) });
  const oneVoted = await post('Dark corners', { createdAt: at(4) });
  const inContent = await post('Night theme', { contentMarkdown: 'Something like dark mode', createdAt: at(5) });
  const onHidden = await post('Dark mode on a hidden board', { boardId: hidden.id, createdAt: at(6) });
  const onShown = await post('Dark mode on a shown board', { boardId: shown.id, createdAt: at(7) });
  const moon = await post('The mode of the moon', { createdAt: at(8) });
  const voter = await storage.users.insert(userRow());
  await storage.votes.insert({ id: randomUUID(), userId: voter.id, postId: oneVoted.id, createdAt: at(9) });
  const similar = async (title: string, fields: Partial<SimilarQuery> = {}) =>
    (
      await storage.posts.similar({ words: similarityWords(title), titleWords: searchWords(title), visibleBoardsOnly: false, limit: 10, ...fields })
    ).map((p) => p.id);
  t.deepEqual(similarityWords('Please add dark mode to the app'), ['dark', 'mode', 'app']);
  t.deepEqual(await similar('dark mode please'), [exact.id, onShown.id, onHidden.id, twoShared.id, oneVoted.id, moon.id, oneOld.id, inContent.id]);
  t.deepEqual(await similar('dark mode please', { visibleBoardsOnly: true, limit: 3 }), [exact.id, onShown.id, twoShared.id]);
  t.deepEqual(await similar('dark mode', { boardId: shown.id }), [onShown.id]);
  t.deepEqual(await similar('corners of the moon'), [oneVoted.id, moon.id], 'one shared word each: the voted post first');
  t.deepEqual(await storage.posts.similar({ words: [], titleWords: ['of', 'it'], visibleBoardsOnly: false, limit: 5 }), []);
});

/** A small deterministic generator: random(n) is an integer in [0, n). */
function generator(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}
