import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { describeDatabase, withoutPassword } from '../../src/storage/postgres/connect-error.js';
import { storedRowCounts } from '../../src/storage/postgres/load-snapshot.js';
import { createPostAt, OWNER } from '../_helpers/personas.js';
import { sendRequest } from '../_helpers/server.js';
import { openBoard, seedBoard } from '../admin/backup-fixtures.js';
import { runInProcess, startServing, stopServing, tempDir } from '../cli/_cli.js';
import { seedEveryTable, storedSnapshot, tablesWithoutRows } from '../cli/_migrate-data.js';
import { freshSchema, openPg, pgTests } from '../storage-pg/_pg.js';

const EMPTY = {
  ...{ users: 0, roles: 0, userRoles: 0, boards: 0, roadmaps: 0, posts: 0, votes: 0, comments: 0, activities: 0, mailTokens: 0, mailLog: 0 },
  ...{ webhookEndpoints: 0, subscriptions: 0, ssoSecrets: 0, linkedIdentities: 0, authProviders: 0, changelogEntries: 0, changelogLinks: 0, postMerges: 0, tags: 0, postTags: 0, uploads: 0 },
};

pgTests((url) => {
  test('a JSON-file board copied into PostgreSQL serves the same logins and tokens, and copied back is the same board', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const root = await tempDir(t);
    const source = join(root, 'source');
    const seeded = await seedEveryTable(source);
    const before = await storedSnapshot(source);
    t.deepEqual(tablesWithoutRows(before), []);

    const copy = await runInProcess(['migrate-data', '--data', source, '--to', schemaUrl]);
    t.is(copy.code, 0, copy.stderr);
    const lines = copy.stdout.trimEnd().split('\n');
    t.is(lines[0], `Copied into the PostgreSQL database ${withoutPassword(schemaUrl)}:`);
    t.deepEqual(
      lines.slice(1, -1).map((line) => line.trim().split(/ +/)),
      Object.entries(before.tables).map(([name, rows]) => [name, String(rows.length)]),
    );
    t.is(lines.at(-1), `Serve it with: feedbackd serve --data ${source} --database '${withoutPassword(schemaUrl)}'`);
    t.notRegex(copy.stdout, /feedbackd_ci:feedbackd_ci@/);
    const total = Object.values(before.tables).reduce((sum, rows) => sum + rows.length, 0);
    t.regex(copy.stderr, /^migrate-data: [1-9]\d*\/\d+ rows \(posts\)$/m);
    t.regex(copy.stderr, new RegExp(`^migrate-data: ${total}/${total} rows \\(${Object.keys(before.tables).at(-1)}\\)$`, 'm'));
    t.regex(copy.stderr, /^note: the serve command leaves the password out/m);
    t.deepEqual(await storedSnapshot(source, schemaUrl), before);

    const serving = await startServing(['serve', '--data', source, '--database', schemaUrl, '--port', '0']);
    t.teardown(() => serving.child.kill('SIGKILL'));
    const profile = await sendRequest(serving.url, 'GET', '/users/profile', { token: seeded.ownerToken });
    t.is(profile.status, 200);
    const login = await sendRequest(serving.url, 'POST', '/auth/login', { body: { email: OWNER.email, password: OWNER.password } });
    t.is(login.status, 200);
    t.is((await stopServing(serving)).code, 0);

    const back = join(root, 'back');
    const home = await runInProcess(['migrate-data', '--data', source, '--database', schemaUrl, '--to', back]);
    t.is(home.code, 0, home.stderr);
    t.is(home.stdout.trimEnd().split('\n').at(-1), `Serve it with: feedbackd serve --data ${back}`);
    t.deepEqual(await storedSnapshot(back), before);
    t.is(await readFile(join(back, 'secret'), 'utf8'), await readFile(join(source, 'secret'), 'utf8'));
  });

  test('a database holding only its seed takes a copy; one holding rows is refused, says what it holds, and stays unchanged', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    await (await openPg(t, schemaUrl)).close(); // migrated and seeded, as serve leaves it before setup
    const root = await tempDir(t);
    const [first, second] = [join(root, 'first'), join(root, 'second')];
    await seedEveryTable(first);
    await seedBoard(second);
    t.is((await runInProcess(['migrate-data', '--data', first, '--to', schemaUrl])).code, 0);
    const copied = await storedSnapshot(first, schemaUrl);

    const refused = await runInProcess(['migrate-data', '--data', second, '--to', schemaUrl]);
    t.is(refused.code, 1);
    t.is(
      refused.stderr,
      `error: The PostgreSQL database ${describeDatabase(url)} is not empty: it holds 2 users, 1 role, 3 role assignments, ` +
        '1 board, 1 roadmap, 3 posts, 3 votes, 5 comments, 5 activity entries, 1 mail token, 1 mail log entry, ' +
        '1 webhook endpoint, 1 subscription, 1 single sign-on secret, 1 linked identity, 1 sign-in provider, 1 changelog entry, 1 changelog link, 1 merged post, 1 tag, 1 tag of a post, 1 uploaded image. Copy into a new, empty database (nothing was written)\n',
    );
    t.deepEqual(await storedSnapshot(first, schemaUrl), copied);
  });

  test('a row PostgreSQL cannot hold stops the copy and rolls back every table already written', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const source = join(await tempDir(t), 'source');
    const seeded = await seedBoard(source);
    const ctx = await openBoard(source);
    try {
      // Text in PostgreSQL cannot hold NUL; the JSON-file database can.
      await createPostAt(ctx, seeded.owner, { title: 'Null \u0000 byte', createdAt: '2024-02-01T10:00:00.000Z' });
    } finally {
      await ctx.close();
    }
    const result = await runInProcess(['migrate-data', '--data', source, '--to', schemaUrl]);
    t.is(result.code, 1);
    t.regex(result.stderr, /^migrate-data: [1-9]\d*\/\d+ rows \(roadmaps\)$/m);
    t.regex(result.stderr, /^error: Writing posts into .*feedbackd_ci failed: .+ \(nothing was written\)$/m);
    t.deepEqual(await storedRowCounts(schemaUrl), EMPTY);
  });
});
