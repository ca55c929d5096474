import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { configFilePath, ensureDataDir, writeConfigFile } from '../../src/config/data-dir.ts';
import { AppError } from '../../src/errors.ts';
import { tempDir } from './_temp-dir.ts';

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

test('ensureDataDir creates the directory and its parents with mode 0700', async (t) => {
  const dir = join(await tempDir(t), 'a', 'b');
  await ensureDataDir(dir);
  t.is(await modeOf(dir), 0o700);
  await ensureDataDir(dir);
  t.is(await modeOf(dir), 0o700);
});

test('ensureDataDir refuses a path that is a file, naming it', async (t) => {
  const file = join(await tempDir(t), 'file');
  await writeFile(file, '');
  for (const dir of [file, join(file, 'below')]) {
    const error = await t.throwsAsync(ensureDataDir(dir), { instanceOf: AppError });
    t.is(error?.code, 'DATA_DIR_UNUSABLE');
    t.true(error?.message.includes(dir));
  }
});

test('writeConfigFile writes config.json 0600 and merges with existing keys', async (t) => {
  const dir = await tempDir(t);
  await writeConfigFile(dir, { port: 4000, smtpUrl: 'smtp://a.test' });
  t.is(await modeOf(configFilePath(dir)), 0o600);
  await writeConfigFile(dir, { smtpUrl: null, mailOutbox: true, publicUrl: undefined });
  t.deepEqual(JSON.parse(await readFile(configFilePath(dir), 'utf8')), { port: 4000, smtpUrl: null, mailOutbox: true });
  t.is(await modeOf(configFilePath(dir)), 0o600);
  t.deepEqual(await readdir(dir), ['config.json'], 'no temp file is left behind');
});

test('writeConfigFile never overwrites a config.json it cannot parse', async (t) => {
  const dir = await tempDir(t);
  await writeFile(configFilePath(dir), '{ not json');
  const error = await t.throwsAsync(writeConfigFile(dir, { port: 1 }), { instanceOf: AppError });
  t.regex(error?.message ?? '', /^Cannot update config\.json: .*is not valid JSON/);
  t.is(await readFile(configFilePath(dir), 'utf8'), '{ not json');
});
