import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { buildCsvFixture, CSV_MAP } from '../admin/import-fixtures/csv.js';
import { initBoard, withBoard } from './_admin.ts';
import { runInProcess, startServing, stopServing, tempDir } from './_cli.ts';

/*
 * `feedbackd import --from <tool>` as an operator runs it: while serve runs (through the control
 * socket) and without a server, with the report on stdout and progress on stderr. What each
 * source holds is proven by test/admin/import-from-*.test.ts; this is the command around them.
 */

test('while serve runs, import --from csv goes through the control socket: the status mapping, people and counts; a dry run first, a rerun after', async (t) => {
  const board = await initBoard(t);
  const { source } = await buildCsvFixture(await tempDir(t));
  const serving = await startServing(['serve', '--data', board.data, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const run = (...extra: string[]) => runInProcess(['import', '--from', 'csv', source, '--map', CSV_MAP, '--data', board.data, ...extra]);

  const dry = await run('--dry-run');
  t.is(dry.code, 0, dry.stderr);
  t.regex(dry.stdout, /Dry run from csv: nothing was written\. A real run would do this:/);
  const posts = async () => (await (await fetch(`${serving.url}/api/v1/posts/get`, { method: 'POST' })).json()).posts.length;
  t.is(await posts(), 0, 'the dry run wrote nothing');

  const real = await run();
  t.is(real.code, 0, real.stderr);
  t.regex(real.stdout, /Statuses → roadmaps \(change with --status-map "status=Roadmap,status=none"\):\n {2}Planned → Planned \(new\): 1 post\(s\)/);
  t.regex(real.stdout, /open → no roadmap: 2 post\(s\)/);
  t.regex(real.stdout, /People: 3 new account\(s\) without a password, 1 matched by email, 0 imported before, \d+ placeholder\(s\) for people the source does not name\. Nobody was mailed\./);
  t.regex(real.stdout, /Imported from csv:\nSECTION +NEW +ALREADY HERE +SKIPPED\n/);
  t.regex(real.stdout, /posts +7 +0 +0/);
  t.is(await posts(), 7, 'the running server shows the imported posts at once');

  const again = JSON.parse((await run('--json')).stdout);
  t.like(again, { from: 'csv', dryRun: false, boardHasOwner: true, counts: { posts: { created: 0, alreadyImported: 7, skipped: 0 } } });
  t.is((await stopServing(serving)).code, 0);
});

test('without a server, import --from csv opens the data directory itself and shows progress; placeholders never get mail', async (t) => {
  const board = await initBoard(t);
  const { source } = await buildCsvFixture(await tempDir(t));
  const result = await runInProcess(['import', '--from', 'csv', source, '--map', CSV_MAP, '--data', board.data, '--json']);
  t.is(result.code, 0, result.stderr);
  t.like(JSON.parse(result.stdout), { counts: { posts: { created: 7 }, votes: { created: 2664 } } });
  t.regex(result.stderr, /import: 500\/\d+ rows \(users\)\n/);
  await withBoard(board, async (ctx) => {
    const { users } = (await ctx.storage.snapshot()).tables;
    const placeholders = users.filter((user) => user.email.endsWith('@imported.invalid'));
    t.true(placeholders.length >= 2600);
    t.true(placeholders.every((user) => user.notificationsOff === true && user.passwordHash === ''));
  });
});

test('import --from: a missing source, a relative path to nothing, an unreadable key file and a source for the wrong tool are clear errors', async (t) => {
  const board = await initBoard(t);
  const dir = await tempDir(t);
  const run = (...args: string[]) => runInProcess(['import', ...args, '--data', board.data]);
  const noFile = await run('--from', 'csv');
  t.is(noFile.code, 1);
  t.regex(noFile.stderr, /csv: needs the CSV file: feedbackd import --from csv <file>/);
  const missing = await run('--from', 'csv', join(dir, 'nothing.csv'));
  t.regex(missing.stderr, /Cannot read .*nothing\.csv: there is no such file/);
  const noKey = await run('--from', 'canny', '--api-key-file', join(dir, 'no-key.txt'));
  t.regex(noKey.stderr, /--api-key-file .*no-key\.txt cannot be read \(ENOENT\)/);
  const emptyKey = join(dir, 'empty-key.txt');
  await writeFile(emptyKey, '\n');
  t.regex((await run('--from', 'canny', '--api-key-file', emptyKey)).stderr, /is empty: put the secret API key on its first line/);
  const neither = await run();
  t.regex(neither.stderr, /import needs a file written by feedbackd export, or --from <tool> for another board/);
  const unknown = await run('--from', 'uservoice', 'x.csv');
  t.regex(unknown.stderr, /--from.*uservoice.*(fider, logchimp, canny, astuto, csv|Allowed choices)/);
});
