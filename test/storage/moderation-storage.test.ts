import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import pg from 'pg';
import { type RawDocument, SCHEMA_VERSION } from '../../src/storage/lowdb/document.js';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { MIGRATIONS } from '../../src/storage/postgres/migrations/index.js';
import { DEFAULT_SETTINGS, everyoneRole, teamRole } from '../../src/storage/seed.js';
import type { ActivityPageRequest, CommentRow, HeldShown, PostQuery, Storage } from '../../src/storage/types.js';
import { freshSchema, openPg, TEST_DATABASE_URL } from '../storage-pg/_pg.js';
import { freshStorage, open, TEST_ENGINE, tempDir } from './_config.js';
import { lowdbOnly } from './_engine.js';
import { at, boardRow, postRow, userRow } from './_rows.js';

/*
 * The approval queue's storage (issue 31 §2, JSON schema 11, PostgreSQL migration 14) on both
 * engines: held posts and comments (waiting or spam) leave every list, search, count and activity
 * page unless the read asks for them; the queue reads them oldest first; the upgrades keep rows.
 */

function commentRow(postId: string, userId: string, fields: Partial<CommentRow> = {}): CommentRow {
  return {
    id: randomUUID(),
    postId,
    parentId: null,
    userId,
    body: 'A comment',
    isInternal: false,
    isEdited: false,
    isSpam: false,
    createdAt: at(0),
    updatedAt: at(0),
    ...fields,
  };
}

async function addComment(storage: Storage, postId: string, userId: string, fields: Partial<CommentRow> = {}) {
  return storage.transaction(async (tx) => {
    const comment = await tx.comments.insert(commentRow(postId, userId, fields));
    await tx.activities.insert({ id: randomUUID(), postId, commentId: comment.id, type: 'comment', createdAt: comment.createdAt });
    return comment;
  });
}

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);
const list = { visibleBoardsOnly: false, direction: 'asc', offset: 0, limit: 50 } as const satisfies PostQuery;

/** A board with an approved, a waiting and a spam post, all holding the word "night". */
async function world(storage: Storage) {
  const board = await storage.boards.insert(boardRow());
  const author = await storage.users.insert(userRow());
  const newcomer = await storage.users.insert(userRow());
  const post = (n: number, userId: string, fields = {}) =>
    storage.posts.insert(postRow(userId, { title: `Night theme ${n}`, boardId: board.id, createdAt: at(n), updatedAt: at(n), ...fields }));
  const approved = await post(1, author.id);
  const waiting = await post(2, newcomer.id, { approval: 'waiting' });
  const spam = await post(3, newcomer.id, { approval: 'spam' });
  const explicit = await post(4, author.id, { approval: 'approved' });
  return { board, author, newcomer, approved, waiting, spam, explicit };
}

test('rows carry approval and isTrusted as written; absent reads as approved and untrusted', async (t) => {
  const { storage } = await freshStorage(t);
  const plain = userRow();
  t.deepEqual(await storage.users.insert(plain), plain);
  const trusted = userRow({ isTrusted: true });
  t.deepEqual(await storage.users.insert(trusted), trusted);
  t.is((await storage.users.update(plain.id, { isTrusted: true })).isTrusted, true);
  const waiting = postRow(plain.id, { approval: 'waiting' });
  t.deepEqual(await storage.posts.insert(waiting), waiting);
  t.deepEqual(await storage.posts.get(waiting.id), waiting);
  t.is((await storage.posts.update(waiting.id, { approval: 'spam' })).approval, 'spam');
  const approved = await storage.posts.update(waiting.id, { approval: 'approved' });
  t.not(approved.approval, 'spam', 'approved again (stored as approved or absent)');
  const comment = await addComment(storage, waiting.id, plain.id, { approval: 'waiting' });
  t.is((await storage.comments.get(comment.id))?.approval, 'waiting');
  const settings = await storage.settings.update({ moderation: 'new-users', requireFormToken: true });
  t.like(settings, { moderation: 'new-users', requireFormToken: true });
});

