// The status control on an idea's page: a team member with roadmap:assign sets a new status with an
// optional public comment; the page shows both, the subscribers get one mail naming both, and
// nobody else sees the control.
import type { Page, Route } from 'playwright-core';
import type { PostDetail } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, type PageOptions, sentMail, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, type Member, member, seedBoard, seedPost, seedRoadmap, seedVote, setLabs } from './_seed.ts';

// The delivery worker runs, with a digest window long enough for the status and its comment.
useWebServer({ notificationDigestMs: 1500 }, { worker: true });

let author: Member;
let voter: Member;
let triager: Member;

async function openPost(t: WebTest, slug: string, options: PageOptions = {}): Promise<Page> {
  const page = await openPage(t, `/p/${slug}`, options);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

const postNow = async (t: WebTest, slug: string) => (await callApi<{ post: PostDetail }>(t.context.web, 'POST', '/posts/slug', { slug })).post;

const statusForm = (page: Page) => page.getByRole('form', { name: 'Set the status' });

/** The mails the sink has for one address. */
function mailsTo(t: WebTest, email: string) {
  return t.context.web.smtp.messages.filter((mail) => {
    const lists = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    return lists.some((list) => list.value.some((address) => address.address === email));
  });
}

test.serial.before(async (t) => {
  const { web } = t.context;
  author = await member(web, { name: 'Grace Hopper', verified: true });
  voter = await member(web, { name: 'Alan Turing', verified: true });
  triager = await member(web, { name: 'Tess Team', permissions: ['roadmap:assign'], verified: true });
});

// First in the file: no roadmap exists yet, as on a new database.
test.serial('with no status yet, the control says so: the owner is pointed to the dashboard, a team member to the owner', async (t) => {
  const { web } = t.context;
  const post = await seedPost(web, { board: await seedBoard(web), author, title: 'Before any status' });
  const owner = await openPost(t, post.slug, { as: web.owner });
  await statusForm(owner).getByText('No statuses yet.').waitFor();
  t.is(await statusForm(owner).getByRole('link', { name: 'Add statuses in the dashboard' }).getAttribute('href'), '/dashboard/roadmaps');
  const team = await openPost(t, post.slug, { as: triager });
  await statusForm(team).getByText('No statuses yet. The board’s owner can add them.').waitFor();
  await expectAccessible(t, team);
});

test.serial('a team member sets the status with a comment: the page shows both, and each subscriber gets one mail naming both', async (t) => {
  const { web } = t.context;
  const board = await seedBoard(web, { name: 'Ideas' });
  await seedRoadmap(web, { name: 'Planned' });
  const post = await seedPost(web, { board, author, title: 'Dark mode' });
  await seedVote(web, post, voter);
  const page = await openPost(t, post.slug, { as: triager });
  const form = statusForm(page);
  const status = form.getByRole('combobox', { name: 'Status' });
  await status.waitFor();
  t.is(await status.inputValue(), '', 'no status yet');
  t.true(await form.getByRole('button', { name: 'Update status' }).isDisabled(), 'nothing to update yet');
  await expectAccessible(t, page);
  await status.selectOption({ label: 'Planned' });
  await form.getByRole('textbox', { name: 'Comment (optional)' }).fill('Planned for the spring release.');
  await form.getByRole('button', { name: 'Update status' }).click();
  await form.getByRole('status').filter({ hasText: 'Status updated to Planned, with your comment.' }).waitFor();
  t.true((await page.locator('.post__meta').textContent())?.includes('Planned'));
  await page.getByRole('region', { name: 'Comments' }).getByText('Planned for the spring release.').waitFor();
  t.is(await form.getByRole('textbox', { name: 'Comment (optional)' }).inputValue(), '', 'the box empties');
  t.is((await postNow(t, post.slug)).roadmap?.name, 'Planned');

  for (const who of [author, voter]) {
    const mail = await sentMail(web, who.email, { timeoutMs: 8000 });
    t.is(mail.subject, '“Dark mode” is now Planned, with a new comment', who.email);
    t.true((mail.text ?? '').includes('Planned for the spring release.'), who.email);
  }
  // Long enough for a second mail to have come, had the two changes gone apart.
  await page.waitForTimeout(2000);
  for (const who of [author, voter]) t.is(mailsTo(t, who.email).length, 1, who.email);
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('a status alone, then none: the chip follows, and no comment is posted', async (t) => {
  const { web } = t.context;
  await seedRoadmap(web, { name: 'In progress' });
  const post = await seedPost(web, { author, title: 'Export as CSV' });
  const page = await openPost(t, post.slug, { as: triager });
  const form = statusForm(page);
  await form.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'In progress' });
  await form.getByRole('button', { name: 'Update status' }).click();
  await form.getByRole('status').filter({ hasText: 'Status updated to In progress.' }).waitFor();
  t.true((await page.locator('.post__meta').textContent())?.includes('In progress'));
  await form.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'No status' });
  await form.getByRole('button', { name: 'Update status' }).click();
  await form.getByRole('status').filter({ hasText: 'Status removed.' }).waitFor();
  t.false((await page.locator('.post__meta').textContent())?.includes('In progress'));
  t.is((await postNow(t, post.slug)).roadmap, null);
  await page.getByText('No comments yet.').waitFor();
  await expectNoProblems(t, page);
});

