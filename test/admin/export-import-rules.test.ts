import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { importData } from '../../src/admin/import.js';
import type { ImportSummary } from '../../src/admin/import-report.js';
import type { ServiceContext } from '../../src/services/context.js';
import { getSiteSettings } from '../../src/services/settings.js';
import { DEFAULT_SETTINGS, TEAM_PERMISSIONS, TEAM_ROLE_ID, teamRole } from '../../src/storage/seed.js';
import { createRoadmap, OWNER } from '../_helpers/personas.js';
import { openBoard, seedBoard } from './backup-fixtures.js';

const T = '2024-02-01T00:00:00.000Z';

function user(email: string, extra: Record<string, unknown> = {}) {
  const name = email.split('@')[0]!;
  return { id: randomUUID(), email, username: name, name, isOwner: false, isVerified: true, isBlocked: false, notes: null, createdAt: T, updatedAt: T, ...extra };
}

function post(userId: string, slug: string, extra: Record<string, unknown> = {}) {
  return { id: randomUUID(), title: slug, slug, slugId: slug, contentMarkdown: null, userId, boardId: null, roadmapId: null, createdAt: T, updatedAt: T, ...extra };
}

function comment(userId: string, postId: string, extra: Record<string, unknown> = {}) {
  const fields = { parentId: null, body: 'Nice', isInternal: false, isEdited: false, isSpam: false, createdAt: T, updatedAt: T };
  return { id: randomUUID(), postId, userId, ...fields, activityId: randomUUID(), ...extra };
}

/** A board (seeded when asked) and a function importing sections into it (format version 2 unless the sections say otherwise). */
async function board(t: ExecutionContext, seeded: boolean) {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-import-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  if (seeded) await seedBoard(join(dir, 'data'));
  const ctx = await openBoard(join(dir, 'data'));
  t.teardown(() => ctx.close());
  const run = async (sections: Record<string, unknown>, onConflict = 'skip'): Promise<ImportSummary> => {
    const file = join(dir, `${randomUUID()}.json`);
    await writeFile(file, JSON.stringify({ format: 'feedbackd-export', version: 2, ...sections }));
    return importData(ctx, { file, onConflict });
  };
  return { ctx: ctx as ServiceContext, run };
}

test('an owner in the file becomes a regular user when the board has one; a taken roadmap index moves last', async (t) => {
  const { ctx, run } = await board(t, true);
  const highest = await ctx.storage.roadmaps.highestIndex();
  const boss = user('boss@example.org', { isOwner: true });
  const roadmap = { id: randomUUID(), name: 'Later', url: 'later', color: '000000', index: 1, display: true, createdAt: T, updatedAt: T };
  const summary = await run({ users: [boss], roadmaps: [roadmap] });
  t.is((await ctx.storage.users.getOwner())?.email, OWNER.email);
  t.false((await ctx.storage.users.get(boss.id))?.isOwner);
  t.is((await ctx.storage.roadmaps.get(roadmap.id))?.index, highest + 1);
  t.true(summary.lines.some((line) => /^changed users boss@example\.org .*the board already has an owner/.test(line)));
  t.true(summary.lines.some((line) => new RegExp(`^changed roadmaps later .*index 1 is taken: placed last, at index ${highest + 1}`).test(line)));
});

test('rows of the file see each other: duplicates are skipped, and a post by a user of the same file is fine even with fail', async (t) => {
  const { ctx, run } = await board(t, false);
  const ada = user('ada@example.org');
  const again = user('ADA@example.org', { username: 'ada2' });
  const summary = await run({ users: [ada, again], posts: [post(ada.id, 'hello')] }, 'fail').catch((error: Error) => error);
  t.true(summary instanceof Error);
  t.regex((summary as Error).message, /users ADA@example\.org .*: email "ada@example\.org" is already taken/);
  t.is(await ctx.storage.users.count(), 0, 'fail: nothing written');

  const fine = await run({ users: [ada], posts: [post(ada.id, 'hello')] }, 'fail');
  t.deepEqual(fine.counts.posts, { imported: 1, skipped: 0, refused: 0 });
});

