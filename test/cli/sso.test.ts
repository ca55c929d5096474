import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { signInWithSso } from '../../src/services/sso/sign-in.js';
import { productToken } from '../_helpers/sso-product.js';
import { admin, initBoard, jsonOf, type TestBoard, withBoard } from './_admin.ts';
import { runInProcess, startServing, tempDir } from './_cli.ts';

/*
 * `feedbackd sso secret …` (issue 28): the owner's single sign-on secrets from the command line,
 * in this process and as the real binary through a running server's control socket; and an
 * export, which never carries them.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const inBoard = (board: TestBoard, args: string[]) => runInProcess([...args, '--data', board.data]);

test('create prints the id and the secret once; list shows id, created and last use, never the secret; revoke removes it', async (t) => {
  const board = await initBoard(t);
  t.is((await inBoard(board, ['sso', 'secret', 'list'])).stdout, 'No single sign-on secrets.\n');
  const created = await inBoard(board, ['sso', 'secret', 'create']);
  t.is(created.code, 0, created.stderr);
  const lines = created.stdout.split('\n');
  t.regex(lines[0]!, new RegExp(`^Created single sign-on secret (${UUID})\\.$`));
  t.regex(lines[1]!, /^Secret: ssosec_[A-Za-z0-9_-]{43}$/);
  t.regex(lines[2]!, /will not be shown again/);
  const id = lines[0]!.slice('Created single sign-on secret '.length, -1);
  const secret = lines[1]!.slice('Secret: '.length);

  const json = jsonOf(t, await inBoard(board, ['sso', 'secret', 'create', '--json']));
  t.deepEqual(Object.keys(json), ['id', 'secret']);
  // A sign-in through the services shows as the secret's last use.
  await withBoard(board, (ctx) => signInWithSso(ctx, { token: productToken({ id, secret }, { sub: 'u1', email: 'u1@example.com' }) }, null));

  const table = await inBoard(board, ['sso', 'secret', 'list']);
  t.regex(table.stdout, new RegExp(`^ID +CREATED +LAST USED\\n${id}  \\S+Z  \\S+Z\\n${json.id}  \\S+Z  never\\n$`));
  t.false(table.stdout.includes(secret));
  const listed = jsonOf(t, await inBoard(board, ['sso', 'secret', 'list', '--json']));
  t.deepEqual(listed.map((row: { id: string }) => row.id), [id, json.id]);
  t.false(JSON.stringify(listed).includes('ssosec_'));

  const revoked = await inBoard(board, ['sso', 'secret', 'revoke', id]);
  t.is(revoked.stdout, `Revoked single sign-on secret ${id}: tokens signed with it are refused from now on.\n`);
  const unknown = await inBoard(board, ['sso', 'secret', 'revoke', id]);
  t.deepEqual([unknown.code, unknown.stderr], [1, `error: Single sign-on secret not found: ${id}\n`]);
  t.deepEqual(jsonOf(t, await inBoard(board, ['sso', 'secret', 'list', '--json'])).map((row: { id: string }) => row.id), [json.id]);
});

test('the real binary reaches the same services through a running server; an export carries no secret', async (t) => {
  const board = await initBoard(t);
  const serving = await startServing(['serve', '--data', board.data, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const created = jsonOf(t, await admin(board, ['sso', 'secret', 'create', '--json']));
  t.like(jsonOf(t, await admin(board, ['sso', 'secret', 'list', '--json'])), [{ id: created.id, lastUsedAt: null }]);
  const out = join(await tempDir(t), 'export.json');
  t.is((await admin(board, ['export', '--out', out, '--include-password-hashes'])).code, 0);
  const text = await readFile(out, 'utf8');
  t.false(text.includes(created.secret), 'the key is not in the export');
  t.false(text.includes('ssoSecrets'));
  t.is((await admin(board, ['sso', 'secret', 'revoke', created.id])).code, 0);
});
