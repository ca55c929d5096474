import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import test, { type ExecutionContext } from 'ava';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { pino } from 'pino';
import type { Config } from '../../src/config/types.js';
import type { Logger } from '../../src/logger.js';
import { createMailer } from '../../src/services/mail/create-mailer.js';
import type { Mailer } from '../../src/services/mail/mailer.js';
import { resetMessage, testMessage, verificationMessage } from '../../src/services/mail/messages.js';
import { openStorage } from '../../src/storage/open.js';
import type { Storage } from '../../src/storage/types.js';
import { testConfig as baseConfig } from '../_helpers/config.js';
import { type SmtpSinkOptions, startSmtpSink } from '../_helpers/smtp-sink.js';

const TOKEN = '0123456789abcdef'.repeat(4);
const PUBLIC_URL = 'https://feedback.example.org';
const VERIFY_LINK = `${PUBLIC_URL}/email-verify/?token=${TOKEN}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const OUTBOX_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.eml$/;

const silent = pino({ level: 'silent' });

/** The shared test config with mail off unless a test turns it on. */
function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return baseConfig(dataDir, { publicUrl: PUBLIC_URL, mailOutbox: false, ...overrides });
}

interface Setup {
  config: Config;
  storage: Storage;
  mailer: Mailer;
}

async function setup(t: ExecutionContext, overrides: Partial<Config>, logger: Logger = silent): Promise<Setup> {
  const dataDir = await mkdtemp(join(tmpdir(), 'feedbackd-mail-'));
  const config = testConfig(dataDir, overrides);
  const storage = await openStorage(config, silent);
  const mailer = createMailer(config, storage, logger);
  t.teardown(async () => {
    await mailer.close();
    await storage.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { config, storage, mailer };
}

async function sinkFor(t: ExecutionContext, reject?: SmtpSinkOptions['reject']) {
  const sink = await startSmtpSink({ reject });
  t.teardown(() => sink.close());
  return sink;
}

function verification(to = 'jane@example.com', siteTitle = 'Acme Feedback') {
  return verificationMessage({ siteTitle, publicUrl: PUBLIC_URL, to, name: '', token: TOKEN });
}

function addresses(field: AddressObject | AddressObject[] | undefined) {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects.flatMap((o) => o.value.map((a) => ({ name: a.name, address: a.address })));
}

function textLines(mail: ParsedMail): string[] {
  return (mail.text ?? '').split(/\r?\n/);
}

async function outboxFiles(config: Config): Promise<string[]> {
  return (await readdir(join(config.dataDir, 'outbox'))).sort();
}

async function onlyOutboxMail(t: ExecutionContext, config: Config): Promise<ParsedMail> {
  const files = await outboxFiles(config);
  t.is(files.length, 1);
  return simpleParser(await readFile(join(config.dataDir, 'outbox', files[0]!)));
}

/** A port where nothing listens: bound once by the OS, then released. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function capturingLogger(): { logger: Logger; entries: () => Record<string, unknown>[]; raw: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  const raw = () => chunks.join('');
  const entries = () =>
    raw()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger: pino({ level: 'debug' }, stream), entries, raw };
}

test('SMTP: the mail arrives with subject, from, to, headers and the link intact', async (t) => {
  const sink = await sinkFor(t);
  const { mailer, storage } = await setup(t, { smtpUrl: sink.url });
  const result = await mailer.send(verification(), 'req-1');
  t.deepEqual(result, { ok: true, transport: 'smtp', error: null });
  const [mail] = await sink.waitForMessages(1);
  t.is(mail!.subject, 'Acme Feedback - Please confirm your email');
  t.deepEqual(addresses(mail!.from), [{ name: 'Acme Feedback', address: 'noreply@feedback.example.org' }]);
  t.deepEqual(addresses(mail!.to), [{ name: '', address: 'jane@example.com' }]);
  // The link is longer than a quoted-printable line: it must come back whole after decoding.
  t.true(textLines(mail!).includes(VERIFY_LINK));
  t.true(String(mail!.html).includes(`href="${VERIFY_LINK}"`));
  t.is(mail!.headers.get('auto-submitted'), 'auto-generated');
  const [row] = await storage.mailLog.list(10);
  t.like(row, { to: 'jane@example.com', subject: mail!.subject, kind: 'verify', transport: 'smtp', status: 'sent', error: null });
  t.regex(row!.id, UUID);
  t.regex(row!.createdAt, ISO_MS);
});

test('outbox: one parseable .eml per message, named <timestamp>-<uuid>.eml, mode 0600 in a 0700 dir', async (t) => {
  const { mailer, storage, config } = await setup(t, { mailOutbox: true });
  const message = resetMessage({ siteTitle: 'Acme Feedback', publicUrl: PUBLIC_URL, to: 'bob@example.com', name: 'Bob', token: TOKEN });
  t.deepEqual(await mailer.send(message), { ok: true, transport: 'outbox', error: null });
  const [name] = await outboxFiles(config);
  t.regex(name!, OUTBOX_NAME);
  const path = join(config.dataDir, 'outbox', name!);
  t.is((await stat(path)).mode & 0o777, 0o600);
  t.is((await stat(join(config.dataDir, 'outbox'))).mode & 0o777, 0o700);
  const raw = await readFile(path, 'latin1');
  t.true(raw.includes('\r\n'), 'RFC 5322 line ends');
  const mail = await simpleParser(Buffer.from(raw, 'latin1'));
  t.is(mail.subject, 'Acme Feedback - Reset your account password');
  t.deepEqual(addresses(mail.to), [{ name: '', address: 'bob@example.com' }]);
  t.true(textLines(mail).includes(`${PUBLIC_URL}/password-reset/confirm/?token=${TOKEN}`));
  t.like((await storage.mailLog.list(10))[0], { kind: 'reset', transport: 'outbox', status: 'sent', error: null });
});

test('outbox: several messages, several files, no temp files left behind', async (t) => {
  const { mailer, config } = await setup(t, { mailOutbox: true });
  await Promise.all([1, 2, 3].map((i) => mailer.send(verification(`u${i}@example.com`))));
  const files = await outboxFiles(config);
  t.is(files.length, 3);
  t.true(files.every((f) => OUTBOX_NAME.test(f)));
});

test('SMTP wins when both SMTP and the outbox are configured', async (t) => {
  const sink = await sinkFor(t);
  const { mailer, config } = await setup(t, { smtpUrl: sink.url, mailOutbox: true });
  t.is((await mailer.send(verification())).transport, 'smtp');
  t.is((await sink.waitForMessages(1)).length, 1);
  await t.throwsAsync(outboxFiles(config), { code: 'ENOENT' });
});

test('From: a bare mailFrom address keeps the site title as display name', async (t) => {
  const { mailer, config } = await setup(t, { mailOutbox: true, mailFrom: 'hello@acme.test' });
  await mailer.send(verification());
  const mail = await onlyOutboxMail(t, config);
  t.deepEqual(addresses(mail.from), [{ name: 'Acme Feedback', address: 'hello@acme.test' }]);
});

test('From: a mailFrom with <...> is used as is', async (t) => {
  const sink = await sinkFor(t);
  const { mailer } = await setup(t, { smtpUrl: sink.url, mailFrom: '"Acme Support" <support@acme.test>' });
  await mailer.send(verification());
  const [mail] = await sink.waitForMessages(1);
  t.deepEqual(addresses(mail!.from), [{ name: 'Acme Support', address: 'support@acme.test' }]);
});

test('From: a site title with quotes, brackets and non-ASCII survives as the display name', async (t) => {
  const siteTitle = 'Bob\'s "Best" <Board> – Zürich';
  const { mailer, config } = await setup(t, { mailOutbox: true, publicUrl: 'http://localhost:3000' });
  await mailer.send(verification('jane@example.com', siteTitle));
  const mail = await onlyOutboxMail(t, config);
  t.deepEqual(addresses(mail.from), [{ name: siteTitle, address: 'noreply@localhost' }]);
  t.is(mail.subject, `${siteTitle} - Please confirm your email`);
});

test('failure: the server rejects → ok:false with the SMTP error, a failed log row, a log line without the token', async (t) => {
  const sink = await sinkFor(t, true);
  const capture = capturingLogger();
  const { mailer, storage } = await setup(t, { smtpUrl: sink.url }, capture.logger);
  const result = await mailer.send(verification(), 'req-42');
  t.false(result.ok);
  t.is(result.transport, 'smtp');
  t.regex(result.error ?? '', /550.*Mailbox unavailable/);
  t.like((await storage.mailLog.list(10))[0], { status: 'failed', transport: 'smtp', error: result.error });
  t.is(sink.messages.length, 0);
  const entry = capture.entries().find((e) => e.msg === 'mail delivery failed');
  t.like(entry, { level: 50, requestId: 'req-42', kind: 'verify', smtpCode: 550 });
  t.regex(String(entry?.smtpResponse), /Mailbox unavailable/);
  t.false(capture.raw().includes(TOKEN));
});

test('failure: a temporary 451 is reported as is; the next send goes through once the server accepts', async (t) => {
  const sink = await sinkFor(t, { code: 451, message: 'Try again later' });
  const { mailer, storage } = await setup(t, { smtpUrl: sink.url });
  t.regex((await mailer.send(verification())).error ?? '', /451.*Try again later/);
  sink.setReject(null);
  t.true((await mailer.send(verification())).ok);
  const statuses = (await storage.mailLog.list(10)).map((row) => row.status);
  t.deepEqual(statuses, ['sent', 'failed'], 'newest first, never retried');
  t.is((await sink.waitForMessages(1)).length, 1);
});

test('failure: nothing listens on the SMTP port → ok:false, failed log row', async (t) => {
  const port = await deadPort();
  const { mailer, storage } = await setup(t, { smtpUrl: `smtp://127.0.0.1:${port}` });
  const result = await mailer.send(verification());
  t.like(result, { ok: false, transport: 'smtp' });
  t.regex(result.error ?? '', /ECONNREFUSED/);
  t.like((await storage.mailLog.list(10))[0], { status: 'failed', error: result.error });
});

