import { randomUUID } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import bcrypt from 'bcrypt';
import { createApp } from '../../src/http/app.js';
import { startServer } from '../../src/http/server.js';
import { createLogger } from '../../src/logger.js';
import { toAuthUser } from '../../src/services/accounts.js';
import { createServiceContext } from '../../src/services/create-context.js';
import type { ChangelogEntryRow, ChangelogLinkRow } from '../../src/storage/types.js';
import { testConfig } from '../_helpers/config.js';
import { VERSION } from '../../src/version.js';
import { OWNER } from '../_helpers/personas.js';
import { sendRequest } from '../_helpers/server.js';
import { manyUsersAndPosts, openBoard, seedBoard } from '../admin/backup-fixtures.js';
import { finished, runInProcess, spawnCli, startServing, stopServing, tempDir } from './_cli.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read the export's JSON freely.
type Json = any;

/** Exports `dataDir` in-process and returns the file's content without the fields that change each time. */
async function exported(t: ExecutionContext, dataDir: string, out: string, withHashes = true): Promise<Json> {
  const args = ['export', '--data', dataDir, '--out', out, ...(withHashes ? ['--include-password-hashes'] : [])];
  const result = await runInProcess(args);
  t.is(result.code, 0, result.stderr);
  const { exportedAt: _exportedAt, ...data } = JSON.parse(await readFile(out, 'utf8'));
  return data;
}

/**
 * What the board in `dataDir` serves: every post's GET /posts/:id/activity (public and internal) as
 * its owner sees it, by post id; and the comments and activity tables as stored, sorted by id.
 */
async function servedComments(dataDir: string): Promise<Json> {
  const ctx = await openBoard(dataDir);
  const server = await startServer(createApp(ctx), { host: '127.0.0.1', port: 0 });
  try {
    const token = toAuthUser(ctx, (await ctx.storage.users.getOwner())!).authToken;
    const { tables } = await ctx.storage.snapshot();
    const activity: Record<string, Json> = {};
    for (const { id } of tables.posts) {
      const answer = await sendRequest(server.url, 'GET', `/posts/${id}/activity?visibility=public,internal&limit=100`, { token });
      activity[id] = { status: answer.status, body: answer.body };
    }
    const byId = (rows: ReadonlyArray<{ id: string }>) => rows.slice().sort((a, b) => a.id.localeCompare(b.id));
    return { activity, comments: byId(tables.comments!), activities: byId(tables.activities!) };
  } finally {
    await server.close();
    await ctx.close();
  }
}

/** An export file holding `sections` beside an empty header. */
function exportFile(sections: Record<string, unknown>): string {
  return JSON.stringify({ format: 'feedbackd-export', version: 1, feedbackdVersion: VERSION, exportedAt: new Date().toISOString(), ...sections });
}

/** A published changelog entry linked to the board's first two posts, written straight to storage. */
async function seedChangelog(dataDir: string): Promise<{ entry: ChangelogEntryRow; links: ChangelogLinkRow[] }> {
  const ctx = await openBoard(dataDir);
  try {
    const author = (await ctx.storage.users.getOwner())!;
    const posts = await ctx.storage.posts.query({ visibleBoardsOnly: false, direction: 'asc', offset: 0, limit: 2 });
    const [roadmap] = (await ctx.storage.snapshot()).tables.roadmaps;
    const at = '2024-02-01T10:00:00.000Z';
    const entry = await ctx.storage.changelogEntries.insert({
      id: randomUUID(),
      slug: 'dark-mode-and-csv-aaaa1111',
      title: 'Dark mode and CSV',
      contentMarkdown: 'Both **shipped**.',
      labels: ['new', 'improved'],
      status: 'published',
      publishAt: null,
      publishedAt: at,
      moveToRoadmapId: roadmap!.id,
      authorId: author.id,
      createdAt: at,
      updatedAt: at,
    });
    const links: ChangelogLinkRow[] = [];
    for (const [position, post] of posts.entries()) {
      links.push(await ctx.storage.changelogLinks.insert({ id: randomUUID(), entryId: entry.id, postId: post.id, position, createdAt: at }));
    }
    // The export lists rows by (createdAt, id): the links share a timestamp.
    return { entry, links: links.sort((a, b) => a.id.localeCompare(b.id)) };
  } finally {
    await ctx.close();
  }
}

