import { existsSync } from 'node:fs';
import { chmod, lstat } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { fakeListener } from '../_helpers/fake-socket.js';
import { lockDataDir } from '../../src/storage/lock.js';
import { admin, initBoard, jsonOf } from './_admin.ts';
import { runInProcess, startServing, stopServing } from './_cli.ts';

test('after serve is killed (SIGKILL), commands open the data directly; the next serve replaces the stale socket', async (t) => {
  const board = await initBoard(t);
  const socket = join(board.data, 'control.sock');
  const killed = await startServing(['serve', '--data', board.data, '--port', '0']);
  killed.child.kill('SIGKILL');
  await killed.result;
  t.true((await lstat(socket)).isSocket(), 'the killed server left its socket file');

  const created = await admin(board, ['user', 'create', '--email', 'bob@example.org', '--name', 'Bob', '--json']);
  t.like(jsonOf(t, created), { email: 'bob@example.org' });

  const serving = await startServing(['serve', '--data', board.data, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  t.is((await lstat(socket)).mode & 0o777, 0o600);
  // serve holds the data directory, so this can only have gone through its new socket.
  const listed = await runInProcess(['user', 'list', '--json', '--data', board.data]);
  t.deepEqual(jsonOf(t, listed).map((user: { email: string }) => user.email), ['ada@example.org', 'bob@example.org']);
  t.is((await stopServing(serving)).code, 0);
  t.false(existsSync(socket));
});

test('a data directory locked by a process that does not answer: exit 1 naming the process and the socket', async (t) => {
  const board = await initBoard(t);
  const lock = await lockDataDir(board.data);
  t.teardown(() => lock.release());
  const started = Date.now();
  const result = await admin(board, ['user', 'list']);
  t.is(result.code, 1);
  t.is(result.stdout, '');
  const socket = join(board.data, 'control.sock');
  t.regex(
    result.stderr,
    new RegExp(`^error: Data directory .* is in use by process ${process.pid} .*, and no server answers on ${socket}: wait for that process to finish \\(or stop it\\) and try again\\n$`),
  );
  t.true(Date.now() - started >= 5_000, 'it waited for a server that might still be starting');
});


test('set-password never sends the new password to a control socket others could have made (mode 0666)', async (t) => {
  const board = await initBoard(t);
  const socket = join(board.data, 'control.sock');
  const fake = await fakeListener(t, socket, 0o666);
  const result = await admin(board, ['user', 'set-password', 'ada@example.org', '--password-stdin'], 'a new secret password\n');
  t.is(result.code, 1);
  t.is(result.stdout, '');
  t.is(
    result.stderr,
    `error: Control socket ${socket} has mode 0666, not the 0600 of feedbackd's own, nothing was sent to it: if no feedbackd serve of yours runs on this data directory, remove it (rm ${socket}) and try again\n`,
  );
  t.is(fake.connections(), 0);
  t.is(fake.received(), '');
});

test('admin commands refuse a data directory other users may write to, before using its socket', async (t) => {
  const board = await initBoard(t);
  await chmod(board.data, 0o777);
  const result = await admin(board, ['user', 'list']);
  t.is(result.code, 1);
  t.is(
    result.stderr,
    `error: Data directory ${board.data} can be written by other users (mode 0777), who could replace its files and control socket: chmod 700 ${board.data}\n`,
  );
});