test('failure: a mail log that cannot be written does not make send throw', async (t) => {
  const capture = capturingLogger();
  const dataDir = await mkdtemp(join(tmpdir(), 'feedbackd-mail-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  // A deliberately broken storage: the only way to reach this failure path.
  const broken = { transaction: () => Promise.reject(new Error('disk full')) } as unknown as Storage;
  const mailer = createMailer(testConfig(dataDir, { mailOutbox: true }), broken, capture.logger);
  t.deepEqual(await mailer.send(verification(), 'req-7'), { ok: true, transport: 'outbox', error: null });
  t.like(capture.entries().find((e) => e.msg === 'mail log write failed'), { requestId: 'req-7', err: 'disk full' });
  await mailer.close();
});

test('not configured: send resolves ok:false instead of throwing, and logs nothing to the mail log', async (t) => {
  const { mailer, storage } = await setup(t, {});
  const result = await mailer.send(testMessage({ siteTitle: 'Acme', to: 'ops@example.com' }));
  t.like(result, { ok: false, error: 'mail is not configured' });
  t.deepEqual(await storage.mailLog.list(10), []);
});

test('close() waits for sends in flight, so their log rows land before storage closes', async (t) => {
  const sink = await sinkFor(t);
  const { mailer, storage } = await setup(t, { smtpUrl: sink.url });
  const pending = mailer.send(verification());
  await mailer.close();
  t.is((await storage.mailLog.list(10)).length, 1);
  t.true((await pending).ok);
});

for (const [smtpUrl, mailOutbox, expected] of [
  [null, false, false],
  [null, true, true],
  ['smtp://127.0.0.1:2525', false, true],
  ['smtps://user:pass@mail.example.org:465', true, true],
] as const) {
  test(`isConfigured: smtpUrl ${smtpUrl ?? 'unset'}, outbox ${mailOutbox} → ${expected}`, async (t) => {
    const { mailer } = await setup(t, { smtpUrl, mailOutbox });
    t.is(mailer.isConfigured(), expected);
  });
}
