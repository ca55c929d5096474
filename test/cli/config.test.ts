// `feedbackd config`: config.json's keys read and written with the rules of flags and env vars.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { initBoard } from './_admin.ts';
import { runInProcess, startServing, stopServing, tempDir } from './_cli.ts';

const inDir = (data: string, args: string[], env: Record<string, string> = {}) => runInProcess(['config', ...args, '--data', data], { env });
const fileOf = async (data: string) => JSON.parse(await readFile(join(data, 'config.json'), 'utf8'));

test('set checks the value by its rule and writes config.json; get and list show what is in force', async (t) => {
  const { data } = await initBoard(t);
  t.deepEqual(await inDir(data, ['set', 'port', '8080']), { code: 0, stdout: `port is now 8080 in ${join(data, 'config.json')}.\n`, stderr: '' });
  t.deepEqual(await inDir(data, ['set', 'port', '99999']), { code: 1, stdout: '', stderr: 'error: port must be an integer 0..65535\n' });
  t.is((await inDir(data, ['get', 'port'])).stdout, '8080\n');
  await inDir(data, ['set', 'loginRateLimit', '5/1h']);
  await inDir(data, ['set', 'trustProxy', 'true']);
  t.like(await fileOf(data), { mailOutbox: true, port: 8080, loginRateLimit: '5/1h', trustProxy: true });
  const list = (await inDir(data, ['list'])).stdout.split('\n');
  t.regex(list[0]!, /^KEY +VALUE +FROM$/);
  t.true(list.some((line) => /^port +8080 +config\.json$/.test(line)));
  t.true(list.some((line) => /^host +127\.0\.0\.1 +default$/.test(line)));
  t.true(list.some((line) => /^loginRateLimit +5\/3600 +config\.json$/.test(line)));
});

test('passwords in URLs are never printed, and unknown or misplaced keys are refused with the way', async (t) => {
  const { data } = await initBoard(t);
  const set = await inDir(data, ['set', 'smtpUrl', 'smtp://me:s3cret@mail.example.org:587']);
  t.is(set.code, 0, set.stderr);
  t.false(set.stdout.includes('s3cret'));
  t.is((await inDir(data, ['get', 'smtpUrl'])).stdout, 'smtp://me:***@mail.example.org:587\n');
  t.false((await inDir(data, ['list'])).stdout.includes('s3cret'));
  t.is((await fileOf(data)).smtpUrl, 'smtp://me:s3cret@mail.example.org:587', 'config.json (mode 0600) keeps it');
  t.regex((await inDir(data, ['set', 'colour', 'red'])).stderr, /^error: Unknown key "colour": config\.json keys are port, host, publicUrl, /);
  t.is((await inDir(data, ['set', 'dataDir', '/x'])).stderr, 'error: dataDir is not kept in config.json: give --data or set FEEDBACKD_DATA\n');
  t.regex((await runInProcess(['config', 'set', 'port', '1', '--data', join(data, 'nope')])).stderr, /^error: No data directory at .*nope: give --data <dir>, or run feedbackd init first\n$/);
});

test('unset goes back to the default; an environment variable that wins, and a running server, are named', async (t) => {
  const { data } = await initBoard(t);
  await inDir(data, ['set', 'publicUrl', 'https://feedback.example.org']);
  t.is((await inDir(data, ['unset', 'publicUrl'])).stdout, `publicUrl is no longer set in ${join(data, 'config.json')}: http://localhost:<port> applies (the default).\n`);
  t.false('publicUrl' in (await fileOf(data)));
  t.is((await inDir(data, ['unset', 'publicUrl'])).stdout, `publicUrl is not set in ${join(data, 'config.json')}; nothing changed.\n`);
  const overridden = await inDir(data, ['set', 'port', '7000'], { FEEDBACKD_PORT: '9000' });
  t.regex(overridden.stdout, /\nNote: FEEDBACKD_PORT is set in this environment and takes precedence over config\.json\.\n$/);

  const serving = await startServing(['serve', '--data', data, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const changed = await inDir(data, ['set', 'logLevel', 'warn']);
  t.true(changed.stdout.includes(`feedbackd serve (process ${serving.child.pid}) is running and read config.json when it started: restart it for the change to apply.`), changed.stdout);
  t.is((await stopServing(serving)).code, 0);
});

test('set and unset mend a config.json that holds a bad value (the rest of the commands refuse it)', async (t) => {
  const { data } = await initBoard(t);
  await writeFile(join(data, 'config.json'), '{ "port": 99999, "mailOutbox": true }\n');
  t.regex((await inDir(data, ['get', 'port'])).stderr, /port \(from .*config\.json: 99999\): must be an integer 0\.\.65535/);
  t.is((await inDir(data, ['set', 'port', '3000'])).code, 0);
  t.like(await fileOf(data), { port: 3000, mailOutbox: true });
  await writeFile(join(data, 'config.json'), '{ "port": 99999, "mailOutbox": true }\n');
  t.is((await inDir(data, ['unset', 'port'])).code, 0);
  t.deepEqual(await fileOf(data), { mailOutbox: true });
});

test('list and get without a data directory stop like set does, and create nothing', async (t) => {
  const missing = join(await tempDir(t), 'nope');
  const refusal = /^error: No data directory at .*nope: give --data <dir>, or run feedbackd init first\n$/;
  for (const args of [['list'], ['get', 'port']]) {
    const byFlag = await inDir(missing, args);
    t.like(byFlag, { code: 1, stdout: '' });
    t.regex(byFlag.stderr, refusal);
    const byEnv = await runInProcess(['config', ...args], { env: { FEEDBACKD_DATA: missing } });
    t.like(byEnv, { code: 1, stdout: '' });
    t.regex(byEnv.stderr, refusal);
  }
  t.false(existsSync(missing));
});
