import { randomUUID } from 'node:crypto';
import test from 'ava';
import type { ActivityPageRequest, ActivityRow, CommentRow, Storage } from '../../src/storage/types.js';
import { freshStorage, open, openCrashCopy } from './_config.js';
import { at, postRow, userRow } from './_rows.js';

/** A public, unedited comment by `userId` on `postId`. */
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

/** Writes a comment and its activity entry the way the service does: one transaction, one timestamp. */
async function addComment(storage: Storage, postId: string, userId: string, fields: Partial<CommentRow> = {}) {
  return storage.transaction(async (tx) => {
    const comment = await tx.comments.insert(commentRow(postId, userId, fields));
    const entry = await tx.activities.insert({ id: randomUUID(), postId, commentId: comment.id, type: 'comment', createdAt: comment.createdAt });
    return { comment, entry };
  });
}

async function newPost(storage: Storage): Promise<{ postId: string; userId: string }> {
  const author = await storage.users.insert(userRow());
  return { postId: (await storage.posts.insert(postRow(author.id))).id, userId: author.id };
}

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);
const byTimeDesc = (a: ActivityRow, b: ActivityRow) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/** Every entry id of the post's filtered list, newest first, walking offset pages of `limit`. */
async function walk(storage: Storage, postId: string, internal: boolean | undefined, limit = 3): Promise<string[]> {
  const seen: string[] = [];
  for (let offset = 0; ; offset += limit) {
    const request: ActivityPageRequest = { direction: 'desc', limit, from: { offset }, ...(internal === undefined ? {} : { internal }) };
    const page = (await storage.activities.pageByPost(postId, request))!;
    seen.push(...ids(page.rows));
    if (!page.hasMore) return seen;
  }
}

test('pageByPost: all entries, public ones or internal ones, newest first with id tie-breaks; other posts stay apart', async (t) => {
  const { storage } = await freshStorage(t);
  const { postId, userId } = await newPost(storage);
  const other = await newPost(storage);
  const entries: Array<{ entry: ActivityRow; internal: boolean }> = [];
  for (let i = 0; i < 11; i++) {
    const internal = i % 3 === 0;
    const { entry } = await addComment(storage, postId, userId, { isInternal: internal, createdAt: at(10 - (i % 4)) });
    entries.push({ entry, internal });
  }
  await addComment(storage, other.postId, other.userId);
  const expected = (keep: (internal: boolean) => boolean) =>
    ids(entries.filter((e) => keep(e.internal)).map((e) => e.entry).sort(byTimeDesc));
  t.deepEqual(await walk(storage, postId, undefined), expected(() => true));
  t.deepEqual(await walk(storage, postId, false), expected((internal) => !internal));
  t.deepEqual(await walk(storage, postId, true, 2), expected((internal) => internal));
  const page = await storage.activities.pageByPost(postId, { direction: 'desc', limit: 2, from: { offset: 6 }, internal: false });
  t.like(page, { total: 7, offset: 6, hasMore: false });
  t.is(page!.rows.length, 1);
  t.deepEqual(await storage.activities.pageByPost(randomUUID(), { direction: 'desc', limit: 5, from: { offset: 0 }, internal: true }), {
    rows: [],
    total: 0,
    offset: 0,
    hasMore: false,
  });
});

test('an edit of is_internal moves the entry between the lists; a rolled-back edit does not', async (t) => {
  const { storage } = await freshStorage(t);
  const { postId, userId } = await newPost(storage);
  const { comment, entry } = await addComment(storage, postId, userId);
  await t.throwsAsync(
    storage.transaction(async (tx) => {
      await tx.comments.update(comment.id, { isInternal: true });
      t.deepEqual(await walk(tx as Storage, postId, true), [entry.id], 'the transaction sees its own write');
      throw new Error('rolled back');
    }),
  );
  t.deepEqual(await walk(storage, postId, false), [entry.id]);
  t.deepEqual(await walk(storage, postId, true), []);
  await storage.comments.update(comment.id, { isInternal: true, body: 'changed' });
  t.deepEqual(await walk(storage, postId, false), []);
  t.deepEqual(await walk(storage, postId, true), [entry.id]);
  t.deepEqual(await walk(storage, postId, undefined), [entry.id]);
});

test('an entry written before its comment lands in the right list; deleting either takes it out', async (t) => {
  const { storage } = await freshStorage(t);
  const { postId, userId } = await newPost(storage);
  const comment = commentRow(postId, userId, { isInternal: true });
  const entry: ActivityRow = { id: randomUUID(), postId, commentId: comment.id, type: 'comment', createdAt: comment.createdAt };
  await storage.transaction(async (tx) => {
    await tx.activities.insert(entry);
    await tx.comments.insert(comment);
  });
  t.deepEqual(await walk(storage, postId, true), [entry.id]);
  t.deepEqual(await storage.activities.getByComment(comment.id), entry);
  await storage.comments.delete(comment.id);
  t.deepEqual(await walk(storage, postId, true), []);
  await storage.activities.delete(entry.id);
  t.is(await storage.activities.getByComment(comment.id), undefined);
  const again = await addComment(storage, postId, userId);
  await storage.activities.delete(again.entry.id);
  t.deepEqual(await walk(storage, postId, false), []);
  t.deepEqual(await walk(storage, postId, undefined), []);
});

