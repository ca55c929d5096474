import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { type RawDocument, SCHEMA_VERSION, TABLE_NAMES } from '../../src/storage/lowdb/document.js';
import { DEFAULT_SETTINGS, everyoneRole, teamRole } from '../../src/storage/seed.js';
import { type BoardRow, type PostQuery, type PostRow, type PostTagRow, type Storage, type TagRow, UniqueViolation } from '../../src/storage/types.js';
import { postSearchWords, queryWords } from '../../src/text/search-words.js';
import { freshStorage, open, tempDir } from './_config.js';
import { lowdbOnly } from './_engine.js';
import { at, boardRow, postRow, roadmapRow, userRow } from './_rows.js';

/*
 * The tag tables (issue 31 §1, JSON schema 10, PostgreSQL migration 13) on both engines, the tag
 * filter of posts.query against a brute-force reading, and the JSON-file upgrade from schema 9.
 */

const tagRow = (fields: Partial<TagRow> = {}): TagRow => ({
  id: randomUUID(),
  name: `Tag ${randomUUID().slice(0, 8)}`,
  color: '1e90ff',
  public: true,
  createdAt: at(0),
  updatedAt: at(0),
  ...fields,
});

const linkRow = (postId: string, tagId: string, seconds = 0): PostTagRow => ({ id: randomUUID(), postId, tagId, createdAt: at(seconds) });

async function withPosts(storage: Storage, n = 2) {
  const author = await storage.users.insert(userRow());
  const posts: PostRow[] = [];
  for (let i = 0; i < n; i++) posts.push(await storage.posts.insert(postRow(author.id)));
  return { author, posts };
}

test('tags: every field read back as written; found by name ignoring case; the name is unique ignoring case', async (t) => {
  const { storage } = await freshStorage(t);
  const tag = tagRow({ name: 'Dark Mode', public: false });
  t.deepEqual(await storage.tags.insert(tag), tag);
  t.deepEqual(await storage.tags.get(tag.id), tag);
  t.deepEqual(await storage.tags.getByName('dark mode'), tag);
  t.deepEqual(await storage.tags.getByName('DARK MODE'), tag);
  t.is(await storage.tags.getByName('Dark'), undefined);
  const clash = storage.tags.insert(tagRow({ name: 'DARK mode' }));
  t.is((await t.throwsAsync(clash, { instanceOf: UniqueViolation }))?.constraint, 'tags.name');
  const other = await storage.tags.insert(tagRow({ name: 'Mobile' }));
  const renamed = storage.tags.update(other.id, { name: 'dark MODE' });
  t.is((await t.throwsAsync(renamed, { instanceOf: UniqueViolation }))?.constraint, 'tags.name');
  // The same tag may change the case of its own name.
  const changes = { name: 'DARK MODE', color: 'ff0000', public: true, updatedAt: at(9) };
  t.deepEqual(await storage.tags.update(tag.id, changes), { ...tag, ...changes });
  t.is(await storage.tags.count(), 2);
});

test('tags list: by name ignoring case, then id', async (t) => {
  const { storage } = await freshStorage(t);
  const names = ['beta', 'Alpha', 'gamma', 'Beta2', 'alpha2', '1st'];
  const rows = [];
  for (const [i, name] of names.entries()) rows.push(await storage.tags.insert(tagRow({ name, createdAt: at(10 - i) })));
  t.deepEqual(
    (await storage.tags.list()).map((tag) => tag.name),
    ['1st', 'Alpha', 'alpha2', 'beta', 'Beta2', 'gamma'],
  );
  await storage.tags.delete(rows[0]!.id);
  t.deepEqual((await storage.tags.list()).map((tag) => tag.name), ['1st', 'Alpha', 'alpha2', 'Beta2', 'gamma']);
});

test('post tags: one per post and tag, listed per posts and per tag, gone with their post or tag', async (t) => {
  const { storage } = await freshStorage(t);
  const { posts } = await withPosts(storage, 3);
  const [red, blue] = [await storage.tags.insert(tagRow()), await storage.tags.insert(tagRow())];
  const links = [
    await storage.postTags.insert(linkRow(posts[0]!.id, red.id)),
    await storage.postTags.insert(linkRow(posts[0]!.id, blue.id)),
    await storage.postTags.insert(linkRow(posts[1]!.id, red.id)),
  ];
  const twice = storage.postTags.insert(linkRow(posts[0]!.id, red.id));
  t.is((await t.throwsAsync(twice, { instanceOf: UniqueViolation }))?.constraint, 'postTags.postTag');
  const sortById = (rows: PostTagRow[]) => rows.slice().sort((a, b) => (a.id < b.id ? -1 : 1));
  t.deepEqual(sortById(await storage.postTags.listByPosts([posts[0]!.id, posts[1]!.id, posts[2]!.id, posts[0]!.id])), sortById(links));
  t.deepEqual(await storage.postTags.listByPosts([]), []);
  t.deepEqual(sortById(await storage.postTags.listByTag(red.id)), sortById([links[0]!, links[2]!]));
  t.is(await storage.postTags.deleteByPost(posts[0]!.id), 2);
  t.deepEqual(await storage.postTags.listByTag(blue.id), []);
  t.is(await storage.postTags.deleteByTag(red.id), 1);
  t.is(await storage.postTags.count(), 0);
});

