import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { admin, initBoard, jsonOf, type TestBoard, withBoard } from './_admin.ts';
import { runInProcess, startServing, tempDir } from './_cli.ts';

/*
 * `feedbackd auth provider …` (issue 28 §2): sign-in providers from the command line, in this
 * process and as the real binary through a running server's control socket; the client secret
 * read from a file, never printed, never in an export.
 */

const SECRET = 'acme-client-secret-42';
const inBoard = (board: TestBoard, args: string[]) => runInProcess([...args, '--data', board.data]);

async function secretFile(t: import('ava').ExecutionContext, text = `${SECRET}\n`): Promise<string> {
  const path = join(await tempDir(t), 'secret.txt');
  await writeFile(path, text, { mode: 0o600 });
  return path;
}

test('add reads the secret file (one trailing newline dropped), list never shows it, disable and enable switch it, remove takes it away; presets fill the issuer', async (t) => {
  const board = await initBoard(t);
  const file = await secretFile(t);
  t.is((await inBoard(board, ['auth', 'provider', 'list'])).stdout, 'No sign-in providers.\n');
  const add = ['auth', 'provider', 'add', 'acme', '--issuer', 'https://id.acme.example', '--client-id', 'feedbackd', '--client-secret-file', file];
  const added = await inBoard(board, [...add, '--name', 'Acme', '--allowed-domains', 'Acme.com,example.com', '--allow-team']);
  t.is(added.code, 0, added.stderr);
  t.is(added.stdout, 'Added sign-in provider acme ("Continue with Acme").\n');
  const stored = await withBoard(board, (ctx) => ctx.storage.authProviders.get('acme'));
  t.is(stored?.clientSecret, SECRET, 'the file without its trailing newline');
  const google = jsonOf(
    t,
    await inBoard(board, ['auth', 'provider', 'add', 'google', '--preset', 'google', '--client-id', 'g-1', '--client-secret-file', file, '--json']),
  );
  t.like(google, {
    providerId: 'google',
    kind: 'oidc',
    name: 'Google',
    issuer: 'https://accounts.google.com',
    allowedDomains: [],
    allowTeam: false,
    enabled: true,
  });
  const github = jsonOf(
    t,
    await inBoard(board, ['auth', 'provider', 'add', 'gh', '--preset', 'github', '--client-id', 'gh-1', '--client-secret-file', file, '--json']),
  );
  t.like(github, { kind: 'github', name: 'GitHub' });
  const microsoft = jsonOf(
    t,
    await inBoard(board, ['auth', 'provider', 'add', 'ms', '--preset', 'microsoft', '--client-id', 'ms-1', '--client-secret-file', file, '--json']),
  );
  t.like(microsoft, { providerId: 'ms', kind: 'oidc', name: 'Microsoft', issuer: 'https://login.microsoftonline.com/common/v2.0' });

  const table = await inBoard(board, ['auth', 'provider', 'list']);
  t.regex(table.stdout, /^ID +NAME +ISSUER +CLIENT ID +DOMAINS +TEAM +STATE\nacme +Acme +https:\/\/id\.acme\.example +feedbackd +acme\.com,example\.com +yes +on\n/);
  const listed = jsonOf(t, await inBoard(board, ['auth', 'provider', 'list', '--json']));
  t.deepEqual(
    listed.map((row: { providerId: string }) => row.providerId),
    ['acme', 'google', 'gh', 'ms'],
  );
  t.false(JSON.stringify(listed).includes(SECRET));
  t.false(table.stdout.includes(SECRET));

  const disabled = await inBoard(board, ['auth', 'provider', 'disable', 'acme']);
  t.is(disabled.code, 0, disabled.stderr);
  t.is(disabled.stdout, 'Sign-in provider acme is off: not shown on the sign-in page, and no one can sign in with it until it is enabled again.\n');
  t.regex((await inBoard(board, ['auth', 'provider', 'list'])).stdout, /\nacme +Acme .* +off\ngoogle +Google .* +on\n/);
  t.false((await withBoard(board, (ctx) => ctx.storage.authProviders.get('acme')))?.enabled);
  t.is((await inBoard(board, ['auth', 'provider', 'enable', 'acme'])).stdout, 'Sign-in provider acme is on ("Continue with Acme" is on the sign-in page).\n');
  t.like(jsonOf(t, await inBoard(board, ['auth', 'provider', 'disable', 'google', '--json'])), { providerId: 'google', enabled: false });
  t.true((await withBoard(board, (ctx) => ctx.storage.authProviders.get('acme')))?.enabled);
  for (const op of ['disable', 'enable']) {
    const missing = await inBoard(board, ['auth', 'provider', op, 'nobody']);
    t.deepEqual([missing.code, missing.stderr], [1, 'error: Sign-in provider not found: nobody\n'], op);
  }

  const dup = await inBoard(board, [...add, '--name', 'Acme']);
  t.deepEqual([dup.code, dup.stderr], [1, 'error: A sign-in provider with this id already exists\n']);
  t.is((await inBoard(board, ['auth', 'provider', 'remove', 'acme'])).stdout, 'Removed sign-in provider acme.\n');
  const unknown = await inBoard(board, ['auth', 'provider', 'remove', 'acme']);
  t.deepEqual([unknown.code, unknown.stderr], [1, 'error: Sign-in provider not found: acme\n']);
});

