// Dashboard › Roadmaps: the owner creates, edits and deletes roadmaps, and reorders them by keyboard
// and by dragging, each write checked through the API (GET /roadmaps is the order that counts); a
// member with only roadmap:update reorders but neither creates nor deletes; a phone in dark mode.
import type { Page } from 'playwright-core';
import type { PostDetail, Roadmap } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, member, seedPost, seedRoadmap } from './_seed.ts';

useWebServer();

/** Every roadmap in stored order (the owner holds roadmap:read, so hidden ones too). */
const storedRoadmaps = async (t: WebTest) =>
  (await callApi<{ roadmaps: Roadmap[] }>(t.context.web, 'GET', '/roadmaps?visibility=public,private&first=100')).roadmaps;
const storedNames = async (t: WebTest) => (await storedRoadmaps(t)).map((roadmap) => roadmap.name);

/** Only these roadmaps, in this order, so positions in a test are its own. */
async function onlyRoadmaps(t: WebTest, names: string[]): Promise<void> {
  for (const roadmap of await storedRoadmaps(t)) await callApi(t.context.web, 'DELETE', '/roadmaps', { id: roadmap.id });
  for (const name of names) await seedRoadmap(t.context.web, { name, url: name.toLowerCase() });
}

/** The names in the list, top to bottom, as the page shows them. */
const shownNames = (page: Page) => page.locator('.roadmap-row__name').allTextContents();

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

