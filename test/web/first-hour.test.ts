// A board owner's first hour, as one story (issue 27): the real `feedbackd init` sets the board up
// with mail to an SMTP sink, the real `feedbackd serve` runs on it, and in Chromium the owner makes
// the first board, a colleague gets the ready "Team" role, a member posts an idea, the colleague
// answers it with a status and a comment, and the member gets one mail naming both. The steps share
// the server and run in order; each person has their own browser, kept between steps by the token
// their sign-in stored. On PostgreSQL (FEEDBACKD_TEST_ENGINE=postgres) the wizard is given a fresh
// schema of TEST_DATABASE_URL.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { TEST_ENGINE, testDatabaseUrl } from '../_helpers/engine.ts';
import { createSchema } from '../_helpers/pg-schema.ts';
import { type SmtpSink, startSmtpSink } from '../_helpers/smtp-sink.ts';
import { runChild, type ServingChild, startServing, stopServing } from '../cli/_cli.ts';
import { type ChromiumTest, expectAccessible, expectNoProblems, freePort, linkIn, openPageAt, type PageOptions, useChromium } from './_browser.ts';

const test = useChromium();

/** Long enough for a status and the comment sent right after it to share one mail; short enough to wait out twice. */
const DIGEST_MS = 1500;
/** How often serve's worker looks for mail that is due (1 s by default). */
const POLL_MS = 200;

interface Person {
  name: string;
  email: string;
  password: string;
  /** What their browser keeps once they signed in or up. */
  token?: string;
}

const owner: Person = { name: 'Ada Lovelace', email: 'ada@example.org', password: 'correct horse battery' };
const colleague: Person = { name: 'Grace Hopper', email: 'grace@example.org', password: 'cobol all the way' };
const voter: Person = { name: 'Alan Turing', email: 'alan@example.net', password: 'enigma machine' };

const SITE = 'Acme Feedback';
const BOARD = { name: 'Product ideas', description: 'What would make Acme better for you?' };
const IDEA = { title: 'Export votes as CSV', description: 'For our monthly review.' };
const ANSWER = 'Planned for the spring release: one file per board.';

interface Walk {
  dir: string;
  smtp: SmtpSink;
  /** The server root: also the public URL the wizard was given, so mailed links point here. */
  url: string;
  serving?: ServingChild;
  dropSchema?: () => Promise<void>;
  /** The idea's page, once posted. */
  ideaPath?: string;
}

let walk: Walk | undefined;
/** The first step that failed: the story cannot go on past it, so later steps say so and stop. */
let brokenAt: string | undefined;

function started(): Walk {
  if (brokenAt) throw new Error(`an earlier step failed: ${brokenAt}`);
  if (!walk?.serving) throw new Error('the wizard step did not get the server running');
  return walk;
}

test.afterEach.always((t) => {
  if (!t.passed) brokenAt ??= t.title.replace(/^afterEach\.always hook for /, '');
});

test.after.always(async () => {
  if (!walk) return;
  if (walk.serving) await stopServing(walk.serving);
  await walk.dropSchema?.();
  await walk.smtp.close();
  await rm(walk.dir, { recursive: true, force: true });
});

/** A person's browser at `path` (signed in when their token is known). */
function browse(t: ChromiumTest, path: string, who?: Person): Promise<Page> {
  const options: PageOptions = who?.token ? { as: { token: who.token } } : {};
  return openPageAt(t, started().url + path, options);
}

const storedToken = async (page: Page) => (await page.evaluate<string | null>("localStorage.getItem('feedbackd.token')")) ?? undefined;

function recipients(mail: ParsedMail): string[] {
  const lists = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return lists.flatMap((list) => list.value.map((address) => address.address ?? ''));
}

const mailsTo = (email: string) => started().smtp.messages.filter((mail) => recipients(mail).includes(email));
/** A header as sent, unfolded; '' when the mail has none. */
function headerOf(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((header) => header.key === name)?.line ?? '';
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n(?=[ \t])/g, '').trim();
}

