import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, lstat, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import { pino } from 'pino';
import { sendToServer } from '../../src/admin/control-client.js';
import { controlSocketPath } from '../../src/admin/control-protocol.js';
import { startControlServer, startControlServerOrWarn } from '../../src/admin/control-server.js';
import { AppError } from '../../src/errors.js';
import { fakeListener } from '../_helpers/fake-socket.js';
import { openContext } from './_context.js';

/** Sends raw bytes to a socket and collects everything it answers until it closes. */
function rawExchange(path: string, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('close', () => resolve(answer));
    socket.write(bytes);
  });
}

/** A socket file that nothing listens on any more, as a SIGKILLed server leaves it. */
async function leaveStaleSocket(path: string): Promise<void> {
  const script = `require('node:net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
}

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message, status: error.status };
};

test('operations run through the socket with the API codes; the file is a 0600 socket, removed on close', async (t) => {
  const ctx = await openContext(t);
  const control = await startControlServer(ctx);
  const { dataDir } = ctx.config;
  const info = await lstat(control.path);
  t.true(info.isSocket());
  t.is(info.mode & 0o777, 0o600);

  const created = await sendToServer(dataDir, { op: 'user.create', args: { email: 'Bob@Example.org', name: 'Bob' } });
  t.like(created, { answered: true, result: { email: 'bob@example.org', name: 'Bob', roles: [{ name: '@everyone' }] } });
  const send = (op: string, args: Record<string, unknown>) => rejection(sendToServer(dataDir, { op, args }));
  t.deepEqual(await send('user.create', { email: 'nope', name: '' }), { code: 'EMAIL_INVALID', message: 'Enter valid email', status: 400 });
  t.like(await send('user.create', { email: 'c@example.org', name: '', password: 'short' }), { code: 'PASSWORD_TOO_SHORT', status: 400 });
  t.like(await send('user.create', { email: 'bob@example.org', name: '' }), { code: 'USER_EXISTS', status: 409 });
  t.deepEqual(await send('user.show', { user: 'zed@example.org' }), { code: 'USER_NOT_FOUND', message: 'No user with email zed@example.org', status: 404 });
  t.like(await send('user.show', { user: 42 }), { code: 'VALIDATION_ERROR', message: 'user must be a string' });
  t.like(await send('board.explode', {}), { code: 'UNKNOWN_OPERATION', status: 400 });

  await control.close();
  t.false(existsSync(control.path));
  t.deepEqual(await sendToServer(dataDir, { op: 'user.list', args: {} }), { answered: false });
});

test('an unexpected failure answers SERVER_ERROR "Something went wrong!" and is logged with the operation', async (t) => {
  const lines: string[] = [];
  const sink = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      lines.push(chunk.toString());
      done();
    },
  });
  const ctx = await openContext(t, pino({ level: 'info' }, sink));
  const control = await startControlServer(ctx, { runOperation: async () => Promise.reject(new Error('disk on fire')) });
  t.teardown(() => control.close());
  t.deepEqual(await rejection(sendToServer(ctx.config.dataDir, { op: 'user.list', args: {} })), {
    code: 'SERVER_ERROR',
    message: 'Something went wrong! (details are in the log of the running server)',
    status: 500,
  });
  const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'admin operation failed');
  t.like(logged, { op: 'user.list', err: { message: 'disk on fire' } });
});

test('malformed requests get one error line; an oversized one is cut off; a silent client is dropped', async (t) => {
  const ctx = await openContext(t);
  const control = await startControlServer(ctx, { requestTimeoutMs: 200 });
  t.teardown(() => control.close());
  const answer = async (bytes: string | Buffer) => JSON.parse(await rawExchange(control.path, bytes));
  t.like(await answer('not json\n'), { ok: false, error: { code: 'INVALID_JSON', status: 400 } });
  t.like(await answer('[1]\n'), { ok: false, error: { code: 'VALIDATION_ERROR', message: 'Request body must be a JSON object' } });
  t.like(await answer('{"op":"user.list","args":[]}\n'), { ok: false, error: { message: 'args must be an object' } });
  t.like(await answer(Buffer.alloc(1024 * 1024 + 10, 'x')), { ok: false, error: { code: 'PAYLOAD_TOO_LARGE', status: 413 } });
  const started = Date.now();
  t.is(await rawExchange(control.path, ''), '');
  t.true(Date.now() - started < 5_000);
  // The server is still there for the next client.
  t.like(await answer('{"op":"user.list"}\n'), { ok: true, result: [] });
});

test('close lets an operation under way answer first', async (t) => {
  const ctx = await openContext(t);
  let started!: () => void;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const control = await startControlServer(ctx, {
    runOperation: () => {
      started();
      return sleep(300, 'done');
    },
  });
  const answer = sendToServer(ctx.config.dataDir, { op: 'slow', args: {} });
  // Close once the operation has really started: a fixed wait is not enough on a busy machine.
  await running;
  const closed = control.close();
  t.deepEqual(await answer, { answered: true, result: 'done' });
  await closed;
  t.false(existsSync(control.path));
});

test('a stale socket file is replaced; a regular file or a live socket is never taken over', async (t) => {
  const ctx = await openContext(t);
  const path = controlSocketPath(ctx.config.dataDir);
  await leaveStaleSocket(path);
  t.true((await lstat(path)).isSocket());
  const control = await startControlServer(ctx);
  t.like(await sendToServer(ctx.config.dataDir, { op: 'user.list', args: {} }), { answered: true });
  await control.close();

  const other = createServer();
  await new Promise<void>((resolve) => other.listen(path, resolve));
  t.like(await rejection(startControlServer(ctx)), { code: 'CONTROL_SOCKET_IN_USE' });
  t.is(await startControlServerOrWarn(ctx), null, 'serving goes on without a socket');
  await new Promise((resolve) => other.close(resolve));

  await writeFile(path, 'not a socket');
  t.like(await rejection(startControlServer(ctx)), { code: 'CONTROL_SOCKET_BLOCKED' });
});


test('a control socket that is not private (mode 0666) gets nothing: refused before connecting', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'feedbackd-admin-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const path = controlSocketPath(dataDir);
  const fake = await fakeListener(t, path, 0o666);
  const error = await rejection(sendToServer(dataDir, { op: 'user.setPassword', args: { user: 'ada@example.org', password: 'hunter22hunter22' } }));
  t.deepEqual(error, {
    code: 'CONTROL_SOCKET_UNSAFE',
    message: `Control socket ${path} has mode 0666, not the 0600 of feedbackd's own, nothing was sent to it: if no feedbackd serve of yours runs on this data directory, remove it (rm ${path}) and try again`,
    status: 500,
  });
  t.is(fake.connections(), 0);
  t.is(fake.received(), '');
});

