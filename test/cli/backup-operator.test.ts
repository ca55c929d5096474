// backup and export through a running server: the command's own process writes --out, so a
// server confined by systemd (ProtectSystem, PrivateTmp) cannot make it fail or put the file where
// the operator will not find it, and a failure is named with the system's reason.
import { execFile, spawn } from 'node:child_process';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { seedBoard } from '../admin/backup-fixtures.ts';
import { finished, QUIET_ENV, ROOT, runInProcess, tempDir } from './_cli.ts';

const run = promisify(execFile);

/**
 * Starts serve in a mount namespace of its own where `hidden` is an empty tmpfs, as systemd's
 * PrivateTmp gives a service its own /tmp: whatever the server writes there, the operator never sees.
 */
function serveWithPrivate(data: string, hidden: string) {
  const node = `${process.execPath} --import tsx src/cli/main.ts serve --data '${data}' --port 0`;
  const serve = spawn('unshare', ['--mount', 'sh', '-c', `mount -t tmpfs none '${hidden}' && exec ${node}`], {
    cwd: ROOT,
    env: { ...process.env, ...QUIET_ENV },
  });
  return { serve, done: finished(serve) };
}

test('a server with a private view of the directory (systemd PrivateTmp) cannot hide the backup: this process writes it', async (t) => {
  if (process.getuid?.() !== 0) {
    t.log('skipped: a mount namespace needs root');
    t.pass();
    return;
  }
  const dir = await tempDir(t);
  const data = join(dir, 'data');
  await seedBoard(data);
  const mine = join(dir, 'operator');
  await mkdir(mine, { mode: 0o700 });
  const { serve, done } = serveWithPrivate(data, mine);
  t.teardown(() => serve.kill('SIGKILL'));
  await new Promise<void>((ready, fail) => {
    serve.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && ready());
    void done.then((result) => fail(new Error(`serve ended: ${result.stderr}`)));
  });
  const out = join(mine, 'board.json.gz');
  const result = await runInProcess(['backup', '--out', out, '--data', data]);
  t.is(result.code, 0, result.stderr);
  t.regex(result.stdout, /^Backup written to .*board\.json\.gz/);
  const file = await stat(out);
  t.is(file.mode & 0o777, 0o600);
  t.true(file.size > 0);
  t.deepEqual((await readdir(data)).filter((name) => name.startsWith('stdout-')), [], 'no scratch file is left in the data directory');
  serve.kill('SIGTERM');
  t.is((await done).code, 0);
});

test('a write that fails in this process is named with the system\'s reason, and nothing is left behind', async (t) => {
  if (process.getuid?.() !== 0) {
    t.log('skipped: mounting a read-only file system needs root');
    t.pass();
    return;
  }
  const dir = await tempDir(t);
  const data = join(dir, 'data');
  await seedBoard(data);
  const readOnly = join(dir, 'read-only');
  await mkdir(readOnly);
  await run('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'none', readOnly]);
  t.teardown(() => run('umount', [readOnly]));
  const result = await runInProcess(['export', '--out', join(readOnly, 'x.json'), '--data', data]);
  t.is(result.code, 1);
  t.is(result.stderr, `error: Cannot write ${join(readOnly, 'x.json')}: the file system is read-only (EROFS); nothing was written\n`);
  t.deepEqual(await readdir(readOnly), []);
  t.deepEqual((await readdir(data)).filter((name) => name.startsWith('stdout-')), [], 'no scratch file is left in the data directory');
});
