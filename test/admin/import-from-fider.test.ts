import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { parse } from 'csv-parse/sync';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { readFider } from '../../src/admin/import-from/fider.js';
import { type SourceData, SourceError } from '../../src/admin/import-from/source-model.js';
import { assertImported, boardForImport, importInto, importSuite, postsAsShown } from './_import-from.js';
import {
  buildFiderCsvFixture,
  buildFiderFixture,
  writeBackupWithout,
  writeChangedBackup,
  writeChangedCsv,
  writeForeignFiles,
  writeTruncatedBackup,
} from './import-fixtures/fider.js';
import { MANY_VOTERS } from './import-fixtures/fider-site.js';

async function tempDir(t: ExecutionContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-fider-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T): number =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/** The same data with every list in one order: the order of rows means nothing in the model. */
function sorted(data: SourceData): SourceData {
  return {
    ...data,
    users: [...data.users].sort(byKey((u) => u.sourceId)),
    boards: [...data.boards].sort(byKey((b) => b.sourceId)),
    statuses: [...data.statuses].sort(byKey((s) => s.sourceId)),
    tags: [...data.tags].sort(byKey((g) => g.sourceId)),
    posts: data.posts.map((p) => ({ ...p, tagIds: [...p.tagIds].sort() })).sort(byKey((p) => p.sourceId.padStart(9, '0'))),
    votes: [...data.votes].sort(byKey((v) => `${v.postId.padStart(9, '0')} ${v.userId} ${v.createdAt}`)),
    comments: [...data.comments].sort(byKey((c) => c.sourceId)),
    leftOut: [...data.leftOut].sort(),
  };
}

async function refusal(t: ExecutionContext, source: string): Promise<SourceError> {
  const error = await t.throwsAsync(readFider({ source }), { instanceOf: SourceError });
  return error as SourceError;
}

test('backup.zip: everything the site holds is read as the fixture wrote it', async (t) => {
  const { source, expected } = await buildFiderFixture(await tempDir(t));
  const read = await readFider({ source });
  t.deepEqual(sorted(read), sorted(expected));
  // The points the issue names, checked by eye as well as by the deep comparison.
  t.is(read.site, 'acme');
  t.false(read.boards[0]!.hidden);
  t.is(read.votes.filter((vote) => vote.postId === '1').length, MANY_VOTERS + 1);
  t.deepEqual(
    read.statuses.map((status) => [status.name, status.isDefault]),
    [
      ['Open', true],
      ['Started', false],
      ['Completed', false],
      ['Declined', false],
      ['Planned', false],
      ['Duplicate', false],
    ],
  );
  t.deepEqual(new Set(read.posts.map((post) => post.statusId)), new Set(['open', 'started', 'completed', 'declined', 'planned', 'duplicate']));
  const gone = read.users.filter((user) => user.email === null);
  t.deepEqual(
    gone.map((user) => user.sourceId),
    ['103', '104'],
  );
  t.true(read.posts.some((post) => post.authorId === '103') && read.comments.some((comment) => comment.authorId === '104'));
  t.is(read.posts.find((post) => post.sourceId === '5')!.title, 'Calendar export <ics>');
  t.false(read.posts.some((post) => post.sourceId === '7' || post.sourceId === '8'), 'the deleted post and the one awaiting moderation are left out');
  t.deepEqual(read.comments.find((comment) => comment.sourceId === 'response-2'), {
    sourceId: 'response-2',
    postId: '2',
    parentId: null,
    authorId: '100',
    body: '作業中です — we are on it.',
    createdAt: '2024-01-21T00:00:10.000001Z',
    internal: false,
  });
  t.true(read.comments.find((comment) => comment.sourceId === '904')!.internal, 'a comment awaiting moderation stays out of sight');
  t.deepEqual(read.tags.find((tag) => tag.sourceId === 'needs-review'), { sourceId: 'needs-review', name: 'Needs review', color: '#0ea5e9', isPrivate: true });
});

test('backup.zip of a private site: its board is hidden and its site is its subdomain', async (t) => {
  const { source, expected } = await buildFiderFixture(await tempDir(t), { isPrivate: true });
  const read = await readFider({ source });
  t.deepEqual(sorted(read), sorted(expected));
  t.is(read.site, 'lab');
  t.deepEqual(
    read.boards.map((board) => [board.name, board.hidden]),
    [['Research lab (private)', true]],
  );
});

