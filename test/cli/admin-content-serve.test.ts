import test from 'ava';
import { createMember, createPostAt } from '../_helpers/personas.js';
import { admin, initBoard, jsonOf, type TestBoard, withBoard } from './_admin.ts';
import { runInProcess, type ServingChild, startServing, stopServing } from './_cli.ts';

/*
 * The content commands while `serve` runs: the server holds the data directory, so a command can
 * only succeed through its control socket (the direct path would be refused as locked). Each
 * change is then checked where it matters: over HTTP, as a client sees it.
 */

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely and assert on them.
  body: any;
}

/** One API request; a JSON body when given, a bearer token when given. */
async function api(url: string, method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const response = await fetch(`${url}/api/v1${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

/** A board with bob@example.org as a member and one post by the owner; serving until the test ends. */
async function servedBoard(t: Parameters<typeof initBoard>[0]): Promise<{ board: TestBoard; serving: ServingChild; slug: string }> {
  const board = await initBoard(t);
  const post = await withBoard(board, async (ctx) => {
    await createMember(ctx, { email: 'bob@example.org' });
    return createPostAt(ctx, (await ctx.storage.users.getOwner())!, { createdAt: new Date().toISOString(), title: 'Dark mode' });
  });
  const serving = await startServing(['serve', '--data', board.data, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  return { board, serving, slug: post.slug };
}

test('while serve runs, board, roadmap and post commands change what the API shows', async (t) => {
  const { board, serving, slug } = await servedBoard(t);
  const { url } = serving;
  const run = async (...args: string[]) => jsonOf(t, await runInProcess([...args, '--json', '--data', board.data]));

  await run('board', 'create', '--name', 'Ideas', '--url', 'ideas', '--display');
  t.like(await api(url, 'GET', '/boards/ideas'), { status: 200, body: { board: { name: 'Ideas', display: true } } });
  await run('board', 'update', 'ideas', '--name', 'Good ideas');
  t.like(await api(url, 'GET', '/boards/ideas'), { status: 200, body: { board: { name: 'Good ideas' } } });
  t.like(await run('board', 'list'), [{ url: 'ideas' }]);

  for (const name of ['Planned', 'Done']) await run('roadmap', 'create', '--name', name, '--url', name, '--display');
  t.like(await run('roadmap', 'move', 'done', '--to', '1'), { from: 2, to: 1 });
  const roadmaps = (await api(url, 'GET', '/roadmaps')).body.roadmaps.map((roadmap: { url: string }) => roadmap.url);
  t.deepEqual(roadmaps, ['done', 'planned']);
  await run('roadmap', 'update', 'planned', '--hidden');
  t.is((await api(url, 'GET', '/roadmaps/planned')).status, 404, 'hidden from anonymous callers now');
  t.like(await run('roadmap', 'list'), [{ url: 'done' }, { url: 'planned', display: false }]);

  await run('post', 'move', slug, '--board', 'ideas', '--roadmap', 'done');
  t.like(await api(url, 'POST', '/posts/slug', { body: { slug } }), { status: 200, body: { post: { board: { url: 'ideas' }, roadmap: { url: 'done' } } } });
  t.like(await run('post', 'list', '--board', 'ideas'), [{ slug }]);
  t.like(await run('post', 'show', slug), { slug, board: { name: 'Good ideas' } });

  await run('roadmap', 'delete', 'done');
  t.is((await api(url, 'GET', '/roadmaps/done')).status, 404);
  await run('board', 'delete', 'ideas');
  t.is((await api(url, 'GET', '/boards/ideas')).status, 404);
  t.like(await api(url, 'POST', '/posts/slug', { body: { slug } }), { body: { post: { board: null, roadmap: null } } });
  await run('post', 'delete', slug);
  t.is((await api(url, 'POST', '/posts/slug', { body: { slug } })).status, 404);
  t.is((await stopServing(serving)).code, 0);
});

test('while serve runs, role and settings commands change what users may do', async (t) => {
  const { board, serving } = await servedBoard(t);
  const { url } = serving;
  const run = async (...args: string[]) => jsonOf(t, await runInProcess([...args, '--json', '--data', board.data]));
  const { token } = await run('token', 'bob@example.org');
  const permissions = async () => (await api(url, 'GET', '/users/permissions', { token })).body.permissions as string[];
  t.false((await permissions()).includes('board:read'));

  // The real binary for the first write: a child process goes through the socket too.
  const created = jsonOf(t, await admin(board, ['role', 'create', '--name', 'Moderators', '--permission', 'board:read', '--json']));
  t.deepEqual(created.permissions, ['board:read']);
  await run('role', 'assign', 'moderators', 'bob@example.org');
  t.true((await permissions()).includes('board:read'));
  await run('role', 'update', 'moderators', '--permission', 'board:read', 'board:create');
  t.true((await permissions()).includes('board:create'));
  t.like(await run('role', 'show', 'Moderators'), { permissions: ['board:read', 'board:create'] });
  t.like(await run('role', 'list'), [{ name: '@everyone' }, { name: 'Team' }, { name: 'Moderators' }]);
  await run('role', 'unassign', 'moderators', 'bob@example.org');
  t.false((await permissions()).includes('board:read'));

  const grace = { email: 'grace@example.org', password: 'hopper compiler 1952', name: 'Grace Hopper' };
  t.like(await run('settings', 'set', 'allowSignup', 'false'), { changed: ['allowSignup'] });
  t.like(await api(url, 'POST', '/auth/signup', { body: grace }), { status: 403, body: { code: 'SIGNUP_NOT_ALLOWED' } });
  await run('settings', 'set', 'title', 'Our ideas');
  await run('settings', 'set', 'labs.comments', 'false');
  t.like(await api(url, 'GET', '/settings/site'), { body: { settings: { title: 'Our ideas', allowSignup: false, labs: { comments: false } } } });
  t.is(await run('settings', 'get', 'allowSignup'), false);
  // A list setting, comma-separated, through the socket (issue 29).
  t.like(await run('settings', 'set', 'embedOrigins', 'https://app.example.com,http://127.0.0.2:3000'), { changed: ['embedOrigins'] });
  t.deepEqual((await api(url, 'GET', '/settings/site')).body.settings.embedOrigins, ['https://app.example.com', 'http://127.0.0.2:3000']);
  t.is((await stopServing(serving)).code, 0);
});