/** The changelog as the board in `dataDir` stores it. */
async function storedChangelog(dataDir: string): Promise<{ entries: Json; links: Json }> {
  const ctx = await openBoard(dataDir);
  try {
    const { tables } = await ctx.storage.snapshot();
    const links = (tables.changelogLinks ?? []).slice().sort((a, b) => a.id.localeCompare(b.id));
    return { entries: tables.changelogEntries, links };
  } finally {
    await ctx.close();
  }
}

test('export, then import into a new board: the same rows with the same ids, settings included', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  await seedBoard(source);
  const changelog = await seedChangelog(source);
  const original = await exported(t, source, join(root, 'source.json'));
  t.like(original, {
    format: 'feedbackd-export',
    version: 4,
    includesPasswordHashes: true,
    counts: { users: 2, posts: 3, votes: 3, comments: 5, postMerges: 0, changelogEntries: 1, changelogLinks: 2 },
  });
  t.deepEqual(original.changelogEntries, [changelog.entry], 'the published entry is in the file as stored');
  t.deepEqual(original.changelogLinks, changelog.links, 'and its links to the two posts');
  t.like(original.boards, [{ url: 'ideas', description: 'What we could build next' }], 'a board carries its description');
  t.like(
    original.users.find((user: Json) => user.email === 'bob@example.org'),
    { locale: 'de' },
    'a user carries the language they chose',
  );

  const target = join(root, 'target');
  const imported = await runInProcess(['import', join(root, 'source.json'), '--data', target]);
  t.is(imported.code, 0, imported.stderr);
  t.regex(imported.stderr, /note: created the data directory .*target/);
  t.regex(imported.stdout, /^Imported from .*source\.json:\nSECTION +IMPORTED +SKIPPED +REFUSED\nusers +2 +0 +0\n/);
  t.regex(imported.stdout, /Settings and the @everyone and Team roles: taken from the file/);
  t.regex(imported.stdout, /\ncomments +5 +0 +0\n/);
  t.deepEqual(await exported(t, target, join(root, 'target.json')), original);
  t.deepEqual(await storedChangelog(target), { entries: [changelog.entry], links: changelog.links }, 'the new board holds the entry and its links');
  const served = await servedComments(target);
  t.deepEqual(served, await servedComments(source), 'the same comments and activity rows, and the same activity answers');
  t.is(served.activities.length, 5);
  t.is(Object.values(served.activity).flatMap((answer: Json) => answer.body.activity).length, 5);
});

test('the export lists a reply after its parent even when its timestamp is the same and its id sorts first', async (t) => {
  const root = await tempDir(t);
  await seedBoard(join(root, 'source'));
  const { comments } = await exported(t, join(root, 'source'), join(root, 'source.json'));
  const reply = comments.find((comment: Json) => comment.body === 'Great');
  const parent = comments.find((comment: Json) => comment.id === reply.parentId);
  t.true(reply.id < parent.id && reply.createdAt === parent.createdAt, 'the fixture sorts the reply first by (createdAt, id)');
  t.deepEqual(
    comments.map((comment: Json) => comment.body),
    ['We plan this', 'Great', 'Thanks', 'Internal note', 'Buy now'],
  );
  t.deepEqual(Object.keys(parent), ['id', 'postId', 'parentId', 'userId', 'body', 'isInternal', 'isEdited', 'isSpam', 'createdAt', 'updatedAt', 'activityId']);
});

