import { execFileSync } from 'node:child_process';
import { lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import test from 'ava';
import { sendToServer } from '../../src/admin/control-client.js';
import { sendRequest } from '../_helpers/server.js';
import { seedBoard } from '../admin/backup-fixtures.js';
import { runInProcess, snapshot, startServing, stopServing, tempDir } from './_cli.ts';

/** A FIFO and a listening unix socket in `dir`: files that are neither regular files nor directories. */
async function specialFiles(t: { teardown(fn: () => void): void }, dir: string): Promise<{ fifo: string; socket: string }> {
  const fifo = join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
  const socket = join(dir, 'app.sock');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  t.teardown(() => server.close());
  return { fifo, socket };
}

test('backup and export refuse every path in the data directory of a running server, however spelt; the server keeps its files and serves on', async (t) => {
  const root = await tempDir(t);
  const data = join(root, 'data');
  const seeded = await seedBoard(data);
  const serving = await startServing(['serve', '--data', data, '--port', '0', '--mail-outbox']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  await symlink(data, join(root, 'link'));
  await mkdir(join(root, 'elsewhere'));
  const before = await snapshot(data);
  const targets = [
    join(data, 'secret'),
    join(data, 'db.json'),
    join(data, 'journal-1.jsonl'),
    join(data, 'feedbackd.lock'),
    join(data, 'new-name.json'),
    join(root, 'link', 'db.json'),
    join(root, 'elsewhere', '..', 'data', 'config.json'),
  ];
  for (const command of ['backup', 'export']) {
    for (const target of targets) {
      const result = await runInProcess([command, '--data', data, '--out', target, '--force']);
      t.is(result.code, 1, `${command} ${target}`);
      t.regex(result.stderr, /^error: Cannot write .*: it is inside the data directory .*data, which holds feedbackd's own files: give --out a path outside it \(nothing was written\)\n$/);
    }
    const itself = await runInProcess([command, '--data', data, '--out', data]);
    t.regex(itself.stderr, /^error: Cannot write .*data: it is the data directory, which holds feedbackd's own files/);
  }
  // The server checks too: a client of the control socket that skips the command's check is refused.
  const direct = sendToServer(data, { op: 'backup.create', args: { out: join(data, 'secret'), force: true } });
  await t.throwsAsync(direct, { message: /it is inside the data directory/ });
  t.deepEqual(await snapshot(data), before);
  const answer = await sendRequest(serving.url, 'GET', '/users/profile', { token: seeded.ownerToken });
  t.is(answer.status, 200);
  t.is((await stopServing(serving)).code, 0);
});

test('backup and export --out refuse a directory, a FIFO, a socket, a device and a symbolic link, saying what it is', async (t) => {
  const root = await tempDir(t);
  const data = join(root, 'data');
  await seedBoard(data);
  const { fifo, socket } = await specialFiles(t, root);
  await writeFile(join(root, 'real.json'), 'keep me');
  await symlink(join(root, 'real.json'), join(root, 'link.json'));
  const cases: Array<[string, string]> = [
    [root, 'a directory'],
    [fifo, 'a FIFO'],
    [socket, 'a socket'],
    ['/dev/null', 'a device'],
  ];
  for (const command of ['backup', 'export']) {
    for (const [target, kind] of cases) {
      const result = await runInProcess([command, '--data', data, '--out', target, '--force']);
      t.is(result.code, 1, target);
      t.is(result.stderr, `error: Cannot write ${target}: it is ${kind}, not a file: give --out a file name (nothing was written)\n`);
    }
    const linked = await runInProcess([command, '--data', data, '--out', join(root, 'link.json'), '--force']);
    t.is(linked.stderr, `error: Cannot write ${join(root, 'link.json')}: it is a symbolic link: give --out the real path of the file (nothing was written)\n`);
  }
  t.true((await lstat(fifo)).isFIFO());
  t.true((await lstat(socket)).isSocket());
  t.true((await lstat('/dev/null')).isCharacterDevice());
  t.true((await lstat(join(root, 'link.json'))).isSymbolicLink());
  t.is(await readFile(join(root, 'real.json'), 'utf8'), 'keep me');
  t.deepEqual((await readdir(root)).sort(), ['app.sock', 'data', 'fifo', 'link.json', 'real.json']);
});

test('an existing file is replaced only with --force, whole, and stays private', async (t) => {
  const root = await tempDir(t);
  const data = join(root, 'data');
  await seedBoard(data);
  for (const command of ['backup', 'export']) {
    const file = join(root, `${command}.json`);
    await writeFile(file, 'an older file', { mode: 0o644 });
    const refused = await runInProcess([command, '--data', data, '--out', file]);
    t.is(refused.code, 1);
    t.is(refused.stderr, `error: Cannot write ${file}: the file exists: add --force to replace it, or give --out another name (nothing was written)\n`);
    t.is(await readFile(file, 'utf8'), 'an older file');
    const forced = await runInProcess([command, '--data', data, '--out', file, '--force', '--json']);
    t.is(forced.code, 0, forced.stderr);
    t.is(JSON.parse(forced.stdout).file, file);
    t.like(JSON.parse(await readFile(file, 'utf8')), { format: `feedbackd-${command}` });
    t.is((await stat(file)).mode & 0o777, 0o600);
  }
  t.deepEqual((await readdir(root)).sort(), ['backup.json', 'data', 'export.json']);
});

test('--out - writes the file to standard output and the report to stderr, through a running server or not, leaving nothing behind', async (t) => {
  const root = await tempDir(t);
  const data = join(root, 'data');
  await seedBoard(data);
  const entries = await readdir(data);
  const offline = await runInProcess(['export', '--data', data, '--out', '-']);
  t.is(offline.code, 0, offline.stderr);
  t.like(JSON.parse(offline.stdout), { format: 'feedbackd-export', counts: { users: 2, posts: 3 } });
  t.regex(offline.stderr, /^Export written to standard output \(.+\): users 2/);

  const serving = await startServing(['serve', '--data', data, '--port', '0', '--mail-outbox']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const served = await runInProcess(['backup', '--data', data, '--out', '-', '--json']);
  t.is(served.code, 0, served.stderr);
  const backup = JSON.parse(served.stdout);
  t.like(backup, { format: 'feedbackd-backup', counts: { users: 2, posts: 3 } });
  t.is(`${backup.secret}\n`, await readFile(join(data, 'secret'), 'utf8'));
  t.like(JSON.parse(served.stderr), { file: '-', counts: { users: 2 } });
  t.is((await stopServing(serving)).code, 0);
  t.deepEqual((await readdir(data)).sort(), entries.sort());
});
