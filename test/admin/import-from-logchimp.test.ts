import test from 'ava';
import { readLogchimp } from '../../src/admin/import-from/logchimp.js';
import { type SourceData, SourceError } from '../../src/admin/import-from/source-model.js';
import {
  blankPostTitle,
  buildEmptySchema,
  buildLogchimpFixture,
  buildOtherToolSchema,
  LOGCHIMP_IDS,
  removeUserByHand,
  replyAcrossPosts,
} from './import-fixtures/logchimp.js';
import { assertImported, boardForImport, importInto, importSuite } from './_import-from.js';

const DATABASE_URL = process.env.TEST_DATABASE_URL;

const byKey = <T>(key: (row: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/** The data with its lists in one order where the order means nothing (statuses keep LogChimp's index order). */
function sorted(data: SourceData): SourceData {
  return {
    ...data,
    users: [...data.users].sort(byKey((u) => u.sourceId)),
    boards: [...data.boards].sort(byKey((b) => b.sourceId)),
    posts: [...data.posts].sort(byKey((p) => p.sourceId)),
    votes: [...data.votes].sort(byKey((v) => `${v.postId} ${v.userId} ${v.createdAt}`)),
    comments: [...data.comments].sort(byKey((c) => c.sourceId)),
  };
}

/** The message `read` is refused with; fails the test when it is not a SourceError. */
async function refusal(t: import('ava').ExecutionContext, read: Promise<unknown>): Promise<string> {
  const error = await t.throwsAsync(read, { instanceOf: SourceError });
  return error?.message ?? '';
}

/** The fixture database's address as the reader names it: host, port and database, no credentials. */
function named(url: string): string {
  const parsed = new URL(url);
  return `postgres://${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

if (!DATABASE_URL) {
  // Skipped, saying why, as the PostgreSQL run is without it (README, Tests); CI always sets it.
  test.skip('the LogChimp importer tests read a PostgreSQL database: skipped without TEST_DATABASE_URL', () => undefined);
} else {
  const databaseUrl = DATABASE_URL;

  importSuite(test, {
    from: 'logchimp',
    async build(t) {
      const fixture = await buildLogchimpFixture(databaseUrl);
      t.teardown(fixture.drop);
      return { args: { source: fixture.source }, expected: fixture.expected };
    },
    damaged: [
      {
        name: 'a post whose title was blanked by hand',
        async build(t) {
          const fixture = await buildLogchimpFixture(databaseUrl);
          t.teardown(fixture.drop);
          await blankPostTitle(fixture.source, 9);
          return { source: fixture.source };
        },
        message: /postgres:\/\/[^ ]+: table posts row postId=d{8}-0000-4000-8000-000000000009 field "title": is empty/,
      },
      {
        name: 'a reply moved under a comment of another post',
        async build(t) {
          const fixture = await buildLogchimpFixture(databaseUrl);
          t.teardown(fixture.drop);
          await replyAcrossPosts(fixture.source);
          return { source: fixture.source };
        },
        message: /table posts_comments row id=f{8}-0000-4000-8000-000000000005 field "parent_id": answers comment/,
      },
      {
        name: "another tool's database",
        async build(t) {
          const other = await buildOtherToolSchema(databaseUrl);
          t.teardown(other.drop);
          return { source: other.source };
        },
        message: /table users: column "userId" is missing: not a LogChimp database/,
      },
      {
        name: 'a database LogChimp was never installed in',
        async build(t) {
          const empty = await buildEmptySchema(databaseUrl);
          t.teardown(empty.drop);
          return { source: empty.source };
        },
        message: /table "users" is missing: not a LogChimp database/,
      },
    ],
  });

  test('reads every user, board, roadmap, post, vote and comment the LogChimp database holds', async (t) => {
    const fixture = await buildLogchimpFixture(databaseUrl);
    t.teardown(fixture.drop);
    const seen: string[] = [];
    const read = await readLogchimp({ source: fixture.source, onProgress: (what) => seen.push(what) });
    t.deepEqual(sorted(read), sorted(fixture.expected));
    t.deepEqual(seen, ['users', 'boards', 'roadmaps', 'posts', 'votes', 'comments']);
    t.is(read.votes.filter((vote) => vote.postId === LOGCHIMP_IDS.post(1)).length, 2102);
  });

  test('reads a session that cannot write (a standby, a read-only role)', async (t) => {
    const fixture = await buildLogchimpFixture(databaseUrl);
    t.teardown(fixture.drop);
    const readOnly = fixture.source.replace(/options=([^&]*)/, (_, options: string) => `options=${options}${encodeURIComponent(' -c default_transaction_read_only=on')}`);
    t.not(readOnly, fixture.source);
    t.deepEqual(sorted(await readLogchimp({ source: readOnly })), sorted(fixture.expected));
  });

  test('a user removed by hand stays the author and voter of their rows, with no email', async (t) => {
    const fixture = await buildLogchimpFixture(databaseUrl);
    t.teardown(fixture.drop);
    const expected = await removeUserByHand(fixture.source, fixture.expected);
    const read = await readLogchimp({ source: fixture.source });
    t.deepEqual(sorted(read), sorted(expected));
    t.like(read.users.find((u) => u.sourceId === LOGCHIMP_IDS.user(3)), { email: null, name: '' });
  });

  test('--from logchimp: a user removed by hand comes in as a placeholder who keeps their posts, votes and comments', async (t) => {
    const fixture = await buildLogchimpFixture(databaseUrl);
    t.teardown(fixture.drop);
    const expected = await removeUserByHand(fixture.source, fixture.expected);
    const board = await boardForImport(t, null);
    await importInto(board, { from: 'logchimp', source: fixture.source });
    await assertImported(t, board, expected);
  });

  test('a blank post title is refused, naming the table, the row and the field, without the password', async (t) => {
    const fixture = await buildLogchimpFixture(databaseUrl);
    t.teardown(fixture.drop);
    const postId = await blankPostTitle(fixture.source, 4);
    const message = await refusal(t, readLogchimp({ source: fixture.source }));
    // The whole message: the address is host, port and database, with no user or password.
    t.is(message, `${named(databaseUrl)}: table posts row postId=${postId} field "title": is empty`);
  });

  test('a reply to a comment of another post is refused, naming posts_comments and parent_id', async (t) => {
    const fixture = await buildLogchimpFixture(databaseUrl);
    t.teardown(fixture.drop);
    const commentId = await replyAcrossPosts(fixture.source);
    const message = await refusal(t, readLogchimp({ source: fixture.source }));
    t.true(message.startsWith(`${named(databaseUrl)}: table posts_comments row id=${commentId} field "parent_id": answers comment ${LOGCHIMP_IDS.comment(1)}`), message);
  });

  test("another tool's database is refused, naming the table or column LogChimp would have", async (t) => {
    const other = await buildOtherToolSchema(databaseUrl);
    t.teardown(other.drop);
    const message = await refusal(t, readLogchimp({ source: other.source }));
    t.is(message, `${named(databaseUrl)}: table users: column "userId" is missing: not a LogChimp database, or one older than its 2021 migrations`);
  });

  test('a database without LogChimp in it is refused, naming the missing table', async (t) => {
    const empty = await buildEmptySchema(databaseUrl);
    t.teardown(empty.drop);
    const message = await refusal(t, readLogchimp({ source: empty.source }));
    t.regex(message, /: table "users" is missing: not a LogChimp database/);
  });

  test('a database that cannot be reached is named without the password of its URL', async (t) => {
    const message = await refusal(t, readLogchimp({ source: 'postgres://logchimp:Very-Secret-9@127.0.0.1:1/logchimp' }));
    t.true(message.startsWith('postgres://127.0.0.1:1/logchimp: cannot connect: '), message);
    t.false(message.includes('Very-Secret-9'));
  });
}

test('a file or another scheme is refused: LogChimp is read from its database URL', async (t) => {
  const file = await refusal(t, readLogchimp({ source: '/home/team/logchimp-backup.zip' }));
  t.is(file, '/home/team/logchimp-backup.zip: not a database URL: LogChimp is read from its PostgreSQL database, give its URL (postgres://user:password@host:5432/logchimp)');
  const mysql = await refusal(t, readLogchimp({ source: 'mysql://root:Hidden-7@db.example:3306/logchimp' }));
  t.true(mysql.startsWith('db.example:3306/logchimp: not a PostgreSQL URL'), mysql);
  t.false(mysql.includes('Hidden-7'));
  await refusal(t, readLogchimp({ source: undefined }));
});
