import { join } from 'node:path';
import test from 'ava';
import { initBoard } from './_admin.js';
import { runInProcess, startServing, stopServing, tempDir } from './_cli.js';

test('feedbackd migrate on a JSON-file data dir says its schema version', async (t) => {
  const board = await initBoard(t);
  const result = await runInProcess(['migrate', '--data', board.data]);
  t.is(result.stderr, '');
  t.regex(result.stdout, /^The JSON-file database in .+ is at schema version \d+\.\n$/);
  t.like(JSON.parse((await runInProcess(['migrate', '--data', board.data, '--json'])).stdout), { engine: 'lowdb', applied: [] });
});

test('feedbackd migrate never creates a data directory, and refuses one a server holds', async (t) => {
  const missing = join(await tempDir(t), 'nope');
  const result = await runInProcess(['migrate', '--data', missing]);
  t.is(result.code, 1);
  t.regex(result.stderr, /^error: There is no data directory at /);
  const board = await initBoard(t);
  const serving = await startServing(['serve', '--data', board.data, '--port', '0']);
  t.teardown(() => stopServing(serving));
  const locked = await runInProcess(['migrate', '--data', board.data]);
  t.is(locked.code, 1);
  t.regex(locked.stderr, /^error: Data directory .+ is in use by process \d+ \(.*serve/);
});