test('posts CSV: posts, counts, responses and tag slugs; no voters, no comments, authors by name', async (t) => {
  const { source, expected } = await buildFiderCsvFixture(await tempDir(t));
  const read = await readFider({ source });
  t.deepEqual(sorted(read), sorted(expected));
  t.deepEqual(read.votes, []);
  t.deepEqual(
    read.statuses.map((status) => status.name),
    ['Open', 'Started', 'Completed', 'Declined', 'Planned'],
    "Fider's CSV lists no duplicates: no status is answered that no post is in",
  );
  t.is(read.posts.find((post) => post.sourceId === '1')!.voteCount, MANY_VOTERS + 1);
  t.true(read.users.every((user) => user.email === null));
  t.is(read.posts.find((post) => post.sourceId === '4')!.authorId, null, "a deleted account's blank name is no one");
  t.is(read.posts.find((post) => post.sourceId === '1')!.content!.split('\n').length, 10, 'quoted line breaks stay in the description');
});

test('the posts CSV saved again by a spreadsheet (semicolons, a BOM, CRLF, every field quoted) is read the same', async (t) => {
  const dir = await tempDir(t);
  const { source, expected } = await buildFiderCsvFixture(dir);
  const records = parse(await readFile(source, 'utf8')) as string[][];
  const again = records.map((record) => record.map((field) => `"${field.replace(/"/g, '""')}"`).join(';')).join('\r\n');
  await writeFile(join(dir, 'posts-excel.csv'), `\uFEFF${again}\r\n`);
  const read = await readFider({ source: join(dir, 'posts-excel.csv') });
  t.deepEqual(sorted(read), sorted(expected));
});

test('which export a file is, is told by its content, not its name', async (t) => {
  const dir = await tempDir(t);
  const backup = await buildFiderFixture(dir);
  const csv = await buildFiderCsvFixture(dir);
  await copyFile(backup.source, join(dir, 'posts.csv.download'));
  await copyFile(csv.source, join(dir, 'backup (1).zip'));
  t.deepEqual(sorted(await readFider({ source: join(dir, 'posts.csv.download') })), sorted(backup.expected));
  t.deepEqual(sorted(await readFider({ source: join(dir, 'backup (1).zip') })), sorted(csv.expected));
});

test('a backup unzipped and zipped again (its files in one folder) is read the same', async (t) => {
  const dir = await tempDir(t);
  const { source, expected } = await buildFiderFixture(dir);
  const entries = unzipSync(await readFile(source));
  const again = Object.fromEntries(Object.entries(entries).map(([name, content]) => [`backup/${name}`, content]));
  again['__MACOSX/backup/._posts.json'] = new Uint8Array([0, 5, 22, 7]);
  await writeFile(join(dir, 'backup-again.zip'), zipSync(again));
  t.deepEqual(sorted(await readFider({ source: join(dir, 'backup-again.zip') })), sorted(expected));
});

test('a backup from before Fider v0.33 (no moderation, no is_approved columns) is read as all published', async (t) => {
  const source = await writeChangedBackup(await tempDir(t), 'backup-v0.32.zip', (tables) => {
    for (const row of [...tables.posts!, ...tables.comments!]) delete row.is_approved;
  });
  const read = await readFider({ source });
  t.true(read.posts.some((post) => post.sourceId === '8'));
  t.false(read.comments.some((comment) => comment.internal));
  t.false(read.leftOut.some((line) => line.includes('moderation')));
});

test('progress names what is being read', async (t) => {
  const { source } = await buildFiderFixture(await tempDir(t));
  const seen: string[] = [];
  await readFider({ source, onProgress: (what) => seen.push(what) });
  t.true(seen.includes(`backup.zip: post_votes.json, ${MANY_VOTERS + 11} rows`));
});