test('post lists, searches, mine and the votes order leave held posts out unless asked; the author sees their own waiting one', async (t) => {
  const { storage } = await freshStorage(t);
  const w = await world(storage);
  const shown = [w.approved.id, w.explicit.id];
  for (const query of [
    list,
    { ...list, boardIds: [w.board.id] },
    { ...list, orderBy: 'votes' as const },
    { ...list, words: ['night'] },
    { ...list, boardIds: [w.board.id], words: ['nig'] },
  ]) {
    t.deepEqual(ids(await storage.posts.query(query)).sort(), [...shown].sort(), JSON.stringify(query));
    t.deepEqual(
      ids(await storage.posts.query({ ...query, held: { waitingBy: w.newcomer.id } })).sort(),
      [...shown, w.waiting.id].sort(),
      'the author sees their waiting post, not their spam',
    );
    t.deepEqual(ids(await storage.posts.query({ ...query, held: { waitingBy: w.author.id } })).sort(), [...shown].sort());
    t.is((await storage.posts.query({ ...query, held: { all: true } })).length, 4, 'moderators see all');
  }
  t.deepEqual(ids(await storage.posts.query({ ...list, mine: { userId: w.newcomer.id, kind: 'posted' } })), []);
  t.deepEqual(ids(await storage.posts.query({ ...list, mine: { userId: w.newcomer.id, kind: 'posted' }, held: { waitingBy: w.newcomer.id } })), [w.waiting.id]);
  t.deepEqual(ids(await storage.posts.query({ ...list, offset: 1, limit: 1 })), [w.explicit.id], 'offsets count shown posts only');
  const similar = await storage.posts.similar({ words: ['night'], titleWords: ['night', 'theme'], visibleBoardsOnly: false, limit: 10 });
  t.deepEqual(ids(similar).sort(), [...shown].sort(), 'held posts are never similar');
  t.deepEqual(await storage.posts.countByBoards([w.board.id]), new Map([[w.board.id, 2]]));
  // Approving one brings it back everywhere.
  await storage.posts.update(w.waiting.id, { approval: 'approved' });
  t.is((await storage.posts.query(list)).length, 3);
  t.is((await storage.posts.query({ ...list, words: ['night'] })).length, 3);
  t.deepEqual(await storage.posts.countByBoards([w.board.id]), new Map([[w.board.id, 3]]));
});

test('the queue lists waiting and spam rows oldest first with their total; hasApprovedBy tells a newcomer', async (t) => {
  const { storage } = await freshStorage(t);
  const w = await world(storage);
  const later = await storage.posts.insert(postRow(w.author.id, { approval: 'waiting', createdAt: at(9), updatedAt: at(9) }));
  t.deepEqual(await storage.posts.held({ approval: 'waiting', offset: 0, limit: 10 }), { rows: [w.waiting, later], total: 2 });
  t.deepEqual(await storage.posts.held({ approval: 'waiting', offset: 1, limit: 10 }), { rows: [later], total: 2 });
  t.deepEqual(await storage.posts.held({ approval: 'spam', offset: 0, limit: 10 }), { rows: [w.spam], total: 1 });
  t.true(await storage.posts.hasApprovedBy(w.author.id));
  t.false(await storage.posts.hasApprovedBy(w.newcomer.id));
  const held = await addComment(storage, w.approved.id, w.newcomer.id, { approval: 'waiting', createdAt: at(5), updatedAt: at(5) });
  t.false(await storage.comments.hasApprovedBy(w.newcomer.id));
  t.deepEqual(await storage.comments.held({ approval: 'waiting', offset: 0, limit: 10 }), { rows: [held], total: 1 });
  await storage.comments.update(held.id, { approval: 'approved' });
  t.true(await storage.comments.hasApprovedBy(w.newcomer.id));
  t.is((await storage.comments.held({ approval: 'waiting', offset: 0, limit: 10 })).total, 0);
});

