import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import type { CliRun } from '../../src/cli/io.ts';
import { reportError } from '../../src/cli/report-error.ts';
import { AppError } from '../../src/errors.ts';
import { ROOT, runInProcess, stubPrompt } from './_cli.ts';

function fakeRun(showStacks: boolean): { run: CliRun; stderr: () => string } {
  let text = '';
  const sink = { write: (chunk: string) => (text += chunk) };
  const io = { stdout: sink, stderr: sink, stdin: process.stdin, env: {}, interactive: false, prompt: stubPrompt({}).prompt };
  return { run: { io, showStacks }, stderr: () => text };
}

test('an AppError prints its message; anything else one line, or its stack in debug', (t) => {
  const quiet = fakeRun(false);
  t.is(reportError(new AppError('X', 'Something is off: fix it', 500), quiet.run), 1);
  t.is(reportError(new TypeError('boom'), quiet.run), 1);
  t.is(quiet.stderr(), 'error: Something is off: fix it\nerror: Unexpected failure: boom (--log-level debug shows the stack)\n');
  const verbose = fakeRun(true);
  reportError(new TypeError('boom'), verbose.run);
  t.regex(verbose.stderr(), /^error: TypeError: boom\n {4}at /);
});

test('--version prints the package version and --help the commands, both exit 0', async (t) => {
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  t.deepEqual(await runInProcess(['--version']), { code: 0, stdout: `${version}\n`, stderr: '' });
  t.deepEqual(await runInProcess(['-v']), { code: 0, stdout: `${version}\n`, stderr: '' });
  const help = await runInProcess(['--help']);
  t.is(help.code, 0);
  t.regex(help.stdout, /^Usage: feedbackd \[options\] \[command\]/);
  t.regex(help.stdout, /\n {2}init \[options\]/);
  t.regex(help.stdout, /\n {2}serve \[options\]/);
});

test('serve --help lists every flag with its environment variables and default, from the settings table', async (t) => {
  const help = await runInProcess(['serve', '--help']);
  t.is(help.code, 0);
  const text = help.stdout.replace(/\s+/g, ' ');
  t.true(text.includes('--port <number> TCP port to listen on; 0 = any free port (env: FEEDBACKD_PORT, PORT) (default: 3000)'));
  t.true(text.includes('--database <url>'));
  t.true(text.includes('--log-level <level>'));
});

test('every failure starts the same way: "error: " and a capital, commander\'s own messages too', async (t) => {
  const failures = [
    ['user', 'list', '--nope'],
    ['user', 'show'],
    ['user', 'create', '--name', 'Bob'],
    ['init', '--yes', '--password-file', 'a', '--password-stdin'],
    ['config', 'get', 'port', '--data', join(ROOT, 'no-such-directory')],
    ['mail', 'outbox', '--data', join(ROOT, 'no-such-directory')],
    ['nonsense'],
  ];
  for (const args of failures) {
    const { code, stderr } = await runInProcess(args);
    t.is(code, 1, args.join(' '));
    t.regex(stderr, /^error: [A-Z]/, args.join(' '));
  }
});
