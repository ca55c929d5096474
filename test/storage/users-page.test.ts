import { randomUUID } from 'node:crypto';
import test from 'ava';
import type { OrderedPage, OrderedPageRequest, PostRow, Storage, UserRow } from '../../src/storage/types.js';
import { freshStorage, open, openCrashCopy } from './_config.js';
import { at, postRow, roleRow, userRoleRow, userRow, voteRow } from './_rows.js';

const byTime = (a: UserRow, b: UserRow) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

/** `count` users at chosen times, inserted in a shuffled order so the index cannot just append. */
async function insertUsers(storage: Storage, count: number, time: (i: number) => number): Promise<UserRow[]> {
  const rows = Array.from({ length: count }, (_, i) => userRow({ createdAt: at(time(i)) }));
  const shuffled = rows.map((row, i) => ({ row, key: (i * 7919) % count })).sort((a, b) => a.key - b.key);
  for (const { row } of shuffled) await storage.users.insert(row);
  return rows;
}

/** Every row reached by following `after` from the start, `limit` at a time. */
async function walk(storage: Storage, direction: 'asc' | 'desc', limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let from: OrderedPageRequest['from'] = { offset: 0 };
  for (;;) {
    const page: OrderedPage<UserRow> = (await storage.users.page({ direction, limit, from }))!;
    pages.push(ids(page.rows));
    if (!page.hasMore) return pages;
    from = { after: page.rows[page.rows.length - 1]!.id };
  }
}

test('page: offsets walk (createdAt, id) in both directions, ties broken by id', async (t) => {
  const { storage } = await freshStorage(t);
  const users = await insertUsers(storage, 17, (i) => i % 4);
  const ascending = ids([...users].sort(byTime));
  for (const [direction, expected] of [['asc', ascending], ['desc', [...ascending].reverse()]] as const) {
    for (let offset = 0; offset < 20; offset += 5) {
      const page = await storage.users.page({ direction, limit: 5, from: { offset } });
      t.deepEqual(page, {
        rows: expected.slice(offset, offset + 5).map((id) => users.find((user) => user.id === id)),
        total: 17,
        offset: Math.min(offset, 17),
        hasMore: offset + 5 < 17,
      });
    }
  }
  const past = await storage.users.page({ direction: 'asc', limit: 5, from: { offset: 1000 } });
  t.deepEqual(past, { rows: [], total: 17, offset: 17, hasMore: false });
});

test('page: a cursor starts strictly after its row, in both directions, and says how many rows come before', async (t) => {
  const { storage } = await freshStorage(t);
  const users = await insertUsers(storage, 12, (i) => i % 3);
  const ascending = ids([...users].sort(byTime));
  const after = ascending[4]!;
  const up = (await storage.users.page({ direction: 'asc', limit: 3, from: { after } }))!;
  t.deepEqual(ids(up.rows), ascending.slice(5, 8));
  t.like(up, { total: 12, offset: 5, hasMore: true });
  const down = (await storage.users.page({ direction: 'desc', limit: 10, from: { after } }))!;
  t.deepEqual(ids(down.rows), ascending.slice(0, 4).reverse());
  t.like(down, { total: 12, offset: 8, hasMore: false });
  const last = (await storage.users.page({ direction: 'asc', limit: 3, from: { after: ascending[11]! } }))!;
  t.deepEqual(last, { rows: [], total: 12, offset: 12, hasMore: false });
  for (const direction of ['asc', 'desc'] as const) {
    const pages = await walk(storage, direction, 5);
    t.deepEqual(pages.flat(), direction === 'asc' ? ascending : [...ascending].reverse());
    t.deepEqual(pages.map((page) => page.length), [5, 5, 2]);
  }
});

test('page: an unknown or deleted cursor row gives undefined; an empty table gives an empty page', async (t) => {
  const { storage } = await freshStorage(t);
  t.deepEqual(await storage.users.page({ direction: 'asc', limit: 10, from: { offset: 0 } }), {
    rows: [],
    total: 0,
    offset: 0,
    hasMore: false,
  });
  const [gone, kept] = await insertUsers(storage, 2, (i) => i);
  await storage.users.delete(gone!.id);
  for (const after of [randomUUID(), gone!.id, 'not-an-id']) {
    t.is(await storage.users.page({ direction: 'asc', limit: 10, from: { after } }), undefined);
    t.is(await storage.users.page({ direction: 'desc', limit: 10, from: { after } }), undefined);
  }
  t.deepEqual(ids((await storage.users.page({ direction: 'asc', limit: 10, from: { offset: 0 } }))!.rows), [kept!.id]);
});

