import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import type { Storage } from '../../src/storage/types.js';
import { freshStorage, open } from './_config.js';
import { at, boardRow, mailLogRow, postRow, userRow, voteRow } from './_rows.js';

/** Writes a mix of inserts, updates and deletes over every kind of table; returns what must be found later. */
async function writeMix(storage: Storage, rounds: number) {
  const user = await storage.users.insert(userRow());
  const board = await storage.boards.insert(boardRow());
  const posts: string[] = [];
  for (let i = 0; i < rounds; i++) {
    const post = await storage.transaction(async (tx) => {
      const created = await tx.posts.insert(postRow(user.id, { boardId: board.id, createdAt: at(i) }));
      await tx.votes.insert(voteRow(user.id, created.id, { createdAt: at(i) }));
      return created;
    });
    posts.push(post.id);
    if (i % 3 === 0) await storage.posts.update(post.id, { title: `title ${i}` });
    if (i % 5 === 4) await storage.posts.delete(posts.shift()!);
  }
  await storage.settings.update({ title: `after ${rounds}` });
  await storage.mailLog.append(mailLogRow({ subject: 'logged' }), 10);
  return { user: user.id, board: board.id, posts, rounds };
}

async function expectMix(t: ExecutionContext, storage: Storage, mix: Awaited<ReturnType<typeof writeMix>>) {
  t.truthy(await storage.users.get(mix.user));
  const listed = await storage.posts.query({ boardIds: [mix.board], visibleBoardsOnly: true, direction: 'asc', offset: 0, limit: 100 });
  t.deepEqual(listed.map((p) => p.id), mix.posts);
  for (const post of listed) {
    const index = Number(post.createdAt.slice(17, 19)) + 60 * Number(post.createdAt.slice(14, 16));
    t.is(post.title, index % 3 === 0 ? `title ${index}` : 'A post');
  }
  t.is((await storage.settings.get()).title, `after ${mix.rounds}`);
  t.deepEqual((await storage.mailLog.list(5)).map((e) => e.subject), ['logged']);
  const votes = await storage.votes.summarize(mix.posts, 5, mix.user);
  t.true([...votes.values()].every((s) => s.count === 1 && s.viewerVote !== null));
}

test('everything survives a restart without compaction (journal replay)', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const mix = await writeMix(storage, 30);
  // A crashed process never closes: copy the files as they are now, while the storage is open.
  const copy = join(dir, '..', 'copy');
  await copyDir(dir, copy);
  await expectMix(t, await open(t, copy), mix);
});

test('everything survives a clean close (compaction) and a reopen', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const mix = await writeMix(storage, 30);
  await storage.close();
  t.deepEqual((await readdir(dir)).sort(), ['database.json', 'db.json', 'journal-2.jsonl']);
  t.is(await readFile(join(dir, 'journal-2.jsonl'), 'utf8'), '');
  const reopened = await open(t, dir);
  await expectMix(t, reopened, mix);
  const user = (await reopened.users.get(mix.user))!;
  t.true(Object.isFrozen(user) && Object.isFrozen((await reopened.settings.get()).labs), 'loaded rows are frozen too');
});

test('a tiny journal limit compacts again and again without losing anything', async (t) => {
  const { dir, storage } = await freshStorage(t, { journalMaxBytes: 200 });
  const mix = await writeMix(storage, 40);
  await expectMix(t, storage, mix);
  // (Copying the files now would race with a running compaction; the crash test covers kills mid-way.)
  await storage.close();
  const journals = (await readdir(dir)).filter((name) => name.startsWith('journal-'));
  t.is(journals.length, 1);
  t.true(Number(/\d+/.exec(journals[0]!)![0]) > 3, `many compactions happened: ${journals}`);
  await expectMix(t, await open(t, dir), mix);
});

test('reopening many times keeps every write', async (t) => {
  const { dir, storage } = await freshStorage(t);
  await storage.close();
  const ids: string[] = [];
  for (let round = 0; round < 5; round++) {
    const reopened = await open(t, dir, { journalMaxBytes: round % 2 ? 300 : 1 << 20 });
    for (let i = 0; i < 5; i++) ids.push((await reopened.users.insert(userRow())).id);
    t.is((await reopened.users.getMany(ids)).size, ids.length);
    await reopened.close();
  }
  t.is(await (await open(t, dir)).users.count(), 25);
});

async function copyDir(from: string, to: string): Promise<void> {
  const { cp } = await import('node:fs/promises');
  await cp(from, to, { recursive: true });
}