test('a regular file, or a socket of another user, in place of control.sock is refused', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'feedbackd-admin-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const path = controlSocketPath(dataDir);
  await writeFile(path, '', { mode: 0o600 });
  t.like(await rejection(sendToServer(dataDir, { op: 'user.list', args: {} })), {
    code: 'CONTROL_SOCKET_UNSAFE',
    message: `${path} is not a socket, nothing was sent to it: if no feedbackd serve of yours runs on this data directory, remove it (rm ${path}) and try again`,
  });
  await rm(path);
  if (process.getuid?.() !== 0) {
    t.log('the socket of another user needs root to make (chown to uid 65534): not checked');
    return;
  }
  const fake = await fakeListener(t, path, 0o600);
  await chown(path, 65534, 65534);
  const error = await rejection(sendToServer(dataDir, { op: 'user.list', args: {} }));
  t.is(error.code, 'CONTROL_SOCKET_UNSAFE');
  t.regex(error.message, /^Control socket .* belongs to (nobody \()?uid 65534\)?, not to root \(uid 0\), nothing was sent to it: /);
  t.is(fake.connections(), 0);
});

test('a data directory others may write to: the client sends nothing and the server does not start', async (t) => {
  const ctx = await openContext(t);
  const { dataDir } = ctx.config;
  let ran = 0;
  const control = await startControlServer(ctx, {
    runOperation: async () => {
      ran++;
      return null;
    },
  });
  await chmod(dataDir, 0o777);
  t.teardown(() => chmod(dataDir, 0o700));
  const error = await rejection(sendToServer(dataDir, { op: 'user.list', args: {} }));
  t.deepEqual(error, {
    code: 'DATA_DIR_UNSAFE',
    message: `Data directory ${dataDir} can be written by other users (mode 0777), who could replace its files and control socket: chmod 700 ${dataDir}`,
    status: 500,
  });
  t.is(ran, 0);
  await control.close();
  t.like(await rejection(startControlServer(ctx)), { code: 'DATA_DIR_UNSAFE' });
  t.false(existsSync(control.path));
});
