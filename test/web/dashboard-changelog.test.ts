// Dashboard › Changelog (issue 30): the owner writes an entry with labels and a Markdown preview,
// links ideas found by search, chooses the roadmap they move to, saves a draft, publishes it after a
// question that says who is mailed (and the ideas move), schedules another, deletes a third; each
// step checked through the API. A member whose role holds only changelog:create writes but cannot
// delete; one without sees no Changelog. Axe at 1280 light and at 360 dark.
import type { Page } from 'playwright-core';
import type { ChangelogEntry, PostDetail } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, member, seedBoard, seedPost, seedRoadmap } from './_seed.ts';

useWebServer();

/** The entry as the owner reads it through the API. */
const storedEntry = async (t: WebTest, entryId: string) => (await callApi<{ entry: ChangelogEntry }>(t.context.web, 'GET', `/changelog/${entryId}`)).entry;

/** The entry id in the editor's address (/dashboard/changelog/<id>), once the first save gave it one. */
async function entryIdOf(page: Page): Promise<string> {
  await page.waitForURL(/\/dashboard\/changelog\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/** A draft written through the API, for the tests that start from one. */
async function seedEntry(t: WebTest, title: string, postIds: string[] = []): Promise<ChangelogEntry> {
  return (await callApi<{ entry: ChangelogEntry }>(t.context.web, 'POST', '/changelog', { title, postIds })).entry;
}

const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allTextContents();

/** The editor's form: named by the page's heading, which becomes the entry's title once saved. */
const editorForm = (page: Page) => page.locator('form.changelog-form');

test.serial('the owner writes an entry with labels and a preview, links two ideas by search, chooses their roadmap, saves a draft and publishes it: the ideas move', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { name: 'Ideas', url: 'ideas' });
  const dark = await seedPost(web, {
    board,
    title: 'Dark mode for the dashboard',
  });
  const csv = await seedPost(web, { board, title: 'Export to CSV' });
  const saml = await seedPost(web, { board, title: 'Single sign-on with SAML' });
  const shipped = await seedRoadmap(web, { name: 'Shipped ideas' });

  const page = await openPage(t, '/dashboard/changelog', { as: web.owner });
  await page.getByRole('heading', { level: 1, name: 'Changelog' }).waitFor();
  t.deepEqual((await navLinks(page)).slice(0, 4), ['Overview', 'Posts', 'Moderation', 'Changelog']);
  await page.getByText('No entries yet.', { exact: false }).waitFor();

  await page.getByRole('link', { name: 'New entry' }).click();
  await page.getByRole('heading', { level: 1, name: 'New entry' }).waitFor();
  const form = editorForm(page);
  await form.getByLabel('Title', { exact: true }).fill('Dark mode and CSV export');
  await form.getByRole('checkbox', { name: 'New' }).check();
  await form.getByRole('checkbox', { name: 'Fixed' }).check();
  await form.getByLabel('Description').fill('Both are here, and **dark mode** follows your system.');
  await form.getByRole('tab', { name: 'Preview' }).click();
  await form.locator('.md-editor__preview strong', { hasText: 'dark mode' }).waitFor();

  const search = form.getByRole('searchbox', { name: 'Find ideas' });
  await search.fill('dark mode');
  await form.getByRole('button', { name: 'Add Dark mode for the dashboard' }).click();
  await search.fill('CSV');
  await form.getByRole('button', { name: 'Add Export to CSV' }).click();
  const linked = form.getByRole('list', { name: 'Linked ideas' });
  t.deepEqual(await linked.getByRole('listitem').locator('span').allTextContents(), ['Dark mode for the dashboard', 'Export to CSV']);
  t.is(await form.getByRole('button', { name: 'Remove Export to CSV' }).count(), 1);
  t.is(await form.getByRole('button', { name: 'Add Export to CSV' }).count(), 0, 'a linked idea leaves the results');
  const moveTo = form.getByLabel('When published, move these ideas to');
  t.is(await moveTo.inputValue(), '', 'no roadmap unless chosen');
  await moveTo.selectOption({ label: 'Shipped ideas' });

  await form.getByRole('button', { name: 'Save draft' }).click();
  await page.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
  const entryId = await entryIdOf(page);
  const draft = await storedEntry(t, entryId);
  t.like(draft, {
    title: 'Dark mode and CSV export',
    status: 'draft',
    labels: ['new', 'fixed'],
    contentMarkdown: 'Both are here, and **dark mode** follows your system.',
    moveToRoadmapId: shipped.id,
  });
  t.deepEqual(
    draft.posts.map((post) => post.postId),
    [dark.postId, csv.postId],
  );
  await page.getByText('Draft', { exact: true }).waitFor();

  await page.getByRole('button', { name: 'Publish now' }).click();
  const question = page.getByRole('dialog', {
    name: 'Publish “Dark mode and CSV export” now? The voters of its 2 ideas will get one mail each.',
  });
  await expectAccessible(t, page);
  await question.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('status').filter({ hasText: 'Published.' }).waitFor();
  const published = await storedEntry(t, entryId);
  t.is(published.status, 'published');
  t.truthy(published.publishedAt);
  // The linked ideas moved to the roadmap chosen in the editor; the idea not linked stayed.
  const roadmapOf = async (slug: string) => (await callApi<{ post: PostDetail }>(web, 'POST', '/posts/slug', { slug })).post.roadmap?.id ?? null;
  t.deepEqual(await Promise.all([dark, csv, saml].map((post) => roadmapOf(post.slug))), [shipped.id, shipped.id, null]);
  t.is(await page.getByRole('link', { name: 'View on the site' }).getAttribute('href'), `/changelog/${published.slug}`);
  t.is(await page.getByRole('button', { name: 'Publish now' }).count(), 0, 'published once, never again');
  t.is(await page.getByRole('button', { name: 'Schedule' }).count(), 0);

  // Still editable: a published entry's words can be corrected.
  await form.getByLabel('Title', { exact: true }).fill('Dark mode and CSV export are here');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('status').filter({ hasText: 'Changes saved.' }).waitFor();
  t.like(await storedEntry(t, entryId), {
    title: 'Dark mode and CSV export are here',
    status: 'published',
  });

  const visitor = await openPage(t, '/changelog');
  await visitor.getByRole('article', { name: 'Dark mode and CSV export are here' }).waitFor();
  await expectNoProblems(t, page);
  await expectNoProblems(t, visitor);
});