test('page: an update that changes createdAt moves the user; a failed transaction leaves the order as it was', async (t) => {
  const { storage } = await freshStorage(t);
  const [first, second, third] = await insertUsers(storage, 3, (i) => i);
  await storage.users.update(first!.id, { createdAt: at(10), name: 'moved' });
  const order = async () => ids((await storage.users.page({ direction: 'asc', limit: 10, from: { offset: 0 } }))!.rows);
  t.deepEqual(await order(), [second!.id, third!.id, first!.id]);
  await t.throwsAsync(
    storage.transaction(async (tx) => {
      await tx.users.insert(userRow({ createdAt: at(-5) }));
      await tx.users.delete(second!.id);
      throw new Error('rolled back');
    }),
  );
  t.deepEqual(await order(), [second!.id, third!.id, first!.id]);
  t.deepEqual(ids((await storage.users.page({ direction: 'asc', limit: 10, from: { after: second!.id } }))!.rows), [third!.id, first!.id]);
});

test('countByUsers: posts and votes per user, zeros for users without any, kept right across insert and delete', async (t) => {
  const { storage } = await freshStorage(t);
  const [ada, grace, idle] = await insertUsers(storage, 3, (i) => i);
  const posts: PostRow[] = [];
  for (const author of [ada!, ada!, grace!]) posts.push(await storage.posts.insert(postRow(author.id)));
  const votes = [];
  for (const post of posts) votes.push(await storage.votes.insert(voteRow(grace!.id, post.id)));
  votes.push(await storage.votes.insert(voteRow(ada!.id, posts[2]!.id)));
  const counts = async () => {
    const userIds = [ada!.id, grace!.id, idle!.id, 'nobody'];
    const [postCounts, voteCounts] = await Promise.all([storage.posts.countByUsers(userIds), storage.votes.countByUsers(userIds)]);
    return userIds.map((id) => [postCounts.get(id), voteCounts.get(id)]);
  };
  t.deepEqual(await counts(), [[2, 1], [1, 3], [0, 0], [0, 0]]);
  await storage.votes.delete(votes[0]!.id);
  await storage.posts.delete(posts[0]!.id);
  await storage.posts.update(posts[1]!.id, { title: 'renamed' });
  t.deepEqual(await counts(), [[1, 1], [1, 2], [0, 0], [0, 0]]);
  await t.throwsAsync(
    storage.transaction(async (tx) => {
      await tx.votes.insert(voteRow(idle!.id, posts[1]!.id));
      await tx.posts.delete(posts[2]!.id);
      throw new Error('rolled back');
    }),
  );
  t.deepEqual(await counts(), [[1, 1], [1, 2], [0, 0], [0, 0]], 'a rolled-back transaction changes no count');
  t.deepEqual(await storage.votes.countByUsers([]), new Map());
});

test('listByUsers: each user’s role assignments, oldest first, empty for users without any', async (t) => {
  const { storage } = await freshStorage(t);
  const [ada, grace] = await insertUsers(storage, 2, (i) => i);
  const [admin, editor] = [await storage.roles.insert(roleRow()), await storage.roles.insert(roleRow())];
  const late = await storage.userRoles.insert(userRoleRow(ada!.id, admin!.id, { createdAt: at(5) }));
  const early = await storage.userRoles.insert(userRoleRow(ada!.id, editor!.id, { createdAt: at(1) }));
  const assigned = await storage.userRoles.listByUsers([ada!.id, grace!.id]);
  t.deepEqual([...assigned.keys()], [ada!.id, grace!.id]);
  t.deepEqual(assigned.get(ada!.id), [early, late]);
  t.deepEqual(assigned.get(grace!.id), []);
});

test('pages, counts and assignments are the same after a restart (journal replay and compaction)', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const users = await insertUsers(storage, 9, (i) => i % 2);
  const post = await storage.posts.insert(postRow(users[0]!.id));
  for (const user of users.slice(0, 4)) await storage.votes.insert(voteRow(user.id, post.id));
  await storage.userRoles.insert(userRoleRow(users[1]!.id, (await storage.roles.insert(roleRow())).id));
  await storage.users.delete(users[8]!.id);
  const snapshot = async (s: Storage) => {
    const userIds = ids(users);
    return {
      asc: await s.users.page({ direction: 'asc', limit: 4, from: { after: users[3]!.id } }),
      desc: await s.users.page({ direction: 'desc', limit: 100, from: { offset: 2 } }),
      posts: await s.posts.countByUsers(userIds),
      votes: await s.votes.countByUsers(userIds),
      roles: await s.userRoles.listByUsers(userIds),
    };
  };
  const before = await snapshot(storage);
  t.is(before.desc?.total, 8);
  const copy = await openCrashCopy(t, dir);
  if (copy) t.deepEqual(await snapshot(copy), before, 'journal replay');
  await storage.close();
  t.deepEqual(await snapshot(await open(t, dir)), before, 'snapshot after compaction');
});