test('held comments leave the activity pages, the comment counts and the newest comments until approved', async (t) => {
  const { storage } = await freshStorage(t);
  const author = await storage.users.insert(userRow());
  const post = await storage.posts.insert(postRow(author.id));
  const shown = await addComment(storage, post.id, author.id, { createdAt: at(1), updatedAt: at(1) });
  const internal = await addComment(storage, post.id, author.id, { isInternal: true, createdAt: at(2), updatedAt: at(2) });
  const waiting = await addComment(storage, post.id, author.id, { approval: 'waiting', createdAt: at(3), updatedAt: at(3) });
  const spam = await addComment(storage, post.id, author.id, { approval: 'spam', createdAt: at(4), updatedAt: at(4) });
  const page = async (internalOnly?: boolean) =>
    (await storage.activities.pageByPost(post.id, { direction: 'asc', limit: 10, from: { offset: 0 }, ...(internalOnly === undefined ? {} : { internal: internalOnly }) }))!;
  const commentsOf = async (internalOnly?: boolean) => (await page(internalOnly)).rows.map((entry) => entry.commentId);
  t.deepEqual(await commentsOf(false), [shown.id]);
  t.deepEqual(await commentsOf(true), [internal.id]);
  t.deepEqual(await commentsOf(), [shown.id, internal.id]);
  t.is((await page()).total, 2);
  t.deepEqual(await storage.comments.countPublicByPosts([post.id]), new Map([[post.id, 1]]));
  t.deepEqual(ids(await storage.comments.newest(10, 0)), [internal.id, shown.id]);
  await storage.comments.update(waiting.id, { approval: 'approved' });
  t.deepEqual(await commentsOf(false), [shown.id, waiting.id]);
  t.deepEqual(await commentsOf(), [shown.id, internal.id, waiting.id]);
  t.deepEqual(await storage.comments.countPublicByPosts([post.id]), new Map([[post.id, 2]]));
  t.deepEqual(ids(await storage.comments.newest(10, 0)), [waiting.id, internal.id, shown.id]);
  await storage.comments.update(shown.id, { approval: 'spam' });
  t.deepEqual(await commentsOf(false), [waiting.id]);
  t.true((await storage.comments.listByPost(post.id)).some((comment) => comment.id === spam.id), 'held comments stay stored');
});

