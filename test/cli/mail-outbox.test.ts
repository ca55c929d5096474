// `feedbackd mail outbox`: the newest .eml files of <data>/outbox, decoded as a mail reader
// decodes them, so a link comes out whole where the file breaks it across quoted-printable lines.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { simpleParser } from 'mailparser';
import { createMailTransport } from '../../src/services/mail/transports.ts';
import { testConfig } from '../_helpers/config.ts';
import { PASSWORD } from './_admin.ts';
import { runInProcess, tempDir } from './_cli.ts';

const LONG_URL = 'https://feedback.example.org/teams/product/boards/for/everyone';

// biome-ignore lint/suspicious/noExplicitAny: the printed JSON is read freely and asserted on.
const jsonOf = (stdout: string): any[] => JSON.parse(stdout);

/** Writes messages through the product's outbox transport (nodemailer composing), one after another. */
async function writeMails(data: string, mails: Array<{ to: string; subject: string; text: string; html?: string }>): Promise<void> {
  const transport = createMailTransport(testConfig(data, { mailOutbox: true }))!;
  for (const mail of mails) {
    await transport.deliver({ from: 'Feedback <noreply@example.org>', ...mail });
    // File names carry the time to the millisecond: one apart keeps "newest first" certain.
    await new Promise((done) => setTimeout(done, 2));
  }
  transport.close();
}

test("init's confirmation mail comes out with its long link whole, and the summary's ways to confirm work", async (t) => {
  const dir = await tempDir(t);
  const data = join(dir, 'data');
  const passwordFile = join(dir, 'password');
  await writeFile(passwordFile, `${PASSWORD}\n`);
  const init = await runInProcess(['init', '--yes', '--no-serve', '--data', data, '--email', 'ada@example.org', '--password-file', passwordFile, '--mail-outbox', '--public-url', LONG_URL]);
  t.is(init.code, 0, init.stderr);
  const confirm = `  Confirm:   open the link that feedbackd mail outbox --data ${data} shows, or without mail: feedbackd user verify ada@example.org --data ${data}`;
  t.true(init.stdout.includes(`${confirm}\n`), init.stdout);

  const [file] = await readdir(join(data, 'outbox'));
  const raw = await readFile(join(data, 'outbox', file!));
  const link = /^https:\S+$/m.exec((await simpleParser(raw)).text ?? '')?.[0];
  t.truthy(link?.startsWith(`${LONG_URL}/email-verify/?token=`));
  t.false(raw.toString().includes(link!), 'the file itself breaks the link');

  const shown = await runInProcess(['mail', 'outbox', '--data', data]);
  t.is(shown.code, 0, shown.stderr);
  t.regex(shown.stdout, new RegExp(`^1 message in ${join(data, 'outbox')}, newest first:\n\nDate: +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\n`));
  t.true(shown.stdout.includes('\nTo:       ada@example.org\nSubject:  Feedback - Please confirm your email\n'));
  t.true(shown.stdout.includes(`\nLink:     ${link}\nFile:     ${join(data, 'outbox', file!)}\n`), shown.stdout);

  const verify = await runInProcess(confirm.split('without mail: feedbackd ')[1]!.split(' '));
  t.is(verify.code, 0, verify.stderr);
  t.like(jsonOf((await runInProcess(['user', 'show', 'ada@example.org', '--data', data, '--json'])).stdout), { isVerified: true });
});