test('users exported without password hashes are imported without a password: login refuses them, the account says so, a set password works', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  await seedBoard(source);
  const file = join(root, 'plain.json');
  const data = await exported(t, source, file, false);
  t.false('passwordHash' in data.users[0]);
  const result = await runInProcess(['import', file, '--data', join(root, 'target'), '--json']);
  t.is(result.code, 0, result.stderr);
  t.is(JSON.parse(result.stdout).counts.users.imported, 2);
  // The note names the command that works without mail too.
  t.true(result.stdout.includes(`feedbackd user set-password ${OWNER.email}`), result.stdout);
  // Served without mail: no mailed link is a way in, so a password decides whether an identity may go.
  const ctx = await createServiceContext(testConfig(join(root, 'target'), { secret: null, mailOutbox: false }), createLogger('silent'));
  const server = await startServer(createApp(ctx), { host: '127.0.0.1', port: 0 });
  try {
    const owner = await ctx.storage.users.getByEmail(OWNER.email);
    t.true(owner?.isOwner);
    // No password, as an account a provider or a mailed link made: not the hash of one nobody knows.
    t.is(owner!.passwordHash, '');
    const login = await sendRequest(server.url, 'POST', '/auth/login', { body: { email: OWNER.email, password: OWNER.password } });
    t.is(login.status, 403);
    t.is(login.body.code, 'INCORRECT_PASSWORD');
    // The account page shows no password, and an identity that is the only way in cannot be unlinked (no mail here).
    const token = toAuthUser(ctx, owner!).authToken;
    const ways = await sendRequest(server.url, 'GET', '/auth/identities', { token });
    t.like(ways.body, { identities: [], hasPassword: false, signInLinks: false });
    const now = new Date().toISOString();
    await ctx.storage.transaction((tx) => tx.linkedIdentities.insert({ id: randomUUID(), userId: owner!.id, provider: 'acme', subject: 'owner-at-acme', avatarUrl: null, createdAt: now, lastUsedAt: now }));
    const unlink = await sendRequest(server.url, 'DELETE', '/auth/identities/acme', { token });
    t.is(unlink.status, 409);
    t.is(unlink.body.code, 'LAST_SIGN_IN_METHOD');
  } finally {
    await server.close();
    await ctx.close();
  }
  // The note's command gives the password (as a reset by mail would): then the owner signs in.
  const set = await runInProcess(['user', 'set-password', OWNER.email, '--password-stdin', '--data', join(root, 'target')], { stdin: `${OWNER.password}\n` });
  t.is(set.code, 0, set.stderr);
  const reopened = await openBoard(join(root, 'target'));
  t.teardown(() => reopened.close());
  t.true(await bcrypt.compare(OWNER.password, (await reopened.storage.users.getByEmail(OWNER.email))!.passwordHash));
});

test('into an existing board: skip reports each conflict and missing reference; fail imports nothing and exits 1', async (t) => {
  const root = await tempDir(t);
  const [source, target] = [join(root, 'source'), join(root, 'target')];
  await seedBoard(source);
  await seedBoard(target);
  const data = await exported(t, source, join(root, 'source.json'));
  // Bob comes under a new address; Ada, the boards' urls and the roadmap's url are taken in the target.
  const bob = data.users.find((user: Json) => user.email === 'bob@example.org');
  bob.email = 'carol@example.org';
  bob.username = 'carol';
  const file = join(root, 'edited.json');
  await writeFile(file, JSON.stringify(data));
  const before = await exported(t, target, join(root, 'before.json'));

  const failed = await runInProcess(['import', file, '--data', target, '--on-conflict', 'fail']);
  t.is(failed.code, 1);
  t.regex(failed.stderr, /^error: Import stopped before writing anything: \d+ row\(s\) cannot be imported as they are \(--on-conflict fail\):\n {2}users ada@example\.org \([0-9a-f-]{36}\): email "ada@example\.org" is already taken\n/);
  t.deepEqual(await exported(t, target, join(root, 'after-fail.json')), before);

  const skipped = await runInProcess(['import', file, '--data', target, '--json']);
  t.is(skipped.code, 0, skipped.stderr);
  const summary = JSON.parse(skipped.stdout);
  t.deepEqual(summary.counts.users, { imported: 1, skipped: 1, refused: 0 });
  t.deepEqual(summary.counts.boards, { imported: 0, skipped: 1, refused: 0 });
  t.deepEqual(summary.counts.roadmaps, { imported: 0, skipped: 1, refused: 0 });
  t.deepEqual(summary.counts.posts, { imported: 2, skipped: 0, refused: 1 });
  t.deepEqual(summary.counts.votes, { imported: 1, skipped: 0, refused: 2 });
  t.deepEqual(summary.counts.comments, { imported: 1, skipped: 0, refused: 4 });
  t.is(summary.settings, 'kept');
  const lines = summary.lines.join('\n');
  t.regex(lines, /skipped boards ideas \([0-9a-f-]{36}\): board url "ideas" is already taken/);
  t.regex(lines, /refused posts dark-mode-\w+ \([0-9a-f-]{36}\): its author [0-9a-f-]{36} does not exist here/);
  t.regex(lines, /changed posts export-to-csv-\w+ \([0-9a-f-]{36}\): board [0-9a-f-]{36} does not exist here: imported without a board/);
  t.regex(lines, /skipped roles @everyone .*this board keeps its own/);
  t.regex(lines, /refused comments [0-9a-f-]{36}: its post [0-9a-f-]{36} does not exist here \(neither in the data nor imported\)/);

  const text = await runInProcess(['import', file, '--data', target]);
  t.regex(text.stdout, /^skipped users ada@example\.org .*\n/);
  t.regex(text.stdout, /\nusers +0 +2 +0\n/, 'a second run skips what the first imported');
  t.regex(text.stdout, /\ncomments +0 +1 +4\n/);
  t.regex(text.stdout, /skipped comments [0-9a-f-]{36}: a row with this id is already there/);
});

