import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { pino } from 'pino';
import type { Storage } from '../../src/storage/types.js';
import { simulatedDisk } from './_disk-faults.js';
import { open, tempDir } from './_config.js';
import { crashCopy } from './_files.js';
import { userRow } from './_rows.js';

/** The ids of every user the storage holds. */
async function userIds(storage: Storage): Promise<string[]> {
  const snapshot = await storage.snapshot();
  return snapshot.tables.users.map((row) => row.id).sort();
}

/** A crash copy; a compaction still finishing may remove a journal file under cp, so it tries again. */
async function copyWhileOpen(dir: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await crashCopy(dir, `crashed-${attempt}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 10) throw error;
    }
  }
}

function sorted(ids: Iterable<string>): string[] {
  return [...ids].sort();
}

async function waitUntilWritable(storage: Storage): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (await storage.isWritable()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('storage did not become writable again');
}

/** Inserts users `parallel` at a time until the disk refuses one; returns the acknowledged ids. */
async function writeUntilRefused(t: ExecutionContext, storage: Storage, parallel: number): Promise<string[]> {
  const acknowledged: string[] = [];
  for (let round = 0; round < 1000; round++) {
    const results = await Promise.allSettled(Array.from({ length: parallel }, () => storage.users.insert(userRow())));
    for (const result of results) {
      if (result.status === 'fulfilled') acknowledged.push(result.value.id);
      else t.like(result.reason, { code: 'STORAGE_UNAVAILABLE', status: 503 }, String(result.reason));
    }
    if (results.some((result) => result.status === 'rejected')) return acknowledged;
  }
  throw new Error('the disk never filled up');
}

test('a write the disk refuses answers STORAGE_UNAVAILABLE and leaves nothing behind, in memory or on disk', async (t) => {
  const root = await tempDir(t);
  const dir = join(root, 'data');
  const disk = await simulatedDisk(root);
  const storage = await open(t, dir);
  const kept = await storage.users.insert(userRow());
  disk.free = 0;
  const refused = userRow();
  await t.throwsAsync(storage.users.insert(refused), { message: 'Storage is not writable' });
  t.deepEqual(await userIds(storage), [kept.id], 'the refused row is not listed');
  t.is(await storage.users.get(refused.id), undefined);
  t.false(await storage.isWritable());
  await t.throwsAsync(storage.users.insert(userRow()), { message: 'Storage is not writable' }, 'writes wait for the disk');
  const reopened = await open(t, await copyWhileOpen(dir));
  t.deepEqual(await userIds(reopened), [kept.id]);
});

test('the storage comes back by itself once the disk takes writes again, and logs both transitions', async (t) => {
  const root = await tempDir(t);
  const lines: Array<{ level: number; msg: string }> = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const disk = await simulatedDisk(root);
  const { openStorage } = await import('../../src/storage/open.js');
  const { testConfig } = await import('./_config.js');
  const storage = await openStorage(testConfig(join(root, 'data'), { storageRetryMs: 20 }), logger);
  t.teardown(() => storage.close());
  disk.free = 0;
  await t.throwsAsync(storage.users.insert(userRow()));
  await new Promise((resolve) => setTimeout(resolve, 100));
  t.false(await storage.isWritable(), 'still refused while the disk is full');
  disk.makeRoom();
  await waitUntilWritable(storage);
  const later = await storage.users.insert(userRow());
  t.truthy(await storage.users.get(later.id));
  const failed = lines.find((line) => line.msg.startsWith('journal write failed'));
  const back = lines.find((line) => line.msg.startsWith('the disk accepts writes again'));
  t.is(failed?.level, 50, 'logged as an error');
  t.is(back?.level, 30, 'logged as info');
});

// Space runs out at a different byte each time: inside a journal line, between lines of one group
// commit, inside a snapshot of a compaction (a 4 KiB journal compacts every few writes).
const budgets = Array.from({ length: 16 }, (_, i) => 1_500 + i * 2_173);

test('whatever byte the disk fills at, a restart holds every acknowledged write and nothing else', async (t) => {
  for (const budget of budgets) {
    const root = await tempDir(t);
    const dir = join(root, 'data');
    const disk = await simulatedDisk(root);
    const storage = await open(t, dir, { journalMaxBytes: 4096 });
    const before = await userIds(storage);
    disk.free = budget;
    const acknowledged = await writeUntilRefused(t, storage, 4);
    const expected = sorted([...before, ...acknowledged]);
    t.deepEqual(await userIds(storage), expected, `budget ${budget}: memory holds the acknowledged writes only`);
    const crashed = await copyWhileOpen(dir);
    await storage.close(); // what SIGTERM does
    disk.makeRoom();
    const restarted = await open(t, dir);
    t.deepEqual(await userIds(restarted), expected, `budget ${budget}: after a stop and start`);
    await restarted.users.insert(userRow());
    t.deepEqual(await userIds(await open(t, crashed)), expected, `budget ${budget}: after a crash during the outage`);
  }
});

test('a compaction started before the disk filled does not rotate or snapshot after the failed write', async (t) => {
  const root = await tempDir(t);
  const dir = join(root, 'data');
  const disk = await simulatedDisk(root);
  const storage = await open(t, dir, { journalMaxBytes: 4096 });
  const acknowledged: string[] = [];
  // Enough to be past the limit: the next flush starts a compaction while more lines queue behind it.
  for (let i = 0; i < 12; i++) acknowledged.push((await storage.users.insert(userRow())).id);
  disk.free = 600;
  const results = await Promise.allSettled(Array.from({ length: 8 }, () => storage.users.insert(userRow())));
  for (const result of results) if (result.status === 'fulfilled') acknowledged.push(result.value.id);
  t.true(results.some((result) => result.status === 'rejected'));
  await storage.close();
  disk.makeRoom();
  const restarted = await open(t, dir);
  t.deepEqual(await userIds(restarted), sorted(acknowledged));
});

for (const errorCode of ['EROFS', 'EPERM', 'EIO'] as const) {
  test(`a write refused with ${errorCode} (read-only remount, chattr +i, a failing disk) is undone the same way`, async (t) => {
    const root = await tempDir(t);
    const dir = join(root, 'data');
    const disk = await simulatedDisk(root);
    disk.errorCode = errorCode;
    const storage = await open(t, dir);
    const kept = await storage.users.insert(userRow());
    disk.free = 0;
    await t.throwsAsync(storage.users.insert(userRow()), { message: 'Storage is not writable' });
    t.deepEqual(await userIds(storage), [kept.id]);
    disk.makeRoom();
    await waitUntilWritable(storage);
    const later = await storage.users.insert(userRow());
    await storage.close();
    t.deepEqual(await userIds(await open(t, dir)), sorted([kept.id, later.id]));
  });
}
