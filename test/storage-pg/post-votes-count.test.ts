import test, { type ExecutionContext } from 'ava';
import pg from 'pg';
import { loadSnapshot } from '../../src/storage/postgres/load-snapshot.js';
import type { Storage } from '../../src/storage/types.js';
import { postRow, userRow, voteRow } from '../storage/_rows.js';
import { freshPg, freshSchema, openPg, pgTests } from './_pg.js';

/*
 * posts.votes_count is kept by triggers on votes (migration 3): whatever writes votes, in the
 * same transaction. Each test checks the counts it expects and that every post's count is its
 * number of vote rows.
 */

/** A connection for reading the stored counts and writing around the repositories, closed after the test. */
async function connect(t: ExecutionContext, url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  t.teardown(() => client.end());
  return client;
}

/** Every post's stored count, by post id; fails the test when one differs from its number of votes. */
async function counts(t: ExecutionContext, db: pg.Client): Promise<Record<string, number>> {
  const { rows } = await db.query<{ id: string; stored: number; actual: number }>(
    'SELECT p.id, p.votes_count AS stored, (SELECT count(*)::int FROM votes v WHERE v.post_id = p.id) AS actual FROM posts p',
  );
  for (const row of rows) t.is(row.stored, row.actual, `votes_count of ${row.id}`);
  return Object.fromEntries(rows.map((row) => [row.id, row.stored]));
}

/** Three users and two posts by the first, on a fresh schema; `storage` is the engine on it. */
async function scene(t: ExecutionContext, url: string) {
  const { storage, schemaUrl } = await freshPg(t, url);
  const users: string[] = [];
  for (let n = 0; n < 3; n++) users.push((await storage.users.insert(userRow())).id);
  const [a, b] = [await storage.posts.insert(postRow(users[0]!)), await storage.posts.insert(postRow(users[0]!))];
  return { storage, schemaUrl, users, a: a.id, b: b.id, db: await connect(t, schemaUrl) };
}

async function voteAll(storage: Storage, userIds: readonly string[], postId: string): Promise<void> {
  for (const userId of userIds) await storage.votes.insert(voteRow(userId, postId));
}