test('a role whose name is taken (any case) is skipped and assignments to it are refused', async (t) => {
  const { ctx, run } = await board(t, true);
  await createRoadmap(ctx);
  const member = user('dee@example.org');
  const role = { id: randomUUID(), name: '@EVERYONE', description: null, isSystem: false, permissions: [], createdAt: T, updatedAt: T };
  const assignment = { id: randomUUID(), userId: member.id, roleId: role.id, createdAt: T };
  const summary = await run({ version: 1, users: [member], roles: [role], roleAssignments: [assignment], comments: [] });
  t.deepEqual(summary.counts.roles, { imported: 0, skipped: 1, refused: 0 });
  t.deepEqual(summary.counts.roleAssignments, { imported: 0, skipped: 0, refused: 1 });
  t.regex(summary.lines.join('\n'), /refused roleAssignments [0-9a-f-]{36}: its role [0-9a-f-]{36} does not exist here/);
  t.deepEqual(summary.unknownSections, ['comments']);
  t.is(summary.settings, 'absent');
});

test('a file of a newer format version, or with a malformed row, is refused before anything is written', async (t) => {
  const { ctx, run } = await board(t, false);
  await t.throwsAsync(run({ version: 5 }), { message: /feedbackd-export version 5; this feedbackd reads versions up to 4: upgrade feedbackd/ });
  const bad = user('eve@example.org', { isBlocked: 'no' });
  await t.throwsAsync(run({ users: [user('fay@example.org'), bad] }), { message: /is not a valid export: users\[1\] field isBlocked must be true or false/ });
  const noted = comment(randomUUID(), randomUUID(), { activityId: 'A1' });
  await t.throwsAsync(run({ comments: [noted] }), { message: /is not a valid export: comments\[0\] field activityId must be a lower-case UUID when present/ });
  t.is(await ctx.storage.users.count(), 0);
});

/** A user with a post, as file sections, and the ids to comment with. */
function author() {
  const ada = user('ada@example.org');
  const first = post(ada.id, 'first');
  return { ada, first, sections: { users: [ada], posts: [first, post(ada.id, 'second')] } };
}

test('a reply listed before its parent is imported after it; comments and activity entries keep their ids and times', async (t) => {
  const { ctx, run } = await board(t, false);
  const { ada, first, sections } = author();
  const parent = comment(ada.id, first.id);
  const reply = comment(ada.id, first.id, { parentId: parent.id, isInternal: true, isEdited: true, updatedAt: '2024-02-02T00:00:00.000Z' });
  const summary = await run({ ...sections, comments: [reply, parent] }, 'fail');
  t.deepEqual(summary.counts.comments, { imported: 2, skipped: 0, refused: 0 });
  const { activityId, ...stored } = reply;
  t.deepEqual(await ctx.storage.comments.get(reply.id), stored);
  t.deepEqual(await ctx.storage.activities.getByComment(reply.id), { id: activityId, postId: first.id, commentId: reply.id, type: 'comment', createdAt: T });
  t.is((await ctx.storage.activities.getByComment(parent.id))?.id, parent.activityId);
});