const isNotification = (mail: ParsedMail) => headerOf(mail, 'list-unsubscribe') !== '';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The mails to `email` once there are `count`, waiting for them up to `timeoutMs`. */
async function mailsOnceThere(email: string, count: number, timeoutMs: number): Promise<ParsedMail[]> {
  const { smtp } = started();
  const deadline = Date.now() + timeoutMs;
  while (mailsTo(email).length < count) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`${mailsTo(email).length} of ${count} mail(s) to ${email} after ${timeoutMs} ms`);
    await smtp.waitForMessages(smtp.messages.length + 1, left).catch(() => undefined);
  }
  return mailsTo(email);
}

/** Signs up through the form on the page as it is, and keeps the token the page stores. */
async function signUp(page: Page, who: Person): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
  await page.getByLabel('Name (optional)', { exact: true }).fill(who.name);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText(`Check your inbox: we sent a link to ${who.email} to confirm your address.`).waitFor();
  who.token = await storedToken(page);
}

test.serial('the wizard sets the board up without a question, and serve starts on what it saved', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-first-hour-'));
  const smtp = await startSmtpSink();
  const port = await freePort();
  walk = { dir, smtp, url: `http://127.0.0.1:${port}` };
  const data = join(dir, 'data');
  const passwordFile = join(dir, 'password.txt');
  await writeFile(passwordFile, `${owner.password}\n`, { mode: 0o600 });
  const engine: string[] = [];
  if (TEST_ENGINE === 'postgres') {
    const schema = await createSchema(testDatabaseUrl());
    walk.dropSchema = schema.drop;
    engine.push('--database', schema.url);
  }
  const init = await runChild([
    'init',
    '--yes',
    '--data',
    data,
    ...engine,
    '--site-title',
    SITE,
    '--name',
    owner.name,
    '--email',
    owner.email,
    '--password-file',
    passwordFile,
    '--smtp-url',
    smtp.url,
    '--public-url',
    walk.url,
    '--port',
    String(port),
  ]);
  t.is(init.code, 0, init.stderr);
  t.is(init.stderr, '');
  t.true(init.stdout.includes(`feedbackd is set up: "${SITE}".`), init.stdout);
  t.true(init.stdout.includes(`  URL:       ${walk.url}\n`), init.stdout);
  t.true(init.stdout.includes(`  Start it:  feedbackd serve --data ${data}\n`), init.stdout);
  const saved = JSON.parse(await readFile(join(data, 'config.json'), 'utf8')) as Record<string, unknown>;
  t.like(saved, { smtpUrl: smtp.url, publicUrl: walk.url, port });
  t.is('databaseUrl' in saved, TEST_ENGINE === 'postgres', 'serve finds the database the wizard was given');

  // Only the data directory: the database, mail, port and public URL come from what init saved.
  const env = { FEEDBACKD_NOTIFICATION_DIGEST_MS: String(DIGEST_MS), FEEDBACKD_OUTBOX_POLL_MS: String(POLL_MS) };
  walk.serving = await startServing(['serve', '--data', data], { env });
  t.is(walk.serving.url, walk.url);
});

