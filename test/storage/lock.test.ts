import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { fileURLToPath } from 'node:url';
import type { ExecutionContext } from 'ava';
import { LOCK_FILE, lockDataDir } from '../../src/storage/lock.js';
import { currentBootId, mayBeFeedbackd, startTicksOf } from '../../src/storage/process-identity.js';
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
  // Written by an older feedbackd that kept the whole command line: its password is not repeated.
  const holder = { pid: child.pid, startedAt: '2026-03-01T10:00:00.000Z', command: '/usr/bin/feedbackd serve --smtp-url smtp://me:secret@mail' };
  await writeFile(join(dir, LOCK_FILE), JSON.stringify(holder));
  const error = await t.throwsAsync(openStorage(testConfig(dir), silentLogger));
  t.is(
    error?.message,
    `Data directory ${dir} is in use by process ${child.pid} (/usr/bin/feedbackd serve --smtp-url smtp://me:***@mail, started 2026-03-01T10:00:00.000Z)`,
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

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A child process that took the lock of `dir` with lockDataDir and holds it until the test ends. */
async function childHoldingLock(t: ExecutionContext, dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/storage/_hold-lock.ts', dir], { cwd: ROOT, stdio: 'pipe' });
  t.teardown(() => child.kill('SIGKILL'));
  let seen = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('locked\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code}) before locking`)));
  });
  return child;
}

const linuxOnly = (t: ExecutionContext) => {
  if (currentBootId() !== undefined) return false;
  t.log('no /proc here: the lock checks the pid only');
  t.pass();
  return true;
};

test('a lock taken by another live process with lockDataDir is refused, and its file records boot id and start time', async (t) => {
  if (linuxOnly(t)) return;
  const dir = await tempDir(t);
  const child = await childHoldingLock(t, dir);
  const written = JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'));
  t.like(written, { pid: child.pid, bootId: currentBootId(), startTicks: startTicksOf(child.pid!) });
  const error = await t.throwsAsync(lockDataDir(dir));
  t.like(error, { code: 'DATA_DIR_LOCKED' });
  t.true(error!.message.startsWith(`Data directory ${dir} is in use by process ${child.pid} (`), error!.message);
  child.stdin!.end();
  await once(child, 'exit');
  await t.throwsAsync(stat(join(dir, LOCK_FILE)), { code: 'ENOENT' }, 'the holder removed its lock on release');
});

test('pid reuse: a lock naming a live pid that started at another time (pid 1 after a reboot) is taken over', async (t) => {
  if (linuxOnly(t)) return;
  if (startTicksOf(1) === undefined) {
    t.log('skipped: /proc hides pid 1 from this user (hidepid)');
    t.pass();
    return;
  }
  const dir = await tempDir(t);
  const stale = { pid: 1, startedAt: 'before the reboot', command: 'feedbackd serve', bootId: currentBootId(), startTicks: startTicksOf(1)! + 1 };
  await writeFile(join(dir, LOCK_FILE), JSON.stringify(stale));
  const lock = await lockDataDir(dir);
  t.like(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')), { pid: process.pid });
  await lock.release();
});

test('a lock written in another boot is taken over, even when its pid and start time match a live process', async (t) => {
  if (linuxOnly(t)) return;
  const dir = await tempDir(t);
  const other = await tempDir(t);
  const child = await childHoldingLock(t, other);
  const stale = JSON.parse(await readFile(join(other, LOCK_FILE), 'utf8'));
  await writeFile(join(dir, LOCK_FILE), JSON.stringify({ ...stale, bootId: '00000000-0000-4000-8000-000000000000' }));
  const lock = await lockDataDir(dir);
  t.like(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')), { pid: process.pid });
  await lock.release();
  t.is(child.exitCode, null, 'the process with that pid was left alone');
});

test('an old lock file (no boot id) naming a live process that is not feedbackd or node (pid 1 here) is taken over', async (t) => {
  if (linuxOnly(t)) return;
  if (mayBeFeedbackd(1) !== false) {
    t.log('pid 1 runs node here (a container?): this case needs a pid 1 that is neither node nor feedbackd');
    t.pass();
    return;
  }
  const dir = await tempDir(t);
  await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, startedAt: '2024-01-01T00:00:00.000Z', command: 'feedbackd serve' }));
  const lock = await lockDataDir(dir);
  await lock.release();
  t.pass();
});
