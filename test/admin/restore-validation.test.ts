import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { restoreBackup } from '../../src/admin/backup-restore.js';
import { createBackup } from '../../src/admin/backup.js';
import { EVERYONE_ROLE_ID } from '../../src/storage/seed.js';
import { seedEveryTable } from '../cli/_migrate-data.js';
import { openBoard } from './backup-fixtures.js';

// biome-ignore lint/suspicious/noExplicitAny: a backup document is edited freely here, as a hand would.
type Doc = any;

/**
 * A backup of a board with rows in every table, and `refusal`: writes a changed copy (row counts
 * kept in step), restores it into a new directory and answers the problem the restore names
 * (after "<file> cannot be restored: "), checking that nothing was created.
 */
async function backupToBreak(t: ExecutionContext) {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-restore-rules-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const data = join(dir, 'data');
  await seedEveryTable(data);
  const ctx = await openBoard(data);
  const file = join(dir, 'backup.json');
  await createBackup(ctx, { out: file });
  await ctx.close();
  const doc: Doc = JSON.parse(await readFile(file, 'utf8'));
  const restore = async (change: (copy: Doc) => void) => {
    const copy = structuredClone(doc);
    change(copy);
    copy.counts = Object.fromEntries(Object.entries(copy.tables).map(([name, rows]) => [name, (rows as unknown[]).length]));
    const changed = join(dir, `${randomUUID()}.json`);
    await writeFile(changed, JSON.stringify(copy));
    const target = join(dir, randomUUID());
    return { changed, target, done: restoreBackup(changed, { config: { dataDir: target, databaseUrl: null }, force: false }) };
  };
  const refusal = async (change: (copy: Doc) => void): Promise<string> => {
    const { changed, target, done } = await restore(change);
    const error = await done.then(
      () => new Error('restored without a problem'),
      (reason: Error) => reason,
    );
    await t.throwsAsync(stat(target), undefined, 'nothing created');
    t.is((error as { code?: string }).code, 'BACKUP_INVALID');
    const prefix = `${changed} cannot be restored: `;
    return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message.replace(changed, '<file>');
  };
  return { doc, restore, refusal };
}

test('the crafted backups of the issue are refused, naming the table, row and field, and nothing is written', async (t) => {
  const { doc, refusal } = await backupToBreak(t);
  const { users, posts, roadmaps } = doc.tables;
  const owner = users.find((user: Doc) => user.isOwner);
  const member = users.find((user: Doc) => !user.isOwner);
  const nobody = randomUUID();

  t.is(
    await refusal((copy) => (copy.tables.posts[0].userId = nobody)),
    `table posts, row ${posts[0].id}, field userId: names no user (users has no row ${nobody})`,
  );
  t.is(await refusal((copy) => delete copy.settings.labs), 'settings, field labs: is missing');
  t.is(await refusal((copy) => (copy.tables.roadmaps[0].index = 1e308)), `table roadmaps, row ${roadmaps[0].id}, field index: must be an integer 1..1000000000`);
  t.is(
    await refusal((copy) => (copy.tables.users.find((user: Doc) => user.id === owner.id).passwordHash = 12345)),
    `table users, row ${owner.id}, field passwordHash: must be a bcrypt hash ($2a$, $2b$ or $2y$, a cost, 53 characters), or empty for no password`,
  );
  t.is(
    await refusal((copy) => (copy.tables.users.find((user: Doc) => user.id === member.id).email = 42)),
    `table users, row ${member.id}, field email: breaks the API's rule (must be a string)`,
  );
  t.is(
    await refusal((copy) => (copy.tables.users.find((user: Doc) => user.id === owner.id).isOwner = false)),
    'table users: no user is the owner; a board with users has exactly one',
  );
  t.is(
    await refusal((copy) => {
      copy.tables.roles = copy.tables.roles.filter((role: Doc) => role.id !== EVERYONE_ROLE_ID);
      copy.tables.userRoles = copy.tables.userRoles.filter((assignment: Doc) => assignment.roleId !== EVERYONE_ROLE_ID);
    }),
    `table roles: the @everyone role (${EVERYONE_ROLE_ID}) is missing`,
  );
  t.regex(
    await refusal((copy) => (copy.configFile.bogus = true)),
    /^<file> has a configFile that serve would refuse: unknown key "bogus" \(from config\.json\): remove it; config\.json keys are port, /,
  );
  t.is(
    await refusal((copy) => (copy.configFile.port = 'eighty')),
    '<file> has a configFile that serve would refuse: port (from config.json: "eighty"): must be an integer 0..65535',
  );
});

