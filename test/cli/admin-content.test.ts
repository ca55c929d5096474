import test from 'ava';
import { getSiteSettings } from '../../src/services/settings.ts';
import { createMember, createPostAt } from '../_helpers/personas.js';
import { admin, initBoard, jsonOf, type TestBoard, withBoard } from './_admin.ts';
import { runInProcess } from './_cli.ts';

/*
 * The content commands (board, roadmap, post, role, settings) without a running server: each one
 * opens the data directory itself. Most run in this process (same path as a child); the error
 * cases that matter most run as the real binary. The operations' rules are tested in
 * test/admin/content-operations.test.ts; here: arguments, printed text, --json, exit codes.
 */

const SETTING_NAMES =
  'title, description, logo, icon, accentColor, googleAnalyticsId, isPoweredBy, allowSignup, labs.comments, labs.voteOnBehalf, developer_mode, gravatar, ssoLoginUrl, embedOrigins, moderation, requireFormToken, locale';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const inBoard = (board: TestBoard, args: string[]) => runInProcess([...args, '--data', board.data]);

/** A board whose owner wrote two posts, the newest titled "Dark mode"; bob@example.org is a member. */
async function boardWithPosts(t: Parameters<typeof initBoard>[0]): Promise<TestBoard> {
  const board = await initBoard(t);
  await withBoard(board, async (ctx) => {
    const ada = (await ctx.storage.users.getOwner())!;
    await createPostAt(ctx, ada, { createdAt: '2025-01-01T00:00:00.000Z', title: 'Export to CSV' });
    await createPostAt(ctx, ada, { createdAt: '2025-01-02T00:00:00.000Z', title: 'Dark mode', contentMarkdown: 'Please\nsoon' });
    await createMember(ctx, { email: 'bob@example.org' });
  });
  return board;
}

test('board and roadmap commands print one line per change, aligned tables, and JSON with --json', async (t) => {
  const board = await initBoard(t);
  const run = (args: string[]) => inBoard(board, args);
  const created = await run(['board', 'create', '--name', 'Feature requests', '--url', 'features', '--color', '2f6fdb']);
  t.regex(created.stdout, new RegExp(`^Created board features \\(${UUID}\\): "Feature requests", color 2f6fdb, public, voters shown\\.\\n$`));
  const hidden = jsonOf(t, await run(['board', 'create', '--name', 'Staff', '--hidden', '--no-view-voters', '--json']));
  t.like(hidden, { name: 'Staff', display: false, view_voters: false, post_count: 0 });
  const table = (await run(['board', 'list'])).stdout.split('\n');
  t.is(table[0], `ID${' '.repeat(36)}NAME${' '.repeat(14)}URL${' '.repeat(7)}COLOR   DISPLAY  POSTS`);
  t.regex(table[1]!, new RegExp(`^${UUID}  Feature requests  features  2f6fdb  public {7}0$`));
  t.regex(table[2]!, new RegExp(`^${hidden.boardId}  Staff {13}staff {5}[0-9a-f]{6}  hidden {7}0$`));
  const updated = await run(['board', 'update', hidden.url, '--name', 'Team', '--display', '--view-voters']);
  t.is(hidden.url, 'staff', 'without --url the url is made from the name');
  t.regex(updated.stdout, /^Updated board staff \(.*\): "Team", color [0-9a-f]{6}, public, voters shown\.\n$/);
  t.deepEqual(jsonOf(t, await run(['board', 'list', '--json'])).map((item: { name: string }) => item.name), ['Feature requests', 'Team']);
  t.regex((await run(['board', 'delete', 'features'])).stdout, /^Deleted board features \(.*\); it had no posts\.\n$/);
  const described = await run(['board', 'create', '--name', 'Bugs', '--description', '  What is broken  ']);
  t.regex(described.stdout, /^Created board bugs \(.*\): "Bugs", color [0-9a-f]{6}, public, voters shown\. It says: "What is broken"\.\n$/);
  t.like(jsonOf(t, await run(['board', 'update', 'bugs', '--description', 'Crashes and wrong answers', '--json'])), { description: 'Crashes and wrong answers' });
  t.like(jsonOf(t, await run(['board', 'update', 'bugs', '--description', '', '--json'])), { name: 'Bugs', description: null }, '"" clears it');
  t.regex((await run(['board', 'create', '--name', 'Long', '--description', 'x'.repeat(301)])).stderr, /description cannot exceed 300 characters/);

  for (const name of ['Planned', 'Doing', 'Done']) await run(['roadmap', 'create', '--name', name, '--url', name, '--display']);
  const moved = await run(['roadmap', 'move', 'done', '--to', '1']);
  t.is(moved.stdout, 'Moved roadmap done from position 3 to 1.\n', moved.stderr);
  t.is((await run(['roadmap', 'move', 'done', '--to', '1'])).stdout, 'Roadmap done is already at position 1.\n');
  const roadmaps = (await run(['roadmap', 'list'])).stdout.split('\n');
  t.is(roadmaps[0], `POS  ID${' '.repeat(36)}NAME     URL      COLOR   DISPLAY`);
  t.regex(roadmaps[1]!, new RegExp(`^  1  ${UUID}  Done     done     [0-9a-f]{6}  public$`));
  t.regex(roadmaps[3]!, /^ {2}3 .* doing /);
  const doing = jsonOf(t, await run(['roadmap', 'update', 'doing', '--hidden', '--color', 'e6a23c', '--json']));
  t.like(doing, { url: 'doing', display: false, color: 'e6a23c', index: 3 });
  t.regex((await run(['roadmap', 'update', doing.id, '--name', 'In progress'])).stdout, /^Updated roadmap doing \(.*\): "In progress", color e6a23c, hidden, index 3\.\n$/);
  t.regex((await run(['roadmap', 'delete', 'planned'])).stdout, /^Deleted roadmap planned \(.*\); its posts are now on no roadmap\.\n$/);
  t.like(jsonOf(t, await run(['roadmap', 'list', '--json'])), [{ url: 'done', index: 1 }, { url: 'doing', index: 3 }]);

  // Without --url the url comes from the name; a clash says so and names the flag to use.
  t.like(jsonOf(t, await run(['roadmap', 'create', '--name', 'Under review', '--json'])), { url: 'under-review' });
  const clash = await runInProcess(['roadmap', 'create', '--name', 'Under Review!', '--data', board.data]);
  t.is(clash.code, 1);
  t.regex(clash.stderr, /Roadmap url already exists: under-review \(made from the name\) is taken; choose another with --url/);
});