test.serial('the owner schedules an entry for the future (a past time is refused by its field) and the list says so', async (t) => {
  const page = await openPage(t, '/dashboard/changelog/new', {
    as: t.context.web.owner,
  });
  const form = editorForm(page);
  await form.getByRole('button', { name: 'Save draft' }).click();
  // No title: the API's words under the field, which takes focus.
  await page.locator('#changelog-title-error').filter({ hasText: 'Changelog title missing' }).waitFor();
  // Focus moves once the message is drawn: waited for, as a slow machine may show one before the other.
  await page.waitForFunction(() => document.activeElement?.id === 'changelog-title');

  await form.getByLabel('Title', { exact: true }).fill('Faster search');
  const when = form.getByLabel('Publish at');
  await when.fill('2020-03-01T09:00');
  await form.getByRole('button', { name: 'Schedule' }).click();
  await page.locator('#changelog-publishAt-error').filter({ hasText: 'Choose a time in the future.' }).waitFor();

  const next = new Date().getFullYear() + 1;
  await when.fill(`${next}-03-01T09:00`);
  await form.getByRole('button', { name: 'Schedule' }).click();
  await page.getByRole('status').filter({ hasText: `Scheduled for` }).waitFor();
  const entryId = await entryIdOf(page);
  const expected = await page.evaluate((value) => new Date(value).toISOString(), `${next}-03-01T09:00`);
  const scheduled = await storedEntry(t, entryId);
  t.is(scheduled.status, 'scheduled');
  t.is(new Date(scheduled.publishAt!).toISOString(), expected);

  await page.getByRole('link', { name: 'All entries' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Faster search' }) });
  await row.waitFor();
  t.regex((await row.getByRole('cell').allTextContents())[0]!, /^Scheduled for .*1.*, .*9.*00/);
  t.is((await row.getByRole('cell').allTextContents())[1], 'No ideas');
  const publishedRow = page.getByRole('row').filter({
    has: page.getByRole('link', {
      name: 'Dark mode and CSV export are here',
    }),
  });
  t.deepEqual(await publishedRow.getByRole('cell').allTextContents(), [
    `Published ${await page.evaluate(() => new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long' }).format(new Date()))}`,
    '2 ideas',
  ]);
  await expectNoProblems(t, page);
});

test.serial('the owner deletes an entry after a question naming it; the list no longer has it', async (t) => {
  const entry = await seedEntry(t, 'Old news');
  const page = await openPage(t, `/dashboard/changelog/${entry.entryId}`, {
    as: t.context.web.owner,
  });
  await page.getByRole('heading', { level: 1, name: 'Old news' }).waitFor();
  await page.getByRole('button', { name: 'Delete entry' }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Delete entry “Old news”? Nobody is mailed; the ideas it ships stay as they are.',
  });
  await dialog.getByRole('button', { name: 'Delete entry' }).click();
  await page.waitForURL(/\/dashboard\/changelog$/);
  await page.getByRole('link', { name: 'Faster search' }).waitFor();
  t.is(await page.getByRole('link', { name: 'Old news' }).count(), 0);
  const answer = await callApi(t.context.web, 'GET', `/changelog/${entry.entryId}`).catch((error: Error) => error.message);
  t.regex(String(answer), /404/);
  await expectNoProblems(t, page);
});

test.serial('a member whose role holds only changelog:create writes a draft but sees no Delete; one without sees no Changelog', async (t) => {
  const web = t.context.web;
  const writer = await member(web, { permissions: ['changelog:create'] });
  const page = await openPage(t, '/dashboard', { as: writer });
  await page.getByRole('heading', { level: 1, name: 'Changelog' }).waitFor();
  t.deepEqual(await navLinks(page), ['Changelog', 'Your account']);
  await page.getByRole('link', { name: 'New entry' }).click();
  const form = editorForm(page);
  await form.getByLabel('Title', { exact: true }).fill('Written by a member');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await page.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
  t.like(await storedEntry(t, await entryIdOf(page)), {
    title: 'Written by a member',
    status: 'draft',
  });
  t.is(await page.getByRole('button', { name: 'Delete entry' }).count(), 0);
  t.is(await page.getByRole('button', { name: 'Publish now' }).count(), 1);

  const other = await member(web, { permissions: ['post:update'] });
  const elsewhere = await openPage(t, '/dashboard', { as: other });
  await elsewhere.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
  t.false((await navLinks(elsewhere)).includes('Changelog'));
  await expectNoProblems(t, page);
  await expectNoProblems(t, elsewhere);
});

test.serial('axe finds nothing at 1280 in light mode and at 360 in dark mode, and nothing scrolls sideways on a phone', async (t) => {
  const web = t.context.web;
  const { entries } = await callApi<{ entries: ChangelogEntry[] }>(web, 'GET', '/changelog?limit=100');
  const published = entries.find((entry) => entry.status === 'published')!;
  for (const [width, colorScheme] of [
    [1280, 'light'],
    [360, 'dark'],
  ] as const) {
    const list = await openPage(t, '/dashboard/changelog', {
      as: web.owner,
      width,
      colorScheme,
    });
    await list.getByRole('link', { name: 'Faster search' }).waitFor();
    await expectAccessible(t, list);
    const editor = await openPage(t, `/dashboard/changelog/${published.entryId}`, { as: web.owner, width, colorScheme });
    await editor.getByRole('link', { name: 'View on the site' }).waitFor();
    await expectAccessible(t, editor);
    const draft = await openPage(t, '/dashboard/changelog/new', {
      as: web.owner,
      width,
      colorScheme,
    });
    await draft.getByRole('searchbox', { name: 'Find ideas' }).fill('mode');
    await draft.getByRole('button', { name: 'Add Dark mode for the dashboard' }).waitFor();
    await expectAccessible(t, draft);
    if (width === 360) {
      for (const page of [list, editor, draft]) t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), `${page.url()} fits 360 px`);
    }
    for (const page of [list, editor, draft]) await expectNoProblems(t, page);
  }
});