test('a comment has at most one activity entry', async (t) => {
  const { storage } = await freshStorage(t);
  const { postId, userId } = await newPost(storage);
  const { comment } = await addComment(storage, postId, userId);
  const duplicate = storage.activities.insert({ id: randomUUID(), postId, commentId: comment.id, type: 'comment', createdAt: at(1) });
  await t.throwsAsync(duplicate, { name: 'UniqueViolation', message: /activities\.comment/ });
});

test('listReplies, listByUser and deleteByPost follow their indexes', async (t) => {
  const { storage } = await freshStorage(t);
  const { postId, userId } = await newPost(storage);
  const other = await newPost(storage);
  const root = await addComment(storage, postId, userId, { createdAt: at(1) });
  const late = await addComment(storage, postId, other.userId, { parentId: root.comment.id, createdAt: at(3) });
  const early = await addComment(storage, postId, userId, { parentId: root.comment.id, createdAt: at(2) });
  await addComment(storage, postId, userId, { parentId: late.comment.id, createdAt: at(4) });
  const elsewhere = await addComment(storage, other.postId, userId, { createdAt: at(0) });
  t.deepEqual(ids(await storage.comments.listReplies(root.comment.id)), [early.comment.id, late.comment.id]);
  t.deepEqual(await storage.comments.listReplies(elsewhere.comment.id), []);
  t.deepEqual(ids(await storage.comments.listByUser(other.userId)), [late.comment.id]);
  t.is((await storage.comments.listByUser(userId)).length, 4);

  t.is(await storage.activities.deleteByPost(postId), 4);
  t.is(await storage.comments.deleteByPost(postId), 4);
  t.is(await storage.comments.deleteByPost(postId), 0);
  t.deepEqual(ids(await storage.comments.listByUser(userId)), [elsewhere.comment.id]);
  t.deepEqual(await storage.comments.listReplies(root.comment.id), []);
  t.is(await storage.comments.count(), 1);
  t.is(await storage.activities.count(), 1);
  t.deepEqual(await walk(storage, other.postId, false), [elsewhere.entry.id]);
});

test('comments and activity pages come back the same after a journal replay and after a snapshot', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const { postId, userId } = await newPost(storage);
  for (let i = 0; i < 7; i++) await addComment(storage, postId, userId, { isInternal: i % 2 === 1, createdAt: at(i % 3) });
  const moved = await addComment(storage, postId, userId, { createdAt: at(9) });
  await storage.comments.update(moved.comment.id, { isInternal: true, isEdited: true, body: 'edited' });
  const gone = await addComment(storage, postId, userId);
  await storage.transaction(async (tx) => {
    await tx.activities.delete(gone.entry.id);
    await tx.comments.delete(gone.comment.id);
  });
  const state = async (s: Storage) => ({
    all: await walk(s, postId, undefined),
    public: await walk(s, postId, false),
    internal: await walk(s, postId, true),
    moved: await s.comments.get(moved.comment.id),
    count: await s.comments.count(),
  });
  const before = await state(storage);
  t.is(before.count, 8);
  t.is(before.internal.length, 4);
  const copy = await openCrashCopy(t, dir);
  if (copy) t.deepEqual(await state(copy), before, 'journal replay');
  await storage.close();
  t.deepEqual(await state(await open(t, dir)), before, 'snapshot');
});

test('countPublicByPosts: public comments and replies per post; internal ones, deleted ones and rolled-back writes never count', async (t) => {
  const { storage } = await freshStorage(t);
  const { postId, userId } = await newPost(storage);
  const other = await newPost(storage);
  const root = (await addComment(storage, postId, userId)).comment;
  await addComment(storage, postId, userId, { parentId: root.id });
  const note = (await addComment(storage, postId, userId, { isInternal: true })).comment;
  await addComment(storage, other.postId, other.userId, { isSpam: true });
  const nobody = randomUUID();
  t.deepEqual(
    await storage.comments.countPublicByPosts([postId, other.postId, nobody]),
    new Map([
      [postId, 2],
      [other.postId, 1],
      [nobody, 0],
    ]),
    'spam still counts: it is not hidden',
  );

  await storage.comments.update(note.id, { isInternal: false });
  await storage.comments.update(root.id, { isInternal: true });
  t.is((await storage.comments.countPublicByPosts([postId])).get(postId), 2, 'an edit of is_internal moves a comment in or out');
  await t.throwsAsync(
    storage.transaction(async (tx) => {
      await tx.comments.update(note.id, { isInternal: true });
      throw new Error('rolled back');
    }),
  );
  t.is((await storage.comments.countPublicByPosts([postId])).get(postId), 2);
  await storage.comments.delete(note.id);
  t.is((await storage.comments.countPublicByPosts([postId])).get(postId), 1, 'the reply is left');
  await storage.comments.deleteByPost(postId);
  t.deepEqual(await storage.comments.countPublicByPosts([postId]), new Map([[postId, 0]]));
  t.deepEqual(await storage.comments.countPublicByPosts([]), new Map());
});
