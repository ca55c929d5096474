// A user's language (issue 33, storage schema 14) survives every copy of a board on the JSON-file
// engine: backup and restore, and a backup written before the field existed restores with none.
// (test/postgres/restore.test.ts does the same into PostgreSQL; export-import.test.ts for exports.)
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { sendRequest } from '../_helpers/server.js';
import { openBoard, seedBoard } from '../admin/backup-fixtures.js';
import { runInProcess, startServing, stopServing, tempDir } from './_cli.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read the backup's JSON freely.
type Json = any;

async function localesOf(dataDir: string): Promise<Record<string, unknown>> {
  const ctx = await openBoard(dataDir);
  try {
    const { tables } = await ctx.storage.snapshot();
    return Object.fromEntries(tables.users.map((user) => [user.email, user.locale ?? null]));
  } finally {
    await ctx.close();
  }
}

/** The backup file as a schema-13 feedbackd wrote it: users without `locale`. */
function asSchemaThirteen(backup: Json): Json {
  const lists = backup.tables ?? backup;
  for (const user of lists.users) delete user.locale;
  return { ...backup, schemaVersion: 13 };
}

test('backup and restore keep the language a user chose', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  await seedBoard(source);
  const file = join(root, 'backup.json');
  t.is((await runInProcess(['backup', '--data', source, '--out', file])).code, 0);
  const target = join(root, 'restored');
  const restored = await runInProcess(['restore', file, '--data', target]);
  t.is(restored.code, 0, restored.stderr);
  t.deepEqual(await localesOf(target), { 'ada@example.org': null, 'bob@example.org': 'de' });
});

test('a backup written before users had a language restores with none: the profile says null', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  const seeded = await seedBoard(source);
  const file = join(root, 'backup.json');
  t.is((await runInProcess(['backup', '--data', source, '--out', file])).code, 0);
  const old = join(root, 'schema-13.json');
  await writeFile(old, JSON.stringify(asSchemaThirteen(JSON.parse(await readFile(file, 'utf8')))), { mode: 0o600 });
  const target = join(root, 'restored');
  const restored = await runInProcess(['restore', old, '--data', target]);
  t.is(restored.code, 0, restored.stderr);
  t.deepEqual(await localesOf(target), { 'ada@example.org': null, 'bob@example.org': null });
  const serving = await startServing(['serve', '--data', target, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const language = await sendRequest(serving.url, 'GET', '/auth/language', { token: seeded.ownerToken });
  t.is(language.status, 200);
  t.is(language.body.language.locale, null);
  t.is((await stopServing(serving)).code, 0);
});