test('post commands: newest first with a hint for the next page, one post field by field, move and delete', async (t) => {
  const board = await boardWithPosts(t);
  const run = (args: string[]) => inBoard(board, args);
  await run(['board', 'create', '--name', 'Ideas', '--url', 'ideas', '--hidden']);
  await run(['roadmap', 'create', '--name', 'Planned', '--url', 'planned']);
  const table = (await run(['post', 'list'])).stdout.split('\n');
  t.regex(table[0]!, /^ID {36}TITLE {10}BOARD {2}ROADMAP {2}VOTES {2}AUTHOR +CREATED$/);
  t.regex(table[1]!, new RegExp(`^${UUID}  Dark mode {6}- {6}- {12}0  ada_\\w+  2025-01-02T00:00:00\\.000Z$`));
  t.is(table.length, 4);
  const paged = (await run(['post', 'list', '--limit', '1'])).stdout.split('\n');
  t.is(paged[2], '(more may follow: --page 2)');
  const [dark] = jsonOf(t, await run(['post', 'list', '--json', '--limit', '1']));

  const shown = (await run(['post', 'show', dark.slug])).stdout;
  t.regex(shown, new RegExp(`^ID: {7}${dark.postId}\\nTitle: {4}Dark mode\\nSlug: {5}dark-mode-\\w+\\nBoard: {4}-\\nRoadmap: {2}-\\n`));
  t.regex(shown, /^Content: {2}Please soon$/m);
  const moved = await run(['post', 'move', dark.postId, '--board', 'ideas', '--roadmap', 'planned']);
  t.is(moved.stdout, `Post "Dark mode" (${dark.postId}) is now on board ideas and on roadmap planned.\n`, moved.stderr);
  t.deepEqual(jsonOf(t, await run(['post', 'list', '--board', 'ideas', '--json'])).map((post: { postId: string }) => post.postId), [dark.postId]);
  const off = jsonOf(t, await run(['post', 'move', dark.slug, '--no-roadmap', '--json']));
  t.like(off, { board: { url: 'ideas' }, roadmap: null });
  t.is((await run(['post', 'delete', dark.slug])).stdout, `Deleted post "Dark mode" (${dark.postId}) with its 0 votes and comments.\n`);
  t.like(jsonOf(t, await run(['post', 'list', '--json'])), [{ title: 'Export to CSV' }]);
  // An empty list says so instead of printing a header alone.
  t.is((await run(['post', 'list', '--board', 'ideas'])).stdout, 'No posts.\n');
  t.is((await run(['post', 'list', '--page', '5'])).stdout, 'No posts on page 5.\n');
});