test('activity pages show held comments only as `held` asks: the author their waiting ones, moderators all; cursors may name them', async (t) => {
  const { storage } = await freshStorage(t);
  const post = await storage.posts.insert(postRow((await storage.users.insert(userRow())).id));
  const [team, newcomer, other] = [await storage.users.insert(userRow()), await storage.users.insert(userRow()), await storage.users.insert(userRow())];
  const comment = (n: number, userId: string, fields: Partial<CommentRow> = {}) =>
    addComment(storage, post.id, userId, { createdAt: at(n), updatedAt: at(n), ...fields });
  const c1 = await comment(1, team.id);
  const c2 = await comment(2, newcomer.id, { approval: 'waiting' });
  const c3 = await comment(3, other.id, { approval: 'waiting' });
  const c4 = await comment(4, team.id, { isInternal: true });
  const c5 = await comment(5, newcomer.id, { approval: 'spam' });
  const c6 = await comment(6, newcomer.id, { approval: 'waiting', isInternal: true });
  const c7 = await comment(7, team.id);
  const entryOf = new Map<string, string>();
  for (const c of [c1, c2, c3, c4, c5, c6, c7]) entryOf.set(c.id, (await storage.activities.getByComment(c.id))!.id);
  const views: Array<{ name: string; held?: HeldShown; internal?: boolean; expected: CommentRow[] }> = [
    { name: 'nobody, public', internal: false, expected: [c1, c7] },
    { name: 'nobody, all', expected: [c1, c4, c7] },
    { name: 'the newcomer, public', held: { waitingBy: newcomer.id }, internal: false, expected: [c1, c2, c7] },
    { name: 'the newcomer, all', held: { waitingBy: newcomer.id }, expected: [c1, c2, c4, c6, c7] },
    { name: 'the newcomer, internal', held: { waitingBy: newcomer.id }, internal: true, expected: [c4, c6] },
    { name: 'the other, public', held: { waitingBy: other.id }, internal: false, expected: [c1, c3, c7] },
    { name: 'a signed-in viewer with nothing held', held: { waitingBy: team.id }, expected: [c1, c4, c7] },
    { name: 'moderators, public', held: { all: true }, internal: false, expected: [c1, c2, c3, c5, c7] },
    { name: 'moderators, all', held: { all: true }, expected: [c1, c2, c3, c4, c5, c6, c7] },
    { name: 'moderators, internal', held: { all: true }, internal: true, expected: [c4, c6] },
  ];
  const request = (view: (typeof views)[number], direction: 'asc' | 'desc', limit: number, from: ActivityPageRequest['from']): ActivityPageRequest => ({
    direction,
    limit,
    from,
    ...(view.internal === undefined ? {} : { internal: view.internal }),
    ...(view.held === undefined ? {} : { held: view.held }),
  });
  for (const view of views) {
    for (const direction of ['asc', 'desc'] as const) {
      const expected = (direction === 'asc' ? view.expected : [...view.expected].reverse()).map((c) => c.id);
      for (const limit of [1, 2, 3]) {
        const label = `${view.name}, ${direction}, limit ${limit}`;
        // Walking by cursor: each page starts after the last entry of the one before, held or not.
        const walked: string[] = [];
        let from: ActivityPageRequest['from'] = { offset: 0 };
        for (let guard = 0; guard < 10; guard++) {
          const page = await storage.activities.pageByPost(post.id, request(view, direction, limit, from));
          if (!page) return t.fail(`${label}: unknown cursor`);
          t.is(page.total, expected.length, label);
          t.is(page.offset, walked.length, label);
          walked.push(...page.rows.map((entry) => entry.commentId));
          t.is(page.hasMore, walked.length < expected.length, label);
          if (!page.hasMore) break;
          from = { after: page.rows[page.rows.length - 1]!.id };
        }
        t.deepEqual(walked, expected, label);
        // Offsets count the entries the viewer sees.
        for (let offset = 0; offset <= expected.length; offset++) {
          const page = (await storage.activities.pageByPost(post.id, request(view, direction, limit, { offset })))!;
          t.deepEqual(
            page.rows.map((entry) => entry.commentId),
            expected.slice(offset, offset + limit),
            `${label}, offset ${offset}`,
          );
        }
      }
      // A cursor naming an entry the view leaves out is unknown.
      const shownIds = new Set(view.expected.map((c) => c.id));
      for (const c of [c1, c2, c3, c4, c5, c6, c7].filter((c) => !shownIds.has(c.id))) {
        t.is(await storage.activities.pageByPost(post.id, request(view, direction, 5, { after: entryOf.get(c.id)! })), undefined, `${view.name}: ${c.id}`);
      }
    }
  }
  // Approving the newcomer's waiting comment shows it to everyone, once; a held comment made internal moves with its entry.
  await storage.comments.update(c2.id, { approval: 'approved' });
  await storage.comments.update(c3.id, { isInternal: true });
  const commentsOf = async (extra: Partial<ActivityPageRequest>) =>
    (await storage.activities.pageByPost(post.id, { direction: 'asc', limit: 10, from: { offset: 0 }, ...extra }))!.rows.map((entry) => entry.commentId);
  t.deepEqual(await commentsOf({ internal: false }), [c1.id, c2.id, c7.id]);
  t.deepEqual(await commentsOf({ internal: false, held: { waitingBy: newcomer.id } }), [c1.id, c2.id, c7.id]);
  t.deepEqual(await commentsOf({ internal: false, held: { waitingBy: other.id } }), [c1.id, c2.id, c7.id]);
  t.deepEqual(await commentsOf({ internal: true, held: { waitingBy: other.id } }), [c3.id, c4.id]);
  t.deepEqual(await commentsOf({ held: { all: true } }), [c1.id, c2.id, c3.id, c4.id, c5.id, c6.id, c7.id]);
  // Deleting a held comment's entry takes it out of the held lists.
  await storage.activities.delete(entryOf.get(c5.id)!);
  t.deepEqual(await commentsOf({ internal: false, held: { all: true } }), [c1.id, c2.id, c7.id]);
});

test('held rows survive a reopen (the JSON file and its indexes, or the tables)', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const w = await world(storage);
  await storage.users.update(w.author.id, { isTrusted: true });
  await storage.close();
  const again = await open(t, dir);
  t.is((await again.posts.get(w.waiting.id))?.approval, 'waiting');
  t.is((await again.users.get(w.author.id))?.isTrusted, true);
  t.is((await again.posts.query(list)).length, 2);
  t.is((await again.posts.held({ approval: 'spam', offset: 0, limit: 5 })).total, 1);
});

