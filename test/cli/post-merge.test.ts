import test from 'ava';
import { createMember, createPostAt, voteAt } from '../_helpers/personas.js';
import { initBoard, jsonOf, withBoard } from './_admin.ts';
import { runInProcess } from './_cli.ts';

/*
 * `feedbackd post merge <post> --into <post>` and `post unmerge <post>` (issue 30 §2) on a data
 * directory opened by the command itself: posts named by id or slug, a merged one by its old slug.
 */

test('post merge unites the votes and names both posts; post unmerge by the old slug gives the post back; refusals exit 1', async (t) => {
  const board = await initBoard(t);
  const { night, dark } = await withBoard(board, async (ctx) => {
    const ada = (await ctx.storage.users.getOwner())!;
    const bob = (await createMember(ctx, { email: 'bob@example.org' })).user;
    const dark = await createPostAt(ctx, ada, { createdAt: '2025-01-01T00:00:00.000Z', title: 'Dark mode' });
    const night = await createPostAt(ctx, ada, { createdAt: '2025-01-02T00:00:00.000Z', title: 'Night theme' });
    await voteAt(ctx, bob, night, '2025-01-03T00:00:00.000Z');
    await voteAt(ctx, bob, dark, '2025-01-03T00:00:00.000Z');
    await voteAt(ctx, ada, night, '2025-01-04T00:00:00.000Z');
    return { night, dark };
  });
  const run = (args: string[]) => runInProcess([...args, '--data', board.data]);

  const merged = await run(['post', 'merge', night.slug, '--into', dark.id]);
  t.is(merged.stdout, `Merged post "Night theme" (${night.id}) into "Dark mode" (${dark.id}), which now has 2 votes.\n`, merged.stderr);
  t.deepEqual(jsonOf(t, await run(['post', 'list', '--json'])).map((post: { postId: string }) => post.postId), [dark.id]);

  const again = await run(['post', 'merge', night.slug, '--into', dark.slug]);
  t.is(again.code, 1);
  t.regex(again.stderr, /This post is already merged into another post/);
  const self = await run(['post', 'merge', dark.slug, '--into', dark.id]);
  t.regex(self.stderr, /A post cannot be merged into itself/);
  const missing = await run(['post', 'merge', dark.slug]);
  t.is(missing.code, 1);
  t.regex(missing.stderr, /--into/);

  const unmerged = jsonOf(t, await run(['post', 'unmerge', night.slug, '--json']));
  t.like(unmerged, { postId: night.id, title: 'Night theme', slug: night.slug, voters: { votesCount: 2 } });
  t.regex((await run(['post', 'unmerge', night.slug])).stderr, /This post is not merged into another post/);
  t.deepEqual(jsonOf(t, await run(['post', 'list', '--json'])).map((post: { postId: string }) => post.postId), [night.id, dark.id]);
});
