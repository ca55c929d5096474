import { execFile } from 'node:child_process';
import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test, { type ExecutionContext } from 'ava';
import type { Storage } from '../../src/storage/types.js';
import { createBoard, OWNER } from '../_helpers/personas.js';
import { startTestServer } from '../_helpers/server.js';
import { simulatedDisk } from './_disk-faults.js';
import { open, tempDir } from './_config.js';
import { userRow } from './_rows.js';

const run = promisify(execFile);

/** Mounts a small tmpfs at `dir` (root only); false where this machine does not allow it. */
async function mountTmpfs(dir: string, size: string): Promise<boolean> {
  await mkdir(dir, { recursive: true });
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
    return true;
  } catch {
    return false;
  }
}

const probeDir = join(await import('node:os').then((os) => os.tmpdir()), `feedbackd-mount-probe-${process.pid}`);
const canMount = process.getuid?.() === 0 && (await mountTmpfs(probeDir, '64k'));
if (canMount) await run('umount', [probeDir]);
await rm(probeDir, { recursive: true, force: true });

async function userIds(storage: Storage): Promise<string[]> {
  return (await storage.snapshot()).tables.users.map((row) => row.id).sort();
}

async function insertUntilRefused(t: ExecutionContext, storage: Storage, acknowledged: string[]): Promise<void> {
  for (let round = 0; round < 10_000; round++) {
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => storage.users.insert(userRow({ name: 'x'.repeat(200) }))));
    for (const result of results) {
      if (result.status === 'fulfilled') acknowledged.push(result.value.id);
      else t.like(result.reason, { code: 'STORAGE_UNAVAILABLE' });
    }
    if (results.some((result) => result.status === 'rejected')) return;
  }
  throw new Error('the disk never filled up');
}

/** Fills the file system of `dir` up to `leave` free bytes. */
async function fill(dir: string, leave: number): Promise<string> {
  const { bavail, bsize } = await statfs(dir);
  const path = join(dir, 'filler');
  await writeFile(path, Buffer.alloc(Math.max(0, bavail * bsize - leave)));
  return path;
}

async function waitUntilWritable(storage: Storage): Promise<void> {
  for (let tries = 0; tries < 500 && !(await storage.isWritable()); tries++) await new Promise((r) => setTimeout(r, 10));
}

(canMount ? test : test.skip)('on a real full disk (a 2 MiB tmpfs): refused writes vanish, the directory reopens, writes resume without a restart', async (t) => {
  const mount = join(await tempDir(t), 'mnt');
  t.true(await mountTmpfs(mount, '2m'));
  t.teardown(() => run('umount', [mount]).then(() => undefined));
  const dir = join(mount, 'data');
  const settings = { journalMaxBytes: 64 * 1024, storageRetryMs: 20 };
  const acknowledged: string[] = [];

  // The cycle: write until refused, stop (SIGTERM closes the storage), free space, start.
  let storage = await open(t, dir, settings);
  let filler = await fill(mount, 256 * 1024);
  await insertUntilRefused(t, storage, acknowledged);
  t.deepEqual(await userIds(storage), [...acknowledged].sort(), 'memory holds acknowledged writes only');
  await storage.close();
  await rm(filler);
  storage = await open(t, dir, settings);
  t.deepEqual(await userIds(storage), [...acknowledged].sort(), 'the restart holds every acknowledged write and nothing else');

  // Again, but space comes back while the server runs.
  filler = await fill(mount, 256 * 1024);
  await insertUntilRefused(t, storage, acknowledged);
  t.false(await storage.isWritable());
  await rm(filler);
  await waitUntilWritable(storage);
  acknowledged.push((await storage.users.insert(userRow())).id);
  await storage.close();
  const reopened = await open(t, dir, settings);
  t.deepEqual(await userIds(reopened), [...acknowledged].sort());
});

test('over HTTP: a post the disk refuses answers 503 and is listed to nobody; health follows the disk both ways', async (t) => {
  const server = await startTestServer({ storageRetryMs: 20 });
  t.teardown(server.close);
  const disk = await simulatedDisk(server.dataDir);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  const token = setup.body.user.authToken as string;
  const board = await createBoard(server.ctx);
  const listed = async () => (await server.request('POST', '/posts/get', { body: {} })).body.posts.map((post: { title: string }) => post.title);

  disk.free = 0;
  const refused = await server.request('POST', '/posts', { token, body: { title: 'Lost to a full disk', boardId: board.id } });
  t.is(refused.status, 503);
  t.deepEqual(refused.body, { message: 'Storage is not writable', code: 'STORAGE_UNAVAILABLE' });
  t.deepEqual(await listed(), []);
  t.is((await server.request('GET', '/health')).status, 503);

  disk.makeRoom();
  let health = 0;
  for (let tries = 0; tries < 500 && health !== 200; tries++) {
    health = (await server.request('GET', '/health')).status;
    if (health !== 200) await new Promise((r) => setTimeout(r, 10));
  }
  t.is(health, 200, 'health is back without a restart');
  const created = await server.request('POST', '/posts', { token, body: { title: 'Written once space is back', boardId: board.id } });
  t.is(created.status, 201);
  t.deepEqual(await listed(), ['Written once space is back']);
});
