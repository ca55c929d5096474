// What serve's log looks like: JSON lines for a collector (the default off a terminal), readable
// lines with --log-format pretty.
import { join } from 'node:path';
import test from 'ava';
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
