import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { importData } from '../../src/admin/import.js';
import type { ImportSummary } from '../../src/admin/import-report.js';
import type { ServiceContext } from '../../src/services/context.js';
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

/** A board (seeded when asked) and a function importing sections into it. */
async function board(t: ExecutionContext, seeded: boolean) {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-import-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  if (seeded) await seedBoard(join(dir, 'data'));
  const ctx = await openBoard(join(dir, 'data'));
  t.teardown(() => ctx.close());
  const run = async (sections: Record<string, unknown>, onConflict = 'skip'): Promise<ImportSummary> => {
    const file = join(dir, `${randomUUID()}.json`);
    await writeFile(file, JSON.stringify({ format: 'feedbackd-export', version: 1, ...sections }));
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
  const summary = await run({ users: [member], roles: [role], roleAssignments: [assignment], comments: [] });
  t.deepEqual(summary.counts.roles, { imported: 0, skipped: 1, refused: 0 });
  t.deepEqual(summary.counts.roleAssignments, { imported: 0, skipped: 0, refused: 1 });
  t.regex(summary.lines.join('\n'), /refused roleAssignments [0-9a-f-]{36}: its role [0-9a-f-]{36} does not exist here/);
  t.deepEqual(summary.unknownSections, ['comments']);
  t.is(summary.settings, 'absent');
});

test('a file of a newer format version, or with a malformed row, is refused before anything is written', async (t) => {
  const { ctx, run } = await board(t, false);
  await t.throwsAsync(run({ version: 2 }), { message: /feedbackd-export version 2; this feedbackd reads versions up to 1: upgrade feedbackd/ });
  const bad = user('eve@example.org', { isBlocked: 'no' });
  await t.throwsAsync(run({ users: [user('fay@example.org'), bad] }), { message: /is not a valid export: users\[1\] field isBlocked must be true or false/ });
  t.is(await ctx.storage.users.count(), 0);
});
