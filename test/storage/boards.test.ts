import test from 'ava';
import type { BoardRow, OrderedPage, OrderedPageRequest, Storage } from '../../src/storage/types.js';
import { freshStorage, open, openCrashCopy } from './_config.js';
import { at, boardRow, postRow, userRow } from './_rows.js';

const byTime = (a: BoardRow, b: BoardRow) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

/** `count` boards at chosen times and visibility, inserted in a shuffled order so the lists cannot just append. */
async function insertBoards(storage: Storage, count: number, time: (i: number) => number, shown: (i: number) => boolean): Promise<BoardRow[]> {
  const rows = Array.from({ length: count }, (_, i) => boardRow({ createdAt: at(time(i)), display: shown(i) }));
  const shuffled = rows.map((row, i) => ({ row, key: (i * 7919) % count })).sort((a, b) => a.key - b.key);
  for (const { row } of shuffled) await storage.boards.insert(row);
  return rows;
}

/** Every board reached by following `after` from the start, `limit` at a time. */
async function walk(storage: Storage, displayedOnly: boolean, direction: 'asc' | 'desc', limit: number): Promise<string[]> {
  const seen: string[] = [];
  let from: OrderedPageRequest['from'] = { offset: 0 };
  for (;;) {
    const page: OrderedPage<BoardRow> = (await storage.boards.page({ displayedOnly, direction, limit, from }))!;
    seen.push(...ids(page.rows));
    if (!page.hasMore) return seen;
    from = { after: page.rows[page.rows.length - 1]!.id };
  }
}

test('page: every board or only displayed ones, by (createdAt, id), offsets and cursors in both directions', async (t) => {
  const { storage } = await freshStorage(t);
  const boards = await insertBoards(storage, 19, (i) => i % 4, (i) => i % 3 !== 0);
  const all = ids([...boards].sort(byTime));
  const displayed = ids(boards.filter((board) => board.display).sort(byTime));
  for (const [displayedOnly, expected] of [[false, all], [true, displayed]] as const) {
    for (const direction of ['asc', 'desc'] as const) {
      const order = direction === 'asc' ? expected : [...expected].reverse();
      t.deepEqual(await walk(storage, displayedOnly, direction, 4), order);
      const page = (await storage.boards.page({ displayedOnly, direction, limit: 5, from: { offset: 5 } }))!;
      t.deepEqual(ids(page.rows), order.slice(5, 10));
      t.like(page, { total: expected.length, offset: 5, hasMore: true });
      const after = (await storage.boards.page({ displayedOnly, direction, limit: 3, from: { after: order[2]! } }))!;
      t.deepEqual(ids(after.rows), order.slice(3, 6));
      t.like(after, { total: expected.length, offset: 3 });
    }
  }
  const hidden = boards.find((board) => !board.display)!;
  t.is(await storage.boards.page({ displayedOnly: true, direction: 'asc', limit: 5, from: { after: hidden.id } }), undefined);
  t.truthy(await storage.boards.page({ displayedOnly: false, direction: 'asc', limit: 5, from: { after: hidden.id } }));
});

test('page: showing, hiding, moving and deleting boards keep both lists right; a rolled-back transaction changes neither', async (t) => {
  const { storage } = await freshStorage(t);
  const [a, b, c] = await insertBoards(storage, 3, (i) => i, () => true);
  const lists = async () => {
    const request = { direction: 'asc', limit: 10, from: { offset: 0 } } as const;
    const all = (await storage.boards.page({ ...request, displayedOnly: false }))!;
    const displayed = (await storage.boards.page({ ...request, displayedOnly: true }))!;
    return [ids(all.rows), ids(displayed.rows)];
  };
  await storage.boards.update(b!.id, { display: false });
  t.deepEqual(await lists(), [[a!.id, b!.id, c!.id], [a!.id, c!.id]]);
  await storage.boards.update(a!.id, { createdAt: at(9), name: 'moved' });
  t.deepEqual(await lists(), [[b!.id, c!.id, a!.id], [c!.id, a!.id]]);
  await storage.boards.update(b!.id, { display: true, name: 'shown again' });
  t.deepEqual(await lists(), [[b!.id, c!.id, a!.id], [b!.id, c!.id, a!.id]]);
  const before = await lists();
  await t.throwsAsync(
    storage.transaction(async (tx) => {
      await tx.boards.update(c!.id, { display: false });
      await tx.boards.delete(a!.id);
      await tx.boards.insert(boardRow({ createdAt: at(-1) }));
      throw new Error('rolled back');
    }),
  );
  t.deepEqual(await lists(), before);
  await storage.boards.delete(c!.id);
  t.deepEqual(await lists(), [[b!.id, a!.id], [b!.id, a!.id]]);
});