test('every field keeps the API rule of what it holds, and text both engines can store', async (t) => {
  const { doc, refusal } = await backupToBreak(t);
  const { boards, comments, roles, users } = doc.tables;
  const board = `table boards, row ${boards[0].id}`;
  t.is(await refusal((copy) => (copy.tables.boards[0].url = 'get')), `${board}, field url: "get" is reserved: a route of the API has that path under /api/v1/boards/`);
  t.is(await refusal((copy) => (copy.tables.boards[0].url = 'my board/../x')), `${board}, field url: is not what the API stores: it would store "my-board-x"`);
  t.is(await refusal((copy) => (copy.tables.boards[0].color = 'zzzzzz')), `${board}, field color: breaks the API's rule (Color must be a valid hexadecimal value)`);
  t.is(await refusal((copy) => (copy.tables.boards[0].name = 'n'.repeat(500))), `${board}, field name: breaks the API's rule (Board name cannot exceed 50 characters)`);
  t.is(
    await refusal((copy) => (copy.tables.comments[0].body = 'half \ud800 a pair')),
    `table comments, row ${comments[0].id}, field body: must not contain lone surrogates (half of a UTF-16 pair: not valid Unicode)`,
  );
  t.is(await refusal((copy) => (copy.tables.roles[0].name = 'a\u0000b')), `table roles, row ${roles[0].id}, field name: must not contain NUL characters`);
  const custom = roles.find((role: Doc) => role.id !== EVERYONE_ROLE_ID);
  t.is(
    await refusal((copy) => (copy.tables.roles.find((role: Doc) => role.id === custom.id).permissions = ['post:create', 'root'])),
    `table roles, row ${custom.id}, field permissions: breaks the API's rule (Unknown permission: root)`,
  );
  t.is(await refusal((copy) => (copy.tables.users[0].isAdmin = true)), `table users, row ${users[0].id}, field isAdmin: is not a field of these rows`);
  t.is(await refusal((copy) => (copy.settings.accentColor = '')), 'settings, field accentColor: is not what the API stores: it would store "484d7c"');
  t.is(await refusal((copy) => (copy.tables.extra = [])), 'table extra is not a table of this feedbackd');
  for (const day of ['2024-02-30T00:00:00.000Z', '2024-13-01T00:00:00.000Z']) {
    t.is(await refusal((copy) => (copy.tables.users[0].createdAt = day)), `table users, row ${users[0].id}, field createdAt: must be an ISO 8601 time like 2024-01-31T12:00:00.000Z`);
  }
});

test('uniqueness, replies and activity entries are checked across rows', async (t) => {
  const { doc, refusal } = await backupToBreak(t);
  const { roadmaps, comments, activities } = doc.tables;
  const second = { ...roadmaps[0], id: randomUUID(), url: 'later' };
  t.is(
    await refusal((copy) => copy.tables.roadmaps.push(second)),
    `table roadmaps, row ${second.id}, field index: "${roadmaps[0].index}" is already taken by row ${roadmaps[0].id} (roadmaps.index is unique)`,
  );
  const [first, next] = [comments[0], comments.find((comment: Doc) => comment.postId === comments[0].postId && comment.id !== comments[0].id)];
  const cycle = await refusal((copy) => {
    const byId = (id: string) => copy.tables.comments.find((comment: Doc) => comment.id === id);
    byId(first.id).parentId = next.id;
    byId(next.id).parentId = first.id;
  });
  t.regex(cycle, /^table comments, row [0-9a-f-]{36}, field parentId: its parents lead back to it: a reply cannot be its own ancestor$/);
  const elsewhere = comments.find((comment: Doc) => comment.postId !== activities[0].postId);
  t.regex(
    await refusal((copy) => (copy.tables.activities[0].commentId = elsewhere.id)),
    new RegExp(`^table activities, row [0-9a-f-]{36}, field commentId: "${elsewhere.id}" is already taken by row [0-9a-f-]{36} \\(activities\\.commentId is unique\\)$`),
  );
  t.is(
    await refusal((copy) => {
      copy.tables.activities = copy.tables.activities.filter((entry: Doc) => entry.commentId !== elsewhere.id);
      copy.tables.activities[0].commentId = elsewhere.id;
    }),
    `table activities, row ${activities[0].id}, field postId: its comment is on another post (${elsewhere.postId})`,
  );
});

