import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { pino } from 'pino';
import { smtpFailureHint } from '../../src/cli/mail/failure-hint.js';
import { describeSmtpUrl } from '../../src/cli/mail/smtp-server.js';
import { openStorage } from '../../src/storage/open.js';
import type { MailLogRow } from '../../src/storage/types.js';
import { testConfig } from '../_helpers/config.js';
import { type SmtpSink, type SmtpSinkOptions, startSmtpSink } from '../_helpers/smtp-sink.js';
import { runChild, runInProcess, startServing, stopServing, tempDir } from './_cli.ts';

const silent = pino({ level: 'silent' });
const TO = 'jane@example.org';

/** A data dir with a database whose site title is `title`, as `init` would leave it. */
async function dataDirTitled(t: ExecutionContext, title: string): Promise<string> {
  const data = join(await tempDir(t), 'data');
  const storage = await openStorage(testConfig(data), silent);
  await storage.transaction((tx) => tx.settings.update({ title }));
  await storage.close();
  return data;
}

async function mailLogOf(data: string): Promise<MailLogRow[]> {
  const storage = await openStorage(testConfig(data), silent);
  try {
    return await storage.mailLog.list(10);
  } finally {
    await storage.close();
  }
}

async function sinkFor(t: ExecutionContext, options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const sink = await startSmtpSink(options);
  t.teardown(() => sink.close());
  return sink;
}

