import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { describeDatabase, withoutPassword } from '../../src/storage/postgres/connect-error.js';
import { sendRequest } from '../_helpers/server.js';
import { seedBoard } from '../admin/backup-fixtures.js';
import { runInProcess, startServing, stopServing, tempDir } from '../cli/_cli.js';
import { seedEveryTable, storedSnapshot } from '../cli/_migrate-data.js';
import { freshSchema, pgTests } from '../storage-pg/_pg.js';

/** A backup file of a new board in `root/name`, and the board's stored snapshot. */
async function backupOf(root: string, name: string, seedWith = seedEveryTable) {
  const dir = join(root, name);
  const seeded = await seedWith(dir);
  const file = join(root, `${name}.json`);
  const backup = await runInProcess(['backup', '--data', dir, '--out', file]);
  if (backup.code !== 0) throw new Error(backup.stderr);
  return { dir, file, seeded, snapshot: await storedSnapshot(dir) };
}

pgTests((url) => {
  test('restore FILE --database puts the rows into an empty PostgreSQL database and the secret and config.json into the data dir', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const root = await tempDir(t);
    const board = await backupOf(root, 'board');
    const data = join(root, 'restored');
    const restored = await runInProcess(['restore', board.file, '--data', data, '--database', schemaUrl]);
    t.is(restored.code, 0, restored.stderr);
    t.regex(restored.stdout, /^Restored the backup of .+ into the PostgreSQL database .+ \(secret and config\.json in .+restored\): users 2, /);
    t.true(restored.stdout.endsWith(`Start it with: feedbackd serve --data ${data} --database '${withoutPassword(schemaUrl)}'\n`));
    t.deepEqual(await storedSnapshot(data, schemaUrl), board.snapshot);
    t.is(await readFile(join(data, 'secret'), 'utf8'), await readFile(join(board.dir, 'secret'), 'utf8'));
    t.is(await readFile(join(data, 'config.json'), 'utf8'), await readFile(join(board.dir, 'config.json'), 'utf8'));
    await t.throwsAsync(stat(join(data, 'db.json')));

    const serving = await startServing(['serve', '--data', data, '--database', schemaUrl, '--port', '0']);
    t.teardown(() => serving.child.kill('SIGKILL'));
    t.is((await sendRequest(serving.url, 'GET', '/users/profile', { token: board.seeded.ownerToken })).status, 200);
    t.is((await stopServing(serving)).code, 0);
  });

  test("config.json's databaseUrl follows the restore: dropped for a data dir, the new database for --database", async (t) => {
    const { url: first } = await freshSchema(t, url);
    const { url: second } = await freshSchema(t, url);
    const root = await tempDir(t);
    const data = join(root, 'on-postgres');
    const passwordFile = join(root, 'password.txt');
    await writeFile(passwordFile, 'correct horse battery\n', { mode: 0o600 });
    const init = ['init', '--yes', '--no-serve', '--data', data, '--database', first, '--email', 'ada@example.org', '--password-file', passwordFile];
    t.is((await runInProcess([...init, '--mail-outbox'])).code, 0);
    const file = join(root, 'backup.json');
    t.is((await runInProcess(['backup', '--data', data, '--out', file])).code, 0);

    const json = join(root, 'json');
    t.is((await runInProcess(['restore', file, '--data', json])).code, 0);
    t.deepEqual(JSON.parse(await readFile(join(json, 'config.json'), 'utf8')), { mailOutbox: true });
    // Opened alone, the restored directory is served from its own JSON-file database.
    t.like(JSON.parse((await runInProcess(['migrate', '--data', json, '--json'])).stdout), { engine: 'lowdb' });

    const moved = join(root, 'moved');
    t.is((await runInProcess(['restore', file, '--data', moved, '--database', second])).code, 0);
    t.deepEqual(JSON.parse(await readFile(join(moved, 'config.json'), 'utf8')), { databaseUrl: second, mailOutbox: true });
  });

  test('restore --database refuses a database holding rows, changing nothing; --force replaces all its rows', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const root = await tempDir(t);
    const first = await backupOf(root, 'first');
    const second = await backupOf(root, 'second', seedBoard);
    t.is((await runInProcess(['restore', first.file, '--data', join(root, 'one'), '--database', schemaUrl])).code, 0);

    const target = join(root, 'two');
    const refused = await runInProcess(['restore', second.file, '--data', target, '--database', schemaUrl]);
    t.is(refused.code, 1);
    t.is(
      refused.stderr,
      `error: The PostgreSQL database ${describeDatabase(url)} is not empty: it holds 2 users, 1 role, 3 role assignments, 1 board, ` +
        '1 roadmap, 3 posts, 3 votes, 5 comments, 5 activity entries, 1 mail token, 1 mail log entry, ' +
        '1 webhook endpoint, 1 subscription, 1 single sign-on secret, 1 linked identity, 1 sign-in provider, 1 changelog entry, 1 changelog link, 1 merged post, 1 tag, 1 tag of a post, 1 uploaded image. Restore into an empty database, or add --force to replace all its rows (nothing was changed)\n',
    );
    await t.throwsAsync(stat(target));
    t.deepEqual(await storedSnapshot(root, schemaUrl), first.snapshot);

    const forced = await runInProcess(['restore', second.file, '--data', target, '--database', schemaUrl, '--force']);
    t.is(forced.code, 0, forced.stderr);
    t.deepEqual(await storedSnapshot(root, schemaUrl), second.snapshot);
  });

  test('restore --database upgrades a backup of an older storage schema, as opening its db.json would', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const root = await tempDir(t);
    const board = await backupOf(root, 'board', seedBoard);
    // Schema version 1 had no comment tables.
    const doc = JSON.parse(await readFile(board.file, 'utf8'));
    doc.schemaVersion = 1;
    for (const name of ['comments', 'activities']) {
      delete doc.tables[name];
      delete doc.counts[name];
    }
    const old = join(root, 'v1.json');
    await writeFile(old, JSON.stringify(doc));
    const restored = await runInProcess(['restore', old, '--data', join(root, 'restored'), '--database', schemaUrl]);
    t.is(restored.code, 0, restored.stderr);
    const stored = await storedSnapshot(root, schemaUrl);
    t.deepEqual(stored.tables.comments, []);
    t.deepEqual(stored.tables.posts, board.snapshot.tables.posts);
  });
  test('a user’s language survives a backup restored into PostgreSQL; a backup from before it existed restores with none', async (t) => {
    const root = await tempDir(t);
    const board = await backupOf(root, 'board', seedBoard);
    const localesIn = async (dataDir: string, database: string) =>
      Object.fromEntries((await storedSnapshot(dataDir, database)).tables.users.map((user) => [user.email, user.locale ?? null]));

    const { url: current } = await freshSchema(t, url);
    t.is((await runInProcess(['restore', board.file, '--data', join(root, 'current'), '--database', current])).code, 0);
    t.deepEqual(await localesIn(join(root, 'current'), current), { 'ada@example.org': null, 'bob@example.org': 'de' });

    // As a schema-13 feedbackd wrote it: users without `locale`.
    const backup = JSON.parse(await readFile(board.file, 'utf8'));
    for (const user of (backup.tables ?? backup).users) delete user.locale;
    const old = join(root, 'schema-13.json');
    await writeFile(old, JSON.stringify({ ...backup, schemaVersion: 13 }), { mode: 0o600 });
    const { url: older } = await freshSchema(t, url);
    const data = join(root, 'older');
    const restored = await runInProcess(['restore', old, '--data', data, '--database', older]);
    t.is(restored.code, 0, restored.stderr);
    t.deepEqual(await localesIn(data, older), { 'ada@example.org': null, 'bob@example.org': null });
    const serving = await startServing(['serve', '--data', data, '--database', older, '--port', '0']);
    t.teardown(() => serving.child.kill('SIGKILL'));
    const language = await sendRequest(serving.url, 'GET', '/auth/language', { token: board.seeded.ownerToken });
    t.is(language.body.language.locale, null);
    t.is((await stopServing(serving)).code, 0);
  });
});
