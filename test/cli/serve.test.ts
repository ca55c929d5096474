import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { ROOT, runChild, startServing, stopServing, tempDir } from './_cli.ts';

const LISTENING = /^feedbackd listening on http:\/\/127\.0\.0\.1:(\d+)$/;
const PASSWORD = 'correct horse battery';

test('serve prints the listening line, answers /api/v1/health, stops on SIGTERM with exit 0, and a restart keeps the data', async (t) => {
  const data = join(await tempDir(t), 'data');
  const first = await startServing(['serve', '--data', data, '--port', '0', '--mail-outbox']);
  t.teardown(() => first.child.kill('SIGKILL'));
  t.regex(first.line, LISTENING);
  t.not(first.url, 'http://127.0.0.1:0');
  t.is((await fetch(`${first.url}/api/v1/health`)).status, 200);
  const setup = await fetch(`${first.url}/api/v1/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@example.org', password: PASSWORD }),
  });
  t.is(setup.status, 201);
  const stopped = await stopServing(first);
  t.is(stopped.code, 0, stopped.stderr);
  t.is(stopped.stdout, `${first.line}\n`);
  t.is(stopped.stderr, '');
  // With --port 0 and no public URL, mailed links use the port actually chosen.
  const [mail] = await readdir(join(data, 'outbox'));
  t.true((await readFile(join(data, 'outbox', mail!), 'utf8')).includes(`http://localhost:${new URL(first.url).port}/`));

  const second = await startServing(['serve', '--data', data, '--port', '0', '--mail-outbox']);
  t.teardown(() => second.child.kill('SIGKILL'));
  t.deepEqual(await (await fetch(`${second.url}/api/v1/auth/setup`)).json(), { is_setup: true });
  t.is((await stopServing(second, 'SIGINT')).code, 0);
});

test('under a sub-path, serve also says where the board is: its root answers 404 (issue 33)', async (t) => {
  const data = join(await tempDir(t), 'data');
  const serving = await startServing(['serve', '--data', data, '--port', '0', '--mail-outbox', '--public-url', 'https://example.com/feedback']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  t.is((await fetch(`${serving.url}/`)).status, 404);
  t.is((await fetch(`${serving.url}/feedback/api/v1/health`)).status, 200);
  const stopped = await stopServing(serving);
  t.is(stopped.stdout, `${serving.line}\nthe board is at ${serving.url}/feedback/ (publicly https://example.com/feedback/)\n`);
});

test('a second serve on the same data dir exits 1 with one line naming the running process (its SMTP password left out)', async (t) => {
  const data = join(await tempDir(t), 'data');
  // Nothing listens on port 9: the URL only has to be kept, never used.
  const first = await startServing(['serve', '--data', data, '--port', '0', '--smtp-url', 'smtp://me:s3cret@127.0.0.1:9']);
  t.teardown(() => first.child.kill('SIGKILL'));
  const lock = await readFile(join(data, 'feedbackd.lock'), 'utf8');
  t.false(lock.includes('s3cret'), lock);
  t.true(lock.includes('smtp://me:***@127.0.0.1:9'), lock);
  const second = await runChild(['serve', '--data', data, '--port', '0']);
  t.is(second.code, 1);
  t.is(second.stdout, '');
  t.is(second.stderr.split('\n').length, 2, 'one line');
  t.regex(second.stderr, new RegExp(`^error: .*${data}.* process ${first.child.pid}\\b`));
  t.false(second.stderr.includes('s3cret'));
  t.is((await stopServing(first)).code, 0);
});

test('init --serve sets up without prompts (password on stdin), then serves', async (t) => {
  const data = join(await tempDir(t), 'data');
  const args = ['init', '--data', data, '--email', 'ada@example.org', '--password-stdin', '--mail-outbox', '--port', '0', '--public-url', 'https://feedback.example.org', '--serve'];
  const serving = await startServing(args, { stdin: `${PASSWORD}\n` });
  t.teardown(() => serving.child.kill('SIGKILL'));
  t.regex(serving.line, LISTENING);
  t.deepEqual(await (await fetch(`${serving.url}/api/v1/auth/setup`)).json(), { is_setup: true });
  const done = await stopServing(serving);
  t.is(done.code, 0, done.stderr);
  t.regex(done.stdout, /^\nfeedbackd is set up: "Feedback"\.\n/);
});

const built = existsSync(join(ROOT, 'dist', 'cli', 'main.js'));
(built ? test : test.skip)('the built binary (bin/feedbackd.js) serves too', async (t) => {
  const data = join(await tempDir(t), 'data');
  const serving = await startServing(['serve', '--data', data, '--port', '0'], { binary: 'bin/feedbackd.js' });
  t.teardown(() => serving.child.kill('SIGKILL'));
  t.regex(serving.line, LISTENING);
  t.is((await fetch(`${serving.url}/api/v1/health`)).status, 200);
  t.is((await stopServing(serving)).code, 0);
});

test('a stop signal sent the moment serve says it listens still stops it cleanly, every time', async (t) => {
  // The handler used to be installed just after the "listening" line: a signal in between killed
  // the process outright. A fast supervisor (or test) hits that window most of the time.
  const data = join(await tempDir(t), 'data');
  for (let run = 1; run <= 5; run++) {
    const serving = await startServing(['serve', '--data', data, '--port', '0'], { env: { FEEDBACKD_LOG_LEVEL: 'info' } });
    t.teardown(() => serving.child.kill('SIGKILL'));
    const stopped = await stopServing(serving);
    t.is(stopped.code, 0, `run ${run}: ${JSON.stringify(stopped)}`);
    t.regex(stopped.stderr, /"msg":"stopped"/, `run ${run}`);
  }
});