test.serial('the owner confirms the address, signs in and makes the first board and the statuses', async (t) => {
  const { url } = started();
  const page = await browse(t, '/');
  await page.getByRole('heading', { level: 1, name: SITE }).waitFor();
  // Signed out, the owner is a visitor like any other.
  await page.getByText('No boards yet. The team will open one soon.').waitFor();
  // The empty page itself shows the owner the way in.
  await page.getByRole('main').getByText('Running this board?').getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: `Your account (${owner.name})` }).waitFor();
  owner.token = await storedToken(page);
  t.truthy(owner.token);

  // The wizard mailed the owner a link; it points at the public URL the wizard was given.
  const [confirmation] = await mailsOnceThere(owner.email, 1, 5000);
  const link = linkIn(confirmation!);
  t.true(link.startsWith(`${url}/email-verify/?token=`), link);
  await page.goto(link);
  await page.getByText('Your email address is confirmed.').waitFor();
  await page.getByRole('link', { name: 'Go to the home page' }).click();

  const create = page.getByRole('link', { name: 'Create your first board' });
  await create.waitFor();
  await expectAccessible(t, page);
  await create.click();
  const form = page.getByRole('form', { name: 'New board' });
  await form.getByLabel('Name', { exact: true }).fill(BOARD.name);
  await form.getByRole('textbox', { name: 'Description' }).fill(BOARD.description);
  await expectAccessible(t, page);
  await form.getByRole('button', { name: 'Create board' }).click();
  await page.getByRole('status').filter({ hasText: `Board ${BOARD.name} created.` }).waitFor();

  // A new database has no statuses: the owner makes the first one.
  const dashboard = page.getByRole('navigation', { name: 'Dashboard' });
  await dashboard.getByRole('link', { name: 'Roadmaps' }).click();
  await page.getByText('No roadmaps yet.', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'New roadmap' }).click();
  const roadmap = page.getByRole('form', { name: 'New roadmap' });
  await roadmap.getByLabel('Name', { exact: true }).fill('Planned');
  await roadmap.getByRole('button', { name: 'Create roadmap' }).click();
  await page.getByRole('status').filter({ hasText: 'Roadmap Planned created.' }).waitFor();

  await page.getByRole('link', { name: SITE }).click();
  const card = page.getByRole('link', { name: `${BOARD.name} 0 ideas` });
  await card.waitFor();
  t.is(await card.getAttribute('href'), '/b/product-ideas');
  await page.getByText(BOARD.description).waitFor();
  t.is(await page.getByRole('link', { name: 'Create your first board' }).count(), 0);
  await expectNoProblems(t, page);
});

test.serial('a colleague signs up and confirms; the owner gives them the ready "Team" role in Users', async (t) => {
  const page = await browse(t, '/');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expectAccessible(t, page);
  await signUp(page, colleague);
  t.truthy(colleague.token);
  const [confirmation] = await mailsOnceThere(colleague.email, 1, 5000);
  await page.goto(linkIn(confirmation!));
  await page.getByText('Your email address is confirmed.').waitFor();
  t.is(await page.getByRole('link', { name: 'Dashboard' }).count(), 0, 'a member has no dashboard yet');
  await expectNoProblems(t, page);

  const admin = await browse(t, '/dashboard', owner);
  await admin.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Users' }).click();
  await admin.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  await admin.getByLabel('Search users').fill(colleague.email);
  const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: colleague.name }) });
  await row.waitFor();
  await admin.getByRole('button', { name: `Actions for ${colleague.name}` }).click();
  await admin.getByRole('menuitem', { name: 'Roles' }).click();
  const dialog = admin.getByRole('dialog', { name: `Roles of ${colleague.name}` });
  const team = dialog.getByRole('checkbox', { name: 'Team' });
  await team.waitFor();
  t.false(await team.isChecked());
  await expectAccessible(t, admin);
  await team.check();
  await dialog.getByRole('status').filter({ hasText: `${colleague.name} now holds Team.` }).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const roles = row.getByRole('list', { name: `Roles of ${colleague.name}` }).getByRole('listitem');
  t.deepEqual(await roles.allTextContents(), ['@everyone', 'Team']);
  await expectNoProblems(t, admin);

  // The colleague's next visit: the role's rights come with the page.
  const later = await browse(t, '/', colleague);
  await later.getByRole('link', { name: 'Dashboard' }).waitFor();
  await expectNoProblems(t, later);
});

