import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { sendRequest } from '../_helpers/server.js';
import { seedBoard } from '../admin/backup-fixtures.js';
import { runInProcess, snapshot, startServing, stopServing, tempDir } from './_cli.ts';
import { seedEveryTable, storedSnapshot, tablesWithoutRows } from './_migrate-data.ts';

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
const TEST_KEY = 'ZmVlZGJhY2tkLW1pZ3JhdGUtZGF0YS1zZWNyZXQtMzI';

test('migrate-data copies a stopped board into a new directory: same rows and ids, secret, config.json, modes; the copy serves old tokens', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  const seeded = await seedEveryTable(source);
  const before = await storedSnapshot(source);
  t.deepEqual(tablesWithoutRows(before), []);
  const target = join(root, 'new', 'copy');

  const result = await runInProcess(['migrate-data', '--data', source, '--to', target]);
  t.is(result.code, 0, result.stderr);
  const lines = result.stdout.trimEnd().split('\n');
  t.is(lines[0], `Copied into the data directory ${target}:`);
  t.deepEqual(
    lines.slice(1, -1).map((line) => line.trim().split(/ +/)),
    Object.entries(before.tables).map(([name, rows]) => [name, String(rows.length)]),
  );
  t.is(lines.at(-1), `Serve it with: feedbackd serve --data ${target}`);
  const total = Object.values(before.tables).reduce((sum, rows) => sum + rows.length, 0);
  t.regex(result.stderr, new RegExp(`^migrate-data: 0/${total} rows \\(users\\)$`, 'm'));
  const lastTable = Object.keys(before.tables).at(-1);
  t.regex(result.stderr, new RegExp(`^migrate-data: ${total}/${total} rows \\(${lastTable}\\)$`, 'm'));
  t.regex(result.stderr, /^note: config\.json was copied into .*copy \(without databaseUrl\)$/m);

  t.deepEqual(await storedSnapshot(target), before);
  t.is(await modeOf(target), 0o700);
  for (const name of ['secret', 'config.json', 'db.json']) t.is(await modeOf(join(target, name)), 0o600, name);
  t.is(await readFile(join(target, 'secret'), 'utf8'), await readFile(join(source, 'secret'), 'utf8'));
  t.deepEqual(JSON.parse(await readFile(join(target, 'config.json'), 'utf8')), { mailOutbox: true, publicUrl: 'https://feedback.example.org' });

  const serving = await startServing(['serve', '--data', target, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const profile = await sendRequest(serving.url, 'GET', '/users/profile', { token: seeded.ownerToken });
  t.is(profile.status, 200);
  t.is(profile.body.user.email, 'ada@example.org');
  t.is((await stopServing(serving)).code, 0);
});

test('migrate-data refuses a used target, a file or FIFO, the source itself or a directory inside it, a --to that is neither URL nor path, a missing source: nothing written', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  await seedBoard(source);
  const used = join(root, 'used');
  await mkdir(used);
  await writeFile(join(used, 'notes.txt'), 'mine');
  const file = join(root, 'file.txt');
  await writeFile(file, 'a file');
  const fifo = join(root, 'fifo');
  execFileSync('mkfifo', [fifo]);
  await symlink(source, join(root, 'link'));
  await mkdir(join(source, 'inner'));
  await symlink(join(source, 'inner'), join(root, 'inner-link'));
  const sourceBefore = await snapshot(source);
  const cases: Array<[string[], RegExp]> = [
    [['--to', used], /^error: The target directory .*used is not empty \(it holds notes\.txt\): give --to a new or empty directory \(nothing was written\)$/m],
    [['--to', file], /^error: Cannot write into .*file\.txt: it is a regular file, not a directory: give --to a new or empty directory \(nothing was written\)$/m],
    [['--to', fifo], /^error: Cannot write into .*fifo: it is a FIFO, not a directory: give --to a new or empty directory/m],
    [['--to', source], /^error: --to names the source itself \(.*source\): copy into another directory$/m],
    [['--to', join(root, 'link')], /^error: Cannot write .*link: it is the data directory, which holds feedbackd's own files: give --to a path outside it/m],
    [['--to', join(source, 'copy')], /^error: Cannot write .*copy: it is inside the data directory .*source, which holds feedbackd's own files/m],
    [['--to', join(root, 'link', 'new', 'copy')], /^error: Cannot write .*copy: it is inside the data directory .*source, which holds/m],
    [['--to', join(source, 'outbox')], /^error: Cannot write .*outbox: it is inside the data directory/m],
    [['--to', join(root, 'inner-link', 'copy')], /^error: Cannot write .*inner-link\/copy: it is inside the data directory .*source, which holds/m],
    [['--to', 'mysql://root:hunter2@db/feedback'], /^error: --to "mysql:\/\/…" is neither a PostgreSQL URL \(postgres:\/\/…\) nor a directory path$/m],
  ];
  for (const [args, message] of cases) {
    const result = await runInProcess(['migrate-data', '--data', source, ...args]);
    t.is(result.code, 1, args.join(' '));
    t.regex(result.stderr, message);
    t.notRegex(result.stderr, /hunter2/);
    t.is(result.stdout, '');
  }
  t.deepEqual(Object.keys(await snapshot(used)), [join(used, 'notes.txt')]);
  t.is(await readFile(file, 'utf8'), 'a file');
  t.deepEqual(await snapshot(source), sourceBefore);
  t.deepEqual((await readdir(source)).sort(), (await readdir(join(root, 'link'))).sort());
  t.false((await readdir(source)).includes('copy'));

  const missing = await runInProcess(['migrate-data', '--data', join(root, 'typo'), '--to', join(root, 'out')]);
  t.is(missing.code, 1);
  t.regex(missing.stderr, /^error: There is no data directory at .*typo: give --data <dir>/);
  await t.throwsAsync(stat(join(root, 'typo')));
  await t.throwsAsync(stat(join(root, 'out')));
});

test('migrate-data refuses a data directory a running server holds and says to stop it first', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  await seedBoard(source);
  const serving = await startServing(['serve', '--data', source, '--port', '0', '--mail-outbox']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  // Answering a request means the server is past its start-up, its stop-signal handlers included.
  t.is((await fetch(`${serving.url}/api/v1/health`)).status, 200);
  const target = join(root, 'copy');
  const result = await runInProcess(['migrate-data', '--data', source, '--to', target]);
  t.is(result.code, 1);
  t.regex(result.stderr, new RegExp(`^error: Data directory .* is in use by process ${serving.child.pid} .*: stop the server first: .*\\(nothing was written\\)$`, 'm'));
  await t.throwsAsync(stat(target));
  const stopped = await stopServing(serving);
  t.is(stopped.code, 0, `serve stopped with ${stopped.signal ?? `code ${stopped.code}`}: ${stopped.stderr}`);
});

test('migrate-data --json prints the target and the counts; the secret from FEEDBACKD_SECRET is named, not copied', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  await seedBoard(source);
  const target = join(root, 'copy');
  const env = { FEEDBACKD_SECRET: TEST_KEY };
  const result = await runInProcess(['migrate-data', '--data', source, '--to', target, '--json'], { env });
  t.is(result.code, 0, result.stderr);
  t.deepEqual(JSON.parse(result.stdout), {
    target,
    counts: { users: 2, roles: 3, userRoles: 3, boards: 1, roadmaps: 1, posts: 3, votes: 3, comments: 5, activities: 5, mailTokens: 0, mailLog: 0, webhookEndpoints: 0, subscriptions: 0, ssoSecrets: 0, linkedIdentities: 0, authProviders: 0, changelogEntries: 0, changelogLinks: 0, postMerges: 0, tags: 0, postTags: 0, uploads: 0 },
  });
  t.regex(result.stderr, /^note: the secret comes from FEEDBACKD_SECRET: keep setting the same value when serving the copy/m);
  await t.throwsAsync(stat(join(target, 'secret')));

  const again = await runInProcess(['migrate-data', '--data', source, '--to', target, '--json'], { env });
  t.is(again.code, 1);
  t.like(JSON.parse(again.stderr.trim().split('\n').at(-1)!), { error: { code: 'DATA_DIR_NOT_EMPTY' } });
});

test('migrate-data names an unreachable database without its password, and the source database itself is refused unopened', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  await seedBoard(source);
  const unreachable = await runInProcess(['migrate-data', '--data', source, '--to', 'postgres://me:hunter2@127.0.0.1:1/feedback']);
  t.is(unreachable.code, 1);
  t.regex(unreachable.stderr, /^error: Cannot open the PostgreSQL database 127\.0\.0\.1:1\/feedback: /m);
  t.notRegex(unreachable.stderr, /hunter2/);

  const url = 'postgres://me:hunter2@127.0.0.1:1/feedback';
  const same = await runInProcess(['migrate-data', '--data', source, '--database', url, '--to', url.replace('postgres:', 'postgresql:')]);
  t.is(same.code, 1);
  t.is(same.stderr, 'error: --to names the source itself (postgresql://me@127.0.0.1:1/feedback): copy into another database\n');
});