test('subjects, names and bodies in every encoding nodemailer picks read as a mail reader reads them', async (t) => {
  const data = join(await tempDir(t), 'data');
  await mkdir(data);
  const japanese = 'これは日本語のフィードバックのテストです。ありがとうございます。';
  await writeMails(data, [
    { to: '"Zoë Café" <zoe@example.org>', subject: 'Café ✓ – Grüße', text: `Grüße, Zoë!\n${LONG_URL}/${'x'.repeat(90)}.\n` },
    { to: 'grace@example.org', subject: `日本語のフィードバック - ${japanese}`, text: `${japanese}\n`, html: `<p>${japanese}</p>` },
    { to: 'plain@example.org', subject: 'Plain', text: 'Nothing to encode here.\n' },
  ]);
  const raws = (await readdir(join(data, 'outbox'))).sort().reverse();
  const source = await Promise.all(raws.map((name) => readFile(join(data, 'outbox', name), 'latin1')));
  t.regex(source[1]!, /Content-Transfer-Encoding: base64/, 'the Japanese text went out in base64');
  t.regex(source[2]!, /Content-Transfer-Encoding: quoted-printable/);

  const shown = jsonOf((await runInProcess(['mail', 'outbox', '--data', data, '--json'])).stdout);
  t.deepEqual(
    shown.map((message) => message.to),
    ['plain@example.org', 'grace@example.org', 'Zoë Café <zoe@example.org>'],
  );
  for (const [index, message] of shown.entries()) {
    const reader = await simpleParser(Buffer.from(source[index]!, 'latin1'));
    t.is(message.subject, reader.subject);
    t.is(message.text, reader.text);
    t.is(message.date, reader.date?.toISOString());
  }
  t.deepEqual(shown[2].links, [`${LONG_URL}/${'x'.repeat(90)}`], 'the closing full stop is not part of the link');
});

test('newest first: five by default, --last N for more or fewer', async (t) => {
  const data = join(await tempDir(t), 'data');
  await mkdir(data);
  await writeMails(data, [1, 2, 3, 4, 5, 6].map((n) => ({ to: `user${n}@example.org`, subject: `Message ${n}`, text: `Number ${n}\n` })));
  const subjects = (stdout: string) => [...stdout.matchAll(/^Subject: +(.*)$/gm)].map(([, subject]) => subject);

  const byDefault = await runInProcess(['mail', 'outbox', '--data', data]);
  t.true(byDefault.stdout.startsWith(`The newest 5 of 6 messages in ${join(data, 'outbox')}, newest first:\n`));
  t.deepEqual(subjects(byDefault.stdout), ['Message 6', 'Message 5', 'Message 4', 'Message 3', 'Message 2']);
  t.deepEqual(subjects((await runInProcess(['mail', 'outbox', '--data', data, '--last', '2'])).stdout), ['Message 6', 'Message 5']);
  t.is(jsonOf((await runInProcess(['mail', 'outbox', '--data', data, '--last', '10', '--json'])).stdout).length, 6);
});

test('no data directory, no outbox, an empty outbox and a bad --last are each said plainly', async (t) => {
  const data = join(await tempDir(t), 'data');
  const missing = await runInProcess(['mail', 'outbox', '--data', data]);
  t.deepEqual(missing, { code: 1, stdout: '', stderr: `error: No data directory at ${data}: give --data <dir>, or run feedbackd init first\n` });

  await mkdir(data);
  const outbox = join(data, 'outbox');
  t.deepEqual(await runInProcess(['mail', 'outbox', '--data', data]), {
    code: 0,
    stdout: `No outbox at ${outbox}: mail is written there only with --mail-outbox, and none has been yet.\n`,
    stderr: '',
  });
  t.is((await runInProcess(['mail', 'outbox', '--data', data, '--json'])).stdout, '[]\n');
  await mkdir(outbox);
  t.is((await runInProcess(['mail', 'outbox', '--data', data])).stdout, `No messages in ${outbox}.\n`);
  t.deepEqual(await runInProcess(['mail', 'outbox', '--data', data, '--last', '0']), {
    code: 1,
    stdout: '',
    stderr: 'error: --last must be a whole number from 1 up, not "0"\n',
  });
  t.is((await runInProcess(['mail', 'outbox', '--data', data, '--last', 'x', '--json'])).stderr, '{"error":{"code":"INVALID_ARGUMENTS","message":"--last must be a whole number from 1 up, not \\"x\\""}}\n');
});