test.serial('a member signs up on the way to posting, posts an idea and follows it', async (t) => {
  const page = await browse(t, '/');
  await page.getByRole('link', { name: `${BOARD.name} 0 ideas` }).click();
  await page.getByRole('heading', { level: 1, name: BOARD.name }).waitFor();
  await page.getByRole('link', { name: 'Post an idea' }).first().click();
  await page.getByRole('link', { name: 'Sign in to post' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await signUp(page, voter);
  await page.getByRole('main').getByRole('link', { name: 'Continue' }).click();

  await page.getByRole('heading', { level: 1, name: 'Post an idea' }).waitFor();
  await page.locator('#new-post-board option:checked', { hasText: BOARD.name }).waitFor({ state: 'attached' });
  await page.getByLabel('Title').fill(IDEA.title);
  await page.getByLabel('Description').fill(IDEA.description);
  await expectAccessible(t, page);
  await page.getByRole('button', { name: 'Post idea' }).click();
  await page.waitForURL(/\/p\/export-votes-as-csv-[0-9a-z]+$/);
  started().ideaPath = new URL(page.url()).pathname;

  await page.getByRole('heading', { level: 1, name: IDEA.title }).waitFor();
  // The author's vote comes with the idea, and so does the mail about it.
  await page.getByRole('button', { name: 'Vote, 1 vote', pressed: true }).waitFor();
  await page.getByText('You get mail about this idea because you posted it.').waitFor();
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('the colleague answers the idea with a status and a public comment, which carries the "Team" badge', async (t) => {
  const page = await browse(t, '/', colleague);
  await page.getByRole('link', { name: `${BOARD.name} 1 idea` }).click();
  await page.getByRole('link', { name: IDEA.title }).click();
  await page.getByRole('heading', { level: 1, name: IDEA.title }).waitFor();
  t.is(started().ideaPath, new URL(page.url()).pathname);

  const form = page.getByRole('form', { name: 'Set the status' });
  const status = form.getByRole('combobox', { name: 'Status' });
  await status.locator('option', { hasText: 'Planned' }).waitFor({ state: 'attached' });
  await status.selectOption({ label: 'Planned' });
  await form.getByRole('textbox', { name: 'Comment (optional)' }).fill(ANSWER);
  await form.getByRole('button', { name: 'Update status' }).click();
  await form.getByRole('status').filter({ hasText: 'Status updated to Planned, with your comment.' }).waitFor();

  t.true((await page.locator('.post__meta').textContent())?.includes('Planned'));
  const comment = page.getByRole('region', { name: 'Comments' }).locator('article').filter({ hasText: ANSWER });
  await comment.waitFor();
  t.true((await comment.textContent())?.includes(colleague.name));
  t.is(await comment.getByText('Team', { exact: true }).count(), 1, 'the answer is marked as the team’s');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('the member gets one mail naming the new status and the comment, and its link shows both', async (t) => {
  const { url, smtp, ideaPath } = started();
  // The sign-up confirmation, then the notification: it leaves once the digest window has closed.
  const [confirmation, notification] = await mailsOnceThere(voter.email, 2, DIGEST_MS + 10_000);
  t.regex(confirmation!.subject ?? '', /confirm/i);
  t.is(notification!.subject, `“${IDEA.title}” is now Planned, with a new comment`);
  const text = notification!.text ?? '';
  t.true(text.startsWith(`Hi ${voter.name},\n`), text);
  t.true(text.includes('- Status is now Planned.'), text);
  t.true(text.includes(`- ${colleague.name} commented:\n  “${ANSWER}”`), text);
  t.true(text.includes('You get this because you wrote this idea.'), text);
  t.regex(text, new RegExp(`^Stop mail about this idea:\n${escaped(url)}/unsubscribe\\?token=\\S+$`, 'm'));
  t.regex(headerOf(notification!, 'list-unsubscribe'), new RegExp(`^<${escaped(url)}/api/v1/notifications/unsubscribe\\?token=`));

  // Had the status and the comment gone out apart, the second mail would come within a window.
  await smtp.waitForMessages(smtp.messages.length + 1, DIGEST_MS + 3 * POLL_MS).catch(() => undefined);
  t.is(mailsTo(voter.email).length, 2, 'one notification, no second mail');
  t.deepEqual(smtp.messages.filter(isNotification).map(recipients), [[voter.email]], 'nobody else follows the idea; the colleague is not told of their own answer');

  const seeTheIdea = /^See the idea:\n(\S+)$/m.exec(text)?.[1] ?? '';
  t.is(seeTheIdea, `${url}${ideaPath}`);
  const page = await openPageAt(t, seeTheIdea, { as: { token: voter.token! } });
  await page.getByRole('heading', { level: 1, name: IDEA.title }).waitFor();
  t.true((await page.locator('.post__meta').textContent())?.includes('Planned'));
  await page.getByRole('region', { name: 'Comments' }).getByText(ANSWER).waitFor();
  t.is(await page.getByRole('form', { name: 'Set the status' }).count(), 0, 'the member has no status control');
  await expectNoProblems(t, page);
});
