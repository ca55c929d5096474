import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import test from 'ava';
import { loadConfig } from '../../src/config/load.ts';
import { createLogger } from '../../src/logger.ts';
import { createServiceContext } from '../../src/services/create-context.ts';
import { startSmtpSink } from '../_helpers/smtp-sink.ts';
import { QUIET_ENV, runChild, runInProcess, snapshot, stubPrompt, tempDir } from './_cli.ts';

const PASSWORD = 'correct horse battery';

async function passwordFile(dir: string, text = `${PASSWORD}\n`): Promise<string> {
  const path = join(dir, 'password.txt');
  await writeFile(path, text, { mode: 0o600 });
  return path;
}

/** The owner and site title stored in a data dir, read through the services. */
async function siteIn(dataDir: string): Promise<{ ownerEmail?: string; title: string }> {
  const config = await loadConfig({ flags: { data: dataDir }, env: QUIET_ENV });
  const ctx = await createServiceContext(config, createLogger('silent'));
  try {
    const owner = await ctx.storage.users.getOwner();
    return { ownerEmail: owner?.email, title: (await ctx.storage.settings.get()).title };
  } finally {
    await ctx.close();
  }
}

const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8'));
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

test('init with flags only (--password-file) sets the site up, saves the mail choice and writes the outbox mail', async (t) => {
  const dir = await tempDir(t);
  const data = join(dir, 'data');
  const args = ['init', '--data', data, '--email', 'Ada@Example.org', '--password-file', await passwordFile(dir)];
  const result = await runInProcess([...args, '--mail-outbox', '--site-title', ' Acme ', '--name', 'Ada', '--port', '4100']);
  t.is(result.code, 0, result.stderr);
  t.is(result.stderr, '');
  t.deepEqual(await siteIn(data), { ownerEmail: 'ada@example.org', title: 'Acme' });
  t.deepEqual(await readJson(join(data, 'config.json')), { port: 4100, mailOutbox: true });
  t.is(await modeOf(data), 0o700);
  t.is(await modeOf(join(data, 'config.json')), 0o600);
  t.is(await modeOf(join(data, 'secret')), 0o600);
  const mails = await readdir(join(data, 'outbox'));
  t.is(mails.length, 1);
  t.regex(await readFile(join(data, 'outbox', mails[0]!), 'utf8'), /^To: ada@example\.org/m);
  t.true(result.stdout.includes('feedbackd is set up: "Acme".'));
  t.true(result.stdout.includes('  URL:       http://localhost:4100'));
  t.true(result.stdout.includes(`  Owner:     ada@example.org (the mail with a link to confirm this address is in ${join(data, 'outbox')})`));
  t.true(result.stdout.includes(`  Data:      ${data} (back it up`));
  t.true(result.stdout.includes(`  Start it:  feedbackd serve --data ${data}`));
});

test('init --password-stdin reads the password from standard input and never prompts', async (t) => {
  const data = join(await tempDir(t), 'data');
  const smtp = await startSmtpSink();
  t.teardown(() => smtp.close());
  const stub = stubPrompt({});
  const args = ['init', '--data', data, '--email', 'ada@example.org', '--password-stdin', '--smtp-url', smtp.url];
  const result = await runInProcess(args, { stdin: `${PASSWORD}\n`, interactive: true, prompt: stub.prompt });
  t.is(result.code, 0, result.stderr);
  t.deepEqual(stub.asked, []);
  t.is((await siteIn(data)).ownerEmail, 'ada@example.org');
  t.deepEqual(await readJson(join(data, 'config.json')), { smtpUrl: smtp.url });
  t.true(result.stdout.includes('(a link to confirm this address was mailed to it)'));
  t.true(result.stdout.includes(`\n  Confirm:   open the mailed link, or without mail: feedbackd user verify ada@example.org --data ${data}\n`));
  t.is(smtp.messages[0]?.to && 'text' in smtp.messages[0].to ? smtp.messages[0].to.text : undefined, 'ada@example.org');
});