test('deleting a post or a tag the way the services do leaves no link behind (PostgreSQL also cascades)', async (t) => {
  const { storage } = await freshStorage(t);
  const { posts } = await withPosts(storage, 2);
  const [red, blue] = [await storage.tags.insert(tagRow()), await storage.tags.insert(tagRow())];
  for (const post of posts) for (const tag of [red, blue]) await storage.postTags.insert(linkRow(post.id, tag.id));
  await storage.transaction(async (tx) => {
    await tx.postTags.deleteByPost(posts[0]!.id);
    await tx.posts.delete(posts[0]!.id);
  });
  await storage.transaction(async (tx) => {
    await tx.postTags.deleteByTag(red.id);
    await tx.tags.delete(red.id);
  });
  t.deepEqual((await storage.postTags.listByPosts(posts.map((p) => p.id))).map((link) => [link.postId, link.tagId]), [[posts[1]!.id, blue.id]]);
});

test('posts.query with tagIds: posts carrying every asked tag; an unknown id matches nothing', async (t) => {
  const { storage } = await freshStorage(t);
  const { author } = await withPosts(storage, 0);
  const posts = [];
  for (let i = 0; i < 4; i++) posts.push(await storage.posts.insert(postRow(author.id, { createdAt: at(i) })));
  const [red, blue] = [await storage.tags.insert(tagRow()), await storage.tags.insert(tagRow())];
  await storage.postTags.insert(linkRow(posts[0]!.id, red.id));
  await storage.postTags.insert(linkRow(posts[1]!.id, red.id));
  await storage.postTags.insert(linkRow(posts[1]!.id, blue.id));
  await storage.postTags.insert(linkRow(posts[3]!.id, blue.id));
  const query = (tagIds: string[]) => storage.posts.query({ visibleBoardsOnly: false, direction: 'asc', offset: 0, limit: 10, tagIds });
  const ids = async (tagIds: string[]) => (await query(tagIds)).map((p) => p.id);
  t.deepEqual(await ids([red.id]), [posts[0]!.id, posts[1]!.id]);
  t.deepEqual(await ids([red.id, blue.id]), [posts[1]!.id]);
  t.deepEqual(await ids([blue.id, blue.id]), [posts[1]!.id, posts[3]!.id]);
  t.deepEqual(await ids([randomUUID()]), []);
  t.deepEqual(await ids([red.id, randomUUID()]), []);
  t.deepEqual(await ids([]), posts.map((p) => p.id));
});

