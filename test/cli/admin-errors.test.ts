import { join } from 'node:path';
import test from 'ava';
import { createPostAt, createMember } from '../_helpers/personas.js';
import { initBoard, type TestBoard, withBoard } from './_admin.ts';
import { runChild, runInProcess, stubPrompt, tempDir } from './_cli.ts';

// Each failure is one clear line on stderr and exit 1; nothing on stdout. They run in this
// process (the error path is the same), except one that checks a real child's exit code.

const inBoard = (board: TestBoard, args: string[], options: { stdin?: string } = {}) =>
  runInProcess([...args, '--data', board.data], options);

test('usage errors: commander names the missing argument or option', async (t) => {
  for (const [args, expected] of [
    [['user', 'show'], /^error: Missing required argument 'user'\n$/],
    [['user', 'create', '--name', 'Bob'], /^error: Required option '--email <address>' not specified\n$/],
    [['token'], /^error: Missing required argument 'user'\n$/],
    [['user', 'list', '--nope'], /^error: Unknown option '--nope'\n$/],
  ] as const) {
    const result = await runInProcess([...args]);
    t.is(result.code, 1, args.join(' '));
    t.regex(result.stderr, expected);
    t.is(result.stdout, '');
  }
});

test('refusals carry the API message; with --json the code too, as one JSON line on stderr', async (t) => {
  const board = await initBoard(t);
  const bob = await withBoard(board, async (ctx) => {
    const member = (await createMember(ctx, { email: 'bob@example.org' })).user;
    await createPostAt(ctx, member, { createdAt: new Date().toISOString() });
    return member;
  });
  const cases: Array<[string[], string]> = [
    [['user', 'create', '--email', 'not-an-email', '--name', 'X'], 'Enter valid email'],
    [['user', 'create', '--email', 'bob@example.org', '--name', 'X'], 'User exists'],
    [['user', 'show', 'nobody@example.org'], 'No user with email nobody@example.org'],
    [['user', 'show', 'bobb@example.org'], 'No user with email bobb@example.org. Did you mean bob@example.org?'],
    [['user', 'show', 'ADA@exmaple.org'], 'No user with email ADA@exmaple.org. Did you mean ada@example.org?'],
    [['user', 'show', '0f8e3c2a-1b4d-4c5e-9f6a-7b8c9d0e1f2a'], 'No user with id 0f8e3c2a-1b4d-4c5e-9f6a-7b8c9d0e1f2a'],
    [['token', 'nobody@example.org'], 'No user with email nobody@example.org'],
    [['token', 'bob@example.or'], 'No user with email bob@example.or. Did you mean bob@example.org?'],
    [['user', 'block', 'ada@example.org'], 'ada@example.org is the owner and cannot be blocked: make someone else the owner first (feedbackd user make-owner <user>)'],
    [['user', 'delete', 'ada@example.org', '--yes'], 'ada@example.org is the owner and cannot be deleted: make someone else the owner first (feedbackd user make-owner <user>)'],
    [['user', 'delete', bob.id, '--yes'], "bob@example.org wrote 1 post, and a post's author must exist: give --reassign-to <user> to move them to another user"],
    [['user', 'delete', bob.id, '--reassign-to', 'nobody@example.org', '--yes'], 'No user with email nobody@example.org'],
    [['user', 'set-password', 'bob@example.org'], 'Give --password-file <path> or --password-stdin (a password is never taken from the command line)'],
  ];
  for (const [args, message] of cases) {
    const text = await inBoard(board, args);
    t.deepEqual(text, { code: 1, stdout: '', stderr: `error: ${message}\n` }, args.join(' '));
  }
  const json = await inBoard(board, ['user', 'create', '--email', 'bob@example.org', '--name', 'X', '--json']);
  t.is(json.code, 1);
  t.is(json.stdout, '');
  t.deepEqual(JSON.parse(json.stderr), { error: { code: 'USER_EXISTS', message: 'User exists' } });
  const short = await inBoard(board, ['user', 'set-password', 'bob@example.org', '--password-stdin', '--json'], { stdin: 'short\n' });
  t.deepEqual(JSON.parse(short.stderr), { error: { code: 'PASSWORD_TOO_SHORT', message: 'Password must be at least 8 characters long' } });
  const asked = stubPrompt({ password: 'short' });
  const typed = await runInProcess(['user', 'set-password', 'bob@example.org', '--data', board.data], { interactive: true, prompt: asked.prompt });
  t.deepEqual(asked.messages, ['New password (at least 8 characters):']);
  t.is(typed.stderr, 'error: Password must be at least 8 characters long\n');
  const long = await inBoard(board, ['user', 'set-password', 'bob@example.org', '--password-stdin'], { stdin: `${'é'.repeat(40)}\n` });
  t.is(long.stderr, 'error: Password must be at most 72 characters long (fewer when it has accented letters, symbols or emoji)\n');
});

test('a missing data directory is never created; an unsupported database says so (a real child: exit 1)', async (t) => {
  const missing = join(await tempDir(t), 'nope');
  const result = await runChild(['user', 'list', '--data', missing]);
  t.is(result.code, 1);
  t.is(
    result.stderr,
    `error: There is no data directory at ${missing}: give --data <dir> (or set FEEDBACKD_DATA), or create one with feedbackd init\n`,
  );
  const board = await initBoard(t);
  const postgres = await inBoard(board, ['user', 'list', '--database', 'postgres://u:hunter2@127.0.0.1:1/feedback']);
  t.is(postgres.stderr, 'error: Cannot open the PostgreSQL database 127.0.0.1:1/feedback: connect ECONNREFUSED 127.0.0.1:1\n');
  const json = await runInProcess(['user', 'list', '--data', missing, '--json']);
  t.like(JSON.parse(json.stderr), { error: { code: 'DATA_DIR_MISSING' } });
});

test('user delete asks first: refused without --yes off a terminal, cancelled by "no", done by "yes"', async (t) => {
  const board = await initBoard(t);
  await withBoard(board, (ctx) => createMember(ctx, { email: 'bob@example.org' }));
  const args = ['user', 'delete', 'bob@example.org', '--data', board.data];
  const scripted = await runInProcess(args);
  t.deepEqual(scripted, {
    code: 1,
    stdout: '',
    stderr: 'error: Delete the user bob@example.org? Their votes go, their comments are deleted. This cannot be undone: add --yes to confirm\n',
  });
  const declined = stubPrompt({ confirm: false });
  t.deepEqual(await runInProcess(args, { interactive: true, prompt: declined.prompt }), { code: 1, stdout: '', stderr: 'error: Cancelled: nothing was changed\n' });
  t.deepEqual(declined.asked, ['confirm']);
  t.is((await runInProcess(['user', 'show', 'bob@example.org', '--data', board.data])).code, 0, 'still there');
  const accepted = await runInProcess(args, { interactive: true, prompt: stubPrompt({ confirm: true }).prompt });
  t.is(accepted.code, 0, accepted.stderr);
  t.is((await runInProcess(['user', 'show', 'bob@example.org', '--data', board.data])).code, 1, 'gone');
});
