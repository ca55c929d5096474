import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { runInProcess, snapshot, tempDir } from '../cli/_cli.js';
import { freshSchema, pgTests } from '../storage-pg/_pg.js';

/** `init --yes --database <url>` into a new data dir, which then holds only the secret, config.json, database.json (and the outbox). */
async function boardOnPostgres(t: import('ava').ExecutionContext, databaseUrl: string): Promise<{ root: string; data: string }> {
  const root = await tempDir(t);
  const data = join(root, 'data');
  const passwordFile = join(root, 'password.txt');
  await writeFile(passwordFile, 'correct horse battery\n', { mode: 0o600 });
  const args = ['init', '--yes', '--no-serve', '--data', data, '--database', databaseUrl, '--email', 'ada@example.org'];
  const result = await runInProcess([...args, '--password-file', passwordFile, '--mail-outbox']);
  t.is(result.code, 0, result.stderr);
  return { root, data };
}

pgTests((url) => {
  test('on PostgreSQL too, backup, export and migrate-data never write into the data directory; --out - still works', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const { root, data } = await boardOnPostgres(t, schemaUrl);
    const before = await snapshot(data);
    for (const command of ['backup', 'export']) {
      for (const target of [join(data, 'config.json'), join(data, 'secret'), join(data, 'db.json')]) {
        const result = await runInProcess([command, '--data', data, '--out', target, '--force']);
        t.is(result.code, 1, `${command} ${target}`);
        t.regex(result.stderr, /^error: Cannot write .*: it is inside the data directory .*data, which holds feedbackd's own files/);
      }
    }
    const copy = await runInProcess(['migrate-data', '--data', data, '--to', join(data, 'copy')]);
    t.is(copy.code, 1);
    t.regex(copy.stderr, /^error: Cannot write .*copy: it is inside the data directory .*data, which holds feedbackd's own files: give --to a path outside it/m);
    t.deepEqual(await snapshot(data), before);
    t.deepEqual((await readdir(data)).sort(), ['config.json', 'database.json', 'outbox', 'secret']);

    const piped = await runInProcess(['backup', '--data', data, '--out', '-']);
    t.is(piped.code, 0, piped.stderr);
    t.like(JSON.parse(piped.stdout), { format: 'feedbackd-backup', engine: 'postgres', counts: { users: 1 } });
    t.deepEqual((await readdir(data)).sort(), ['config.json', 'database.json', 'outbox', 'secret']);
    t.deepEqual(await readdir(root), ['data', 'password.txt'].sort());
  });
});