interface World {
  posts: Map<string, PostRow>;
  votes: Map<string, number>;
  tags: Map<string, Set<string>>;
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
    .filter((p) => (query.tagIds ?? []).every((tagId) => world.tags.get(p.id)?.has(tagId) === true))
    .filter((p) => query.boardIds === undefined || (p.boardId !== null && query.boardIds.includes(p.boardId)))
    .filter((p) => query.roadmapId === undefined || p.roadmapId === query.roadmapId)
    .filter((p) => !query.visibleBoardsOnly || p.boardId === null || !hidden.has(p.boardId))
    .filter((p) => query.mine === undefined || p.userId === query.mine.userId)
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

test('tag filters agree with a brute-force reading over random posts and tag sets, with search, boards, roadmap, mine and both orders, through changes and a restart', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const random = generator(31);
  const authors = [await storage.users.insert(userRow()), await storage.users.insert(userRow())];
  const vocabulary = ['dark', 'darker', 'export', 'csv', 'mobile', 'mode', 'тема', 'über'];
  const phrase = (n: number) => Array.from({ length: n }, () => vocabulary[random(vocabulary.length)]).join(' ');
  const boards = [await storage.boards.insert(boardRow()), await storage.boards.insert(boardRow({ display: false })), await storage.boards.insert(boardRow())];
  const roadmap = await storage.roadmaps.insert(roadmapRow());
  const tags: TagRow[] = [];
  for (let i = 0; i < 5; i++) tags.push(await storage.tags.insert(tagRow({ public: random(2) === 0 })));
  const world: World = { posts: new Map(), votes: new Map(), tags: new Map(), boards };
  for (let i = 0; i < 70; i++) {
    const row = postRow(authors[random(2)]!.id, {
      title: phrase(1 + random(3)),
      boardId: random(4) === 0 ? null : boards[random(3)]!.id,
      roadmapId: random(3) === 0 ? roadmap.id : null,
      createdAt: at(random(25)),
    });
    world.posts.set(row.id, await storage.posts.insert(row));
    const carried = new Set<string>();
    for (const tag of tags) {
      if (random(3) !== 0) continue;
      await storage.postTags.insert(linkRow(row.id, tag.id, i));
      carried.add(tag.id);
    }
    world.tags.set(row.id, carried);
  }
  const postIds = [...world.posts.keys()];
  for (const postId of postIds) {
    const n = random(4);
    for (let v = 0; v < n; v++) {
      const voter = await storage.users.insert(userRow());
      await storage.votes.insert({ id: randomUUID(), userId: voter.id, postId, createdAt: at(40) });
    }
    world.votes.set(postId, n);
  }
  const queries = (): PostQuery[] => {
    const list: PostQuery[] = [];
    for (let i = 0; i < 60; i++) {
      const asked = Array.from({ length: 1 + random(3) }, () => (random(12) === 0 ? randomUUID() : tags[random(tags.length)]!.id));
      list.push({
        visibleBoardsOnly: random(2) === 0,
        tagIds: asked,
        orderBy: random(2) ? 'votes' : 'created',
        direction: random(2) ? 'asc' : 'desc',
        ...(random(3) === 0 ? { words: queryWords(phrase(1).slice(0, 2 + random(3))) } : {}),
        ...(random(3) === 0 ? { boardIds: [boards[random(3)]!.id, boards[random(3)]!.id] } : {}),
        ...(random(4) === 0 ? { roadmapId: roadmap.id } : {}),
        ...(random(5) === 0 ? { mine: { userId: authors[random(2)]!.id, kind: 'posted' as const } } : {}),
        offset: random(3) * 2,
        limit: 1 + random(10),
      });
    }
    return list;
  };
  const check = async (store: Storage, label: string) => {
    for (const query of queries()) {
      t.deepEqual((await store.posts.query(query)).map((p) => p.id), expected(world, query), `${label}: ${JSON.stringify(query)}`);
    }
  };
  await check(storage, 'as written');
  // Tags change: some links go, some come, a tag is deleted, a post is deleted.
  for (const postId of postIds.slice(0, 20)) {
    const tag = tags[random(tags.length)]!;
    const carried = world.tags.get(postId)!;
    if (carried.has(tag.id)) {
      const link = (await storage.postTags.listByPosts([postId])).find((l) => l.tagId === tag.id)!;
      await storage.postTags.delete(link.id);
      carried.delete(tag.id);
    } else {
      await storage.postTags.insert(linkRow(postId, tag.id, 50));
      carried.add(tag.id);
    }
  }
  const gone = tags[0]!;
  await storage.transaction(async (tx) => {
    await tx.postTags.deleteByTag(gone.id);
    await tx.tags.delete(gone.id);
  });
  for (const carried of world.tags.values()) carried.delete(gone.id);
  const deleted = postIds[30]!;
  await storage.transaction(async (tx) => {
    await tx.postTags.deleteByPost(deleted);
    await tx.votes.deleteByPost(deleted);
    await tx.posts.delete(deleted);
  });
  world.posts.delete(deleted);
  // A transaction that fails after tagging, untagging, voting and deleting leaves every list as it was.
  const second = postIds[1]!;
  const untagged = (postId: string) => tags.find((tag) => tag.id !== gone.id && !world.tags.get(postId)!.has(tag.id));
  const first = postIds.find((postId) => postId !== deleted && untagged(postId))!;
  await t.throwsAsync(
    storage.transaction(async (tx) => {
      await tx.postTags.insert(linkRow(first, untagged(first)!.id, 60));
      await tx.postTags.deleteByPost(second);
      await tx.votes.insert({ id: randomUUID(), userId: authors[0]!.id, postId: second, createdAt: at(61) });
      await tx.postTags.deleteByPost(postIds[40]!);
      await tx.posts.delete(postIds[40]!);
      throw new Error('rolled back');
    }),
    { message: 'rolled back' },
  );
  await check(storage, 'after changes');
  await storage.close();
  await check(await open(t, dir), 'after a restart');
});

lowdbOnly('a schema-9 database is upgraded through 10 (both tag tables, empty) to the current version, its rows kept', async (t) => {
  const dir = join(await tempDir(t), 'data');
  await mkdir(dir);
  const user = userRow();
  const post = postRow(user.id);
  const later = ['users', 'roles', 'posts', 'tags', 'postTags'];
  const older = TABLE_NAMES.filter((name) => !later.includes(name));
  const tables = { users: [user], roles: [everyoneRole(at(0)), teamRole(at(0))], posts: [post], ...Object.fromEntries(older.map((name) => [name, []])) };
  await writeFile(join(dir, 'db.json'), JSON.stringify({ schemaVersion: 9, seq: 1, settings: DEFAULT_SETTINGS, tables }));
  const storage = await open(t, dir);
  t.deepEqual(await storage.users.get(user.id), user);
  t.deepEqual(await storage.posts.get(post.id), post);
  t.is(await storage.tags.count(), 0);
  const tag = await storage.tags.insert(tagRow());
  await storage.postTags.insert(linkRow(post.id, tag.id));
  const upgraded = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(upgraded.schemaVersion, SCHEMA_VERSION);
  t.true(Array.isArray(upgraded.tables.tags) && Array.isArray(upgraded.tables.postTags));
});