test.serial('nobody without roadmap:assign sees the control: a visitor, the author, a moderator with post:update', async (t) => {
  const { web } = t.context;
  const post = await seedPost(web, { author, title: 'Not yours to triage' });
  const moderator = await member(web, { name: 'Mo Derator', permissions: ['post:update'] });
  for (const as of [undefined, author, moderator]) {
    const page = await openPost(t, post.slug, { as });
    await page.getByRole('heading', { level: 2, name: /Comments/ }).waitFor();
    t.is(await page.getByRole('combobox', { name: 'Status' }).count(), 0);
    t.is(await page.getByRole('button', { name: 'Update status' }).count(), 0);
  }
  const owner = await openPost(t, post.slug, { as: web.owner });
  await statusForm(owner).waitFor();
});

test.serial('with public comments off the control sets the status only; on a phone in dark mode it passes axe', async (t) => {
  const { web } = t.context;
  await setLabs(web, { comments: false });
  t.teardown(() => setLabs(web, { comments: true }));
  const post = await seedPost(web, { author, title: 'Quiet idea' });
  const page = await openPost(t, post.slug, { as: triager, width: 360, colorScheme: 'dark' });
  const form = statusForm(page);
  await form.getByRole('combobox', { name: 'Status' }).waitFor();
  t.is(await form.getByRole('textbox').count(), 0);
  await expectAccessible(t, page);
  t.is(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0);
});

test.serial('a comment that fails after the status is stored says so and keeps its text; "Post comment" then sends it alone', async (t) => {
  const { web } = t.context;
  await seedRoadmap(web, { name: 'Under review' });
  const post = await seedPost(web, { author, title: 'Flaky network' });
  const page = await openPost(t, post.slug, { as: triager });
  const form = statusForm(page);
  const refuse = (route: Route) => route.abort('failed');
  await page.route(`**/api/v1/posts/${post.postId}/comments`, refuse);
  await form.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Under review' });
  await form.getByRole('textbox', { name: 'Comment (optional)' }).fill('Looking at it this week.');
  await form.getByRole('button', { name: 'Update status' }).click();
  await form.getByRole('alert').filter({ hasText: 'Status updated to Under review, but the comment was not posted: Cannot reach the server.' }).waitFor();
  t.is((await postNow(t, post.slug)).roadmap?.name, 'Under review');
  t.is(await form.getByRole('textbox', { name: 'Comment (optional)' }).inputValue(), 'Looking at it this week.');
  await page.unroute(`**/api/v1/posts/${post.postId}/comments`, refuse);
  await form.getByRole('button', { name: 'Post comment' }).click();
  await form.getByRole('status').filter({ hasText: 'Comment posted.' }).waitFor();
  await page.getByRole('region', { name: 'Comments' }).getByText('Looking at it this week.').waitFor();
  t.is(await form.getByRole('alert').count(), 0);
});
