import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { createMember, createPostAt, voteAt } from '../_helpers/personas.js';
import { initBoard, jsonOf, type TestBoard, withBoard } from './_admin.ts';
import { runInProcess, tempDir } from './_cli.ts';

/*
 * `feedbackd post merge <post> --into <post>` and `post unmerge <post>` (issue 30 §2) on a data
 * directory opened by the command itself: posts named by id or slug, a merged one by its old slug.
 */

/** Ada's "Dark mode" and "Night theme"; Bob voted on both, Ada on the night theme too. */
function seedDuplicates(board: TestBoard) {
  return withBoard(board, async (ctx) => {
    const ada = (await ctx.storage.users.getOwner())!;
    const bob = (await createMember(ctx, { email: 'bob@example.org' })).user;
    const dark = await createPostAt(ctx, ada, { createdAt: '2025-01-01T00:00:00.000Z', title: 'Dark mode' });
    const night = await createPostAt(ctx, ada, { createdAt: '2025-01-02T00:00:00.000Z', title: 'Night theme' });
    await voteAt(ctx, bob, night, '2025-01-03T00:00:00.000Z');
    await voteAt(ctx, bob, dark, '2025-01-03T00:00:00.000Z');
    await voteAt(ctx, ada, night, '2025-01-04T00:00:00.000Z');
    return { night, dark };
  });
}

test('post merge unites the votes and names both posts; post unmerge by the old slug gives the post back; refusals exit 1', async (t) => {
  const board = await initBoard(t);
  const { night, dark } = await seedDuplicates(board);
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

test('export and import carry a merged post: the imported board can unmerge it, with its own votes', async (t) => {
  const board = await initBoard(t);
  const { night, dark } = await seedDuplicates(board);
  t.is((await runInProcess(['post', 'merge', night.id, '--into', dark.id, '--data', board.data])).code, 0);
  const root = await tempDir(t);
  const file = join(root, 'export.json');
  t.is((await runInProcess(['export', '--data', board.data, '--out', file])).code, 0);
  const data = JSON.parse(await readFile(file, 'utf8'));
  t.like(data, { version: 4, counts: { posts: 1, votes: 2, postMerges: 1 } });
  t.like(data.postMerges, [{ id: night.id, intoPostId: dark.id, post: { slug: night.slug } }]);

  // A new data directory: the import makes it, as a new board (the file's owner is its owner).
  const target = { data: join(root, 'imported') };
  const imported = await runInProcess(['import', file, '--data', target.data]);
  t.is(imported.code, 0, imported.stderr);
  t.regex(imported.stdout, /\npostMerges +1 +0 +0\n/);
  const again = await runInProcess(['import', file, '--data', target.data]);
  t.regex(again.stdout, /\npostMerges +0 +1 +0\n/, 'already there: skipped');
  const unmerged = jsonOf(t, await runInProcess(['post', 'unmerge', night.slug, '--json', '--data', target.data]));
  t.like(unmerged, { postId: night.id, voters: { votesCount: 2 } });
  t.like(jsonOf(t, await runInProcess(['post', 'show', dark.id, '--json', '--data', target.data])), { voters: { votesCount: 1 } });
});
