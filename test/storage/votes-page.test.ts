import test from 'ava';
import type { OrderedPage, OrderedPageRequest, Storage, UserRow, VoteRow } from '../../src/storage/types.js';
import { freshStorage, open, openCrashCopy } from './_config.js';
import { at, postRow, userRow, voteRow } from './_rows.js';

const byTime = (a: VoteRow, b: VoteRow) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

/** `count` votes on one post at chosen times, inserted in a shuffled order so the index cannot just append. */
async function votesOn(storage: Storage, postId: string, count: number, time: (i: number) => number): Promise<VoteRow[]> {
  const users: UserRow[] = [];
  for (let i = 0; i < count; i++) users.push(await storage.users.insert(userRow()));
  const rows = users.map((user, i) => voteRow(user.id, postId, { createdAt: at(time(i)) }));
  const shuffled = rows.map((row, i) => ({ row, key: (i * 7919) % count })).sort((a, b) => a.key - b.key);
  for (const { row } of shuffled) await storage.votes.insert(row);
  return rows;
}

async function newPost(storage: Storage): Promise<string> {
  const author = await storage.users.insert(userRow());
  return (await storage.posts.insert(postRow(author.id))).id;
}

test('pageByPost: a post’s votes by offset and by cursor, both directions, ties broken by id', async (t) => {
  const { storage } = await freshStorage(t);
  const postId = await newPost(storage);
  const otherId = await newPost(storage);
  const votes = await votesOn(storage, postId, 13, (i) => i % 4);
  await votesOn(storage, otherId, 5, (i) => i);
  const ascending = ids([...votes].sort(byTime));
  for (const [direction, expected] of [['asc', ascending], ['desc', [...ascending].reverse()]] as const) {
    const seen: string[] = [];
    let from: OrderedPageRequest['from'] = { offset: 0 };
    for (let n = 0; n < 10; n++) {
      const page: OrderedPage<VoteRow> = (await storage.votes.pageByPost(postId, { direction, limit: 4, from }))!;
      t.like(page, { total: 13, offset: seen.length, hasMore: seen.length + page.rows.length < 13 });
      seen.push(...ids(page.rows));
      if (!page.hasMore) break;
      from = { after: page.rows[page.rows.length - 1]!.id };
    }
    t.deepEqual(seen, expected, direction);
  }
  const middle = (await storage.votes.pageByPost(postId, { direction: 'desc', limit: 3, from: { offset: 5 } }))!;
  t.deepEqual(ids(middle.rows), [...ascending].reverse().slice(5, 8));
  const last = (await storage.votes.pageByPost(postId, { direction: 'desc', limit: 3, from: { after: ascending[0]! } }))!;
  t.deepEqual(last, { rows: [], total: 13, offset: 13, hasMore: false });
});

test('pageByPost: a cursor of another post, unknown or deleted is undefined; a post without votes gives an empty page', async (t) => {
  const { storage } = await freshStorage(t);
  const postId = await newPost(storage);
  const quietId = await newPost(storage);
  const [mine, gone] = await votesOn(storage, postId, 2, (i) => i);
  const [foreign] = await votesOn(storage, await newPost(storage), 1, () => 0);
  await storage.votes.delete(gone!.id);
  for (const after of [foreign!.id, gone!.id, 'no-such-vote']) {
    for (const direction of ['asc', 'desc'] as const) {
      t.is(await storage.votes.pageByPost(postId, { direction, limit: 5, from: { after } }), undefined, after);
    }
  }
  t.is(await storage.votes.pageByPost(quietId, { direction: 'desc', limit: 5, from: { after: mine!.id } }), undefined);
  t.deepEqual(await storage.votes.pageByPost(quietId, { direction: 'desc', limit: 5, from: { offset: 0 } }), {
    rows: [],
    total: 0,
    offset: 0,
    hasMore: false,
  });
  t.deepEqual(await storage.votes.pageByPost('no-such-post', { direction: 'asc', limit: 5, from: { offset: 3 } }), {
    rows: [],
    total: 0,
    offset: 0,
    hasMore: false,
  });
});

test('deleteByPost: removes only that post’s votes, keeps counts right, and rolls back with its transaction', async (t) => {
  const { storage } = await freshStorage(t);
  const postId = await newPost(storage);
  const otherId = await newPost(storage);
  const doomed = await votesOn(storage, postId, 4, (i) => i);
  const kept = await votesOn(storage, otherId, 2, (i) => i);
  const voter = doomed[0]!.userId;
  await storage.votes.insert(voteRow(voter, otherId));
  await t.throwsAsync(
    storage.transaction(async (tx) => {
      t.is(await tx.votes.deleteByPost(postId), 4);
      throw new Error('rolled back');
    }),
  );
  t.is((await storage.votes.pageByPost(postId, { direction: 'asc', limit: 10, from: { offset: 0 } }))!.total, 4);
  t.is(await storage.votes.deleteByPost(postId), 4);
  t.is(await storage.votes.deleteByPost(postId), 0);
  t.is(await storage.votes.count(), kept.length + 1);
  t.is((await storage.votes.countByUsers([voter])).get(voter), 1);
  t.is(await storage.votes.getByUserAndPost(voter, postId), undefined);
  t.deepEqual((await storage.votes.summarize([postId], 6, voter)).get(postId), { recent: [], count: 0, viewerVote: null });
  t.is(await storage.votes.get(doomed[1]!.id), undefined);
});

test('pageByPost and deleteByPost give the same answers after a restart', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const postId = await newPost(storage);
  const emptiedId = await newPost(storage);
  const votes = await votesOn(storage, postId, 6, (i) => i % 2);
  await votesOn(storage, emptiedId, 3, (i) => i);
  await storage.votes.deleteByPost(emptiedId);
  const snapshot = async (s: Storage) => ({
    page: await s.votes.pageByPost(postId, { direction: 'desc', limit: 3, from: { after: votes[2]!.id } }),
    emptied: await s.votes.pageByPost(emptiedId, { direction: 'desc', limit: 3, from: { offset: 0 } }),
    count: await s.votes.count(),
  });
  const before = await snapshot(storage);
  t.is(before.count, 6);
  const copy = await openCrashCopy(t, dir);
  if (copy) t.deepEqual(await snapshot(copy), before, 'journal replay');
  await storage.close();
  t.deepEqual(await snapshot(await open(t, dir)), before, 'snapshot after compaction');
});
