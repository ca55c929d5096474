import test from 'ava';
import { createPostAt } from '../_helpers/personas.js';
import { sendRequest } from '../_helpers/server.js';
import { initBoard, jsonOf, type TestBoard, withBoard } from './_admin.ts';
import { runInProcess, startServing } from './_cli.ts';

/*
 * `feedbackd tag list|create|update|delete` and `post tag` (issue 31 §1): on a stopped board
 * through the services directly, and while serve runs through its control socket, the change then
 * seen over HTTP.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

/** One post by the owner, "Dark mode"; its id and slug. */
function seedPost(board: TestBoard): Promise<{ id: string; slug: string }> {
  return withBoard(board, async (ctx) => {
    const ada = (await ctx.storage.users.getOwner())!;
    const post = await createPostAt(ctx, ada, { createdAt: new Date().toISOString(), title: 'Dark mode' });
    return { id: post.id, slug: post.slug };
  });
}

test('create, list, update and delete tags: one line per change, an aligned table, JSON with --json', async (t) => {
  const board = await initBoard(t);
  const run = (...args: string[]) => runInProcess([...args, '--data', board.data]);

  const mobile = await run('tag', 'create', 'Mobile', '--color', '#1E90FF');
  t.regex(mobile.stdout, new RegExp(`^Created tag "Mobile" \\(${UUID}\\): color 1e90ff, public\\.\\n$`), mobile.stderr);
  const churn = jsonOf(t, await run('tag', 'create', 'Churn risk', '--private', '--json'));
  t.like(churn, { name: 'Churn risk', public: false });
  t.regex(churn.color, /^[0-9a-f]{6}$/);

  const table = (await run('tag', 'list')).stdout.split('\n');
  t.regex(table[0]!, /^ID {36}NAME {8}COLOR {3}SEEN BY$/);
  t.regex(table[1]!, new RegExp(`^${UUID} {2}Churn risk {2}[0-9a-f]{6} {2}private$`));
  t.regex(table[2]!, new RegExp(`^${UUID} {2}Mobile {6}1e90ff {2}public$`));
  t.is(table.length, 4);

  // By name in any case, or by id.
  const renamed = await run('tag', 'update', 'mOBILE', '--name', 'Phones', '--private');
  t.regex(renamed.stdout, /^Updated tag "Phones" \(.+\): color 1e90ff, private\.\n$/, renamed.stderr);
  const recoloured = jsonOf(t, await run('tag', 'update', churn.tagId, '--color', '00ff00', '--public', '--json'));
  t.like(recoloured, { tagId: churn.tagId, name: 'Churn risk', color: '00ff00', public: true });

  const deleted = await run('tag', 'delete', 'churn RISK');
  t.is(deleted.stdout, `Deleted tag "Churn risk" (${churn.tagId}); the posts that carried it stay.\n`, deleted.stderr);
  t.deepEqual(
    jsonOf(t, await run('tag', 'list', '--json')).map((tag: { name: string; public: boolean }) => [tag.name, tag.public]),
    [['Phones', false]],
  );
});

test('refusals exit 1 with the API message: a taken name, an unknown tag, a bad colour, nothing to change, --public with --private', async (t) => {
  const board = await initBoard(t);
  const run = (...args: string[]) => runInProcess([...args, '--data', board.data]);
  t.is((await run('tag', 'create', 'API')).code, 0);
  t.is((await run('tag', 'create', 'Web')).code, 0);

  const taken = await run('tag', 'create', 'api');
  t.is(taken.code, 1);
  t.is(taken.stdout, '');
  t.regex(taken.stderr, /^error: A tag with this name already exists/);
  const renamedOnto = await run('tag', 'update', 'Web', '--name', 'API');
  t.is(renamedOnto.code, 1);
  t.regex(renamedOnto.stderr, /A tag with this name already exists/);
  const asJson = await run('tag', 'create', 'Api', '--json');
  t.is(asJson.code, 1);
  t.is(JSON.parse(asJson.stderr).error.code, 'TAG_EXISTS');

  for (const args of [
    ['tag', 'update', 'Nope', '--color', '123456'],
    ['tag', 'delete', 'Nope'],
  ]) {
    const unknown = await run(...args);
    t.is(unknown.code, 1, args.join(' '));
    t.regex(unknown.stderr, /^error: Tag not found: Nope/);
  }
  const colour = await run('tag', 'create', 'Mobile', '--color', 'blue');
  t.is(colour.code, 1);
  t.regex(colour.stderr, /Color must be exactly 6 characters/);
  const long = await run('tag', 'create', 'x'.repeat(41));
  t.regex(long.stderr, /Tag name cannot exceed 40 characters/);
  const nothing = await run('tag', 'update', 'Web');
  t.is(nothing.code, 1);
  t.regex(nothing.stderr, /Nothing to change: give at least one of --name, --color, --public or --private/);
  const both = await run('tag', 'update', 'Web', '--public', '--private');
  t.is(both.code, 1);
  t.regex(both.stderr, /cannot be used with/);
  t.is(jsonOf(t, await run('tag', 'list', '--json')).length, 2);
});