/** A schema-10 document (before moderation): a user, a post and a comment with its entry, as that feedbackd wrote them. */
function versionTenDocument() {
  const user = userRow();
  const post = postRow(user.id, { title: 'Old post' });
  const comment = commentRow(post.id, user.id);
  const activity = { id: randomUUID(), postId: post.id, commentId: comment.id, type: 'comment', createdAt: comment.createdAt };
  const tables = {
    users: [user],
    roles: [everyoneRole(at(0)), teamRole(at(0))],
    userRoles: [],
    boards: [],
    roadmaps: [],
    posts: [post],
    votes: [],
    comments: [comment],
    activities: [activity],
    mailTokens: [],
    mailLog: [],
    outbox: [],
    webhookEndpoints: [],
    webhookDeliveries: [],
    subscriptions: [],
    notifications: [],
    ssoSecrets: [],
    linkedIdentities: [],
    authProviders: [],
    changelogEntries: [],
    changelogLinks: [],
    postMerges: [],
    tags: [],
    postTags: [],
  };
  const { moderation: _m, requireFormToken: _r, ...settings } = DEFAULT_SETTINGS;
  return { doc: { schemaVersion: 10, seq: 1, settings, tables }, user, post, comment };
}

lowdbOnly('a schema-10 database is upgraded past 11: its rows stay as they were, approved, and moderation is off', async (t) => {
  const dir = join(await tempDir(t), 'data');
  await mkdir(dir);
  const old = versionTenDocument();
  await writeFile(join(dir, 'db.json'), JSON.stringify(old.doc));
  const storage = await open(t, dir);
  const upgraded = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(upgraded.schemaVersion, SCHEMA_VERSION);
  t.deepEqual(await storage.users.get(old.user.id), old.user);
  t.deepEqual(await storage.posts.get(old.post.id), old.post);
  t.deepEqual(await storage.comments.get(old.comment.id), old.comment);
  t.deepEqual(ids(await storage.posts.query(list)), [old.post.id], 'listed: approved');
  t.is((await storage.activities.pageByPost(old.post.id, { direction: 'asc', limit: 5, from: { offset: 0 }, internal: false }))?.total, 1);
  t.is((await storage.settings.get()).moderation, undefined, 'absent: read as off');
  t.is((await storage.posts.update(old.post.id, { approval: 'waiting' })).approval, 'waiting');
  t.deepEqual(await storage.posts.query(list), []);
});

const pgOnly = TEST_ENGINE === 'postgres' && TEST_DATABASE_URL ? test : test.skip;

pgOnly('migration 14 keeps the rows of a migration-13 database approved and untrusted; they take the new states afterwards', async (t) => {
  const { url: schemaUrl } = await freshSchema(t, TEST_DATABASE_URL!);
  const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
  t.teardown(() => pool.end());
  t.deepEqual(await migrate(pool, MIGRATIONS.slice(0, 13)), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  const user = userRow();
  const post = postRow(user.id, { title: 'Old post' });
  await pool.query(
    `INSERT INTO users (id, email, email_lower, username, name, name_lower, password_hash, is_owner, is_verified, is_blocked, token_version, notes, created_at, updated_at)
     VALUES ($1, $2, lower($2), $3, $4, lower($4), $5, false, true, false, 0, null, $6, $6)`,
    [user.id, user.email, user.username, user.name, user.passwordHash, at(0)],
  );
  await pool.query(
    `INSERT INTO posts (id, title, slug, slug_id, content_markdown, user_id, board_id, roadmap_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, null, $5, null, null, $6, $6)`,
    [post.id, post.title, post.slug, post.slugId, user.id, at(0)],
  );
  t.deepEqual(await migrate(pool), [14, 15, 16, 17, 18]);
  const storage = await openPg(t, schemaUrl);
  t.deepEqual(await storage.posts.get(post.id), post);
  t.is((await storage.users.get(user.id))?.isTrusted, undefined);
  t.deepEqual(ids(await storage.posts.query(list)), [post.id]);
  await storage.posts.update(post.id, { approval: 'waiting' });
  t.deepEqual(await storage.posts.query(list), []);
  t.is((await storage.posts.held({ approval: 'waiting', offset: 0, limit: 5 })).total, 1);
});