test.serial('the owner creates a roadmap, then edits and hides it; the API has each change', async (t) => {
  await onlyRoadmaps(t, ['Planned']);
  const page = await openPage(t, '/dashboard/roadmaps', { as: t.context.web.owner });
  await page.getByRole('button', { name: 'New roadmap' }).click();
  const form = page.getByRole('form', { name: 'New roadmap' });
  await form.getByLabel('Name', { exact: true }).fill('In progress');
  t.is(await form.getByLabel('URL', { exact: true }).inputValue(), 'in-progress');
  await form.getByLabel('Colour', { exact: true }).fill('#2E9F5E');
  await form.getByRole('button', { name: 'Create roadmap' }).click();
  await page.getByRole('status').filter({ hasText: 'Roadmap In progress created.' }).waitFor();
  t.like((await storedRoadmaps(t)).at(-1), { name: 'In progress', url: 'in-progress', color: '2e9f5e', display: true, index: 2 });
  t.deepEqual(await shownNames(page), ['Planned', 'In progress']);

  await page.getByRole('button', { name: 'Edit roadmap In progress' }).click();
  const edit = page.getByRole('form', { name: 'Edit roadmap In progress' });
  await edit.getByLabel('Name', { exact: true }).fill('Doing');
  await edit.getByLabel('URL', { exact: true }).fill('planned');
  await edit.getByLabel('Show on the roadmap').uncheck();
  await edit.getByRole('button', { name: 'Save roadmap' }).click();
  // A taken url: the API's words under the field, nothing stored.
  await page.locator('#roadmap-url-error').filter({ hasText: 'Roadmap url already exists' }).waitFor();
  await edit.getByLabel('URL', { exact: true }).fill('doing');
  await edit.getByRole('button', { name: 'Save roadmap' }).click();
  await page.getByRole('status').filter({ hasText: 'Roadmap Doing saved.' }).waitFor();
  t.like((await storedRoadmaps(t)).at(-1), { name: 'Doing', url: 'doing', display: false });
  await page.locator('.roadmap-row__meta').filter({ hasText: 'doing · Hidden' }).waitFor();
  t.is(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Edit roadmap Doing');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('the owner deletes a roadmap after a confirmation; its ideas stay, with no roadmap', async (t) => {
  await onlyRoadmaps(t, ['Planned', 'Done']);
  const done = (await storedRoadmaps(t))[1]!;
  const post = await seedPost(t.context.web, { title: 'Shipped already', roadmap: done });
  const page = await openPage(t, '/dashboard/roadmaps', { as: t.context.web.owner });
  await page.getByRole('button', { name: 'Delete roadmap Done' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete roadmap Done? The ideas on it stay, with no status.' });
  await dialog.getByRole('button', { name: 'Delete roadmap' }).click();
  await page.getByRole('status').filter({ hasText: 'Roadmap Done deleted.' }).waitFor();
  t.deepEqual(await shownNames(page), ['Planned']);
  t.deepEqual(await storedNames(t), ['Planned']);
  t.is((await callApi<{ post: PostDetail }>(t.context.web, 'POST', '/posts/slug', { slug: post.slug })).post.roadmap, null);
  await expectNoProblems(t, page);
});

test.serial('by keyboard: Move up / Move down swap with the neighbour, focus stays on the button, and the new position is said', async (t) => {
  await onlyRoadmaps(t, ['Ideas', 'Planned', 'Doing', 'Done']);
  const page = await openPage(t, '/dashboard/roadmaps', { as: t.context.web.owner });
  await page.getByRole('button', { name: 'Move Doing up' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Doing moved to position 2 of 4' }).waitFor();
  t.deepEqual(await shownNames(page), ['Ideas', 'Doing', 'Planned', 'Done']);
  t.deepEqual(await storedNames(t), ['Ideas', 'Doing', 'Planned', 'Done']);
  const doing = (await storedRoadmaps(t))[1]!;
  t.is(await focusedId(page), `roadmap-${doing.id}-up`);
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Doing moved to position 1 of 4' }).waitFor();
  // First now: its Move up says it cannot, and keeps focus.
  t.is(await focusedId(page), `roadmap-${doing.id}-up`);
  t.is(await page.getByRole('button', { name: 'Move Doing up' }).getAttribute('aria-disabled'), 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.getByRole('status').filter({ hasText: 'Doing moved to position 2 of 4' }).waitFor();
  t.is(await focusedId(page), `roadmap-${doing.id}-down`);
  t.deepEqual(await storedNames(t), ['Ideas', 'Doing', 'Planned', 'Done']);
  await expectNoProblems(t, page);
});

test.serial('dragging a row over several places moves it there; the list shown is the order GET /roadmaps gives', async (t) => {
  await onlyRoadmaps(t, ['Ideas', 'Planned', 'Doing', 'Done']);
  const page = await openPage(t, '/dashboard/roadmaps', { as: t.context.web.owner });
  const row = (name: string) => page.getByRole('listitem').filter({ has: page.locator('.roadmap-row__name', { hasText: name }) });
  await row('Done').dragTo(row('Ideas'));
  await page.getByRole('status').filter({ hasText: 'Done moved to position 1 of 4' }).waitFor();
  t.deepEqual(await storedNames(t), ['Done', 'Ideas', 'Planned', 'Doing']);
  t.deepEqual(await shownNames(page), await storedNames(t));
  await row('Done').dragTo(row('Planned'));
  await page.getByRole('status').filter({ hasText: 'Done moved to position 3 of 4' }).waitFor();
  t.deepEqual(await storedNames(t), ['Ideas', 'Planned', 'Done', 'Doing']);
  t.deepEqual(await shownNames(page), await storedNames(t));
  await expectNoProblems(t, page);
});

test.serial('a member whose one role holds roadmap:update reorders and edits, but sees no New or Delete, and is told why hidden roadmaps are missing', async (t) => {
  await onlyRoadmaps(t, ['Planned', 'Done']);
  await seedRoadmap(t.context.web, { name: 'Secret', url: 'secret', display: false });
  const page = await openPage(t, '/dashboard/roadmaps', { as: await member(t.context.web, { permissions: ['roadmap:update'] }) });
  await page.getByRole('list', { name: 'Roadmaps in order' }).waitFor();
  t.deepEqual(await shownNames(page), ['Planned', 'Done']);
  await page.getByText('Hidden roadmaps are not listed here: seeing them takes a role with roadmap:read.').waitFor();
  t.is(await page.getByRole('button', { name: 'New roadmap' }).count(), 0);
  t.is(await page.getByRole('button', { name: /^Delete roadmap/ }).count(), 0);
  t.is(await page.getByRole('button', { name: 'Edit roadmap Done' }).count(), 1);
  await page.getByRole('button', { name: 'Move Done up' }).click();
  await page.getByRole('status').filter({ hasText: 'Done moved to position 1 of 2' }).waitFor();
  t.deepEqual(await storedNames(t), ['Done', 'Planned', 'Secret']);
  await expectNoProblems(t, page);
});

test.serial('a visitor is sent to sign in (with the way back to the roadmaps)', async (t) => {
  const page = await openPage(t, '/dashboard/roadmaps');
  await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/dashboard/roadmaps');
  t.pass();
});

test.serial('on a phone in dark mode the list, the form and the dialog are usable and pass axe', async (t) => {
  await onlyRoadmaps(t, ['Under consideration for a later release', 'Planned']);
  const page = await openPage(t, '/dashboard/roadmaps', { as: t.context.web.owner, width: 360, colorScheme: 'dark' });
  await page.getByRole('list', { name: 'Roadmaps in order' }).waitFor();
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the page never scrolls sideways');
  const move = await page.getByRole('button', { name: 'Move Planned up' }).boundingBox();
  t.true(move!.width >= 44 && move!.height >= 44, 'the move buttons are 44 px targets');
  await expectAccessible(t, page);
  await page.getByRole('button', { name: 'New roadmap' }).click();
  await page.getByRole('form', { name: 'New roadmap' }).waitFor();
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the form fits');
  await expectAccessible(t, page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete roadmap Planned' }).click();
  await page.getByRole('dialog').waitFor();
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});