test('post tag sets, adds and removes tags by name or id on a post named by slug or id; an unknown tag changes nothing', async (t) => {
  const board = await initBoard(t);
  const post = await seedPost(board);
  const run = (...args: string[]) => runInProcess([...args, '--data', board.data]);
  const api = jsonOf(t, await run('tag', 'create', 'API', '--json'));
  await run('tag', 'create', 'Mobile');
  await run('tag', 'create', 'Churn risk', '--private');

  const set = await run('post', 'tag', post.slug, '--set', `mobile, ${api.tagId}`);
  t.is(set.stdout, `Post "Dark mode" (${post.id}) now has tags "API", "Mobile".\n`, set.stderr);
  const changed = jsonOf(t, await run('post', 'tag', post.id, '--add', 'Churn risk', '--remove', 'Mobile', '--json'));
  t.deepEqual(
    changed.tags.map((tag: { name: string }) => tag.name),
    ['API', 'Churn risk'],
  );
  t.like(changed, { postId: post.id, slug: post.slug, title: 'Dark mode' });

  const unknown = await run('post', 'tag', post.slug, '--add', 'Mobile,Nope');
  t.is(unknown.code, 1);
  t.regex(unknown.stderr, /^error: Tag not found: Nope/);
  const noPost = await run('post', 'tag', 'no-such-post', '--set', 'API');
  t.regex(noPost.stderr, /^error: Post not found: no-such-post/);
  const nothing = await run('post', 'tag', post.slug);
  t.is(nothing.code, 1);
  t.regex(nothing.stderr, /Nothing to change: give at least one of --set, --add or --remove/);
  const mixed = await run('post', 'tag', post.slug, '--set', 'API', '--add', 'Mobile');
  t.is(mixed.code, 1);
  t.regex(mixed.stderr, /cannot be used with/);
  t.deepEqual(
    jsonOf(t, await run('post', 'show', post.slug, '--json')).tags.map((tag: { name: string }) => tag.name),
    ['API', 'Churn risk'],
  );

  // Deleting a tag takes it off the post; --set "" takes the rest.
  await run('tag', 'delete', 'churn risk');
  const cleared = await run('post', 'tag', post.slug, '--set', '');
  t.is(cleared.stdout, `Post "Dark mode" (${post.id}) now has no tags.\n`, cleared.stderr);
});

test('while serve runs, tag create and post tag go through its control socket and the API shows the tag on the post', async (t) => {
  const board = await initBoard(t);
  const post = await seedPost(board);
  const serving = await startServing(['serve', '--data', board.data, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const created = jsonOf(t, await runInProcess(['tag', 'create', 'Mobile', '--color', '2f6fdb', '--json', '--data', board.data]));
  t.like(created, { name: 'Mobile', color: '2f6fdb', public: true });
  t.deepEqual(
    (await sendRequest(serving.url, 'GET', '/tags')).body.tags.map((tag: { name: string }) => tag.name),
    ['Mobile'],
  );
  const tagged = await runInProcess(['post', 'tag', post.slug, '--set', 'mobile', '--data', board.data]);
  t.is(tagged.code, 0, tagged.stderr);
  const shown = await sendRequest(serving.url, 'POST', '/posts/slug', { body: { slug: post.slug } });
  t.deepEqual(shown.body.post.tags, [{ tagId: created.tagId, name: 'Mobile', color: '2f6fdb' }]);
});