test('a comment whose post, author or parent is missing, or whose parent is on another post, is refused with the reason', async (t) => {
  const { ctx, run } = await board(t, false);
  const { ada, first, sections } = author();
  const [missingPost, missingAuthor, missingParent] = [randomUUID(), randomUUID(), randomUUID()];
  const elsewhere = comment(ada.id, sections.posts[1]!.id);
  const rows = [
    comment(ada.id, missingPost),
    comment(missingAuthor, first.id),
    comment(ada.id, first.id, { parentId: missingParent }),
    elsewhere,
    comment(ada.id, first.id, { parentId: elsewhere.id }),
  ];
  const summary = await run({ ...sections, comments: rows });
  t.deepEqual(summary.counts.comments, { imported: 1, skipped: 0, refused: 4 });
  t.deepEqual(summary.lines.filter((line) => line.includes(' comments ')), [
    `refused comments ${rows[0]!.id}: its post ${missingPost} does not exist here (neither in the data nor imported)`,
    `refused comments ${rows[1]!.id}: its author ${missingAuthor} does not exist here (neither in the data nor imported)`,
    `refused comments ${rows[2]!.id}: its parent comment ${missingParent} does not exist here (neither in the data nor imported)`,
    `refused comments ${rows[4]!.id}: its parent comment ${elsewhere.id} is on another post (${elsewhere.postId}): a reply must be on its parent's post`,
  ]);
  t.is(await ctx.storage.comments.count(), 1);
  t.is(await ctx.storage.activities.count(), 1);
  const failed = await run({ comments: [comment(ada.id, missingPost)] }, 'fail').catch((error: Error) => error);
  t.regex(String(failed), /Import stopped before writing anything: 1 row\(s\)[\s\S]*\n {2}comments [0-9a-f-]{36}: its post [0-9a-f-]{36} does not exist here/);
});

test('comments already there are skipped, or stop the import with fail; a taken activity id is skipped; a missing one is made', async (t) => {
  const { ctx, run } = await board(t, false);
  const { ada, first, sections } = author();
  const parent = comment(ada.id, first.id);
  const reply = comment(ada.id, first.id, { parentId: parent.id });
  await run({ ...sections, comments: [parent, reply] });

  const failed = await run({ comments: [parent, reply] }, 'fail').catch((error: Error) => error);
  t.regex(String(failed), new RegExp(`\n {2}comments ${parent.id}: a row with this id is already there\n {2}comments ${reply.id}: a row with this id`));
  const again = await run({ comments: [parent, reply] });
  t.deepEqual(again.counts.comments, { imported: 0, skipped: 2, refused: 0 });

  const clash = comment(ada.id, first.id, { activityId: parent.activityId });
  const { activityId: _none, ...bare } = comment(ada.id, first.id);
  const mixed = await run({ comments: [clash, bare] });
  t.deepEqual(mixed.counts.comments, { imported: 1, skipped: 1, refused: 0 });
  t.deepEqual(mixed.lines, [
    `skipped comments ${clash.id}: activity id "${parent.activityId}" is already taken`,
    `changed comments ${bare.id}: no activityId in the file: its activity entry gets a new id`,
  ]);
  t.like(await ctx.storage.activities.getByComment(bare.id), { postId: first.id, commentId: bare.id, createdAt: T });
  t.is(await ctx.storage.activities.count(), 3);
});

test('a version-1 file (no comments section) still imports; a comments field in it is not read', async (t) => {
  const { ctx, run } = await board(t, false);
  const { ada, first, sections } = author();
  const summary = await run({ version: 1, counts: { users: 1, posts: 2, comments: 7 }, ...sections, comments: [comment(ada.id, first.id)] }, 'fail');
  t.deepEqual(summary.counts.posts, { imported: 2, skipped: 0, refused: 0 });
  t.deepEqual(summary.counts.comments, { imported: 0, skipped: 0, refused: 0 });
  t.deepEqual(summary.unknownSections, ['comments']);
  t.is(await ctx.storage.comments.count(), 0);
});

/** The settings of an export file written before `gravatar` existed (storage field names). */
const OLDER_SETTINGS = {
  title: 'Older board',
  description: null,
  logo: null,
  icon: null,
  accentColor: '484d7c',
  googleAnalyticsId: null,
  isPoweredBy: true,
  allowSignup: false,
  developerMode: false,
  labs: { comments: true, voteOnBehalf: false },
};

