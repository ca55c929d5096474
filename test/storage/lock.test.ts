import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { LOCK_FILE, lockDataDir } from '../../src/storage/lock.js';
import { openStorage } from '../../src/storage/open.js';
import { freshStorage, open, silentLogger, tempDir, testConfig } from './_config.js';

test('a second open in the same process is refused, naming this process', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const error = await t.throwsAsync(openStorage(testConfig(dir), silentLogger));
  t.like(error, { code: 'DATA_DIR_LOCKED', status: 500 });
  t.true(error!.message.startsWith(`Data directory ${dir} is in use by process ${process.pid} (`), error!.message);
  await storage.close();
  await t.notThrowsAsync(open(t, dir), 'close() released the lock');
});

test('two racing opens in one process: exactly one gets the directory', async (t) => {
  const dir = await tempDir(t);
  const results = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir), lockDataDir(dir)]);
  const won = results.filter((r) => r.status === 'fulfilled');
  t.is(won.length, 1);
  await (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof lockDataDir>>>).value.release();
});

test('a lock held by another live process is refused, naming its pid, command and start', async (t) => {
  const dir = await tempDir(t);
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  t.teardown(() => child.kill('SIGKILL'));
  const holder = { pid: child.pid, startedAt: '2026-03-01T10:00:00.000Z', command: '/usr/bin/feedbackd serve' };
  await writeFile(join(dir, LOCK_FILE), JSON.stringify(holder));
  const error = await t.throwsAsync(openStorage(testConfig(dir), silentLogger));
  t.is(
    error?.message,
    `Data directory ${dir} is in use by process ${child.pid} (/usr/bin/feedbackd serve, started 2026-03-01T10:00:00.000Z)`,
  );
  t.deepEqual(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')), holder, 'the live lock is untouched');
});

test('a lock left by a dead process is taken over, and removed on close', async (t) => {
  const dir = await tempDir(t);
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: child.pid, startedAt: 'then', command: 'old' }));
  const storage = await open(t, dir);
  const lock = JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'));
  t.like(lock, { pid: process.pid, command: process.argv.slice(1).join(' ') });
  t.false(Number.isNaN(Date.parse(lock.startedAt)));
  t.is((await stat(join(dir, LOCK_FILE))).mode & 0o777, 0o600);
  await storage.close();
  await t.throwsAsync(stat(join(dir, LOCK_FILE)), { code: 'ENOENT' });
});

test('an empty lock file (its writer died at once) is taken over after a short wait', async (t) => {
  const dir = await tempDir(t);
  await writeFile(join(dir, LOCK_FILE), '');
  await t.notThrowsAsync(open(t, dir));
});

test('a lock file naming this pid but not held here (pid reuse) is stale', async (t) => {
  const dir = await tempDir(t);
  await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, startedAt: 'earlier', command: 'x' }));
  await t.notThrowsAsync(open(t, dir));
});
