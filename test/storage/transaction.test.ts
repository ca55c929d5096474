import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import { DEFAULT_SETTINGS } from '../../src/storage/seed.js';
import { type Repositories, UniqueViolation } from '../../src/storage/types.js';
import { freshStorage, open, TEST_ENGINE } from './_config.js';
import { lowdbOnly } from './_engine.js';
import { boardRow, postRow, userRow, voteRow } from './_rows.js';

test('a transaction sees its own writes and returns its result', async (t) => {
  const { storage } = await freshStorage(t);
  const result = await storage.transaction(async (tx) => {
    const user = await tx.users.insert(userRow());
    await tx.posts.insert(postRow(user.id));
    return { found: (await tx.users.get(user.id))?.id === user.id, posts: await tx.posts.count() };
  });
  t.deepEqual(result, { found: true, posts: 1 });
});

test('a throwing transaction leaves nothing behind, in memory or after reopening', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const kept = await storage.users.insert(userRow({ name: 'kept' }));
  const board = await storage.boards.insert(boardRow());
  const error = await t.throwsAsync(
    storage.transaction(async (tx) => {
      const user = await tx.users.insert(userRow());
      const post = await tx.posts.insert(postRow(user.id, { boardId: board.id }));
      await tx.votes.insert(voteRow(user.id, post.id));
      await tx.users.update(kept.id, { name: 'changed' });
      await tx.boards.delete(board.id);
      await tx.settings.update({ title: 'changed' });
      throw new Error('boom');
    }),
  );
  t.is(error?.message, 'boom');
  const check = async (repos: Repositories) => {
    t.is(await repos.users.count(), 1);
    t.is((await repos.users.get(kept.id))?.name, 'kept');
    t.is(await repos.posts.count(), 0);
    t.is(await repos.votes.count(), 0);
    t.is((await repos.boards.getByUrl(board.url))?.id, board.id);
    t.deepEqual(await repos.posts.query({ visibleBoardsOnly: false, direction: 'asc', offset: 0, limit: 10 }), []);
    t.deepEqual(await repos.settings.get(), DEFAULT_SETTINGS);
  };
  await check(storage);
  await storage.close();
  await check(await open(t, dir));
});

test('a unique violation caught inside a transaction changes nothing and the rest commits', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  await storage.transaction(async (tx) => {
    await t.throwsAsync(tx.users.insert(userRow({ email: user.email })), { instanceOf: UniqueViolation });
    await tx.users.update(user.id, { name: 'after the refusal' });
  });
  t.is(await storage.users.count(), 1);
  t.is((await storage.users.get(user.id))?.name, 'after the refusal');
});

test('a bulk transaction commits many writes at once, and a refused write in it leaves nothing behind', async (t) => {
  const { storage } = await freshStorage(t);
  const first = await storage.bulkTransaction(async (tx) => {
    const users = [];
    for (let i = 0; i < 120; i++) users.push(await tx.users.insert(userRow()));
    const post = await tx.posts.insert(postRow(users[0]!.id));
    for (const user of users) await tx.votes.insert(voteRow(user.id, post.id));
    return users[0]!;
  });
  t.is(await storage.users.count(), 120);
  t.is(await storage.votes.count(), 120);
  await t.throwsAsync(
    storage.bulkTransaction(async (tx) => {
      await tx.users.insert(userRow({ name: 'not kept' }));
      await tx.users.insert(userRow({ email: first.email }));
    }),
  );
  t.is(await storage.users.count(), 120);
});

// lowdb runs transactions one at a time and reads wait for them; PostgreSQL runs them side by side,
// and a read outside sees the state before the transaction until it commits. Neither shows half.
test('reads outside never see half of a running transaction', async (t) => {
  const { storage } = await freshStorage(t);
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const running = storage.transaction(async (tx) => {
    await tx.users.insert(userRow());
    markStarted();
    await sleep(30); // a slow transaction, to let the outside read arrive in the middle
    await tx.users.insert(userRow());
  });
  await started;
  t.is(await storage.users.count(), TEST_ENGINE === 'lowdb' ? 2 : 0);
  await running;

  const failing = storage.transaction(async (tx) => {
    await tx.users.insert(userRow());
    await sleep(30);
    throw new Error('rolled back');
  });
  await sleep(5);
  t.is(await storage.users.count(), 2);
  await t.throwsAsync(failing);
});

lowdbOnly('transactions run one at a time, in order', async (t) => {
  const { storage } = await freshStorage(t);
  const order: string[] = [];
  const run = (name: string, pause: number) =>
    storage.transaction(async (tx) => {
      order.push(`${name} start`);
      await sleep(pause);
      await tx.users.insert(userRow());
      order.push(`${name} end`);
    });
  await Promise.all([run('a', 20), run('b', 0), run('c', 5)]);
  t.deepEqual(order, ['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
});

test('a tx used after its transaction ended is refused', async (t) => {
  const { storage } = await freshStorage(t);
  let leaked: Repositories | undefined;
  await storage.transaction(async (tx) => {
    leaked = tx;
  });
  await t.throwsAsync(leaked!.users.insert(userRow()), { message: /transaction has already ended/ });
  await t.throwsAsync(leaked!.users.count(), { message: /transaction has already ended/ });
});

test('a closed storage refuses work; close is idempotent', async (t) => {
  const { storage } = await freshStorage(t);
  await Promise.all([storage.close(), storage.close()]);
  await storage.close();
  await t.throwsAsync(storage.users.insert(userRow()), { message: /closed/ });
  await t.throwsAsync(storage.users.count(), { message: /closed/ });
  await t.throwsAsync(storage.transaction(async () => 1), { message: /closed/ });
  t.false(await storage.isWritable());
});

test('writes queued before close() are still made durable', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const writes = Array.from({ length: 50 }, () => storage.users.insert(userRow()));
  const closed = storage.close();
  await Promise.all(writes);
  await closed;
  t.is(await (await open(t, dir)).users.count(), 50);
});