test('role and settings commands: tables, permissions one per line, holders, and a single value for scripts', async (t) => {
  const board = await boardWithPosts(t);
  const run = (args: string[]) => inBoard(board, args);
  const created = await run(['role', 'create', '--name', 'Moderators', '--description', 'keep order', '--permission', 'post:update', 'post:destroy']);
  t.regex(created.stdout, new RegExp(`^Created role "Moderators" \\(${UUID}\\) with 2 permissions: post:update, post:destroy\\.\\n$`));
  const table = (await run(['role', 'list'])).stdout.split('\n');
  t.is(table[0], `ID${' '.repeat(36)}NAME        SYSTEM  PERMISSIONS  DESCRIPTION`);
  t.regex(table[2]!, new RegExp(`^${UUID}  Team        no {15}24  Moderates posts, comments, boards and roadmaps$`), 'every board starts with it');
  t.regex(table[3]!, new RegExp(`^${UUID}  Moderators  no {16}2  keep order$`));
  t.regex((await run(['role', 'show', 'moderators'])).stdout, /\nPermissions: {2}2\n {2}post:update\n {2}post:destroy\n$/);
  t.regex((await run(['role', 'update', 'Moderators', '--no-permissions'])).stdout, /^Updated role "Moderators" \(.*\) with no permissions\.\n$/);
  t.like(jsonOf(t, await run(['role', 'update', 'Moderators', '--permission', 'board:read', '--json'])), { permissions: ['board:read'] });
  t.is((await run(['role', 'assign', 'moderators', 'bob@example.org'])).stdout, 'bob@example.org now has the role "Moderators".\n');
  t.like(jsonOf(t, await run(['user', 'show', 'bob@example.org', '--json'])), { roles: [{ name: '@everyone' }, { name: 'Moderators' }] });
  t.is((await run(['role', 'unassign', 'moderators', 'bob@example.org'])).stdout, 'bob@example.org no longer has the role "Moderators".\n');

  const all = (await run(['settings', 'get'])).stdout;
  t.regex(all, /^title: {14}"Feedback"\ndescription: {8}\(none\)\n/);
  t.regex(all, /^labs\.comments: {6}true$/m);
  t.is((await run(['settings', 'set', 'title', 'Our ideas'])).stdout, 'title is now "Our ideas".\n');
  t.is((await run(['settings', 'get', 'title'])).stdout, 'Our ideas\n');
  t.is((await run(['settings', 'get', 'logo'])).stdout, '\n');
  t.is((await run(['settings', 'get', 'labs.comments', '--json'])).stdout, 'true\n');
  const logo = await run(['settings', 'set', 'logo', 'https://example.org/logo.png']);
  t.is(logo.stdout, 'logo is now "https://example.org/logo.png".\nicon is now "https://example.org/logo.png".\n');
  t.is((await run(['settings', 'set', 'icon', '--clear'])).stdout, 'icon is now (none).\n');
  t.is((await run(['settings', 'set', 'labs.comments', 'true'])).stdout, 'labs.comments was already true.\n');
  // A switch says what it does, not only its new value.
  t.is(
    (await run(['settings', 'set', 'labs.comments', 'false'])).stdout,
    'labs.comments is now false: new public comments are refused (403 COMMENTS_DISABLED); internal notes still work, existing comments stay.\n',
  );
  t.is((await run(['settings', 'set', 'labs.comments', 'true'])).stdout, 'labs.comments is now true: people can comment and reply.\n');
  t.like(jsonOf(t, await run(['settings', 'get', '--json'])), { title: 'Our ideas', icon: null, labs: { comments: true } });
});

test('settings set ssoLoginUrl sends "Sign in" to the product (issue 28); a bad URL is refused; --clear takes it away', async (t) => {
  const board = await initBoard(t);
  const run = (args: string[]) => inBoard(board, args);
  t.is((await run(['settings', 'get', 'ssoLoginUrl'])).stdout, '\n');
  const set = await run(['settings', 'set', 'ssoLoginUrl', 'https://app.example.com/login']);
  t.deepEqual(set, { code: 0, stdout: 'ssoLoginUrl is now "https://app.example.com/login".\n', stderr: '' });
  t.is((await withBoard(board, (ctx) => getSiteSettings(ctx))).ssoLoginUrl, 'https://app.example.com/login');
  const refused = await run(['settings', 'set', 'ssoLoginUrl', 'app.example.com']);
  t.deepEqual(refused, { code: 1, stdout: '', stderr: 'error: ssoLoginUrl must be an absolute http or https URL of at most 2000 characters, or null\n' });
  t.is((await run(['settings', 'set', 'ssoLoginUrl', '--clear'])).code, 0);
  t.is((await withBoard(board, (ctx) => getSiteSettings(ctx))).ssoLoginUrl, null);
});