test('a truncated backup.zip is refused', async (t) => {
  const error = await refusal(t, await writeTruncatedBackup(await tempDir(t)));
  t.is(error.where, 'backup-truncated.zip');
  t.regex(error.message, /is not a whole zip file \(truncated or damaged/);
});

test('a backup without one of its tables is refused, naming it', async (t) => {
  const error = await refusal(t, await writeBackupWithout(await tempDir(t), 'comments'));
  t.is(error.message, 'backup-without-comments.zip: is not a whole Fider backup: comments.json missing');
});

test('a wrong field is refused with the file, table, row and field', async (t) => {
  const dir = await tempDir(t);
  type Tables = Record<string, Record<string, unknown>[]>;
  /** Sets (or, with undefined, removes) one field of one row (`row` counts from 1). */
  const set =
    (table: string, row: number, field: string, value: unknown) =>
    (tables: Tables): void => {
      const target = tables[table]![row - 1]!;
      if (value === undefined) delete target[field];
      else target[field] = value;
    };
  const cases: [string, (tables: Tables) => void, string][] = [
    ['title.zip', set('posts', 3, 'title', 42), 'title.zip: posts.json row 3 field "title": must be a text, not 42'],
    ['status.zip', set('posts', 1, 'status', 9), 'status.zip: posts.json row 1 field "status": 9 is not a Fider post status (0 to 6)'],
    ['time.zip', set('comments', 2, 'created_at', 'yesterday'), 'time.zip: comments.json row 2 field "created_at": must be a time (RFC 3339), not "yesterday"'],
    ['missing.zip', set('users', 5, 'email', undefined), 'missing.zip: users.json row 5 field "email": is missing'],
    ['voter.zip', set('post_votes', 11, 'user_id', 999_999), 'voter.zip: post_votes.json row 11 field "user_id": refers to user 999999, which users.json does not hold'],
    ['post.zip', set('comments', 1, 'post_id', 1), 'post.zip: comments.json row 1 field "post_id": refers to post 1, which posts.json does not hold'],
    ['tag.zip', set('post_tags', 2, 'tag_id', 77), 'tag.zip: post_tags.json row 2 field "tag_id": refers to tag 77, which tags.json does not hold'],
    ['color.zip', set('tags', 1, 'color', '#E11D48'), 'color.zip: tags.json row 1 field "color": must be six hexadecimal digits (Fider stores them without "#")'],
    ['number.zip', set('posts', 2, 'number', 1), 'number.zip: posts.json row 2 field "number": two posts have the number 1'],
    ['slug.zip', set('tags', 3, 'slug', 'bug'), 'slug.zip: tags.json row 3 field "slug": "bug" is on an earlier row too'],
    ['user.zip', set('users', 6, 'id', 100), 'user.zip: users.json row 6 field "id": 100 is on an earlier row too'],
    ['site.zip', set('post_tags', 3, 'tenant_id', 8), 'site.zip: post_tags.json row 3 field "tenant_id": is site 8, not the backed-up site (7 in tenants.json)'],
    [
      'tenants.zip',
      (tables) => {
        tables.tenants!.push({ ...tables.tenants![0]! });
      },
      'tenants.zip: tenants.json: must hold the one site backed up, not 2 rows',
    ],
    [
      'row.zip',
      (tables) => {
        tables.users![0] = 'x' as unknown as Record<string, unknown>;
      },
      'row.zip: users.json row 1: must be an object, not "x"',
    ],
  ];
  for (const [name, change, message] of cases) {
    const error = await refusal(t, await writeChangedBackup(dir, name, change));
    t.is(error.message, message);
  }
});

test('a table that is not JSON is refused, naming it', async (t) => {
  const dir = await tempDir(t);
  const { source } = await buildFiderFixture(dir);
  const entries = unzipSync(await readFile(source));
  entries['tags.json'] = strToU8('[{"id": 1,');
  await writeFile(join(dir, 'broken.zip'), zipSync(entries));
  const error = await refusal(t, join(dir, 'broken.zip'));
  t.is(error.where, 'broken.zip: tags.json');
  t.regex(error.problem, /^is not JSON/);
});

test('a wrong cell of the posts CSV is refused with the row (as a spreadsheet counts it) and the column', async (t) => {
  const dir = await tempDir(t);
  const votes = await refusal(t, await writeChangedCsv(dir, 2, 'votes_count', 'many'));
  t.is(votes.message, 'posts-votes_count.csv: row 2 field "votes_count": must be a whole number, not "many"');
  const status = await refusal(t, await writeChangedCsv(dir, 4, 'status', 'deleted'));
  t.is(status.message, 'posts-status.csv: row 4 field "status": "deleted" is not a Fider post status');
  const time = await refusal(t, await writeChangedCsv(dir, 3, 'created_at', '2024-01-02'));
  t.is(time.message, 'posts-created_at.csv: row 3 field "created_at": must be a time (RFC 3339), not "2024-01-02"');
});

test('a posts CSV cut inside a quoted description is refused', async (t) => {
  const dir = await tempDir(t);
  const { source } = await buildFiderCsvFixture(dir);
  const text = await readFile(source, 'utf8');
  await writeFile(join(dir, 'cut.csv'), text.slice(0, text.indexOf('- for e-mails')));
  const error = await refusal(t, join(dir, 'cut.csv'));
  t.is(error.where, 'cut.csv');
  t.regex(error.problem, /^is not a whole CSV file/);
});

test("other tools' files are refused before anything is read from them", async (t) => {
  const dir = await tempDir(t);
  const files = await writeForeignFiles(dir);
  t.is(
    (await refusal(t, files.cannyCsv)).message,
    "canny-posts.csv: header: is not Fider's posts CSV (no column number, title, description, created_at, created_by, votes_count, comments_count, status, responded_by, responded_at, response, original_number, original_title, tags)",
  );
  t.is((await refusal(t, files.feedbackdBackup)).message, "feedbackd-backup.json.gz: is a gzip file (a feedbackd backup?), not Fider's backup.zip or posts CSV");
  t.regex((await refusal(t, files.otherZip)).message, /^other\.zip: is a zip but not Fider's backup\.zip \(it has none of tenants\.json, users\.json/);
  t.is((await refusal(t, files.jsonExport)).message, "export.json: is JSON (another tool's export?), not Fider's backup.zip or posts CSV");
  await writeFile(join(dir, 'empty.csv'), '');
  t.is((await refusal(t, join(dir, 'empty.csv'))).message, "empty.csv: is empty: not Fider's backup.zip or posts CSV");
  await writeFile(join(dir, 'picture.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]));
  t.is((await refusal(t, join(dir, 'picture.png'))).message, "picture.png: is neither a zip nor UTF-8 text: not Fider's backup.zip or posts CSV");
  const missing = await refusal(t, join(dir, 'nowhere.zip'));
  t.is(missing.message, `${join(dir, 'nowhere.zip')}: cannot be read (ENOENT)`);
});

// ——— end to end: imported through the import operation, compared through the API (test/admin/_import-from.ts) ———

importSuite(test, {
  from: 'fider',
  async build(t) {
    const { source, expected } = await buildFiderFixture(await tempDir(t));
    return { args: { source }, expected };
  },
  damaged: [
    {
      name: 'a truncated backup.zip',
      build: async (t) => ({ source: await writeTruncatedBackup(await tempDir(t)) }),
      message: /backup-truncated\.zip: is not a whole zip file \(truncated or damaged/,
    },
    {
      name: 'a post whose title is not a text',
      async build(t) {
        const source = await writeChangedBackup(await tempDir(t), 'backup.zip', (tables) => {
          tables.posts![2]!.title = 42;
        });
        return { source };
      },
      message: /backup\.zip: posts\.json row 3 field "title": must be a text, not 42/,
    },
    {
      name: "Canny's posts CSV",
      build: async (t) => ({ source: (await writeForeignFiles(await tempDir(t))).cannyCsv }),
      message: /canny-posts\.csv: header: is not Fider's posts CSV/,
    },
    {
      name: 'a feedbackd backup',
      build: async (t) => ({ source: (await writeForeignFiles(await tempDir(t))).feedbackdBackup }),
      message: /feedbackd-backup\.json\.gz: is a gzip file/,
    },
  ],
});

test("--from fider: a private site is imported whole onto a hidden board, then a second site (post numbers repeating the first's) beside it", async (t) => {
  const board = await boardForImport(t, null);
  const lab = await buildFiderFixture(await tempDir(t), { isPrivate: true });
  await importInto(board, { from: 'fider', source: lab.source });
  await assertImported(t, board, lab.expected);
  const hidden = [...(await postsAsShown(board)).values()].map((post) => `${post.board} ${post.boardHidden}`);
  t.deepEqual(new Set(hidden), new Set(['Research lab (private) true']));
  const acme = await buildFiderFixture(await tempDir(t));
  const second = await importInto(board, { from: 'fider', source: acme.source });
  t.is(second.counts.posts?.created, acme.expected.posts.length, 'the subdomain keeps the two sites apart');
  const boards = await board.server.request('GET', '/boards/get?page=1&limit=100', { token: board.ownerToken });
  t.deepEqual(boards.body.boards.map((item: { name: string }) => item.name).sort(), ['Acme フィードバック', 'Research lab (private)']);
});
