import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { buildCannyFixture } from '../admin/import-fixtures/canny.js';
import { initBoard } from './_admin.ts';
import { runInProcess, tempDir } from './_cli.ts';

/*
 * `feedbackd import --from canny` as an operator runs it: with --api-key-file and --api-url (a local
 * server answering as Canny's API does), and with the posts CSV as the source. What the reader
 * reads is proven by test/admin/import-from-canny.test.ts; this is the command around it.
 */

test('import --from canny --api-key-file --api-url: the whole company comes in, the key is never printed; a rerun adds nothing', async (t) => {
  const board = await initBoard(t);
  const dir = await tempDir(t);
  const fixture = await buildCannyFixture(dir);
  t.teardown(() => fixture.close());
  const run = (...extra: string[]) => runInProcess(['import', '--from', 'canny', '--api-key-file', fixture.apiKeyFile, '--api-url', fixture.apiUrl, '--data', board.data, ...extra]);

  const real = await run();
  t.is(real.code, 0, real.stderr);
  t.regex(real.stdout, /Imported from canny:/);
  t.regex(real.stdout, /posts +8 +0 +0/);
  t.regex(real.stdout, /votes +2077 +0 +0/);
  t.regex(real.stdout, /Open → no roadmap: 2 post\(s\)/);
  t.regex(real.stdout, /4 attachments \(images of posts and comments\): not imported/);
  t.false(real.stdout.includes(fixture.apiKey) || real.stderr.includes(fixture.apiKey), 'the key is never printed');

  const again = JSON.parse((await run('--json')).stdout);
  t.like(again, { from: 'canny', dryRun: false, counts: { posts: { created: 0, alreadyImported: 8 }, votes: { created: 0, alreadyImported: 2077 } } });
});

test('import --from canny: a wrong key names the address, not the key; the posts CSV goes in as the source', async (t) => {
  const board = await initBoard(t);
  const dir = await tempDir(t);
  const fixture = await buildCannyFixture(dir);
  t.teardown(() => fixture.close());
  const wrongKeyFile = join(dir, 'wrong-key');
  await writeFile(wrongKeyFile, 'sk_wrong_key_for_this_test\n', { mode: 0o600 });
  const wrong = await runInProcess(['import', '--from', 'canny', '--api-key-file', wrongKeyFile, '--api-url', fixture.apiUrl, '--data', board.data]);
  t.is(wrong.code, 1);
  t.true(wrong.stderr.includes(`${fixture.apiUrl}/v1/boards/list: the API key was refused (HTTP 401: invalid api key)`), wrong.stderr);
  t.false(wrong.stderr.includes('sk_wrong_key_for_this_test'));

  const csv = await runInProcess(['import', '--from', 'canny', fixture.csv.source, '--data', board.data, '--json']);
  t.is(csv.code, 0, csv.stderr);
  t.like(JSON.parse(csv.stdout), { from: 'canny', counts: { posts: { created: 8 }, votes: { created: 2077 } } });
});