/** A loopback port nothing listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('mail test over SMTP: one line naming the transport and recipient, the message arrives, the attempt is logged', async (t) => {
  const sink = await sinkFor(t);
  const data = await dataDirTitled(t, 'Acme');
  const result = await runChild(['mail', 'test', TO, '--data', data, '--smtp-url', sink.url]);
  t.is(result.code, 0, result.stderr);
  t.is(result.stdout, `Test message sent to ${TO} through the SMTP server 127.0.0.1:${sink.port}\n`);
  t.is(result.stderr, '');
  const [mail] = sink.messages;
  t.is(mail?.subject, 'Acme - Test email');
  t.is(mail?.to && 'text' in mail.to ? mail.to.text : '', TO);
  t.like((await mailLogOf(data))[0], { to: TO, kind: 'test', transport: 'smtp', status: 'sent', error: null });
});

test('a rejecting server: exit 1 with the server\'s 550 reply and a hint on host, port, TLS and auth', async (t) => {
  const sink = await sinkFor(t, { reject: true });
  const data = await dataDirTitled(t, 'Acme');
  // Configured through the environment, as for serve.
  const result = await runChild(['mail', 'test', TO, '--data', data], { env: { FEEDBACKD_SMTP_URL: sink.url } });
  t.is(result.code, 1);
  t.is(result.stdout, '');
  const lines = result.stderr.split('\n');
  t.regex(lines[0] ?? '', new RegExp(`^error: The test message to ${TO} failed: .*550 Mailbox unavailable`));
  const tls = 'plain connection upgraded with STARTTLS when the server offers it (smtp://)';
  t.is(lines[1], `hint: SMTP server 127.0.0.1, port ${sink.port}, ${tls}, no authentication (no user in the URL)`);
  t.is(lines[2], 'hint: the server refused the recipient: check the address, and that this server relays mail to it for you');
  const [entry] = await mailLogOf(data);
  t.like(entry, { to: TO, kind: 'test', transport: 'smtp', status: 'failed' });
  t.regex(entry?.error ?? '', /550 Mailbox unavailable/);
});

test('nothing listening: exit 1 with connection refused and the hint; the password is never printed', async (t) => {
  const port = await closedPort();
  const data = join(await tempDir(t), 'data');
  const smtpUrl = `smtps://mailer%40example.org:pa%3Ass-w0rd@127.0.0.1:${port}`;
  const result = await runChild(['mail', 'test', TO, '--data', data, '--smtp-url', smtpUrl]);
  t.is(result.code, 1);
  t.is(
    result.stderr,
    [
      `note: there is no data directory at ${data}; sending without recording the attempt in the mail log`,
      `error: The test message to ${TO} failed: connect ECONNREFUSED 127.0.0.1:${port}`,
      `hint: SMTP server 127.0.0.1, port ${port}, TLS from the first byte (smtps://), authentication as user "mailer@example.org"`,
      'hint: nothing accepted the connection: check the host and port, and that the server is running',
      '',
    ].join('\n'),
  );
  t.false(result.stderr.includes('pa%3Ass') || result.stderr.includes('pa:ss'));
  t.false(existsSync(data), 'no data directory is created for an SMTP test');
});

test('smtps:// to a server without TLS: exit 1 with the TLS error and the advice to use smtp://', async (t) => {
  const sink = await sinkFor(t);
  const data = await dataDirTitled(t, 'Acme');
  const result = await runChild(['mail', 'test', TO, '--data', data, '--smtp-url', sink.url.replace('smtp:', 'smtps:')]);
  t.is(result.code, 1);
  const lines = result.stderr.split('\n');
  t.regex(lines[0] ?? '', /^error: The test message to .* failed: .*wrong version number/);
  t.regex(lines[1] ?? '', /TLS from the first byte \(smtps:\/\/\)/);
  t.is(lines[2], 'hint: the server does not speak TLS from the first byte: use smtp:// (STARTTLS), usually on port 587');
  t.is(lines.length, 4, result.stderr);
  t.is(sink.messages.length, 0);
});

test('the outbox: exit 0, one line naming the outbox, an .eml file, the attempt logged', async (t) => {
  const data = await dataDirTitled(t, 'Acme');
  const result = await runChild(['mail', 'test', TO, '--data', data, '--mail-outbox']);
  t.is(result.code, 0, result.stderr);
  t.is(result.stdout, `Test message for ${TO} written to the outbox ${join(data, 'outbox')}/ (nothing was sent)\n`);
  const [file] = await readdir(join(data, 'outbox'));
  t.regex(await readFile(join(data, 'outbox', file ?? ''), 'utf8'), /^Subject: Acme - Test email\r$/m);
  t.like((await mailLogOf(data))[0], { to: TO, kind: 'test', transport: 'outbox', status: 'sent' });
});

test('while serve holds the data dir, the message is sent unrecorded with a one-line note', async (t) => {
  const sink = await sinkFor(t);
  const data = await dataDirTitled(t, 'Acme');
  const serving = await startServing(['serve', '--data', data, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const result = await runChild(['mail', 'test', TO, '--data', data, '--smtp-url', sink.url]);
  t.is(result.code, 0, result.stderr);
  const note = `^note: Data directory .* is in use by process ${serving.child.pid} .*; sending without recording the attempt in the mail log\\n$`;
  t.regex(result.stderr, new RegExp(note));
  t.is(result.stdout, `Test message sent to ${TO} through the SMTP server 127.0.0.1:${sink.port}\n`);
  // The title is in the database serve holds; unreadable here, so the default title is used.
  t.is(sink.messages[0]?.subject, 'Feedback - Test email');
  t.is((await stopServing(serving)).code, 0);
  t.deepEqual(await mailLogOf(data), []);
});

test('SMTP URLs are read as nodemailer reads them', (t) => {
  t.deepEqual(describeSmtpUrl('smtp://mail.example.org'), { host: 'mail.example.org', port: 587, tls: 'starttls', user: null });
  t.deepEqual(describeSmtpUrl('smtps://a%40b.example:x@mail.example.org'), {
    host: 'mail.example.org',
    port: 465,
    tls: 'smtps',
    user: 'a@b.example',
  });
  t.like(describeSmtpUrl('smtp://mail.example.org:465'), { port: 465, tls: 'starttls' });
  t.like(describeSmtpUrl('smtp://mail.example.org:2465?secure=true'), { port: 2465, tls: 'smtps' });
  t.like(describeSmtpUrl('smtp://mail.example.org:25?ignoreTLS=true'), { tls: 'none' });
});

test('the hint picks advice from the error and the URL', (t) => {
  const advice = (url: string, error: string) => smtpFailureHint(url, error).split('\n')[1];
  const cases: Array<[string, string, string | undefined]> = [
    ['smtp://mail.example.org:465', 'Greeting never received', 'port 465 expects smtps://; ports 587 and 25 expect smtp:// (STARTTLS)'],
    ['smtp://mail.example.org:2525', 'Connection timeout', 'no answer in time: check the host, the port and any firewall between'],
    ['smtp://mail.example.org', 'Mail command failed: 530 5.7.0 Authentication required', 'the server wants authentication: put user:password@ in the URL'],
    ['smtp://mail.example.org', 'Mail command failed: 553 sender not allowed', 'the server refused the From address: give one it accepts with --mail-from'],
    ['smtp://mail.example.org', 'something new', undefined],
  ];
  for (const [url, error, expected] of cases) t.is(advice(url, error), expected && `hint: ${expected}`, error);
});

// The failures below happen before any mail or storage work, so they run in this process.

test('mail not configured: exit 1 naming the flags and the environment variable', async (t) => {
  const data = join(await tempDir(t), 'data');
  const result = await runInProcess(['mail', 'test', TO, '--data', data]);
  t.is(result.code, 1);
  t.is(
    result.stderr,
    'error: Mail is not configured: give --smtp-url <url> (or set FEEDBACKD_SMTP_URL, or "smtpUrl" in <data>/config.json), ' +
      'or --mail-outbox to write messages into <data>/outbox/ instead of sending them\n',
  );
  t.false(existsSync(data));
});

test('an invalid address: exit 1 with a clear message', async (t) => {
  for (const address of ['not-an-address', 'jane@', '']) {
    const result = await runInProcess(['mail', 'test', address, '--mail-outbox', '--data', join(await tempDir(t), 'data')]);
    t.is(result.code, 1);
    t.is(result.stderr, `error: "${address}" is not a valid email address\n`);
  }
});

test('a missing address: commander\'s usage error', async (t) => {
  const result = await runInProcess(['mail', 'test']);
  t.is(result.code, 1);
  t.regex(result.stderr, /^error: Missing required argument 'address'/);
});
