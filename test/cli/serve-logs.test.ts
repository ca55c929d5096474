// What serve's log looks like: JSON lines for a collector (the default off a terminal), readable
// lines with --log-format pretty.
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { runChild, startServing, stopServing, tempDir } from './_cli.ts';

const LOUD = { FEEDBACKD_LOG_LEVEL: 'info' };

test('off a terminal the log is JSON lines; --log-format pretty makes it readable', async (t) => {
  const data = join(await tempDir(t), 'data');
  const json = await startServing(['serve', '--data', data, '--port', '0'], { env: LOUD });
  t.teardown(() => json.child.kill('SIGKILL'));
  const jsonLog = (await stopServing(json)).stderr.trim().split('\n');
  t.true(jsonLog.length > 0);
  for (const line of jsonLog) t.notThrows(() => JSON.parse(line), line);

  const pretty = await startServing(['serve', '--data', data, '--port', '0', '--log-format', 'pretty'], { env: LOUD });
  t.teardown(() => pretty.child.kill('SIGKILL'));
  const stopped = await stopServing(pretty);
  const prettyLog = stopped.stderr;
  t.regex(prettyLog, /^\[\d\d:\d\d:\d\d\] INFO: stopped$/m, JSON.stringify(stopped));
  t.false(prettyLog.includes('{"level"'));
});

test('a log format that is not one is refused at start', async (t) => {
  const data = join(await tempDir(t), 'data');
  const result = await runChild(['serve', '--data', data, '--port', '0', '--log-format', 'xml']);
  t.is(result.code, 1);
  t.is(result.stderr, 'error: Invalid configuration: logFormat (from --log-format="xml"): must be one of: auto, pretty, json\n');
});

test('--no-access-log and FEEDBACKD_ACCESS_LOG=false turn the request lines off; by default each request has one', async (t) => {
  const data = join(await tempDir(t), 'data');
  const requestLines = async (args: string[], env: Record<string, string> = {}) => {
    const serving = await startServing(['serve', '--data', data, '--port', '0', ...args], { env: { ...LOUD, ...env } });
    t.teardown(() => serving.child.kill('SIGKILL'));
    await fetch(`${serving.url}/api/v1/health`);
    const log = (await stopServing(serving)).stderr.trim().split('\n');
    return log.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
  };
  t.like((await requestLines([]))[0], { method: 'GET', path: '/api/v1/health', status: 200 });
  t.deepEqual(await requestLines(['--no-access-log']), []);
  t.deepEqual(await requestLines([], { FEEDBACKD_ACCESS_LOG: 'false' }), [], 'the environment applies: the flag has no default of its own');
});

/** The log of a serve child that answered a page, one of its hashed scripts, the API and a refusal. */
async function logOfVisit(t: ExecutionContext, args: string[], env: Record<string, string> = LOUD): Promise<{ log: string; asset: string }> {
  const data = join(await tempDir(t), 'data');
  const serving = await startServing(['serve', '--data', data, '--port', '0', ...args], { env });
  t.teardown(() => serving.child.kill('SIGKILL'));
  const page = await (await fetch(`${serving.url}/b/ideas`)).text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
  if (!asset) throw new Error(`no hashed script in the page (is dist/web built?): ${page.slice(0, 200)}`);
  await (await fetch(`${serving.url}${asset}`)).arrayBuffer();
  await (await fetch(`${serving.url}/api/v1/health?token=secret`)).arrayBuffer();
  await (await fetch(`${serving.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"a@b.c","password":"wrong-password"}' })).arrayBuffer();
  return { log: (await stopServing(serving)).stderr, asset };
}

const TIME = String.raw`\[\d\d:\d\d:\d\d\]`;

test('the readable log has one short line per request, and hashed web files only at debug', async (t) => {
  const { log, asset } = await logOfVisit(t, ['--log-format', 'pretty']);
  const requests = log.split('\n').filter((line) => / (GET|POST) \//.test(line));
  t.is(requests.length, 3, log);
  t.regex(requests[0]!, new RegExp(`^${TIME} INFO: GET /b/ideas 200 \\d+ ms$`));
  t.regex(requests[1]!, new RegExp(`^${TIME} INFO: GET /api/v1/health 200 \\d+ ms$`));
  t.regex(requests[2]!, new RegExp(`^${TIME} WARN: sign-in refused: POST /api/v1/auth/login 4\\d\\d \\d+ ms from 127\\.0\\.0\\.1, email hash [0-9a-f]{16}$`));
  t.false(log.includes('requestId:'), 'no field lines');
  t.false(log.includes(asset));

  const debug = await logOfVisit(t, ['--log-format', 'pretty', '--log-level', 'debug'], {});
  t.regex(debug.log, new RegExp(`^${TIME} DEBUG: GET ${debug.asset} 200 \\d+ ms$`, 'm'));
});

test('the JSON log keeps every field of every request, hashed web files included, at info', async (t) => {
  const { log, asset } = await logOfVisit(t, ['--log-format', 'json']);
  const requests = log.trim().split('\n').map((line) => JSON.parse(line)).filter((line) => line.method !== undefined);
  t.deepEqual(requests.map((line) => [line.level, line.msg, line.method, line.path, line.status]), [
    [30, 'request', 'GET', '/b/ideas', 200],
    [30, 'request', 'GET', asset, 200],
    [30, 'request', 'GET', '/api/v1/health', 200],
    [40, 'sign-in refused', 'POST', '/api/v1/auth/login', 400],
  ]);
  for (const line of requests) t.deepEqual(Object.keys(line).sort(), [...'level time msg requestId method path status ms bytes client'.split(' '), ...(line.level === 40 ? ['emailHash'] : [])].sort());
});