test('settings set locale makes one of the languages the site\'s default (issue 33); another tag is refused with the list', async (t) => {
  const board = await initBoard(t);
  const run = (args: string[]) => inBoard(board, args);
  t.is((await run(['settings', 'get', 'locale'])).stdout, 'en\n');
  t.deepEqual(await run(['settings', 'set', 'locale', 'pt-BR']), { code: 0, stdout: 'locale is now "pt-BR".\n', stderr: '' });
  t.is((await withBoard(board, (ctx) => getSiteSettings(ctx))).locale, 'pt-BR');
  const refused = await run(['settings', 'set', 'locale', 'pt']);
  t.deepEqual(refused, { code: 1, stdout: '', stderr: 'error: locale must be one of: en, de, fr, es, pt-BR, it, nl, pl, uk, ja, zh-CN, ko, tr, ar\n' });
  t.is((await run(['settings', 'get', 'locale'])).stdout, 'pt-BR\n');
});

test('settings set embedOrigins takes a comma-separated list (issue 29); a bad origin is named; "" and --clear empty it', async (t) => {
  const board = await initBoard(t);
  const run = (args: string[]) => inBoard(board, args);
  t.is((await run(['settings', 'get', 'embedOrigins'])).stdout, '\n');
  const set = await run(['settings', 'set', 'embedOrigins', 'https://App.example.com/, http://127.0.0.2:3000']);
  t.deepEqual(set, { code: 0, stdout: 'embedOrigins is now "https://app.example.com", "http://127.0.0.2:3000".\n', stderr: '' });
  t.deepEqual((await withBoard(board, (ctx) => getSiteSettings(ctx))).embedOrigins, ['https://app.example.com', 'http://127.0.0.2:3000']);
  // Alone on its line, in the form `set` takes back; a JSON array with --json.
  t.is((await run(['settings', 'get', 'embedOrigins'])).stdout, 'https://app.example.com,http://127.0.0.2:3000\n');
  t.deepEqual(jsonOf(t, await run(['settings', 'get', 'embedOrigins', '--json'])), ['https://app.example.com', 'http://127.0.0.2:3000']);
  t.is((await run(['settings', 'set', 'embedOrigins', 'https://app.example.com,http://127.0.0.2:3000'])).stdout, 'embedOrigins was already "https://app.example.com", "http://127.0.0.2:3000".\n');
  const refused = await run(['settings', 'set', 'embedOrigins', 'https://a.example.com,https://b.example.com/path']);
  t.deepEqual(refused, {
    code: 1,
    stdout: '',
    stderr: 'error: embedOrigins[1] must be an origin such as https://app.example.com (scheme, host and port only)\n',
  });
  t.deepEqual((await run(['settings', 'set', 'embedOrigins', ''])), { code: 0, stdout: 'embedOrigins is now (none).\n', stderr: '' });
  await run(['settings', 'set', 'embedOrigins', 'https://a.example.com']);
  t.is((await run(['settings', 'set', 'embedOrigins', '--clear'])).code, 0);
  t.deepEqual((await withBoard(board, (ctx) => getSiteSettings(ctx))).embedOrigins, []);
});

test('a new board has gravatar false; settings set gravatar true turns Gravatar on for the API, and false off again', async (t) => {
  const board = await initBoard(t);
  const run = (args: string[]) => inBoard(board, args);
  t.is((await run(['settings', 'get', 'gravatar'])).stdout, 'false\n');
  t.regex((await run(['settings', 'get'])).stdout, /^gravatar: {11}false$/m);
  const on = await run(['settings', 'set', 'gravatar', 'true']);
  t.deepEqual(on, { code: 0, stdout: 'gravatar is now true.\n', stderr: '' });
  t.is((await run(['settings', 'get', 'gravatar', '--json'])).stdout, 'true\n');
  t.is((await withBoard(board, (ctx) => getSiteSettings(ctx))).gravatar, true);
  t.is((await run(['settings', 'set', 'gravatar', 'true'])).stdout, 'gravatar was already true.\n');
  t.deepEqual(await run(['settings', 'set', 'gravatar', 'no']), { code: 1, stdout: '', stderr: 'error: gravatar must be true or false\n' });
  t.like(jsonOf(t, await run(['settings', 'set', 'gravatar', 'false', '--json'])), { key: 'gravatar', changed: ['gravatar'], settings: { gravatar: false } });
  t.is((await withBoard(board, (ctx) => getSiteSettings(ctx))).gravatar, false);
  t.deepEqual(await run(['settings', 'set', 'accentColor', 'red']), {
    code: 1,
    stdout: '',
    stderr: 'error: Invalid accent color: give 3 or 6 hex digits, with or without # (abc, #abc, aabbcc or #aabbcc; quote a # for the shell)\n',
  });
  t.is((await run(['settings', 'set', 'accentColor', '#F0a'])).stdout, 'accentColor is now "ff00aa".\n');
});