test('bad input is refused in words: http issuer beyond loopback, no secret file, no name without a preset, a bad id', async (t) => {
  const board = await initBoard(t);
  const file = await secretFile(t);
  const base = ['--client-id', 'c', '--client-secret-file', file, '--name', 'X'];
  const cases: Array<[string[], RegExp]> = [
    [['auth', 'provider', 'add', 'x', '--issuer', 'http://id.example.com', ...base], /^error: issuer must be an https URL \(http only on a loopback address\)/],
    [['auth', 'provider', 'add', 'x', '--issuer', 'https://id.example.com', '--client-id', 'c', '--name', 'X'], /^error: Give --client-secret-file <path>/],
    [
      ['auth', 'provider', 'add', 'x', '--issuer', 'https://id.example.com', '--client-id', 'c', '--client-secret-file', file],
      /^error: name is required \(or give a preset\)/,
    ],
    [['auth', 'provider', 'add', 'Bad_Id', '--issuer', 'https://id.example.com', ...base], /^error: providerId must be 1\.\.40 of a-z/],
    [['auth', 'provider', 'add', 'sso', '--issuer', 'https://id.example.com', ...base], /^error: providerId must not be "sso"/],
    [
      ['auth', 'provider', 'add', 'x', '--issuer', 'https://id.example.com', ...base, '--allowed-domains', 'not a domain'],
      /^error: allowedDomains must be a list/,
    ],
  ];
  for (const [args, message] of cases) {
    const refused = await inBoard(board, args);
    t.is(refused.code, 1, args.join(' '));
    t.regex(refused.stderr, message);
  }
  const loopback = await inBoard(board, ['auth', 'provider', 'add', 'local', '--issuer', 'http://127.0.0.1:8080/realms/x', ...base]);
  t.is(loopback.code, 0, loopback.stderr);
});

test('the real binary reaches the same services through a running server; an export carries no client secret', async (t) => {
  const board = await initBoard(t);
  const serving = await startServing(['serve', '--data', board.data, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const file = await secretFile(t);
  const added = await admin(board, ['auth', 'provider', 'add', 'gitlab', '--preset', 'gitlab', '--client-id', 'gl', '--client-secret-file', file, '--json']);
  t.is(added.code, 0, added.stderr);
  t.like(jsonOf(t, await admin(board, ['auth', 'provider', 'list', '--json'])), [{ providerId: 'gitlab', issuer: 'https://gitlab.com' }]);
  const out = join(await tempDir(t), 'export.json');
  t.is((await admin(board, ['export', '--out', out, '--include-password-hashes'])).code, 0);
  const text = await readFile(out, 'utf8');
  t.false(text.includes(SECRET), 'the client secret is not in the export');
  const off = await admin(board, ['auth', 'provider', 'disable', 'gitlab']);
  t.deepEqual([off.code, off.stderr], [0, '']);
  t.like(jsonOf(t, await admin(board, ['auth', 'provider', 'list', '--json'])), [{ providerId: 'gitlab', enabled: false }]);
  t.like(jsonOf(t, await admin(board, ['auth', 'provider', 'enable', 'gitlab', '--json'])), { providerId: 'gitlab', enabled: true });
  t.is((await admin(board, ['auth', 'provider', 'remove', 'gitlab'])).code, 0);
});