test('a long import shows plain progress lines on stderr when it is not on a terminal', async (t) => {
  const root = await tempDir(t);
  const file = join(root, 'many.json');
  await writeFile(file, exportFile(manyUsersAndPosts(700)));
  const result = await runInProcess(['import', file, '--data', join(root, 'target')]);
  t.is(result.code, 0, result.stderr);
  const progress = result.stderr.split('\n').filter((line) => line.startsWith('import:'));
  t.deepEqual(progress, [
    'import: 500/1400 rows (users)',
    'import: 700/1400 rows (users)',
    'import: 1200/1400 rows (posts)',
    'import: 1400/1400 rows (posts)',
  ]);
  t.regex(result.stdout, /\nusers +700 +0 +0\n/);
});

test('import through the running server, and a killed import leaves data that opens and can be imported again', async (t) => {
  const root = await tempDir(t);
  const file = join(root, 'many.json');
  await writeFile(file, exportFile(manyUsersAndPosts(3000)));
  const target = join(root, 'target');

  const child = spawnCli(['import', file, '--data', target]);
  const done = finished(child);
  child.stdin?.end();
  await new Promise<void>((resolve) => child.stderr?.on('data', (chunk: Buffer) => chunk.toString().includes('import: ') && resolve()));
  child.kill('SIGKILL');
  await done;

  const serving = await startServing(['serve', '--data', target, '--port', '0', '--mail-outbox']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const again = await runInProcess(['import', file, '--data', target, '--json']);
  t.is(again.code, 0, again.stderr);
  const { counts } = JSON.parse(again.stdout);
  t.is(counts.users.imported + counts.users.skipped, 3000);
  t.true(counts.users.skipped >= 500, 'the batches committed before the kill were kept');
  t.is(counts.users.skipped % 500, 0, 'whole batches only');
  t.is(counts.posts.refused, 0);
  t.is((await stopServing(serving)).code, 0);
  t.true((await stat(join(target, 'db.json'))).isFile());
});

test('wrong arguments: an unknown policy, a missing file, a file that is not an export', async (t) => {
  const root = await tempDir(t);
  const policy = await runInProcess(['import', 'x.json', '--on-conflict', 'merge']);
  t.is(policy.code, 1);
  t.regex(policy.stderr, /argument 'merge' is invalid. Allowed choices are skip, fail/);
  const missing = await runInProcess(['import', join(root, 'nope.json'), '--data', root]);
  t.regex(missing.stderr, /^error: Cannot read .*nope\.json: there is no such file\n$/);
  await writeFile(join(root, 'backup.json'), JSON.stringify({ format: 'feedbackd-backup', version: 1 }));
  const wrong = await runInProcess(['import', join(root, 'backup.json'), '--data', root]);
  t.is(wrong.code, 1);
  t.regex(wrong.stderr, /is a feedbackd-backup file, not a feedbackd-export file: read it with feedbackd restore/);
});

test('on a terminal, progress is one bar redrawn in place and ended with a newline', async (t) => {
  const { progressDisplay } = await import('../../src/cli/ops/progress.js');
  const chunks: string[] = [];
  const display = progressDisplay({ write: (text: string) => chunks.push(text) }, 'import', true);
  display.update({ done: 500, total: 1500, stage: 'users' });
  display.update({ done: 1500, total: 1500, stage: 'posts' });
  display.finish();
  t.is(chunks[0], '\r\u001b[2Kimport [##########--------------------]  33% users 500/1500');
  t.is(chunks.at(-2), '\r\u001b[2Kimport [##############################] 100% posts 1500/1500');
  t.is(chunks.at(-1), '\n');
});