test('wrong arguments and refusals: exit 1 with one clear line (the API message for API rules), JSON with --json', async (t) => {
  const board = await boardWithPosts(t);
  const cases: Array<[string[], string]> = [
    [['board', 'create', '--name', 'X', '--color', 'zz'], 'Color must be exactly 6 characters'],
    [['board', 'create', '--name', 'X', '--display', '--hidden'], "Option '--hidden' cannot be used with option '--display'"],
    [['board', 'update', 'nope', '--name', 'X'], 'Board not found: nope'],
    [['board', 'update', 'nope'], 'Nothing to change: give at least one of --name, --url, --color, --description, --display, --hidden, --view-voters or --no-view-voters'],
    [['roadmap', 'move', 'nope', '--to', '1'], 'Roadmap not found: nope'],
    [['roadmap', 'move', 'x'], "Required option '--to <position>' not specified"],
    [['post', 'list', '--limit', 'many'], 'limit must be an integer between 1 and 100'],
    [['post', 'show', 'nope'], 'Post not found: nope'],
    [['post', 'move', 'export-to-csv-nope'], 'Post not found: export-to-csv-nope'],
    [['post', 'move', 'x', '--board', 'bugs', '--no-board'], "Option '--board' cannot be used with option '--no-board'"],
    [['post', 'move', 'x', '--no-roadmap', '--roadmap', 'done'], "Option '--roadmap' cannot be used with option '--no-roadmap'"],
    [['role', 'create', '--name', 'X', '--permission', 'posts:all'], 'Unknown permission: posts:all'],
    [['role', 'update', '@everyone', '--name', 'all'], 'Cannot update system role'],
    [['role', 'update', 'x', '--permission', 'a', '--no-permissions'], "Option '--no-permissions' cannot be used with option '--permission <permission...>'"],
    [['role', 'assign', '@everyone', 'ada@example.org'], 'User already has this role'],
    [['settings', 'get', 'colour'], `Unknown setting "colour": use one of ${SETTING_NAMES}`],
    [['settings', 'set', 'allowSignup', 'yes'], 'allowSignup must be true or false'],
    [['settings', 'set', 'title'], 'Give a value for title, or --clear'],
    [['settings', 'set', 'title', 'X', '--clear'], 'Give a value or --clear, not both'],
  ];
  for (const [args, message] of cases) {
    t.deepEqual(await inBoard(board, args), { code: 1, stdout: '', stderr: `error: ${message}\n` }, args.join(' '));
  }
  const moveNothing = await inBoard(board, ['post', 'move', await firstSlug(board), '--json']);
  t.is(moveNothing.code, 1);
  t.like(JSON.parse(moveNothing.stderr), { error: { code: 'NOTHING_TO_MOVE' } });

  // The real binary: the exit code and the exact streams.
  const color = await admin(board, ['board', 'create', '--name', 'X', '--color', 'zz']);
  t.deepEqual(color, { code: 1, stdout: '', stderr: 'error: Color must be exactly 6 characters\n' });
  const json = await admin(board, ['roadmap', 'create', '--name', 'x'.repeat(51), '--json']);
  t.is(json.code, 1);
  t.deepEqual(JSON.parse(json.stderr), { error: { code: 'ROADMAP_NAME_TOO_LONG', message: 'Roadmap name cannot exceed 50 characters' } });
  const missing = await admin(board, ['board', 'create']);
  t.deepEqual(missing, { code: 1, stdout: '', stderr: "error: Required option '--name <name>' not specified\n" });
});

async function firstSlug(board: TestBoard): Promise<string> {
  const listed = await inBoard(board, ['post', 'list', '--json']);
  return (JSON.parse(listed.stdout) as Array<{ slug: string }>)[0]!.slug;
}