test('without a terminal, a confirmation mail that fails is said in words and init exits 1, the board set up', async (t) => {
  const dir = await tempDir(t);
  const data = join(dir, 'data');
  const smtp = await startSmtpSink({ reject: true });
  t.teardown(() => smtp.close());
  const args = ['init', '--yes', '--data', data, '--email', 'ada@example.org', '--password-file', await passwordFile(dir), '--smtp-url', smtp.url];
  const result = await runInProcess(args);
  t.is(result.code, 1);
  t.regex(result.stdout, /^The mail to confirm ada@example\.org could not be sent: .*550 Mailbox unavailable/m);
  t.regex(result.stdout, /\(not confirmed: the mail could not be sent; send a new link from your profile once mail works\)/);
  t.false(result.stdout.includes('was mailed'));
  t.true(result.stdout.includes(`\n  Confirm:   feedbackd user verify ada@example.org --data ${data}\n`), 'the way without mail');
  t.false(/^\{/m.test(result.stdout + result.stderr), 'no JSON log line');
  t.regex(result.stderr, /^error: Setup is done, but the mail to confirm ada@example\.org was not sent: check the SMTP settings with feedbackd mail test ada@example\.org, or run with --mail-outbox/);
  t.is((await siteIn(data)).ownerEmail, 'ada@example.org');
});

test('in the wizard a failed test message shows the server\'s answer; switching to the outbox delivers the confirmation there', async (t) => {
  const data = join(await tempDir(t), 'data');
  const smtp = await startSmtpSink({ reject: true });
  t.teardown(() => smtp.close());
  const stub = stubPrompt({ name: '', password: PASSWORD, passwordConfirm: PASSWORD, mail: 'smtp', smtpUrl: smtp.url, mailTest: true, mailFix: 'outbox' });
  const args = ['init', '--data', data, '--email', 'ada@example.org', '--site-title', 'Acme', '--port', '4302', '--no-serve'];
  const result = await runInProcess(args, { interactive: true, prompt: stub.prompt });
  t.is(result.code, 0, result.stderr);
  t.deepEqual(stub.asked, ['name', 'password', 'passwordConfirm', 'mail', 'smtpUrl', 'mailTest', 'mailFix', 'publicUrl']);
  t.regex(result.stdout, /^The test message could not be sent: .*550 Mailbox unavailable/m);
  t.regex(result.stdout, /^hint: SMTP server 127\.0\.0\.1, port \d+/m);
  t.deepEqual(await readJson(join(data, 'config.json')), { port: 4302, mailOutbox: true });
  t.is((await readdir(join(data, 'outbox'))).length, 1, 'the confirmation is in the outbox');
});

test('in the wizard, a confirmation that fails after setup can be sent again through new SMTP settings', async (t) => {
  const data = join(await tempDir(t), 'data');
  const [broken, working] = [await startSmtpSink({ reject: true }), await startSmtpSink()];
  t.teardown(() => Promise.all([broken.close(), working.close()]));
  const stub = stubPrompt({ name: '', password: PASSWORD, passwordConfirm: PASSWORD, mail: 'smtp', smtpUrl: [broken.url, working.url], mailTest: false, mailFix: 'smtp' });
  const args = ['init', '--data', data, '--email', 'ada@example.org', '--site-title', 'Acme', '--port', '4303', '--no-serve'];
  const result = await runInProcess(args, { interactive: true, prompt: stub.prompt });
  t.is(result.code, 0, result.stderr);
  t.regex(result.stdout, /^The mail to confirm ada@example\.org could not be sent: /m);
  t.true(result.stdout.includes('(a link to confirm this address was mailed to it)'));
  t.true(result.stdout.includes(`\n  Confirm:   open the mailed link, or without mail: feedbackd user verify ada@example.org --data ${data}\n`));
  t.deepEqual(await readJson(join(data, 'config.json')), { port: 4303, smtpUrl: working.url });
  t.regex((await working.waitForMessages(1))[0]?.subject ?? '', /Please confirm your email/);
});

test('without prompts, every missing and invalid flag is listed at once and nothing is created', async (t) => {
  const data = join(await tempDir(t), 'data');
  const result = await runInProcess(['init', '--yes', '--data', data, '--name', 'x'.repeat(65)], { interactive: true });
  t.is(result.code, 1);
  t.is(
    result.stderr,
    [
      'error: init cannot prompt here (--yes, --password-stdin or no terminal):',
      '  - --name: Name cannot exceed 64 characters',
      '  - missing --email <address>',
      '  - missing --password-file <path> or --password-stdin',
      '  - missing --smtp-url <url> or --mail-outbox',
      '',
    ].join('\n'),
  );
  t.false(existsSync(data));
});

test('without a terminal, mail configured by the environment counts as given', async (t) => {
  const dir = await tempDir(t);
  const data = join(dir, 'data');
  const args = ['init', '--data', data, '--email', 'ada@example.org', '--password-file', await passwordFile(dir)];
  const smtp = await startSmtpSink();
  t.teardown(() => smtp.close());
  const result = await runInProcess(args, { env: { FEEDBACKD_SMTP_URL: smtp.url } });
  t.is(result.code, 0, result.stderr);
  t.false(existsSync(join(data, 'config.json')), 'nothing to save: mail comes from the environment');
});

test('invalid flag values are refused before anything is asked', async (t) => {
  const data = join(await tempDir(t), 'data');
  const stub = stubPrompt({});
  const result = await runInProcess(['init', '--data', data, '--email', 'ada@localhost'], { interactive: true, prompt: stub.prompt });
  t.is(result.code, 1);
  t.is(
    result.stderr,
    'error: Invalid init flags: --email: "localhost" is not a full domain name (it has no dot): use an address such as ada@example.org\n',
  );
  t.deepEqual(stub.asked, []);
});

test('bad setting flags are reported by the config loader', async (t) => {
  const data = join(await tempDir(t), 'data');
  const result = await runInProcess(['init', '--data', data, '--port', 'x', '--public-url', 'nope']);
  t.is(result.code, 1);
  t.regex(result.stderr, /^error: Invalid configuration \(2 problems\):\n {2}- port \(from --port="x"\)/);
});

test('password file problems are clear', async (t) => {
  const dir = await tempDir(t);
  const base = ['init', '--data', join(dir, 'data'), '--email', 'a@b.example', '--mail-outbox'];
  const missing = await runInProcess([...base, '--password-file', join(dir, 'none')]);
  t.is(missing.stderr, `error: --password-file: cannot read ${join(dir, 'none')} (ENOENT)\n`);
  const both = await runInProcess([...base, '--password-file', await passwordFile(dir), '--password-stdin']);
  t.is(both.stderr, 'error: Give only one of --password-file and --password-stdin\n');
  const short = await runInProcess([...base, '--password-file', await passwordFile(dir, 'short\n')]);
  t.is(short.stderr, 'error: Invalid init flags: --password-file: Password must be at least 8 characters long\n');
});

test('the wizard asks every question, retries rejected answers and a mismatched password, and saves the answers', async (t) => {
  const data = join(await tempDir(t), 'data');
  const stub = stubPrompt({
    dataDir: data,
    siteTitle: 'Acme Feedback',
    name: 'Ada Lovelace',
    email: ['not-an-email', 'ada@example.org'],
    password: ['short', 'first password', PASSWORD],
    passwordConfirm: ['second password', PASSWORD],
    mail: 'outbox',
    port: ['99999', '4200'],
    publicUrl: 'https://feedback.example.org/',
    serve: false,
  });
  const result = await runInProcess(['init'], { interactive: true, prompt: stub.prompt });
  t.is(result.code, 0, result.stderr);
  t.deepEqual(stub.asked, [
    'dataDir',
    'siteTitle',
    'name',
    'email',
    'password',
    'passwordConfirm',
    'password',
    'passwordConfirm',
    'mail',
    'port',
    'publicUrl',
    'serve',
  ]);
  t.is(stub.messages[stub.asked.indexOf('password')], 'Admin password (at least 8 characters):');
  t.false(stub.messages.some((message) => message.includes('bytes')));
  t.deepEqual(stub.rejected, ['"not-an-email" is not an email address: it needs a name, an @ and a domain, e.g. ada@example.org', 'Password must be at least 8 characters long', 'Must be an integer 0..65535']);
  t.true(result.stdout.includes('The passwords do not match; please type them again.'));
  t.deepEqual(await readJson(join(data, 'config.json')), {
    port: 4200,
    publicUrl: 'https://feedback.example.org',
    mailOutbox: true,
  });
  t.deepEqual(await siteIn(data), { ownerEmail: 'ada@example.org', title: 'Acme Feedback' });
});

test('the wizard asks only for what the flags did not give; SMTP and a default URL are saved as chosen', async (t) => {
  const data = join(await tempDir(t), 'data');
  const stub = stubPrompt({ name: '', password: PASSWORD, passwordConfirm: PASSWORD, mail: 'smtp', smtpUrl: ['http://x', 'smtp://127.0.0.1:1'], mailTest: false, mailFix: 'keep' });
  const args = ['init', '--data', data, '--email', 'ada@example.org', '--site-title', 'Acme', '--port', '4300', '--no-serve'];
  const result = await runInProcess(args, { interactive: true, prompt: stub.prompt });
  t.is(result.code, 0, result.stderr);
  t.deepEqual(stub.asked, ['name', 'password', 'passwordConfirm', 'mail', 'smtpUrl', 'mailTest', 'publicUrl', 'mailFix']);
  t.is(stub.rejected.length, 1);
  t.regex(stub.rejected[0]!, /^Must be an smtp:\/\/ or smtps:\/\/ URL/);
  // The public URL was left at its default, so it is not saved and keeps following the port.
  t.deepEqual(await readJson(join(data, 'config.json')), { port: 4300, smtpUrl: 'smtp://127.0.0.1:1' });
});

test('the SMTP password is asked hidden when the URL names a user, and encoded into the saved URL', async (t) => {
  const data = join(await tempDir(t), 'data');
  const stub = stubPrompt({ name: '', password: PASSWORD, passwordConfirm: PASSWORD, mail: 'smtp', smtpUrl: 'smtp://me%40example.org@127.0.0.1:1', smtpPassword: 'p@ss/w:rd%', mailTest: false, mailFix: 'keep' });
  const args = ['init', '--data', data, '--email', 'ada@example.org', '--site-title', 'Acme', '--port', '4301', '--public-url', 'https://feedback.example.org', '--no-serve'];
  let passwordQuestion: Parameters<typeof stub.prompt>[0] | undefined;
  const prompt: typeof stub.prompt = (question) => {
    if (question.name === 'smtpPassword') passwordQuestion = question;
    return stub.prompt(question);
  };
  const result = await runInProcess(args, { interactive: true, prompt });
  t.is(result.code, 0, result.stderr);
  t.is(passwordQuestion?.type, 'password', 'typed hidden');
  t.is(passwordQuestion?.message, 'Password of me@example.org on 127.0.0.1 (hidden; empty if none):');
  const saved = (await readJson(join(data, 'config.json'))) as { smtpUrl: string };
  t.is(saved.smtpUrl, 'smtp://me%40example.org:p%40ss%2Fw%3Ard%25@127.0.0.1:1');
  t.is(decodeURIComponent(new URL(saved.smtpUrl).password), 'p@ss/w:rd%');
});

test('a port in use is refused when it is typed, and --port 0 needs a public URL', async (t) => {
  const dir = await tempDir(t);
  const busy = createServer();
  await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
  t.teardown(() => busy.close());
  const taken = (busy.address() as AddressInfo).port;
  const stub = stubPrompt({ name: '', password: PASSWORD, passwordConfirm: PASSWORD, mail: 'outbox', port: [String(taken), '0'], publicUrl: 'https://feedback.example.org' });
  const args = ['init', '--data', join(dir, 'a'), '--email', 'ada@example.org', '--site-title', 'Acme', '--no-serve'];
  const result = await runInProcess(args, { interactive: true, prompt: stub.prompt });
  t.is(result.code, 0, result.stderr);
  t.true(result.stdout.includes(`Port ${taken} is in use on 127.0.0.1 by another program: choose another port, or stop that program first.`), result.stdout);
  t.deepEqual(await readJson(join(dir, 'a', 'config.json')), { port: 0, publicUrl: 'https://feedback.example.org', mailOutbox: true });

  const flags = ['init', '--data', join(dir, 'b'), '--email', 'ada@example.org', '--password-stdin', '--mail-outbox', '--port', '0'];
  const refused = await runInProcess(flags, { stdin: `${PASSWORD}\n` });
  t.is(refused.code, 1);
  t.regex(refused.stderr, /missing --public-url <url> \(needed with --port 0/);
});

test('without a terminal, a --port another program holds is refused as the wizard refuses it, before anything is written; --no-serve only warns', async (t) => {
  const dir = await tempDir(t);
  const busy = createServer();
  await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
  t.teardown(() => busy.close());
  const taken = (busy.address() as AddressInfo).port;
  const inUse = `Port ${taken} is in use on 127.0.0.1 by another program: choose another port, or stop that program first.`;
  const password = await passwordFile(dir);
  const init = (data: string, ...more: string[]) => [
    'init',
    '--data',
    data,
    '--email',
    'ada@example.org',
    '--password-file',
    password,
    '--mail-outbox',
    '--port',
    String(taken),
    ...more,
  ];

  for (const more of [['--yes'], ['--yes', '--serve'], []]) {
    const data = join(dir, `refused${more.join('')}`);
    t.deepEqual(await runInProcess(init(data, ...more)), { code: 1, stdout: '', stderr: `error: ${inUse}\n` }, more.join(' '));
    t.false(existsSync(data), 'no data directory');
  }
  const child = await runChild(init(join(dir, 'child'), '--yes'), { env: QUIET_ENV });
  t.deepEqual([child.code, child.stderr], [1, `error: ${inUse}\n`], 'the real binary exits 1');

  const data = join(dir, 'later');
  const warned = await runInProcess(init(data, '--yes', '--no-serve'));
  t.is(warned.code, 0, warned.stderr);
  t.is(
    warned.stderr,
    `warning: ${inUse} It is saved anyway (--no-serve): serve cannot start until the port is free, or another is set (feedbackd config set port <port>).\n`,
  );
  t.deepEqual(await readJson(join(data, 'config.json')), { port: taken, mailOutbox: true });
  t.is((await siteIn(data)).ownerEmail, 'ada@example.org');
});

test('an already set-up data dir is reported and left unchanged (exit 0), before any other question', async (t) => {
  const dir = await tempDir(t);
  const data = join(dir, 'data');
  const first = await runInProcess(['init', '--data', data, '--email', 'ada@example.org', '--password-file', await passwordFile(dir), '--mail-outbox']);
  t.is(first.code, 0, first.stderr);
  const before = await snapshot(data);
  const stub = stubPrompt({});
  const again = await runInProcess(['init', '--data', data, '--port', '5000', '--smtp-url', 'smtp://x.example'], {
    interactive: true,
    prompt: stub.prompt,
  });
  t.is(again.code, 0, again.stderr);
  t.is(again.stdout, `Setting up feedbackd (Ctrl-C stops at any time).\nfeedbackd is already set up in ${data}; nothing was changed.\nStart it with: feedbackd serve --data ${data}\n`);
  t.deepEqual(stub.asked, []);
  t.deepEqual(await snapshot(data), before);
});

test('a prompt stopped with Ctrl-C ends init with exit 1 and nothing set up', async (t) => {
  const data = join(await tempDir(t), 'data');
  const abort = Object.assign(new Error('User force closed the prompt'), { name: 'ExitPromptError' });
  const result = await runInProcess(['init', '--data', data], {
    interactive: true,
    prompt: async () => {
      throw abort;
    },
  });
  t.is(result.code, 1);
  t.is(result.stderr, 'error: Cancelled: the site was not set up\n');
  t.false(existsSync(join(data, 'config.json')));
});

test('an existing data directory other users may write to is refused before any question, and left as it was', async (t) => {
  const data = join(await tempDir(t), 'data');
  await mkdir(data);
  await chmod(data, 0o777);
  const stub = stubPrompt({});
  const args = ['init', '--data', data, '--email', 'ada@example.org', '--password-stdin', '--mail-outbox'];
  const result = await runInProcess(args, { stdin: `${PASSWORD}\n`, interactive: true, prompt: stub.prompt });
  t.is(result.code, 1);
  t.is(result.stderr, `error: Data directory ${data} can be written by other users (mode 0777), who could replace its files and control socket: chmod 700 ${data}\n`);
  t.deepEqual(stub.asked, []);
  t.deepEqual(await readdir(data), []);
  t.is(await modeOf(data), 0o777);
});

test('root running init on a data directory of another user is refused with the chown line (the sudo trap)', async (t) => {
  if (process.getuid?.() !== 0) {
    t.log('skipped: only root can give a directory to another user (uid 65534)');
    t.pass();
    return;
  }
  const data = join(await tempDir(t), 'data');
  await mkdir(data, { mode: 0o700 });
  await chown(data, 65534, 65534);
  const result = await runInProcess(['init', '--yes', '--data', data, '--email', 'ada@example.org', '--password-stdin', '--mail-outbox'], {
    stdin: `${PASSWORD}\n`,
  });
  t.is(result.code, 1);
  t.regex(result.stderr, new RegExp(`^error: Data directory ${data} belongs to (nobody \\()?uid 65534\\)?, not to root \\(uid 0\\) who runs this command: run feedbackd as (nobody|65534) \\(sudo -u (nobody|65534) feedbackd …\\), or make the directory yours: chown -R root ${data}\\n$`));
  t.deepEqual(await readdir(data), [], 'root created no file there');
});

test('init refuses an existing directory that holds other files and no feedbackd data, unless --force', async (t) => {
  const dir = await tempDir(t);
  const home = join(dir, 'home');
  await mkdir(join(home, 'photos'), { recursive: true, mode: 0o755 });
  await writeFile(join(home, 'notes.txt'), 'mine');
  await chmod(home, 0o755);
  const before = await snapshot(home);
  const args = ['init', '--data', home, '--email', 'ada@example.org', '--password-file', await passwordFile(dir), '--mail-outbox'];
  const refused = await runInProcess(args);
  t.is(refused.code, 1);
  t.is(
    refused.stderr,
    `error: The directory ${home} is not empty and holds no feedbackd data (it holds notes.txt, photos): ` +
      'give --data a new or empty directory, or add --force to set feedbackd up in it anyway (nothing was changed)\n',
  );
  t.deepEqual(await snapshot(home), before);
  t.deepEqual((await readdir(home)).sort(), ['notes.txt', 'photos']);
  t.is(await modeOf(home), 0o755);

  const forced = await runInProcess([...args, '--force']);
  t.is(forced.code, 0, forced.stderr);
  t.is((await siteIn(home)).ownerEmail, 'ada@example.org');
  t.is(await readFile(join(home, 'notes.txt'), 'utf8'), 'mine');
});

test('init still sets up an empty directory, a fresh filesystem (lost+found) and a directory with only its config.json', async (t) => {
  const dir = await tempDir(t);
  const empty = join(dir, 'empty');
  const disk = join(dir, 'disk');
  const prepared = join(dir, 'prepared');
  await mkdir(empty);
  await mkdir(join(disk, 'lost+found'), { recursive: true });
  await mkdir(prepared);
  await writeFile(join(prepared, 'config.json'), '{"port": 4400}\n', { mode: 0o600 });
  for (const data of [empty, disk, prepared]) {
    const result = await runInProcess(['init', '--data', data, '--email', 'ada@example.org', '--password-file', await passwordFile(dir), '--mail-outbox']);
    t.is(result.code, 0, result.stderr);
    t.is((await siteIn(data)).ownerEmail, 'ada@example.org');
  }
  t.like(await readJson(join(prepared, 'config.json')), { port: 4400, mailOutbox: true });
});