test('an export without gravatar in its settings imports, and the new board keeps its own gravatar: false', async (t) => {
  const { ctx, run } = await board(t, false);
  const { ada, sections } = author();
  const summary = await run({ settings: OLDER_SETTINGS, ...sections });
  t.is(summary.settings, 'imported');
  t.deepEqual(summary.counts.users, { imported: 1, skipped: 0, refused: 0 });
  t.truthy(await ctx.storage.users.get(ada.id));
  t.like(await getSiteSettings(ctx), { title: 'Older board', allowSignup: false, gravatar: false });
});

test('gravatar in an export\'s settings is imported; anything but true or false refuses the file', async (t) => {
  const { ctx, run } = await board(t, false);
  await t.throwsAsync(run({ settings: { ...OLDER_SETTINGS, gravatar: 'no' } }), {
    message: /is not a valid export: settings field gravatar must be true or false when present/,
  });
  t.is((await getSiteSettings(ctx)).title, 'Feedback', 'nothing written');
  const summary = await run({ settings: { ...OLDER_SETTINGS, gravatar: false }, ...author().sections });
  t.is(summary.settings, 'imported');
  t.like(await getSiteSettings(ctx), { title: 'Older board', gravatar: false });
});

test('embedOrigins in an export\'s settings is imported, absent it is none; a list the API would refuse refuses the file', async (t) => {
  const absent = await board(t, false);
  await absent.run({ settings: OLDER_SETTINGS, ...author().sections });
  t.deepEqual((await getSiteSettings(absent.ctx)).embedOrigins, []);
  const { ctx, run } = await board(t, false);
  await t.throwsAsync(run({ settings: { ...OLDER_SETTINGS, embedOrigins: 'https://app.example.com' } }), {
    message: /is not a valid export: settings field embedOrigins must be a list of strings when present/,
  });
  await t.throwsAsync(run({ settings: { ...OLDER_SETTINGS, embedOrigins: ['https://app.example.com/path'] } }), {
    message: /settings field embedOrigins: breaks the API's rule \(embedOrigins\[0\] must be an origin such as https:\/\/app\.example\.com/,
  });
  t.is((await getSiteSettings(ctx)).title, 'Feedback', 'nothing written');
  await run({ settings: { ...OLDER_SETTINGS, embedOrigins: ['https://app.example.com'] }, ...author().sections });
  t.like(await getSiteSettings(ctx), { title: 'Older board', embedOrigins: ['https://app.example.com'] });
});

test('locale and texts in an export\'s settings are imported, absent they are en and none; values the API would refuse refuse the file', async (t) => {
  const absent = await board(t, false);
  await absent.run({ settings: OLDER_SETTINGS, ...author().sections });
  t.like(await getSiteSettings(absent.ctx), { locale: 'en', texts: {} });
  const { ctx, run } = await board(t, false);
  await t.throwsAsync(run({ settings: { ...OLDER_SETTINGS, texts: 'Willkommen' } }), {
    message: /is not a valid export: settings field texts must be a JSON object when present/,
  });
  await t.throwsAsync(run({ settings: { ...OLDER_SETTINGS, locale: 'xx' } }), {
    message: /settings field locale: breaks the API's rule \(must be one of: en, de/,
  });
  await t.throwsAsync(run({ settings: { ...OLDER_SETTINGS, texts: { de: { welcome: '' } } } }), {
    message: /settings field texts: is not what the API stores/,
  });
  t.is((await getSiteSettings(ctx)).title, 'Feedback', 'nothing written');
  const texts = { de: { welcome: 'Willkommen!', newPostHint: 'Kurz und klar.' } };
  await run({ settings: { ...OLDER_SETTINGS, locale: 'de', texts }, ...author().sections });
  t.like(await getSiteSettings(ctx), { title: 'Older board', locale: 'de', texts });
});

