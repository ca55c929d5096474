import test from 'ava';
import { createMember, createPostAt } from '../_helpers/personas.js';
import { initBoard, jsonOf, withBoard } from './_admin.ts';
import { runInProcess } from './_cli.ts';

/*
 * `feedbackd moderation list|approve|decline` (issue 31 §2) on a data directory opened by the
 * command itself, through the same services as the API's queue.
 */

test('moderation list shows what waits; approve --trust and decline --block decide; --json; an unknown item exits 1', async (t) => {
  const board = await initBoard(t);
  const { waiting, other, comment, newcomer } = await withBoard(board, async (ctx) => {
    const newcomer = (await createMember(ctx, { email: 'new@example.org', name: 'Newcomer' })).user;
    const later = (await createMember(ctx, { email: 'late@example.org', name: 'Later' })).user;
    const waiting = await ctx.storage.posts.update((await createPostAt(ctx, newcomer, { createdAt: '2025-01-01T00:00:00.000Z', title: 'Dark mode' })).id, { approval: 'waiting' });
    const other = await ctx.storage.posts.update((await createPostAt(ctx, later, { createdAt: '2025-01-02T00:00:00.000Z', title: 'Buy now' })).id, { approval: 'waiting' });
    const comment = await ctx.storage.comments.insert({
      id: '0b5a6a9e-0000-4000-8000-00000000c0c0',
      postId: waiting.id,
      parentId: null,
      userId: later.id,
      body: 'Cheap pills',
      isInternal: false,
      isEdited: false,
      isSpam: false,
      approval: 'waiting',
      createdAt: '2025-01-03T00:00:00.000Z',
      updatedAt: '2025-01-03T00:00:00.000Z',
    });
    await ctx.storage.activities.insert({ id: '0b5a6a9e-0000-4000-8000-00000000a0a0', postId: waiting.id, commentId: comment.id, type: 'comment', createdAt: comment.createdAt });
    return { waiting, other, comment, newcomer };
  });
  const run = (args: string[]) => runInProcess([...args, '--data', board.data]);

  const listed = await run(['moderation', 'list']);
  t.is(listed.code, 0, listed.stderr);
  t.regex(listed.stdout, /^3 items waiting for approval, oldest first:\n/);
  t.regex(listed.stdout, /post {5}\S+ {2}2025-01-01T00:00:00.000Z {2}Newcomer: "Dark mode"/);
  t.regex(listed.stdout, /comment {2}0b5a6a9e-0000-4000-8000-00000000c0c0 .*Later on "Dark mode": "Cheap pills"/);
  const json = jsonOf(t, await run(['moderation', 'list', '--json']));
  t.deepEqual(json.posts.map((post: { postId: string }) => post.postId), [waiting.id, other.id]);
  t.like(json.counts, { waitingPosts: 2, waitingComments: 1 });

  const approved = await run(['moderation', 'approve', waiting.slug, '--trust']);
  t.is(approved.stdout, `Approved post ${waiting.id}; its author is trusted now.\n`, approved.stderr);
  const declined = jsonOf(t, await run(['moderation', 'decline', other.id, '--block', '--json']));
  t.like(declined, { kind: 'post', id: other.id, result: 'declined', author: { isBlocked: true } });
  const comment2 = await run(['moderation', 'approve', comment.id]);
  t.is(comment2.stdout, `Approved comment ${comment.id}.\n`, comment2.stderr);
  t.is((await run(['moderation', 'list'])).stdout, 'Nothing is waiting for approval.\n');
  const missing = await run(['moderation', 'approve', 'no-such-thing']);
  t.is(missing.code, 1);
  t.regex(missing.stderr, /No post or comment "no-such-thing"/);
  await withBoard(board, async (ctx) => {
    t.true((await ctx.storage.users.get(newcomer.id))?.isTrusted);
    t.is((await ctx.storage.posts.get(waiting.id))?.approval, 'approved');
  });
});

test('settings set moderation takes off, new-users or everyone; anything else is refused with the API’s words', async (t) => {
  const board = await initBoard(t);
  const run = (args: string[]) => runInProcess([...args, '--data', board.data]);
  t.is((await run(['settings', 'get', 'moderation'])).stdout, 'off\n');
  t.is((await run(['settings', 'set', 'moderation', 'new-users'])).code, 0);
  t.is((await run(['settings', 'get', 'moderation'])).stdout, 'new-users\n');
  const bad = await run(['settings', 'set', 'moderation', 'sometimes']);
  t.is(bad.code, 1);
  t.regex(bad.stderr, /moderation must be one of "off", "new-users", "everyone"/);
  t.is((await run(['settings', 'set', 'requireFormToken', 'true'])).code, 0);
  t.is((await run(['settings', 'get', 'requireFormToken'])).stdout, 'true\n');
});