test('searchByName: literal, case-insensitive prefix, by (lower-cased name, createdAt, id), at most limit', async (t) => {
  const { storage } = await freshStorage(t);
  const insert = (name: string, second: number, display = true) => storage.boards.insert(boardRow({ name, createdAt: at(second), display }));
  const tie = [await insert('Bugs', 5), await insert('BUGS', 5)].sort((x, y) => x.id.localeCompare(y.id));
  const older = await insert('bugs', 1);
  const hidden = await insert('Bug reports', 9, false);
  const percent = await insert('50% off', 2);
  await insert('50 percent', 3);
  const underscore = await insert('a_b', 4);
  await insert('aXb', 4);
  await insert('Debugging', 0);
  const search = async (prefix: string, limit = 100) => ids(await storage.boards.searchByName(prefix, limit));
  t.deepEqual(await search('bug'), [hidden.id, older.id, tie[0]!.id, tie[1]!.id]);
  t.deepEqual(await search('BUGS'), [older.id, tie[0]!.id, tie[1]!.id]);
  t.deepEqual(await search('bug', 2), [hidden.id, older.id]);
  t.deepEqual(await search('50%'), [percent.id]);
  t.deepEqual(await search('a_'), [underscore.id]);
  t.deepEqual(await search('%'), []);
  t.deepEqual(await search('_'), []);
  t.deepEqual(await search('ebug'), []);
  t.deepEqual(await search('bugs!'), []);
  t.is((await search('')).length, 9);
  await storage.boards.update(older.id, { name: 'Zebra' });
  t.deepEqual(await search('bugs'), [tie[0]!.id, tie[1]!.id]);
  t.deepEqual(await search('z'), [older.id]);
  await storage.boards.delete(tie[0]!.id);
  t.deepEqual(await search('bugs'), [tie[1]!.id]);
});

test('countByBoards and clearBoard: counts from the board index; clearing unlinks only that board’s posts', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const [ideas, bugs, empty] = await insertBoards(storage, 3, (i) => i, (i) => i !== 1);
  const onIdeas = [];
  for (let i = 0; i < 4; i++) onIdeas.push(await storage.posts.insert(postRow(user.id, { boardId: ideas!.id, createdAt: at(10 + i), updatedAt: at(10 + i) })));
  const onBugs = await storage.posts.insert(postRow(user.id, { boardId: bugs!.id, createdAt: at(20) }));
  const loose = await storage.posts.insert(postRow(user.id, { createdAt: at(21) }));
  const counts = async () => [...(await storage.posts.countByBoards([ideas!.id, bugs!.id, empty!.id, 'nope'])).values()];
  t.deepEqual(await counts(), [4, 1, 0, 0]);
  t.deepEqual(await storage.posts.countByBoards([]), new Map());

  await t.throwsAsync(
    storage.transaction(async (tx) => {
      t.is(await tx.posts.clearBoard(ideas!.id), 4);
      await tx.boards.delete(ideas!.id);
      throw new Error('rolled back');
    }),
  );
  t.deepEqual(await counts(), [4, 1, 0, 0], 'a rolled-back clear changes nothing');
  for (const post of onIdeas) t.deepEqual(await storage.posts.get(post.id), post);

  const cleared = await storage.transaction(async (tx) => {
    const count = await tx.posts.clearBoard(ideas!.id);
    await tx.boards.delete(ideas!.id);
    return count;
  });
  t.is(cleared, 4);
  t.deepEqual(await counts(), [0, 1, 0, 0]);
  for (const post of onIdeas) t.deepEqual(await storage.posts.get(post.id), { ...post, boardId: null }, 'only boardId changes');
  t.deepEqual(await storage.posts.get(onBugs.id), onBugs);
  t.is(await storage.posts.clearBoard(empty!.id), 0);
  t.is(await storage.posts.clearBoard('nope'), 0);
  const query = { visibleBoardsOnly: true, direction: 'asc', offset: 0, limit: 100 } as const;
  t.deepEqual(ids(await storage.posts.query(query)), [...ids(onIdeas), loose.id], 'unlinked posts show; the hidden board’s post does not');
});

