import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { initBoard, PASSWORD } from './_admin.js';
import { runChild, runInProcess, tempDir } from './_cli.js';

/*
 * The JSON-file side of <data>/database.json (the PostgreSQL side is test/postgres/database-record.test.ts):
 * written on the first open, adopted by older directories, refused when it names PostgreSQL.
 */

/** What a data directory set up on PostgreSQL records (no server is needed to be refused by it). */
const POSTGRES_RECORD = {
  engine: 'postgres',
  url: 'postgres://board@db.example.org:5432/feedback',
  host: 'db.example.org',
  port: 5432,
  database: 'feedback',
  schema: 'public',
  identity: '16384/2200',
};

const exists = (path: string) => stat(path).then(() => true, () => false);

async function recordOf(data: string): Promise<unknown> {
  return JSON.parse(await readFile(join(data, 'database.json'), 'utf8'));
}

async function postgresDataDir(t: import('ava').ExecutionContext): Promise<string> {
  const data = join(await tempDir(t), 'data');
  await mkdir(data, { mode: 0o700 });
  await writeFile(join(data, 'database.json'), JSON.stringify(POSTGRES_RECORD), { mode: 0o600 });
  return data;
}

const REFUSAL =
  /^error: Data directory .*\/data belongs to the PostgreSQL database postgres:\/\/board@db\.example\.org:5432\/feedback \(schema public\), but no database URL was given: give it with --database, FEEDBACKD_DATABASE_URL or databaseUrl in config\.json \(nothing was changed; to move the board to the JSON-file database, use feedbackd migrate-data or restore\)\n$/;

test('init records the JSON-file engine in database.json (mode 0600)', async (t) => {
  const board = await initBoard(t);
  t.deepEqual(await recordOf(board.data), { engine: 'lowdb' });
  t.is((await stat(join(board.data, 'database.json'))).mode & 0o777, 0o600);
});

test('a directory without a record (an older feedbackd) is adopted by its next start', async (t) => {
  const board = await initBoard(t);
  await rm(join(board.data, 'database.json'));
  const listed = await runInProcess(['user', 'list', '--data', board.data]);
  t.is(listed.code, 0, listed.stderr);
  t.true(listed.stdout.includes('ada@example.org'));
  t.deepEqual(await recordOf(board.data), { engine: 'lowdb' });
});

test('a JSON-file start on a directory recorded as PostgreSQL is refused and creates no database', async (t) => {
  const data = await postgresDataDir(t);
  const served = await runChild(['serve', '--data', data, '--port', '0', '--mail-outbox']);
  t.is(served.code, 1);
  t.regex(served.stderr, REFUSAL);
  t.is(served.stdout, '');
  for (const args of [['user', 'list'], ['migrate'], ['post', 'list'], ['init', '--yes', '--no-serve', '--email', 'eve@example.org', '--password-stdin', '--mail-outbox']]) {
    const refused = await runInProcess([...args, '--data', data], { stdin: `${PASSWORD}\n` });
    t.is(refused.code, 1, args.join(' '));
    t.regex(refused.stderr, REFUSAL, args.join(' '));
  }
  t.false(await exists(join(data, 'db.json')));
  t.deepEqual(await recordOf(data), POSTGRES_RECORD);
});

test('doctor reports a directory recorded as PostgreSQL, started without the URL, as a failure', async (t) => {
  const data = await postgresDataDir(t);
  const doctor = await runInProcess(['doctor', '--data', data, '--mail-outbox', '--port', '0']);
  t.is(doctor.code, 1);
  t.regex(doctor.stdout, /^fail database record: Data directory .* belongs to the PostgreSQL database postgres:\/\/board@db\.example\.org:5432\/feedback \(schema public\), but no database URL was given: .* — start with the database the directory belongs to/m);
  t.false(await exists(join(data, 'db.json')));
  const board = await initBoard(t);
  const healthy = await runInProcess(['doctor', '--data', board.data, '--mail-outbox', '--port', '0']);
  t.regex(healthy.stdout, /^ok {3}database record: the data directory belongs to the JSON-file database$/m);
});

test('init --force, restore and migrate-data record the JSON-file engine they write to', async (t) => {
  const forced = await postgresDataDir(t);
  const init = await runInProcess(['init', '--yes', '--no-serve', '--force', '--data', forced, '--email', 'ada@example.org', '--password-stdin', '--mail-outbox'], {
    stdin: `${PASSWORD}\n`,
  });
  t.is(init.code, 0, init.stderr);
  t.deepEqual(await recordOf(forced), { engine: 'lowdb' });

  const board = await initBoard(t);
  const file = join(await tempDir(t), 'board.backup');
  t.is((await runInProcess(['backup', '--data', board.data, '--out', file])).code, 0);
  const restoredOver = await postgresDataDir(t);
  t.is((await runInProcess(['restore', file, '--data', restoredOver])).code, 1, 'a non-empty directory still needs --force');
  const restored = await runInProcess(['restore', file, '--data', restoredOver, '--force']);
  t.is(restored.code, 0, restored.stderr);
  t.deepEqual(await recordOf(restoredOver), { engine: 'lowdb' });
  t.is((await runInProcess(['user', 'list', '--data', restoredOver])).code, 0);

  const copy = join(await tempDir(t), 'copy');
  const migrated = await runInProcess(['migrate-data', '--data', board.data, '--to', copy]);
  t.is(migrated.code, 0, migrated.stderr);
  t.deepEqual(await recordOf(copy), { engine: 'lowdb' });
});
