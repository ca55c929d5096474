import { readdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { openStorage, RESTORE_MARKER } from '../../src/storage/open.js';
import { open, silentLogger, tempDir, testConfig } from './_config.js';
import { userRow } from './_rows.js';

async function mode(path: string): Promise<number> {
  return (await stat(path)).mode & 0o777;
}

test('the data dir is created 0700 (parents too) and every file 0600, after compactions too', async (t) => {
  const dir = join(await tempDir(t), 'nested', 'data');
  const storage = await open(t, dir, { journalMaxBytes: 100 });
  for (let i = 0; i < 10; i++) await storage.users.insert(userRow());
  t.is(await mode(dir), 0o700);
  t.is(await mode(join(dir, '..')), 0o700);
  // A compaction may still be running in the background and remove an old journal file meanwhile.
  for (const name of await readdir(dir)) {
    const fileMode = await mode(join(dir, name)).catch((error) => (error.code === 'ENOENT' ? 0o600 : Promise.reject(error)));
    t.is(fileMode, 0o600, name);
  }
  await storage.close();
  const names = await readdir(dir);
  t.true(names.includes('db.json'));
  for (const name of names) t.is(await mode(join(dir, name)), 0o600, name);
});

test('isWritable is true for a healthy store, false when db.json is not there', async (t) => {
  const dir = join(await tempDir(t), 'data');
  const storage = await open(t, dir);
  t.true(await storage.isWritable());
  await rename(join(dir, 'db.json'), join(dir, 'moved.json'));
  t.false(await storage.isWritable());
  await rename(join(dir, 'moved.json'), join(dir, 'db.json'));
  t.true(await storage.isWritable());
});

test('a PostgreSQL server that cannot be reached is named in one message, without the password', async (t) => {
  const dir = await tempDir(t);
  for (const url of ['postgres://u:hunter2@127.0.0.1:1/feedback', 'postgresql://u:hunter2@127.0.0.1:1/feedback']) {
    const error = await t.throwsAsync(openStorage(testConfig(dir, { databaseUrl: url }), silentLogger));
    t.like(error, {
      code: 'DATABASE_UNAVAILABLE',
      status: 500,
      message: 'Cannot open the PostgreSQL database 127.0.0.1:1/feedback: connect ECONNREFUSED 127.0.0.1:1',
    });
  }
});

test('any other database URL is refused without echoing its secrets', async (t) => {
  const dir = await tempDir(t);
  const error = await t.throwsAsync(openStorage(testConfig(dir, { databaseUrl: 'mysql://root:hunter2@db/x' }), silentLogger));
  t.like(error, { code: 'DATABASE_URL_INVALID', status: 500 });
  t.regex(error!.message, /mysql/);
  t.false(error!.message.includes('hunter2'));
  t.deepEqual(await readdir(dir), [], 'nothing was created');
});

test('a data dir left by an unfinished restore is refused, naming what to do', async (t) => {
  const dir = join(await tempDir(t), 'data');
  const storage = await open(t, dir);
  await storage.close();
  await writeFile(join(dir, RESTORE_MARKER), '');
  const error = await t.throwsAsync(openStorage(testConfig(dir), silentLogger));
  t.like(error, { code: 'RESTORE_INCOMPLETE' });
  t.regex(error?.message ?? '', /restore FILE --data .* --force/);
});