test('an update that keeps (createdAt, id) replaces the row in every list in place, and a rollback puts the old one back', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const board = await storage.boards.insert(boardRow());
  const posts = [];
  for (let i = 0; i < 5; i++) posts.push(await storage.posts.insert(postRow(user.id, { boardId: board.id, createdAt: at(i) })));
  const target = posts[2]!;
  const onBoard = async () => storage.posts.query({ boardIds: [board.id], visibleBoardsOnly: false, direction: 'asc', offset: 0, limit: 10 });
  const renamed = await storage.posts.update(target.id, { title: 'renamed' });
  t.deepEqual((await onBoard())[2], renamed);
  t.deepEqual(ids(await onBoard()), ids(posts));
  await t.throwsAsync(
    storage.transaction(async (tx) => {
      await tx.posts.update(target.id, { title: 'again' });
      throw new Error('rolled back');
    }),
  );
  t.deepEqual((await onBoard())[2], renamed);
  const page = (await storage.boards.page({ displayedOnly: true, direction: 'asc', limit: 10, from: { offset: 0 } }))!;
  const renamedBoard = await storage.boards.update(board.id, { name: 'Renamed' });
  t.deepEqual((await storage.boards.page({ displayedOnly: true, direction: 'asc', limit: 10, from: { offset: 0 } }))!.rows, [renamedBoard]);
  t.not(page.rows[0], renamedBoard);
});

test('board pages, name search and post counts are the same after a restart (journal replay and compaction)', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const boards = await insertBoards(storage, 8, (i) => i % 3, (i) => i % 2 === 0);
  for (const [i, board] of boards.entries()) await storage.boards.update(board.id, { name: `Board ${i % 3}` });
  for (const board of boards.slice(0, 3)) await storage.posts.insert(postRow(user.id, { boardId: board.id }));
  await storage.posts.clearBoard(boards[0]!.id);
  await storage.boards.delete(boards[7]!.id);
  const snapshot = async (s: Storage) => ({
    displayed: await s.boards.page({ displayedOnly: true, direction: 'desc', limit: 100, from: { offset: 0 } }),
    all: await s.boards.page({ displayedOnly: false, direction: 'asc', limit: 3, from: { after: boards[2]!.id } }),
    search: await s.boards.searchByName('board 1', 100),
    counts: await s.posts.countByBoards(ids(boards)),
  });
  const before = await snapshot(storage);
  t.is(before.displayed?.total, 4);
  t.is(before.search.length, 2);
  const copy = await openCrashCopy(t, dir);
  if (copy) t.deepEqual(await snapshot(copy), before, 'journal replay');
  await storage.close();
  t.deepEqual(await snapshot(await open(t, dir)), before, 'snapshot after compaction');
});

test('a board’s description is stored, changed and cleared as given, and kept in a snapshot and across a reopen', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const described = await storage.boards.insert(boardRow({ description: 'What is broken — «all of it» 🎉' }));
  const plain = await storage.boards.insert(boardRow());
  t.deepEqual(await storage.boards.get(described.id), described);
  t.is((await storage.boards.get(plain.id))?.description, null);
  const changed = await storage.boards.update(plain.id, { description: 'Now it says something' });
  t.is(changed.description, 'Now it says something');
  t.is((await storage.boards.update(described.id, { description: null })).description, null);
  const snapshot = await storage.snapshot();
  t.deepEqual(
    snapshot.tables.boards.map((board) => [board.id, board.description]).sort(),
    [
      [described.id, null],
      [plain.id, 'Now it says something'],
    ].sort(),
  );
  await storage.close();
  const reopened = await open(t, dir);
  t.is((await reopened.boards.get(plain.id))?.description, 'Now it says something');
});
