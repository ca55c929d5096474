import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { sendRequest } from '../_helpers/server.js';
import { initBoard, PASSWORD } from '../cli/_admin.js';
import { runChild, runInProcess, startServing, stopServing, tempDir } from '../cli/_cli.js';
import { freshSchema, pgTests, query, withSearchPath } from '../storage-pg/_pg.js';

/*
 * A data directory records the database it belongs to (<data>/database.json): a start with the
 * URL forgotten, or with another database, is refused instead of serving an empty, unclaimed board.
 */

async function hasMigrations(schemaUrl: string): Promise<boolean> {
  const [row] = await query<{ found: string | null }>(schemaUrl, "SELECT to_regclass('schema_migrations')::text AS found");
  return row?.found != null;
}

async function record(data: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(data, 'database.json'), 'utf8')) as Record<string, unknown>;
}

const exists = (path: string) => stat(path).then(() => true, () => false);

/** The password of the test URL (postgres://user:password@…), which no message or file may show. */
function passwordOf(url: string): string {
  return decodeURIComponent(new URL(url).password);
}

/** The URL's `:password@` part (the CI password is also the user's and the database's name). */
function credentialsIn(text: string, url: string): boolean {
  return text.includes(`:${passwordOf(url)}@`);
}

/** A board set up on `schemaUrl` as an operator does: `init` with the URL in the environment (not saved to config.json). */
async function initOnPostgres(t: ExecutionContext, schemaUrl: string): Promise<string> {
  const dir = await tempDir(t);
  const data = join(dir, 'data');
  const passwordFile = join(dir, 'password.txt');
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  const args = ['init', '--yes', '--no-serve', '--data', data, '--email', 'ada@example.org', '--password-file', passwordFile, '--mail-outbox'];
  const result = await runInProcess(args, { env: { FEEDBACKD_DATABASE_URL: schemaUrl } });
  if (result.code !== 0) throw new Error(`init failed: ${result.stderr}`);
  return data;
}