test('valid backups keep restoring: a whole board, and one of storage schema version 1 (before comments)', async (t) => {
  const { restore } = await backupToBreak(t);
  const whole = await restore(() => undefined);
  t.like(await whole.done, { counts: { users: 2, comments: 5, mailTokens: 1, mailLog: 1 } });
  const older = await restore((copy) => {
    copy.schemaVersion = 1;
    delete copy.tables.comments;
    delete copy.tables.activities;
  });
  t.like(await older.done, { counts: { users: 2, posts: 3 } });
});

test('sign-in links restore with their address and use; a link naming a user, or a reset token with an address, is refused', async (t) => {
  const { doc, restore, refusal } = await backupToBreak(t);
  const [token] = doc.tables.mailTokens;
  const link = {
    id: randomUUID(),
    userId: null,
    purpose: 'signin',
    tokenHash: 'c'.repeat(64),
    createdAt: token.createdAt,
    expiresAt: token.expiresAt,
    email: 'jane@example.org',
    usedAt: token.createdAt,
  };
  const restored = await restore((copy) => copy.tables.mailTokens.push(link));
  t.like(await restored.done, { counts: { mailTokens: 2 } });
  const row = `table mailTokens, row ${link.id}`;
  t.is(await refusal((copy) => copy.tables.mailTokens.push({ ...link, userId: token.userId })), `${row}, field userId: must be null for a sign-in link`);
  t.is(await refusal((copy) => copy.tables.mailTokens.push({ ...link, email: undefined })), `${row}, field email: is missing`);
  t.is(await refusal((copy) => copy.tables.mailTokens.push({ ...link, email: 'Jane@' })), `${row}, field email: breaks the API's rule (Enter valid email)`);
  const reset = `table mailTokens, row ${token.id}`;
  t.is(await refusal((copy) => (copy.tables.mailTokens[0].email = 'jane@example.org')), `${reset}, field email: belongs to sign-in links only`);
  t.is(await refusal((copy) => (copy.tables.mailTokens[0].usedAt = token.createdAt)), `${reset}, field usedAt: belongs to sign-in links only`);
});

test('a merged post restores with what its merge moved; a broken one, or one merged into a missing post, is refused (issue 30 §2)', async (t) => {
  const { doc, refusal } = await backupToBreak(t);
  const [merge] = doc.tables.postMerges;
  const row = `table postMerges, row ${merge.id}`;
  const nowhere = randomUUID();
  t.is(
    await refusal((copy) => (copy.tables.postMerges[0].intoPostId = nowhere)),
    `${row}, field intoPostId: names no post (posts has no row ${nowhere})`,
  );
  t.is(await refusal((copy) => (copy.tables.postMerges[0].post.slug = 'Not A Slug')), `${row}, field post: slug must be a post slug: words of a-z and 0-9 joined by "-", at most 101 characters`);
  t.is(await refusal((copy) => (copy.tables.postMerges[0].moves.votes[0].moved = 'yes')), `${row}, field moves: votes item 0 moved must be true or false`);
  t.is(await refusal((copy) => delete copy.tables.postMerges[0].moves.commentIds), `${row}, field moves: commentIds is missing`);
  t.is(await refusal((copy) => (copy.tables.postMerges[0].post.id = nowhere)), `${row}, field post: must be the post the row is named after (its id)`);
});
