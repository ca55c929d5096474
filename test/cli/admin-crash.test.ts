import { randomUUID } from 'node:crypto';
import { cp, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import type { ServiceContext } from '../../src/services/context.js';
import { createMember } from '../_helpers/personas.js';
import { initBoard, type TestBoard, withBoard } from './_admin.ts';
import { finished, spawnCli } from './_cli.ts';

const POSTS = 2_000;

/** bob@example.org with many posts and votes, so that deleting him is one big transaction. */
async function seedBob(ctx: ServiceContext): Promise<void> {
  const bob = (await createMember(ctx, { email: 'bob@example.org' })).user;
  const now = new Date().toISOString();
  await ctx.storage.transaction(async (tx) => {
    for (let n = 0; n < POSTS; n++) {
      const id = randomUUID();
      const slugId = `s${n}`;
      await tx.posts.insert({ id, title: `Post ${n}`, slug: `post-${n}-${slugId}`, slugId, contentMarkdown: 'x'.repeat(200), userId: bob.id, boardId: null, roadmapId: null, createdAt: now, updatedAt: now });
      await tx.votes.insert({ id: randomUUID(), userId: bob.id, postId: id, createdAt: now });
    }
  });
}

/** The whole deletion or none of it: never posts without an author, never half of them moved. */
async function stateOf(board: TestBoard): Promise<'untouched' | 'deleted'> {
  return withBoard(board, async (ctx) => {
    const ada = (await ctx.storage.users.getByEmail('ada@example.org'))!;
    const bob = await ctx.storage.users.getByEmail('bob@example.org');
    const adaPosts = (await ctx.storage.posts.listByUser(ada.id)).length;
    if (!ada.isOwner || (await ctx.storage.posts.count()) !== POSTS) return Promise.reject(new Error('owner or posts lost'));
    if (bob && adaPosts === 0 && (await ctx.storage.votes.count()) === POSTS) return 'untouched';
    if (!bob && adaPosts === POSTS && (await ctx.storage.votes.count()) === 0) return 'deleted';
    return Promise.reject(new Error(`half-applied: bob ${bob ? 'exists' : 'gone'}, ada has ${adaPosts} posts`));
  });
}

/** When to kill a run: after some time, or as soon as the data directory shows a given moment. */
type KillPoint = { afterMs: number } | { when: (dataDir: string) => Promise<boolean> };

/** The transaction's journal line is (being) written. */
async function journalWritten(dataDir: string): Promise<boolean> {
  const files = (await readdir(dataDir)).filter((name) => /^journal-\d+\.jsonl$/.test(name));
  const sizes = await Promise.all(files.map((name) => stat(join(dataDir, name)).then((info) => info.size, () => 0)));
  return sizes.some((size) => size > 0);
}

/** The compaction on close is writing the new snapshot. */
async function compacting(dataDir: string): Promise<boolean> {
  return (await readdir(dataDir)).includes('db.json.tmp');
}

/** Runs the deletion on a copy, SIGKILLed at `kill` if given; resolves with how long it ran. */
async function deleteBob(copy: TestBoard, kill?: KillPoint): Promise<number> {
  const started = performance.now();
  const child = spawnCli(['user', 'delete', 'bob@example.org', '--reassign-to', 'ada@example.org', '--data', copy.data, '--yes']);
  let exited = false;
  const done = finished(child).finally(() => {
    exited = true;
  });
  child.stdin?.end();
  if (kill && 'afterMs' in kill) await Promise.race([sleep(kill.afterMs), done]);
  if (kill && 'when' in kill) while (!exited && !(await kill.when(copy.data))) await sleep(1);
  if (kill) child.kill('SIGKILL');
  await done;
  return performance.now() - started;
}

test('a command killed at any moment (SIGKILL) never leaves half a change: the data reopens whole', async (t) => {
  const board = await initBoard(t);
  await withBoard(board, seedBob);
  const copies = [0, 1, 2, 3, 4].map((n) => ({ ...board, data: `${board.data}-${n}` }));
  await Promise.all(copies.map((copy) => cp(board.data, copy.data, { recursive: true })));
  // One whole run tells how long a run takes here; the others die while starting, while opening
  // the data, right as the journal line is written, and while the snapshot is compacted on close.
  const whole = await deleteBob(copies[0]!);
  t.is(await stateOf(copies[0]!), 'deleted');
  const points: KillPoint[] = [{ afterMs: whole * 0.3 }, { afterMs: whole * 0.6 }, { when: journalWritten }, { when: compacting }];
  const states: string[] = [];
  for (const [n, point] of points.entries()) {
    await deleteBob(copies[n + 1]!, point);
    states.push(await stateOf(copies[n + 1]!));
  }
  t.log(`a whole run took ${Math.round(whole)} ms; killed runs left: ${states.join(', ')}`);
  // A killed command leaves a stale lock, which the next command takes over.
  await deleteBob(copies[1]!);
  t.is(await stateOf(copies[1]!), 'deleted');
});
