import { existsSync } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { createPostAt } from '../_helpers/personas.js';
import { admin, initBoard, jsonOf, PASSWORD, type TestBoard, withBoard } from './_admin.ts';
import { runInProcess, startServing, stopServing } from './_cli.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const JWT = /^eyJ[\w-]+\.[\w-]+\.[\w-]+\n$/;

/** A board whose owner, ada@example.org, wrote one post. */
async function boardWithAPost(t: ExecutionContext): Promise<TestBoard> {
  const board = await initBoard(t);
  await withBoard(board, async (ctx) => createPostAt(ctx, (await ctx.storage.users.getOwner())!, { createdAt: new Date().toISOString() }));
  return board;
}

/** GET /users/profile with a token: the status and error code (or email). */
async function profile(url: string, token: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/users/profile`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { code?: string; user?: { email: string } };
  return `${response.status} ${body.code ?? body.user?.email}`;
}

/**
 * Every user command and `token`, in an order that makes each one matter. With `url` (a server
 * is running) the tokens are also tried over HTTP. The output must be the same either way.
 * The steps in this process go the same way as a child's: through the socket or opening the data.
 */
async function exerciseEveryCommand(t: ExecutionContext, board: TestBoard, url?: string): Promise<void> {
  // Most steps run in this process (the machine is shared); the ones that matter most as a real binary run in a child.
  const run = (args: string[], stdin?: string) => runInProcess([...args, '--data', board.data], { stdin });
  const spawned = (args: string[], stdin?: string) => admin(board, args, stdin);
  const created = await spawned(['user', 'create', '--email', 'Bob@Example.org', '--name', 'Bob', '--password-stdin'], `${PASSWORD}\n`);
  t.is(created.code, 0, created.stderr);
  t.regex(created.stdout, new RegExp(`^Created user bob@example\\.org \\(${UUID}\\)\\.\\n$`));

  const table = (await run(['user', 'list'])).stdout.split('\n');
  t.is(table[0], `ID${' '.repeat(36)}EMAIL${' '.repeat(12)}NAME  STATUS${' '.repeat(13)}POSTS  VOTES  CREATED`);
  // The owner set up without mail has not confirmed the address: the list says so.
  t.regex(table[1]!, new RegExp(`^${UUID}  ada@example\\.org  -     owner, unverified {6}1 {6}0  \\d{4}-`));
  t.regex(table[2]!, new RegExp(`^${UUID}  bob@example\\.org  Bob   unverified {13}0 {6}0  \\d{4}-`));
  t.is(table.length, 4);
  const users = jsonOf(t, await run(['user', 'list', '--json']));
  t.deepEqual(users.map((user: { email: string }) => user.email), ['ada@example.org', 'bob@example.org']);
  const bob = jsonOf(t, await run(['user', 'show', 'BOB@example.org', '--json']));
  t.like(bob, { email: 'bob@example.org', name: 'Bob', isVerified: false, roles: [{ name: '@everyone', isSystem: true }] });
  const shown = await run(['user', 'show', bob.userId.toUpperCase()]);
  t.regex(shown.stdout, /^ID: {8}[0-9a-f-]{36}\nEmail: {5}bob@example\.org\nName: {6}Bob\n/);
  t.regex(shown.stdout, /^Roles: {5}@everyone$/m);

  t.is((await run(['user', 'verify', 'bob@example.org'])).stdout, 'The email address bob@example.org is verified.\n');
  t.is((await run(['user', 'verify', 'bob@example.org'])).stdout, 'The email address bob@example.org was already verified.\n');
  const firstToken = (await spawned(['token', 'bob@example.org'])).stdout;
  t.regex(firstToken, JWT);
  if (url) t.is(await profile(url, firstToken.trim()), '200 bob@example.org');

  const changed = await run(['user', 'set-password', 'bob@example.org', '--password-stdin'], 'another good password\n');
  t.is(changed.stdout, 'Password of bob@example.org changed; the access tokens they had no longer work.\n', changed.stderr);
  const issued = jsonOf(t, await run(['token', bob.userId, '--json']));
  t.like(issued, { userId: bob.userId, email: 'bob@example.org' });
  if (url) {
    t.is(await profile(url, firstToken.trim()), '401 INVALID_TOKEN', 'set-password revoked the earlier token');
    t.is(await profile(url, issued.token), '200 bob@example.org');
  }

  t.like(jsonOf(t, await run(['user', 'block', 'bob@example.org', '--json'])), { changed: true, user: { isBlocked: true } });
  if (url) t.is(await profile(url, issued.token), '403 USER_BLOCKED');
  t.is((await run(['user', 'unblock', 'bob@example.org'])).stdout, 'bob@example.org is unblocked.\n');
  if (url) t.is(await profile(url, issued.token), '200 bob@example.org');

  const moved = await run(['user', 'make-owner', 'bob@example.org']);
  t.is(moved.stdout, 'bob@example.org is now the owner (instead of ada@example.org).\n', moved.stderr);
  const refused = await run(['user', 'delete', 'ada@example.org', '--yes']);
  t.is(refused.code, 1);
  t.is(
    refused.stderr,
    "error: ada@example.org wrote 1 post, and a post's author must exist: give --reassign-to <user> to move them to another user\n",
  );
  const deleted = await spawned(['user', 'delete', 'ada@example.org', '--reassign-to', 'bob@example.org', '--yes']);
  t.regex(deleted.stdout, new RegExp(`^Deleted ada@example\\.org \\(${UUID}\\): 1 post now by bob@example\\.org; removed 0 votes, 1 role assignment\\.\\n$`));
  const remaining = jsonOf(t, await spawned(['user', 'list', '--json']));
  t.like(remaining, [{ email: 'bob@example.org', isOwner: true, posts: 1 }]);
  t.is(remaining.length, 1);
}

test('every user command and token, without a running server (the data directory is opened directly)', async (t) => {
  const board = await boardWithAPost(t);
  await exerciseEveryCommand(t, board);
  t.false(existsSync(join(board.data, 'feedbackd.lock')), 'each command released the lock');
});

test('every user command and token while serve runs: through the 0600 control socket, gone after shutdown', async (t) => {
  const board = await boardWithAPost(t);
  const serving = await startServing(['serve', '--data', board.data, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const socket = join(board.data, 'control.sock');
  const info = await lstat(socket);
  t.true(info.isSocket());
  t.is(info.mode & 0o777, 0o600);
  await exerciseEveryCommand(t, board, serving.url);
  const stopped = await stopServing(serving);
  t.is(stopped.code, 0, stopped.stderr);
  t.false(existsSync(socket));
});
