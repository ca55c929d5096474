import { existsSync } from 'node:fs';
import { chmod, chown, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { runInProcess, tempDir } from './_cli.ts';

// Every case here fails before serving, so it runs in this process (fast, no signals involved).

test('an unknown flag exits 1 with commander\'s line', async (t) => {
  const result = await runInProcess(['serve', '--prot', '3000']);
  t.is(result.code, 1);
  t.regex(result.stderr, /^error: Unknown option '--prot'\n\(Did you mean --port\?\)\n$/);
});

test('bad configuration exits 1 with the config error', async (t) => {
  const data = join(await tempDir(t), 'data');
  const result = await runInProcess(['serve', '--data', data], { env: { FEEDBACKD_PORT: 'abc' } });
  t.is(result.code, 1);
  t.is(result.stderr, 'error: Invalid configuration: port (from FEEDBACKD_PORT="abc"): must be an integer 0..65535\n');
  t.false(existsSync(data));
});

test('a data dir that is a file exits 1 with one line', async (t) => {
  const file = join(await tempDir(t), 'file');
  await writeFile(file, '');
  const result = await runInProcess(['serve', '--data', file, '--port', '0']);
  t.is(result.code, 1);
  t.is(result.stderr, `error: Data directory ${file} is not a directory: choose another with --data or FEEDBACKD_DATA\n`);
});

test('a port in use exits 1 with one line', async (t) => {
  const data = join(await tempDir(t), 'data');
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  t.teardown(() => blocker.close());
  const { port } = blocker.address() as { port: number };
  const result = await runInProcess(['serve', '--data', data, '--port', String(port)]);
  t.is(result.code, 1);
  t.is(result.stderr, `error: Port ${port} on 127.0.0.1 is already in use: stop the other process or choose another port with --port\n`);
  // The data dir lock was released: the same process can open it again.
  t.is((await runInProcess(['serve', '--data', data, '--port', String(port)])).code, 1);
});

test('--database with an unreachable PostgreSQL server names it in one line, without the password', async (t) => {
  const data = join(await tempDir(t), 'data');
  const result = await runInProcess(['serve', '--data', data, '--port', '0', '--database', 'postgres://u:hunter2@127.0.0.1:1/feedback']);
  t.is(result.code, 1);
  t.is(result.stderr, 'error: Cannot open the PostgreSQL database 127.0.0.1:1/feedback: connect ECONNREFUSED 127.0.0.1:1\n');
});

test('a malformed <data>/secret stops serve and is left as it was', async (t) => {
  const data = join(await tempDir(t), 'data');
  const init = await runInProcess(['init', '--yes', '--data', data, '--email', 'a@b.example', '--password-stdin', '--mail-outbox'], {
    stdin: 'correct horse battery',
  });
  t.is(init.code, 0, init.stderr);
  t.regex(await readFile(join(data, 'secret'), 'utf8'), /^[A-Za-z0-9_-]{43}\n$/);
  await writeFile(join(data, 'secret'), 'not a secret\n');
  const result = await runInProcess(['serve', '--data', data, '--port', '0']);
  t.is(result.code, 1);
  t.regex(result.stderr, /^error: The secret file .*secret is malformed: .*\n$/);
  t.is(await readFile(join(data, 'secret'), 'utf8'), 'not a secret\n');
});

test('with FEEDBACKD_SECRET set no secret file is created or read', async (t) => {
  const data = join(await tempDir(t), 'data');
  const env = { FEEDBACKD_SECRET: 's'.repeat(40) };
  const args = ['init', '--data', data, '--email', 'a@b.example', '--password-stdin', '--mail-outbox'];
  const result = await runInProcess(args, { env, stdin: 'correct horse battery' });
  t.is(result.code, 0, result.stderr);
  t.false(existsSync(join(data, 'secret')));
});

/** A data directory set up by init (in this process), with its secret 0600. */
async function initialised(t: ExecutionContext): Promise<string> {
  const data = join(await tempDir(t), 'data');
  const init = await runInProcess(['init', '--yes', '--data', data, '--email', 'a@b.example', '--password-stdin', '--mail-outbox'], {
    stdin: 'correct horse battery',
  });
  t.is(init.code, 0, init.stderr);
  return data;
}

function needsRoot(t: ExecutionContext): boolean {
  if (process.getuid?.() === 0) return true;
  t.log('skipped: only root can give a file to another user (uid 65534)');
  t.pass();
  return false;
}

test('a data directory other users may write to stops serve (JSON files or PostgreSQL) with the chmod line', async (t) => {
  const data = await initialised(t);
  await chmod(data, 0o777);
  const line = `error: Data directory ${data} can be written by other users (mode 0777), who could replace its files and control socket: chmod 700 ${data}\n`;
  const result = await runInProcess(['serve', '--data', data, '--port', '0']);
  t.is(result.code, 1);
  t.is(result.stderr, line);
  t.false(existsSync(join(data, 'control.sock')));
  // Before any connection is tried: the secret and config.json live there with PostgreSQL too.
  const onPostgres = await runInProcess(['serve', '--data', data, '--port', '0', '--database', 'postgres://u:p@127.0.0.1:1/feedback']);
  t.is(onPostgres.code, 1);
  t.is(onPostgres.stderr, line);
});

test('a secret other users may read stops serve with the chmod 600 line (PostgreSQL too), and is left as it was', async (t) => {
  const data = await initialised(t);
  const secret = join(data, 'secret');
  await chmod(secret, 0o644);
  for (const extra of [[], ['--database', 'postgres://u:p@127.0.0.1:1/feedback']]) {
    const result = await runInProcess(['serve', '--data', data, '--port', '0', ...extra]);
    t.is(result.code, 1);
    t.regex(result.stderr, new RegExp(`^error: The secret file ${secret} can be used by other users \\(mode 0644\\): chmod 600 ${secret} \\(.*\\)\\n$`));
  }
  t.is((await stat(secret)).mode & 0o777, 0o644);
});

test('files of another user in the data directory (left by sudo feedbackd …) stop serve, naming one and the chown line', async (t) => {
  if (!needsRoot(t)) return;
  const data = await initialised(t);
  await chown(join(data, 'db.json'), 65534, 65534);
  const result = await runInProcess(['serve', '--data', data, '--port', '0']);
  t.is(result.code, 1);
  t.regex(result.stderr, new RegExp(`^error: ${join(data, 'db.json')} in the data directory belongs to (nobody \\()?uid 65534\\)?, not to root \\(uid 0\\) who runs this command \\(left by a command run with sudo\\?\\): give every file to one user: chown -R root ${data}\\n$`));
});