test('the Team role follows the settings: the file’s taken into a board without users, the board’s own kept otherwise', async (t) => {
  const staff = { ...teamRole(T), name: 'Staff', permissions: ['comment:view_internal'] };
  const sections = { settings: DEFAULT_SETTINGS, roles: [staff] };
  const fresh = await board(t, false);
  const taken = await fresh.run(sections);
  t.deepEqual(taken.counts.roles, { imported: 1, skipped: 0, refused: 0 });
  t.deepEqual(await fresh.ctx.storage.roles.get(TEAM_ROLE_ID), staff);

  const used = await board(t, true);
  const kept = await used.run(sections);
  t.deepEqual(kept.counts.roles, { imported: 0, skipped: 1, refused: 0 });
  t.regex(kept.lines.join('\n'), /skipped roles Staff \(49705713-5735-4a2e-96fd-601d49c31447\): seeded role: this board keeps its own/);
  t.like(await used.ctx.storage.roles.get(TEAM_ROLE_ID), { name: 'Team', permissions: [...TEAM_PERMISSIONS] });
});

test('a board of a file written before descriptions existed is imported without one; a described one keeps it', async (t) => {
  const { ctx, run } = await board(t, false);
  const old = { id: randomUUID(), name: 'Old', url: 'old', color: 'aabbcc', display: true, viewVoters: true, createdAt: T, updatedAt: T };
  const described = { ...old, id: randomUUID(), url: 'described', description: 'What it is for' };
  const summary = await run({ boards: [old, described] });
  t.deepEqual(summary.counts.boards, { imported: 2, skipped: 0, refused: 0 });
  t.deepEqual(await ctx.storage.boards.get(old.id), { ...old, description: null });
  t.deepEqual(await ctx.storage.boards.get(described.id), described);
  const refused = await run({ boards: [{ ...old, id: randomUUID(), url: 'long', description: 'x'.repeat(301) }] }).catch((error: Error) => error);
  t.regex(String(refused), /boards\[0\] field description: .*cannot exceed 300 characters/);
});

test('version 3 carries the changelog: entries and their links import, a link to a missing post is refused, a missing roadmap is dropped', async (t) => {
  const { ctx, run } = await board(t, true);
  const author = (await ctx.storage.users.getOwner())!;
  const [post] = await ctx.storage.posts.query({ visibleBoardsOnly: false, direction: 'asc', offset: 0, limit: 1 });
  const at = '2026-01-01T00:00:00.000Z';
  const entry = (id: string, slug: string, fields: Record<string, unknown> = {}) => ({
    id,
    slug,
    title: 'Shipped',
    contentMarkdown: null,
    labels: ['new'],
    status: 'published',
    publishAt: null,
    publishedAt: at,
    moveToRoadmapId: null,
    authorId: author.id,
    createdAt: at,
    updatedAt: at,
    ...fields,
  });
  const [first, second, missingPost] = [randomUUID(), randomUUID(), randomUUID()];
  const report = await run({
    version: 3,
    changelogEntries: [entry(first, 'shipped-aaaa1111'), entry(second, 'later-bbbb2222', { status: 'draft', publishedAt: null, moveToRoadmapId: randomUUID() })],
    changelogLinks: [
      { id: randomUUID(), entryId: first, postId: post!.id, position: 0, createdAt: at },
      { id: randomUUID(), entryId: first, postId: missingPost, position: 1, createdAt: at },
    ],
  });
  t.like(report.counts, { changelogEntries: { imported: 2 }, changelogLinks: { imported: 1, refused: 1 } });
  t.deepEqual((await ctx.storage.changelogLinks.listByEntry(first)).map((link) => link.postId), [post!.id]);
  t.is((await ctx.storage.changelogEntries.get(second))!.moveToRoadmapId, null);
  await t.throwsAsync(run({ version: 3, changelogEntries: [entry(randomUUID(), 'x-cccc3333', { labels: ['shiny'] })] }), { message: /changelogEntries\[0\] field labels/ });
});
