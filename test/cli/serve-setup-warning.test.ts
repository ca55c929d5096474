// Issue 19, defence in depth: `serve` on a board with no owner, listening beyond loopback, warns
// that the first caller of POST /auth/setup becomes its owner, at start and then every
// setupWarningIntervalMs until setup is done. On both engines (FEEDBACKD_TEST_ENGINE=postgres runs
// the servers on a fresh schema of TEST_DATABASE_URL).
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import test, { type ExecutionContext } from 'ava';
import { TEST_ENGINE, testDatabaseUrl } from '../_helpers/engine.ts';
import { createSchema } from '../_helpers/pg-schema.ts';
import { shellQuote } from '../../src/cli/init/summary.ts';
import { redactCredentials } from '../../src/config/redact.ts';
import { type ServingChild, startServing, stopServing, tempDir } from './_cli.ts';

const PASSWORD = 'correct horse battery';
/** Warnings only, repeated every 20 ms. */
const FAST = { FEEDBACKD_LOG_LEVEL: 'warn', FEEDBACKD_SETUP_WARNING_INTERVAL_MS: '20' };
const UNCLAIMED = /^this board is not set up and listens on /;

/** A new data dir and, on PostgreSQL, a fresh schema (dropped after the servers of the test stopped). */
async function board(t: ExecutionContext): Promise<{ data: string; engineArgs: string[] }> {
  const data = join(await tempDir(t), 'data');
  if (TEST_ENGINE !== 'postgres') return { data, engineArgs: [] };
  const schema = await createSchema(testDatabaseUrl());
  t.teardown(schema.drop);
  return { data, engineArgs: ['--database', schema.url] };
}

/** The server's log lines as they come, from the moment it listens. */
interface Watched {
  serving: ServingChild;
  port: number;
  warnings(): { msg: string; [field: string]: unknown }[];
}

async function serve(t: ExecutionContext, args: string[], env: Record<string, string>): Promise<Watched> {
  const serving = await startServing(['serve', '--port', '0', '--mail-outbox', ...args], { env });
  // Registered after the schema's drop: teardowns run last-in first-out.
  t.teardown(() => serving.child.kill('SIGKILL'));
  let seen = '';
  serving.child.stderr?.on('data', (chunk: Buffer) => {
    seen += chunk.toString();
  });
  const warnings = () =>
    seen
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line))
      .filter((line) => line.level === 40 && UNCLAIMED.test(line.msg));
  return { serving, port: Number(new URL(serving.url).port), warnings };
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** The warnings in a stopped server's whole log. */
function warningsIn(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .filter((line) => line.level === 40 && UNCLAIMED.test(line.msg))
    .map((line) => line.msg);
}

async function setUp(url: string): Promise<number> {
  const response = await fetch(`${url.replace('//0.0.0.0:', '//127.0.0.1:')}/api/v1/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@example.org', password: PASSWORD }),
  });
  return response.status;
}

test('on 0.0.0.0 an unclaimed board warns at start, naming the address, the public URL and the init command', async (t) => {
  const { data, engineArgs } = await board(t);
  // The default interval (a minute): the one warning seen is the one at start.
  const args = ['--data', data, '--host', '0.0.0.0', '--public-url', 'https://feedback.example.org', ...engineArgs];
  const server = await serve(t, args, { FEEDBACKD_LOG_LEVEL: 'warn' });
  await until(() => server.warnings().length > 0, 'the warning at start');
  const [warning] = server.warnings();
  const howTo = TEST_ENGINE === 'postgres' ? 'run' : 'stop this server and run';
  // The database was given on the command line: init needs it too, its password left out.
  const database = TEST_ENGINE === 'postgres' ? ` --database ${shellQuote(redactCredentials(engineArgs[1]!))}` : '';
  t.like(warning, {
    host: '0.0.0.0',
    port: server.port,
    dataDir: data,
    publicUrl: 'https://feedback.example.org',
    msg:
      `this board is not set up and listens on 0.0.0.0:${server.port} (public URL https://feedback.example.org), beyond this machine: ` +
      `the first caller of POST /api/v1/auth/setup becomes its owner. Set it up now, or ${howTo} ` +
      `\`feedbackd init --data ${data}${database}\` to set it up from the terminal`,
  });
  const stopped = await stopServing(server.serving);
  t.is(stopped.code, 0, stopped.stderr);
  t.is(warningsIn(stopped.stderr).length, 1, 'not repeated within the minute');
});

test('the warning repeats every setupWarningIntervalMs, and stops once POST /auth/setup made an owner', async (t) => {
  const { data, engineArgs } = await board(t);
  const server = await serve(t, ['--data', data, '--host', '0.0.0.0', ...engineArgs], FAST);
  await until(() => server.warnings().length >= 3, 'three warnings');
  t.is(await setUp(server.serving.url), 201);
  // A check already under way when the owner was created may still warn once.
  const afterSetup = server.warnings().length;
  await sleep(400);
  const later = server.warnings().length;
  t.true(later <= afterSetup + 1, `${later - afterSetup} warnings in 400 ms after setup (every 20 ms before)`);
  const stopped = await stopServing(server.serving);
  t.is(stopped.code, 0, stopped.stderr);
  t.is(warningsIn(stopped.stderr).length, later, 'none until the server stopped');
});

test('no warning on loopback (127.0.0.1, ::1) for an unclaimed board, nor on 0.0.0.0 once the board has an owner', async (t) => {
  const { data, engineArgs } = await board(t);
  for (const host of ['127.0.0.1', '::1']) {
    const server = await serve(t, ['--data', data, '--host', host, ...engineArgs], FAST);
    await sleep(300);
    const stopped = await stopServing(server.serving);
    t.is(stopped.code, 0, stopped.stderr);
    t.deepEqual(warningsIn(stopped.stderr), [], host);
  }
  const loopback = await serve(t, ['--data', data, ...engineArgs], FAST);
  t.is(await setUp(loopback.serving.url), 201);
  t.is((await stopServing(loopback.serving)).code, 0);

  const claimed = await serve(t, ['--data', data, '--host', '0.0.0.0', ...engineArgs], FAST);
  await sleep(300);
  const stopped = await stopServing(claimed.serving);
  t.is(stopped.code, 0, stopped.stderr);
  t.deepEqual(warningsIn(stopped.stderr), [], 'a board with an owner');
});

test('serve stops cleanly while the warning repeats: the timer never holds the shutdown', async (t) => {
  const { data, engineArgs } = await board(t);
  const server = await serve(t, ['--data', data, '--host', '::', ...engineArgs], { ...FAST, FEEDBACKD_LOG_LEVEL: 'info' });
  await until(() => server.warnings().length >= 2, 'two warnings');
  t.like(server.warnings()[0], { host: '::', port: server.port });
  const stopped = await stopServing(server.serving);
  t.is(stopped.code, 0, stopped.stderr);
  t.regex(stopped.stderr, /"msg":"stopped"/);
  const afterStopping = stopped.stderr.slice(stopped.stderr.indexOf('"msg":"stopping'));
  t.deepEqual(warningsIn(afterStopping.slice(afterStopping.indexOf('\n') + 1)), [], 'the warning stops with the server');
});
