import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { readCsv } from '../../src/admin/import-from/csv.js';
import { tempDir } from '../cli/_cli.js';
import { boardFingerprint, boardForImport, importInto, importSuite, postsAsShown } from './_import-from.js';
import { buildCsvFixture, CSV_MAP, csvText, csvWithBadVotes } from './import-fixtures/csv.js';

importSuite(test, {
  from: 'csv',
  async build(t) {
    const { source, expected } = await buildCsvFixture(await tempDir(t));
    return { args: { source, map: CSV_MAP }, expected };
  },
  damaged: [
    {
      name: 'a file cut inside a quoted field',
      async build(t) {
        const source = join(await tempDir(t), 'cut.csv');
        const text = csvText();
        await writeFile(source, text.slice(0, text.indexOf('semicolons')));
        return { source, map: CSV_MAP };
      },
      message: /cut\.csv line \d+: is not valid CSV \(Quote Not Closed/,
    },
    {
      name: 'a row whose votes are not a number',
      async build(t) {
        const source = join(await tempDir(t), 'votes.csv');
        await writeFile(source, csvWithBadVotes());
        return { source, map: CSV_MAP };
      },
      message: /votes\.csv row 5 column "Votes": "many" is not a number of votes/,
    },
    {
      name: 'a zip archive (another tool\'s backup)',
      async build(t) {
        const source = join(await tempDir(t), 'backup.csv');
        await writeFile(source, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]));
        return { source };
      },
      message: /backup\.csv: is a zip archive, not a CSV file/,
    },
    {
      name: 'a --map naming a column the file does not have',
      async build(t) {
        const { source } = await buildCsvFixture(await tempDir(t));
        return { source, map: 'title=Idea,votes=Stimmen' };
      },
      message: /ideas\.csv: has no column "Stimmen" \(--map votes=Stimmen\); its columns are "Idea", "Details"/,
    },
  ],
});

test('the CSV reader takes commas or semicolons, a BOM or none, quoted line breaks, and guesses columns by their usual names', async (t) => {
  const dir = await tempDir(t);
  const source = join(dir, 'plain.csv');
  await writeFile(source, 'Title,Description,Email,Votes,Status,Category,Created\n"One, two","line\nbreak",a@example.org,"1,200",planned,Ideas,2024-03-01\n');
  const data = await readCsv({ source });
  t.is(data.posts.length, 1);
  t.like(data.posts[0], { title: 'One, two', content: 'line\nbreak', voteCount: 1200, createdAt: '2024-03-01T00:00:00.000Z', statusId: 'planned', boardId: 'ideas' });
  t.deepEqual(data.users, [{ sourceId: 'a@example.org', email: 'a@example.org', name: 'a', createdAt: '2024-03-01T00:00:00.000Z' }]);
});

test('a CSV date that is not ISO 8601 is refused, naming the row and column', async (t) => {
  const source = join(await tempDir(t), 'dates.csv');
  await writeFile(source, 'Title;Date\nA;03/04/2024\n');
  await t.throwsAsync(readCsv({ source }), { message: 'dates.csv row 2 column "Date": "03/04/2024" is not a date: write dates as 2024-03-01 or 2024-03-01 14:30 (ISO 8601)' });
});

test('--status-map sends statuses where the operator says, and an unknown status in it is refused before anything is written', async (t) => {
  const { source } = await buildCsvFixture(await tempDir(t));
  const board = await boardForImport(t, null);
  await t.throwsAsync(importInto(board, { from: 'csv', source, map: CSV_MAP, statusMap: 'shipped=Done' }), {
    message: /--status-map: the source has no status "shipped"; its statuses are "Planned", "In progress", "open", "Done"/,
  });
  const summary = await importInto(board, { from: 'csv', source, map: CSV_MAP, statusMap: 'planned=none,In progress=Doing,open=Later' });
  t.deepEqual(
    summary.statusMapping.map((row) => `${row.status}→${row.roadmap}`),
    ['Planned→null', 'In progress→Doing', 'open→Later', 'Done→Done'],
  );
  const posts = [...(await postsAsShown(board)).values()];
  t.is(posts.find((post) => post.title === 'ダークモードの改善')?.roadmap, 'Later');
  t.is(posts.find((post) => post.title === 'Dark mode' && post.board === 'Features')?.roadmap, null);
});

test('an import that fails halfway through its writes leaves nothing behind (one transaction)', async (t) => {
  const { source } = await buildCsvFixture(await tempDir(t));
  const board = await boardForImport(t, null);
  const before = await boardFingerprint(board);
  const storage = board.server.ctx.storage;
  const real = storage.bulkTransaction.bind(storage);
  // The 1,000th vote's write fails, as a full disk or a lost connection would make it.
  storage.bulkTransaction = (work) =>
    real((tx) => {
      let votes = 0;
      const insert = tx.votes.insert.bind(tx.votes);
      tx.votes.insert = (row) => (++votes === 1000 ? Promise.reject(new Error('the disk is full')) : insert(row));
      return work(tx);
    });
  await t.throwsAsync(importInto(board, { from: 'csv', source, map: CSV_MAP }), { message: 'the disk is full' });
  t.is(await boardFingerprint(board), before);
});

test('a transaction run again (as PostgreSQL does after a serialisation failure) reports each row once', async (t) => {
  const { source, expected } = await buildCsvFixture(await tempDir(t));
  const board = await boardForImport(t, null);
  const storage = board.server.ctx.storage;
  const real = storage.bulkTransaction.bind(storage);
  // The first attempt does all its work, then is rolled back; the second commits.
  storage.bulkTransaction = async (work) => {
    await real(async (tx) => {
      await work(tx);
      throw new Error('could not serialize access');
    }).catch(() => undefined);
    return real(work);
  };
  const summary = await importInto(board, { from: 'csv', source, map: CSV_MAP });
  t.is(summary.counts.posts?.created, expected.posts.length);
  t.is(summary.counts.votes?.created, 2664);
  t.is(summary.statusMapping.length, expected.statuses.length);
});
