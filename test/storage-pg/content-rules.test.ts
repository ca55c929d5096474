import { randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import {
  createActivitiesRepo,
  createCommentsRepo,
} from '../../src/storage/postgres/content/index.js';
import { type ActivityRow, type CommentRow, RowNotFound, UniqueViolation } from '../../src/storage/types.js';
import { at, boardRow, postRow, roadmapRow, voteRow } from '../storage/_rows.js';
import { fresh } from './_content.js';
import { pgTests } from './_pg.js';

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

function activityRow(comment: CommentRow, fields: Partial<ActivityRow> = {}): ActivityRow {
  return {
    id: randomUUID(),
    postId: comment.postId,
    commentId: comment.id,
    type: 'comment',
    createdAt: comment.createdAt,
    ...fields,
  };
}

/** The constraint a rejected write names. */
async function violated(t: ExecutionContext, write: Promise<unknown>): Promise<string | undefined> {
  const error = await t.throwsAsync(write, { instanceOf: UniqueViolation });
  return error?.constraint;
}

pgTests((url) => {
  test('unique rules surface as the contract names them, on insert and update', async (t) => {
    const s = await fresh(t, url);
    const user = await s.addUser();
    const board = await s.boards.insert(boardRow());
    const otherBoard = await s.boards.insert(boardRow());
    t.is(await violated(t, s.boards.insert(boardRow({ url: board.url }))), 'boards.url');
    t.is(await violated(t, s.boards.update(otherBoard.id, { url: board.url })), 'boards.url');
    t.is(await violated(t, s.boards.insert(boardRow({ id: board.id }))), 'boards.id');
    const roadmap = await s.roadmaps.insert(roadmapRow());
    t.is(await violated(t, s.roadmaps.insert(roadmapRow({ url: roadmap.url }))), 'roadmaps.url');
    t.is(await violated(t, s.roadmaps.insert(roadmapRow({ index: roadmap.index }))), 'roadmaps.index');
    const post = await s.posts.insert(postRow(user));
    t.is(await violated(t, s.posts.insert(postRow(user, { slug: post.slug }))), 'posts.slug');
    await s.votes.insert(voteRow(user, post.id));
    t.is(await violated(t, s.votes.insert(voteRow(user, post.id))), 'votes.userPost');
    const comment = await s.comments.insert(commentRow(post.id, user));
    await s.activities.insert(activityRow(comment));
    t.is(await violated(t, s.activities.insert(activityRow(comment))), 'activities.comment');
    t.is(await s.boards.count(), 2);
    t.is(await s.votes.count(), 1);
  });

  test('update patches only the given fields, null included; unknown ids are RowNotFound or false', async (t) => {
    const s = await fresh(t, url);
    const user = await s.addUser();
    const board = await s.boards.insert(boardRow());
    const post = await s.posts.insert(postRow(user, { boardId: board.id, contentMarkdown: 'text' }));
    const patched = await s.posts.update(post.id, {
      contentMarkdown: null,
      title: 'New',
      updatedAt: at(7),
    });
    t.deepEqual(patched, {
      ...post,
      contentMarkdown: null,
      title: 'New',
      updatedAt: at(7),
    });
    t.deepEqual(await s.posts.update(post.id, {}), patched);
    await t.throwsAsync(s.posts.update(randomUUID(), { title: 'x' }), {
      instanceOf: RowNotFound,
    });
    await t.throwsAsync(s.boards.update(randomUUID(), {}), {
      instanceOf: RowNotFound,
    });
    const missing = randomUUID();
    t.deepEqual(await s.posts.getMany([post.id, missing]), new Map([[post.id, patched]]));
    t.is(await s.posts.get(missing), undefined);
    t.deepEqual(await s.posts.getBySlug(post.slug), patched);
    t.deepEqual(await s.boards.getByUrl(board.url), board);
    t.false(await s.boards.delete(missing));
    t.true(await s.boards.delete(board.id));
  });

  test('swapIndexes exchanges two indexes in one write; an unknown id changes nothing', async (t) => {
    const s = await fresh(t, url);
    const first = await s.roadmaps.insert(roadmapRow({ index: 1 }));
    const second = await s.roadmaps.insert(roadmapRow({ index: 2, display: false }));
    const third = await s.roadmaps.insert(roadmapRow({ index: 5 }));
    const [a, b] = await s.roadmaps.swapIndexes(first.id, third.id, at(9));
    t.deepEqual(a, { ...first, index: 5, updatedAt: at(9) });
    t.deepEqual(b, { ...third, index: 1, updatedAt: at(9) });
    t.deepEqual(
      (await s.roadmaps.list()).map((r) => r.id),
      [third.id, second.id, first.id],
    );
    t.is(await s.roadmaps.highestIndex(), 5);
    const unknown = randomUUID();
    const error = await t.throwsAsync(s.roadmaps.swapIndexes(second.id, unknown, at(10)), { instanceOf: RowNotFound });
    t.regex(error?.message ?? '', new RegExp(unknown));
    t.deepEqual(await s.roadmaps.get(second.id), second);
    t.deepEqual(await s.roadmaps.swapIndexes(second.id, second.id, at(11)), [second, second]);
    const shown = await s.roadmaps.page({
      direction: 'asc',
      limit: 5,
      from: { offset: 0 },
      display: true,
    });
    t.deepEqual(
      shown?.rows.map((r) => r.id),
      [third.id, first.id],
    );
    t.is(
      await s.roadmaps.page({
        direction: 'asc',
        limit: 5,
        from: { after: second.id },
        display: true,
      }),
      undefined,
    );
    const hidden = await s.roadmaps.page({
      direction: 'desc',
      limit: 1,
      from: { after: first.id },
    });
    t.deepEqual(hidden && { ...hidden, rows: hidden.rows.map((r) => r.id) }, {
      rows: [second.id],
      total: 3,
      offset: 1,
      hasMore: true,
    });
    await s.roadmaps.delete(first.id);
    await s.roadmaps.delete(second.id);
    await s.roadmaps.delete(third.id);
    t.is(await s.roadmaps.highestIndex(), 0);
  });

  test('deleting a board or roadmap unlinks its posts; deleting a post takes votes, comments and activity; an author stays', async (t) => {
    const s = await fresh(t, url);
    const user = await s.addUser();
    const board = await s.boards.insert(boardRow());
    const roadmap = await s.roadmaps.insert(roadmapRow());
    const post = await s.posts.insert(postRow(user, { boardId: board.id, roadmapId: roadmap.id }));
    t.true(await s.boards.delete(board.id));
    t.true(await s.roadmaps.delete(roadmap.id));
    t.deepEqual(await s.posts.get(post.id), {
      ...post,
      boardId: null,
      roadmapId: null,
    });
    await s.votes.insert(voteRow(user, post.id));
    const comment = await s.comments.insert(commentRow(post.id, user));
    await s.comments.insert(commentRow(post.id, user, { parentId: comment.id }));
    await s.activities.insert(activityRow(comment));
    await t.throwsAsync(s.db.query('DELETE FROM users WHERE id = $1', [user]));
    t.true(await s.posts.delete(post.id));
    t.is(await s.votes.count(), 0);
    t.is(await s.comments.count(), 0);
    t.is(await s.activities.count(), 0);
  });

  test('boards.page: displayed only or all, offsets and cursors both ways; a hidden cursor is unknown to the displayed list', async (t) => {
    const s = await fresh(t, url);
    const boards = [];
    for (let n = 0; n < 5; n++)
      boards.push(await s.boards.insert(boardRow({ display: n !== 2, createdAt: at(n % 2) })));
    const sorted = [...boards].sort((a, b) =>
      a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
    );
    const shown = sorted.filter((b) => b.display);
    const hiddenBoard = boards[2]!;
    t.deepEqual(
      (await s.boards.list()).map((b) => b.id),
      sorted.map((b) => b.id),
    );
    const page = await s.boards.page({
      displayedOnly: true,
      direction: 'desc',
      limit: 2,
      from: { after: shown[3]!.id },
    });
    t.deepEqual(page && { ...page, rows: page.rows.map((b) => b.id) }, {
      rows: [shown[2]!.id, shown[1]!.id],
      total: 4,
      offset: 1,
      hasMore: true,
    });
    t.is(
      await s.boards.page({
        displayedOnly: true,
        direction: 'asc',
        limit: 2,
        from: { after: hiddenBoard.id },
      }),
      undefined,
    );
    const all = await s.boards.page({
      displayedOnly: false,
      direction: 'asc',
      limit: 10,
      from: { offset: 1 },
    });
    t.deepEqual(
      all?.rows.map((b) => b.id),
      sorted.slice(1).map((b) => b.id),
    );
    t.false(all?.hasMore);
  });

  test('activities.pageByPost filters by the comment visibility, follows edits, and treats other cursors as unknown', async (t) => {
    const s = await fresh(t, url);
    const user = await s.addUser();
    const post = await s.posts.insert(postRow(user));
    const other = await s.posts.insert(postRow(user));
    const comments = [];
    const entries = [];
    for (let n = 0; n < 4; n++) {
      const comment = await s.comments.insert(
        commentRow(post.id, user, {
          isInternal: n % 2 === 1,
          createdAt: at(n),
        }),
      );
      comments.push(comment);
      entries.push(await s.activities.insert(activityRow(comment)));
    }
    const foreign = await s.activities.insert(activityRow(await s.comments.insert(commentRow(other.id, user))));
    const ids = (page: { rows: ActivityRow[] } | undefined) => page?.rows.map((e) => e.id);
    const request = {
      direction: 'asc',
      limit: 10,
      from: { offset: 0 },
    } as const;
    t.deepEqual(
      ids(await s.activities.pageByPost(post.id, request)),
      entries.map((e) => e.id),
    );
    t.deepEqual(ids(await s.activities.pageByPost(post.id, { ...request, internal: true })), [
      entries[1]!.id,
      entries[3]!.id,
    ]);
    t.deepEqual(ids(await s.activities.pageByPost(post.id, { ...request, internal: false })), [
      entries[0]!.id,
      entries[2]!.id,
    ]);
    const after = await s.activities.pageByPost(post.id, {
      ...request,
      internal: false,
      from: { after: entries[0]!.id },
    });
    t.deepEqual(after && { ...after, rows: ids(after) }, {
      rows: [entries[2]!.id],
      total: 2,
      offset: 1,
      hasMore: false,
    });
    t.is(
      await s.activities.pageByPost(post.id, {
        ...request,
        internal: false,
        from: { after: entries[1]!.id },
      }),
      undefined,
    );
    t.is(
      await s.activities.pageByPost(post.id, {
        ...request,
        from: { after: foreign.id },
      }),
      undefined,
    );
    await s.comments.update(comments[0]!.id, {
      isInternal: true,
      isEdited: true,
    });
    t.deepEqual(ids(await s.activities.pageByPost(post.id, { ...request, internal: true })), [
      entries[0]!.id,
      entries[1]!.id,
      entries[3]!.id,
    ]);
    t.deepEqual(await s.activities.getByComment(comments[2]!.id), entries[2]);
    t.deepEqual((await s.comments.listByUser(user)).length, 5);
    t.is(await s.activities.deleteByPost(post.id), 4);
    t.is(await s.comments.deleteByPost(post.id), 4);
    t.is(await s.activities.count(), 1);
  });

  test('comments: replies oldest first; deleting a comment takes its thread and entries; links are checked at commit', async (t) => {
    const s = await fresh(t, url);
    const user = await s.addUser();
    const post = await s.posts.insert(postRow(user));
    const root = await s.comments.insert(commentRow(post.id, user));
    const late = await s.comments.insert(commentRow(post.id, user, { parentId: root.id, createdAt: at(5) }));
    const early = await s.comments.insert(commentRow(post.id, user, { parentId: root.id, createdAt: at(2) }));
    const deep = await s.comments.insert(commentRow(post.id, user, { parentId: early.id, createdAt: at(6) }));
    await s.activities.insert(activityRow(root));
    await s.activities.insert(activityRow(deep));
    const kept = await s.comments.insert(commentRow(post.id, user, { createdAt: at(9) }));
    t.deepEqual(await s.comments.listReplies(root.id), [early, late]);
    t.true(await s.comments.delete(root.id));
    t.deepEqual([...(await s.comments.getMany([root.id, late.id, early.id, deep.id, kept.id])).keys()], [kept.id]);
    t.is(await s.activities.count(), 0);
    // Inside a transaction an entry and a reply may come before the comment they name.
    const parent = commentRow(post.id, user);
    const client = await s.db.connect();
    try {
      await client.query('BEGIN');
      await createActivitiesRepo(client).insert(activityRow(parent));
      await createCommentsRepo(client).insert(commentRow(post.id, user, { parentId: parent.id }));
      await createCommentsRepo(client).insert(parent);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    t.is(await s.comments.count(), 3);
    t.truthy(await s.activities.getByComment(parent.id));
    await t.throwsAsync(s.comments.insert(commentRow(post.id, user, { parentId: randomUUID() })));
    await t.throwsAsync(s.activities.insert(activityRow(commentRow(post.id, user))));
  });
});