pgTests((url) => {
  test('insert and delete, outside and inside transactions; a rolled-back transaction changes no count', async (t) => {
    const s = await scene(t, url);
    t.deepEqual(await counts(t, s.db), { [s.a]: 0, [s.b]: 0 });
    const vote = await s.storage.votes.insert(voteRow(s.users[0]!, s.a));
    await s.storage.transaction(async (tx) => {
      await tx.votes.insert(voteRow(s.users[1]!, s.a));
      await tx.votes.insert(voteRow(s.users[1]!, s.b));
    });
    t.deepEqual(await counts(t, s.db), { [s.a]: 2, [s.b]: 1 });
    await t.throwsAsync(
      s.storage.transaction(async (tx) => {
        await tx.votes.insert(voteRow(s.users[2]!, s.a));
        await tx.votes.delete(vote.id);
        throw new Error('boom');
      }),
    );
    t.deepEqual(await counts(t, s.db), { [s.a]: 2, [s.b]: 1 });
    t.true(await s.storage.votes.delete(vote.id));
    t.false(await s.storage.votes.delete(vote.id));
    t.deepEqual(await counts(t, s.db), { [s.a]: 1, [s.b]: 1 });
  });

  test('a refused duplicate vote inside a transaction leaves the count as it was', async (t) => {
    const s = await scene(t, url);
    await s.storage.transaction(async (tx) => {
      await tx.votes.insert(voteRow(s.users[0]!, s.a));
      await t.throwsAsync(tx.votes.insert(voteRow(s.users[0]!, s.a)));
      await tx.votes.insert(voteRow(s.users[1]!, s.a));
    });
    t.deepEqual(await counts(t, s.db), { [s.a]: 2, [s.b]: 0 });
  });

  test('deleteByPost and deleteByUser', async (t) => {
    const s = await scene(t, url);
    await voteAll(s.storage, s.users, s.a);
    await voteAll(s.storage, s.users, s.b);
    t.is(await s.storage.votes.deleteByUser(s.users[1]!), 2);
    t.deepEqual(await counts(t, s.db), { [s.a]: 2, [s.b]: 2 });
    t.is(await s.storage.votes.deleteByPost(s.a), 2);
    t.deepEqual(await counts(t, s.db), { [s.a]: 0, [s.b]: 2 });
  });

  test('deleting a user or a post takes their votes along (ON DELETE CASCADE) and keeps the other counts', async (t) => {
    const s = await scene(t, url);
    await voteAll(s.storage, s.users, s.a);
    await voteAll(s.storage, s.users, s.b);
    t.true(await s.storage.users.delete(s.users[2]!));
    t.deepEqual(await counts(t, s.db), { [s.a]: 2, [s.b]: 2 });
    await s.storage.transaction(async (tx) => {
      t.true(await tx.users.delete(s.users[1]!));
      t.true(await tx.posts.delete(s.a));
    });
    t.deepEqual(await counts(t, s.db), { [s.b]: 1 });
    t.is(await s.storage.votes.count(), 1);
  });

  test('moving votes to another post, truncating votes, and a connection with another search_path', async (t) => {
    const s = await scene(t, url);
    await voteAll(s.storage, s.users, s.a);
    await s.db.query('UPDATE votes SET post_id = $1 WHERE user_id = $2', [s.b, s.users[0]]);
    t.deepEqual(await counts(t, s.db), { [s.a]: 2, [s.b]: 1 });
    // The trigger function updates the posts of its own schema, not those of the caller's path.
    const { schema } = await freshSchema(t, url);
    const outsider = await connect(t, url);
    await outsider.query(`SET search_path = ${schema}`);
    const votesTable = (await s.db.query('SELECT current_schema() AS name')).rows[0].name as string;
    await outsider.query(`DELETE FROM ${votesTable}.votes WHERE user_id = $1`, [s.users[1]]);
    t.deepEqual(await counts(t, s.db), { [s.a]: 1, [s.b]: 1 });
    await s.db.query('TRUNCATE votes');
    t.deepEqual(await counts(t, s.db), { [s.a]: 0, [s.b]: 0 });
  });

  test('the bulk loader (restore, migrate-data) writes posts with their vote counts; the triggers count later votes', async (t) => {
    const s = await scene(t, url);
    const extra = Array.from({ length: 1200 }, () => userRow());
    await s.storage.transaction(async (tx) => {
      for (const user of extra) await tx.users.insert(user);
    });
    const voters = [...s.users, ...extra.map((user) => user.id)];
    await s.storage.transaction(async (tx) => {
      for (const [n, userId] of voters.entries()) await tx.votes.insert(voteRow(userId, n % 3 === 0 ? s.b : s.a));
    });
    const snapshot = await s.storage.snapshot();
    await s.db.query('UPDATE posts SET votes_count = 0');
    const target = await freshSchema(t, url);
    const loader = await connect(t, target.url);
    // A database the engine migrated, then the copy loaded into it.
    await (await openPg(t, target.url)).close();
    await loadSnapshot(loader, snapshot, { replace: false, where: 'the test schema' });
    t.deepEqual(await counts(t, loader), { [s.a]: 802, [s.b]: 401 });
    // Replacing a database's rows: the old counts go with the old posts.
    await loadSnapshot(loader, snapshot, { replace: true, where: 'the test schema' });
    t.deepEqual(await counts(t, loader), { [s.a]: 802, [s.b]: 401 });
    // The loader counts its own votes with the triggers aside for its transaction only.
    await loader.query('DELETE FROM votes WHERE user_id = $1', [s.users[0]]);
    t.deepEqual(await counts(t, loader), { [s.a]: 802, [s.b]: 400 });
  });

  test('rows never write votes_count: inserting or patching a post keeps the counted value', async (t) => {
    const s = await scene(t, url);
    await voteAll(s.storage, s.users, s.a);
    const post = (await s.storage.posts.get(s.a))!;
    await s.storage.posts.update(s.a, { ...post, title: 'Renamed', votesCount: 0 } as never);
    t.deepEqual(await counts(t, s.db), { [s.a]: 3, [s.b]: 0 });
    t.false('votesCount' in (await s.storage.posts.get(s.a))!);
  });
});