pgTests((url) => {
  test('a data dir set up on PostgreSQL and started without the URL is refused: no empty board, no db.json', async (t) => {
    const { url: schemaUrl, schema } = await freshSchema(t, url);
    const data = await initOnPostgres(t, schemaUrl);
    const recorded = await record(data);
    t.like(recorded, { engine: 'postgres', database: 'feedbackd_ci', schema });
    t.is((await stat(join(data, 'database.json'))).mode & 0o777, 0o600);
    t.false(credentialsIn(await readFile(join(data, 'database.json'), 'utf8'), url));

    const served = await runChild(['serve', '--data', data, '--port', '0', '--mail-outbox']);
    t.is(served.code, 1);
    t.false(served.stdout.includes('listening'), 'GET /auth/setup is never answered by an empty board');
    t.regex(served.stderr, /^error: Data directory .* belongs to the PostgreSQL database postgres:\/\/feedbackd_ci@.*, but no database URL was given: give it with --database, FEEDBACKD_DATABASE_URL or databaseUrl in config\.json \(nothing was changed;/);
    t.true(served.stderr.includes(`schema ${schema}`));
    t.false(credentialsIn(served.stderr, url));
    t.is(served.stderr.trim().split('\n').length, 1);
    t.false(await exists(join(data, 'db.json')));

    for (const args of [['user', 'list'], ['migrate'], ['init', '--yes', '--no-serve', '--email', 'eve@example.org', '--password-stdin']]) {
      const refused = await runInProcess([...args, '--data', data], { stdin: `${PASSWORD}\n` });
      t.is(refused.code, 1, args.join(' '));
      t.regex(refused.stderr, /belongs to the PostgreSQL database/, args.join(' '));
    }
    t.false(await exists(join(data, 'db.json')));
    const doctor = await runInProcess(['doctor', '--data', data, '--mail-outbox', '--port', '0']);
    t.is(doctor.code, 1);
    t.regex(doctor.stdout, /^fail database record: Data directory .* belongs to the PostgreSQL database/m);
    t.false(await exists(join(data, 'db.json')));

    // With the URL, the board is there as it was.
    const serving = await startServing(['serve', '--data', data, '--port', '0', '--mail-outbox'], { env: { FEEDBACKD_DATABASE_URL: schemaUrl } });
    t.teardown(() => stopServing(serving).then(() => undefined));
    t.deepEqual((await sendRequest(serving.url, 'GET', '/auth/setup')).body, { is_setup: true });
  });

  test('a JSON-file data dir with users started with a database URL is refused, and nothing is written to the database', async (t) => {
    const board = await initBoard(t);
    t.deepEqual(await record(board.data), { engine: 'lowdb' });
    const older = await initBoard(t);
    await rm(join(older.data, 'database.json')); // a directory of an older feedbackd: no record, users in its JSON files
    for (const data of [board.data, older.data]) {
      const { url: schemaUrl } = await freshSchema(t, url);
      for (const args of [['user', 'list'], ['migrate'], ['serve', '--port', '0', '--mail-outbox']]) {
        const refused = await runInProcess([...args, '--data', data, '--database', schemaUrl]);
        t.is(refused.code, 1, args.join(' '));
        t.regex(refused.stderr, /^error: Data directory .* belongs to the JSON-file database in it, but the PostgreSQL database postgres:\/\/feedbackd_ci@.* was given: start without --database, FEEDBACKD_DATABASE_URL or databaseUrl in config\.json \(nothing was changed;/);
        t.false(credentialsIn(refused.stderr, url));
      }
      t.false(await hasMigrations(schemaUrl), 'no migration ran');
      const doctor = await runInProcess(['doctor', '--data', data, '--database', schemaUrl, '--mail-outbox', '--port', '0']);
      t.is(doctor.code, 1);
      t.regex(doctor.stdout, /^fail database record: .*belongs to the JSON-file database in it/m);
    }
    t.false(await exists(join(older.data, 'database.json')));
  });

  test('another schema, or the same one dropped and created again, is refused before any migration', async (t) => {
    const first = await freshSchema(t, url);
    const data = await initOnPostgres(t, first.url);
    const second = await freshSchema(t, url);
    const other = await runInProcess(['user', 'list', '--data', data, '--database', second.url]);
    t.is(other.code, 1);
    t.regex(other.stderr, new RegExp(`belongs to the PostgreSQL database .*\\(schema ${first.schema}\\), not to .*\\(schema ${second.schema}\\): give the right one with --database`));
    t.false(await hasMigrations(second.url));

    await query(url, `DROP SCHEMA ${first.schema} CASCADE`);
    await query(url, `CREATE SCHEMA ${first.schema}`);
    const recreated = await runInProcess(['serve', '--data', data, '--database', first.url, '--port', '0']);
    t.is(recreated.code, 1);
    t.regex(recreated.stderr, /dropped and created again since/);
    t.false(await hasMigrations(first.url));
  });

  test('a data dir without a record is adopted by its first PostgreSQL start', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const data = await initOnPostgres(t, schemaUrl);
    await rm(join(data, 'database.json')); // set up by an older feedbackd
    t.is((await runInProcess(['user', 'list', '--data', data, '--database', schemaUrl])).code, 0);
    t.like(await record(data), { engine: 'postgres' });
    const fresh = join(await tempDir(t), 'new');
    const { url: otherUrl } = await freshSchema(t, url);
    const migrated = await runInProcess(['migrate', '--data', fresh, '--database', otherUrl]);
    t.is(migrated.code, 0, migrated.stderr);
  });

  test('migrate-data, restore and init --force move the record; two data dirs on one schema both serve', async (t) => {
    const board = await initBoard(t);
    const { url: schemaUrl } = await freshSchema(t, url);
    t.is((await runInProcess(['migrate-data', '--data', board.data, '--to', schemaUrl])).code, 0);
    t.like(await record(board.data), { engine: 'postgres' });
    t.is((await runInProcess(['user', 'list', '--data', board.data, '--database', schemaUrl])).code, 0);
    t.is((await runInProcess(['user', 'list', '--data', board.data])).code, 1, 'the JSON files left behind are not served');

    const file = join(await tempDir(t), 'board.backup');
    t.is((await runInProcess(['backup', '--data', board.data, '--database', schemaUrl, '--out', file])).code, 0);
    const { url: restoredUrl } = await freshSchema(t, url);
    const restoredDir = join(await tempDir(t), 'restored');
    t.is((await runInProcess(['restore', file, '--data', restoredDir, '--database', restoredUrl])).code, 0);
    const restored = await record(restoredDir);
    t.like(restored, { engine: 'postgres', url: withSearchPath(url.replace(`:${passwordOf(url)}@`, '@'), restored.schema as string) });
    t.is((await runInProcess(['restore', file, '--data', board.data, '--force'])).code, 0);
    t.deepEqual(await record(board.data), { engine: 'lowdb' });

    // init --force takes a directory of another database over.
    const { url: initUrl } = await freshSchema(t, url);
    const forced = await runInProcess(['init', '--yes', '--no-serve', '--force', '--data', board.data, '--database', initUrl, '--email', 'ada@example.org', '--password-stdin', '--mail-outbox'], { stdin: `${PASSWORD}\n` });
    t.is(forced.code, 0, forced.stderr);
    t.like(await record(board.data), { engine: 'postgres' });

    // Two servers, each with its own data dir, on one database.
    const second = join(await tempDir(t), 'second');
    const args = (data: string) => ['serve', '--data', data, '--database', restoredUrl, '--port', '0', '--mail-outbox'];
    const [a, b] = await Promise.all([startServing(args(restoredDir)), startServing(args(second))]);
    t.teardown(async () => {
      await Promise.all([stopServing(a), stopServing(b)]);
    });
    for (const server of [a, b]) t.deepEqual((await sendRequest(server.url, 'GET', '/auth/setup')).body, { is_setup: true });
    t.deepEqual(await record(second), await record(restoredDir));
  });
});
