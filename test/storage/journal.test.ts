import { appendFile, copyFile, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { openStorage } from '../../src/storage/open.js';
import { freshStorage, open, silentLogger, testConfig } from './_config.js';
import { crashCopy, journalNames } from './_files.js';
import { userRow } from './_rows.js';

/** A store with `count` users written to the journal only, copied as a crash would leave it. */
async function crashedStore(t: Parameters<typeof freshStorage>[0], count: number) {
  const { dir, storage } = await freshStorage(t);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await storage.users.insert(userRow())).id);
  const crashed = await crashCopy(dir);
  const journal = join(crashed, (await journalNames(crashed)).at(-1)!);
  return { dir, storage, crashed, journal, ids };
}

async function rewriteLine(path: string, lineIndex: number, text: string | null): Promise<void> {
  const lines = (await readFile(path, 'utf8')).split('\n');
  if (text === null) lines.splice(lineIndex, 1);
  else lines[lineIndex] = text;
  await writeFile(path, lines.join('\n'));
}

test('a torn last line is ignored and cut away; later writes and reopens work', async (t) => {
  const { crashed, journal, ids } = await crashedStore(t, 3);
  const goodSize = (await stat(journal)).size;
  await appendFile(journal, '{"seq":4,"ops":[{"op":"insert","table":"us');
  const reopened = await open(t, crashed);
  t.is((await reopened.users.getMany(ids)).size, 3);
  t.is((await stat(journal)).size, goodSize);
  const later = await reopened.users.insert(userRow());
  await reopened.close();
  const again = await open(t, crashed);
  t.is((await again.users.getMany([...ids, later.id])).size, 4);
});

test('a damaged last line that ends in a newline is an acknowledged write: refused, with the way out', async (t) => {
  const { crashed, journal } = await crashedStore(t, 2);
  const goodSize = (await stat(journal)).size;
  await appendFile(journal, '\0\0\0\0\n');
  const error = await t.throwsAsync(openStorage(testConfig(crashed), silentLogger));
  t.like(error, { code: 'DATABASE_CORRUPT', status: 500 });
  t.true(error!.message.includes(`${journal} line 3`), error!.message);
  t.true(error!.message.includes(`truncate -s ${goodSize} ${journal}`), error!.message);
  t.is((await stat(journal)).size, goodSize + 5, 'the refused file is left as it was');
});

test('a bit flip in the last line is refused, not cut away as a torn write', async (t) => {
  const { crashed, journal } = await crashedStore(t, 2);
  const text = await readFile(journal, 'utf8');
  const lastStart = text.lastIndexOf('\n', text.length - 2) + 1;
  await writeFile(journal, `${text.slice(0, lastStart)}{"seq":2,"ops":[{"op":"insert","table":"users","row":{"id":"x"}}]\n`);
  const error = await t.throwsAsync(openStorage(testConfig(crashed), silentLogger));
  t.regex(error!.message, /line 2 is damaged: the line is not valid JSON, yet it was written whole/);
});

test('an incomplete line in a journal file that is not the newest is refused', async (t) => {
  const { crashed, journal } = await crashedStore(t, 2);
  await appendFile(journal, '{"seq":3,"ops":[');
  const next = Number(/journal-(\d+)/.exec(journal)![1]) + 1;
  await writeFile(join(crashed, `journal-${next}.jsonl`), '');
  const error = await t.throwsAsync(openStorage(testConfig(crashed), silentLogger));
  t.regex(error!.message, /line 3 is damaged: the line is incomplete/);
});

test('a corrupted line in the middle is refused, naming the file and line', async (t) => {
  const { crashed, journal } = await crashedStore(t, 3);
  await rewriteLine(journal, 1, '{"seq":2,"ops":[{"op":"inse');
  const error = await t.throwsAsync(openStorage(testConfig(crashed), silentLogger));
  t.like(error, { code: 'DATABASE_CORRUPT', status: 500 });
  t.true(error!.message.includes(`${journal} line 2`), error!.message);
  t.is((await readFile(journal, 'utf8')).split('\n').length, 4, 'the refused file is left as it was');
});

test('a valid JSON line that is not a journal entry is refused', async (t) => {
  const { crashed, journal } = await crashedStore(t, 2);
  await rewriteLine(journal, 0, '{"seq":1,"ops":[{"op":"explode","table":"users"}]}');
  const error = await t.throwsAsync(openStorage(testConfig(crashed), silentLogger));
  t.regex(error!.message, /line 1.*change 1 is invalid/);
});

test('a missing entry (gap in sequence numbers) is refused', async (t) => {
  const { crashed, journal } = await crashedStore(t, 3);
  await rewriteLine(journal, 1, null);
  const error = await t.throwsAsync(openStorage(testConfig(crashed), silentLogger));
  t.regex(error!.message, /line 2.*expected sequence number 2, found 3/);
});

test('journal files without db.json are refused', async (t) => {
  const { crashed } = await crashedStore(t, 1);
  const { rm } = await import('node:fs/promises');
  await rm(join(crashed, 'db.json'));
  const error = await t.throwsAsync(openStorage(testConfig(crashed), silentLogger));
  t.like(error, { code: 'DATABASE_CORRUPT' });
  t.regex(error!.message, /db\.json.*missing/);
});

test('an unreadable db.json is refused, naming the file', async (t) => {
  const { dir, storage } = await freshStorage(t);
  await storage.close();
  await writeFile(join(dir, 'db.json'), '{"schemaVersion":1,');
  const error = await t.throwsAsync(openStorage(testConfig(dir), silentLogger));
  t.like(error, { code: 'DATABASE_CORRUPT' });
  t.true(error!.message.includes(join(dir, 'db.json')));
});

test('crash after the journal switched files but before the snapshot was written', async (t) => {
  const { crashed, journal, ids } = await crashedStore(t, 4);
  const next = Number(/journal-(\d+)/.exec(journal)![1]) + 1;
  await writeFile(join(crashed, `journal-${next}.jsonl`), '', { mode: 0o600 });
  await writeFile(join(crashed, 'db.json.tmp'), '{"half a snap');
  const reopened = await open(t, crashed);
  t.is((await reopened.users.getMany(ids)).size, 4);
  const later = await reopened.users.insert(userRow());
  await reopened.close();
  t.is((await (await open(t, crashed)).users.getMany([...ids, later.id])).size, 5);
});

test('crash after the new snapshot but before old journal files were deleted', async (t) => {
  const { crashed, journal, ids } = await crashedStore(t, 4);
  // A clean close of another copy writes the snapshot that covers those journal lines.
  const compacted = await crashCopy(crashed, 'compacted');
  await (await open(t, compacted)).close();
  await copyFile(join(compacted, 'db.json'), join(crashed, 'db.json'));
  const newest = (await journalNames(compacted)).at(-1)!;
  await copyFile(join(compacted, newest), join(crashed, newest));
  t.deepEqual(await journalNames(crashed), [journal.split('/').at(-1)!, newest]);
  const reopened = await open(t, crashed);
  t.is((await reopened.users.getMany(ids)).size, 4);
  t.is(await reopened.users.count(), 4);
});
