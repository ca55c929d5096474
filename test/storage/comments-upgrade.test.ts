import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import type { RawDocument } from '../../src/storage/lowdb/document.js';
import { SCHEMA_VERSION } from '../../src/storage/lowdb/document.js';
import { DEFAULT_SETTINGS, everyoneRole, TEAM_ROLE_ID } from '../../src/storage/seed.js';
import { open, tempDir } from './_config.js';
import { at, boardRow, mailLogRow, mailTokenRow, postRow, roadmapRow, userRoleRow, userRow, voteRow } from './_rows.js';

/** A version-1 document as feedbackd 0.1 wrote it: every v1 table, no comments or activities. */
function versionOneDocument() {
  const owner = userRow({ isOwner: true, name: 'Ada' });
  const member = userRow();
  const everyone = everyoneRole(at(0));
  const board = boardRow({ display: false });
  const roadmap = roadmapRow();
  const post = postRow(member.id, { boardId: board.id, roadmapId: roadmap.id, createdAt: at(5) });
  const tables = {
    users: [owner, member],
    roles: [everyone],
    userRoles: [userRoleRow(owner.id, everyone.id), userRoleRow(member.id, everyone.id)],
    boards: [board],
    roadmaps: [roadmap],
    posts: [post],
    votes: [voteRow(member.id, post.id)],
    mailTokens: [mailTokenRow(member.id)],
    mailLog: [mailLogRow()],
  };
  const settings = { ...DEFAULT_SETTINGS, title: 'Upgraded board', labs: { comments: false, voteOnBehalf: true } };
  return { schemaVersion: 1, seq: 4, settings, tables };
}

test('a version-1 database opens, is upgraded to the current version with empty comment tables, and keeps all its data', async (t) => {
  const dir = join(await tempDir(t), 'data');
  await mkdir(dir);
  const v1 = versionOneDocument();
  const ownerVote = voteRow(v1.tables.users[0]!.id, v1.tables.posts[0]!.id, { createdAt: at(9) });
  await writeFile(join(dir, 'db.json'), JSON.stringify(v1));
  // A v1 journal line after the snapshot: replayed before the upgrade, then folded into the new snapshot.
  await writeFile(join(dir, 'journal-1.jsonl'), `${JSON.stringify({ seq: 5, ops: [{ op: 'insert', table: 'votes', row: ownerVote }] })}\n`);

  const storage = await open(t, dir);
  const upgraded = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(upgraded.schemaVersion, SCHEMA_VERSION);
  t.is(upgraded.seq, 5);
  t.deepEqual(upgraded.tables.comments, []);
  t.deepEqual(upgraded.tables.activities, []);
  t.false((await readdir(dir)).includes('journal-1.jsonl'), 'old journal lines hold rows of the old schema');
  for (const [name, rows] of Object.entries(v1.tables)) {
    const expected = name === 'votes' ? [...rows, ownerVote] : rows;
    // Schema 4 adds the Team role beside the stored ones (team-role.test.ts).
    const kept = upgraded.tables[name]!.filter((row) => name !== 'roles' || row.id !== TEAM_ROLE_ID);
    t.deepEqual(sortById(kept), sortById(expected), name);
  }
  t.deepEqual(upgraded.settings, v1.settings);

  t.is(await storage.users.count(), 2);
  t.is((await storage.votes.summarize([v1.tables.posts[0]!.id], 6, null)).get(v1.tables.posts[0]!.id)?.count, 2);
  t.like(await storage.settings.get(), { title: 'Upgraded board', labs: { comments: false, voteOnBehalf: true } });
  const [post] = v1.tables.posts;
  const comment = await storage.comments.insert({
    id: randomUUID(),
    postId: post!.id,
    parentId: null,
    userId: post!.userId,
    body: 'First comment after the upgrade',
    isInternal: false,
    isEdited: false,
    isSpam: false,
    createdAt: at(20),
    updatedAt: at(20),
  });
  await storage.close();

  const reopened = await open(t, dir);
  t.deepEqual(await reopened.comments.get(comment.id), comment);
  t.is(await reopened.posts.count(), 1);
});

function sortById<Row extends { id: string }>(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => a.id.localeCompare(b.id));
}
