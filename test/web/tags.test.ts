// Tags in the web app (issue 31 §1): chips on cards and the post page (private ones only for those
// who may assign tags), the board's Tag filter kept in the URL, the post page's Tags dialog, the
// dashboard's Tags section (create, edit, delete after a question) and tagging several posts at once
// in Dashboard › Posts; axe at 1280 px light and 360 px dark. Every write is checked through the API.
import type { Page } from 'playwright-core';
import type { Board, PostDetail, Tag } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, type Member, member, seedBoard, seedPost } from './_seed.ts';

useWebServer();

let ideas: Board;
let visitor: Member;
let tagger: Member;

test.serial.before(async (t) => {
  const web = t.context.web;
  ideas = await seedBoard(web, { name: 'Ideas' });
  visitor = await member(web, { name: 'Grace Hopper' });
  tagger = await member(web, { name: 'Tess Tagger', permissions: ['tag:assign'] });
});

const newTag = async (t: WebTest, name: string, color: string, isPublic = true) =>
  (await callApi<{ tag: Tag }>(t.context.web, 'POST', '/tags', { name, color, public: isPublic })).tag;

const tagPost = (t: WebTest, postId: string, tags: Tag[]) => callApi(t.context.web, 'PUT', `/posts/${postId}/tags`, { tags: tags.map((tag) => tag.tagId) });

const tagsOf = async (t: WebTest, slug: string) =>
  (await callApi<{ post: PostDetail }>(t.context.web, 'POST', '/posts/slug', { slug })).post.tags.map((tag) => tag.name);

const chipNames = (page: Page, within: string) => page.locator(`${within} .tag-chip`).allInnerTexts();

test.serial('cards and the post page show the tags each visitor may see; the board filters by a public tag, shared in the URL', async (t) => {
  const mobile = await newTag(t, 'Mobile', '1e90ff');
  const churn = await newTag(t, 'Churn risk', 'aa0000', false);
  const tagged = await seedPost(t.context.web, { board: ideas, title: 'Offline mode on phones' });
  await seedPost(t.context.web, { board: ideas, title: 'Export to CSV' });
  await tagPost(t, tagged.postId, [mobile, churn]);

  const page = await openPage(t, `/b/${ideas.url}`, { as: visitor });
  const card = page.locator('.post-card', { hasText: 'Offline mode on phones' });
  await card.getByRole('list', { name: 'Tags' }).waitFor();
  t.deepEqual(await chipNames(page, '.post-card'), ['Mobile'], 'a private tag is not shown to a visitor');
  await page.getByRole('combobox', { name: 'Tag' }).selectOption({ label: 'Mobile' });
  await page.waitForURL((url) => url.searchParams.get('tags') === mobile.tagId);
  await page.waitForFunction(() => document.querySelectorAll('.post-card').length === 1);
  t.is(await page.locator('.post-card').innerText().then((text) => text.includes('Offline mode on phones')), true);
  await expectNoProblems(t, page);

  // The shared link opens the same view, with the search combined.
  const shared = await openPage(t, `/b/${ideas.url}?tags=${mobile.tagId}&q=offline`, { as: visitor });
  await shared.waitForFunction(() => document.querySelectorAll('.post-card').length === 1);
  t.is(await shared.getByRole('combobox', { name: 'Tag' }).inputValue(), mobile.tagId);

  const assigner = await openPage(t, `/p/${tagged.slug}`, { as: tagger });
  await assigner.getByRole('heading', { level: 1 }).waitFor();
  await assigner.locator('.post__tags .tag-chip').first().waitFor();
  t.deepEqual(await chipNames(assigner, '.post__tags'), ['Churn risk', 'Mobile']);
});

test.serial('the post page’s Tags dialog sets the post’s tags; only those who may assign tags see it', async (t) => {
  const ui = await newTag(t, 'UI', '2e7d32');
  const api = await newTag(t, 'API', '6a1b9a', false);
  const post = await seedPost(t.context.web, { board: ideas, title: 'Keyboard shortcuts' });

  const plain = await openPage(t, `/p/${post.slug}`, { as: visitor });
  await plain.getByRole('heading', { level: 1 }).waitFor();
  t.is(await plain.getByRole('button', { name: 'Tags' }).count(), 0);

  const page = await openPage(t, `/p/${post.slug}`, { as: tagger });
  await page.getByRole('button', { name: 'Tags' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tags' });
  await dialog.getByRole('checkbox').or(dialog.getByRole('alert')).first().waitFor();
  t.is(await dialog.getByRole('alert').count(), 0, await dialog.innerText());
  await dialog.getByRole('checkbox', { name: 'UI' }).check();
  await dialog.getByRole('checkbox', { name: /API/ }).check();
  await expectAccessible(t, page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.locator('.post__tags .tag-chip', { hasText: 'UI' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Tags');
  t.deepEqual(await tagsOf(t, post.slug), ['API', 'UI']);
  await page.getByRole('button', { name: 'Tags' }).click();
  await dialog.getByRole('checkbox', { name: 'UI' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.post__tags .tag-chip').length === 1);
  t.deepEqual(await tagsOf(t, post.slug), ['API']);
  t.truthy(ui && api);
});

test.serial('when the tags cannot be read, the Tags dialog says why and Retry lists them', async (t) => {
  await newTag(t, 'Docs', '455a64');
  const post = await seedPost(t.context.web, { board: ideas, title: 'Search in the docs' });
  const page = await openPage(t, `/p/${post.slug}`, { as: tagger });
  let refused = false;
  await page.route('**/api/v1/tags', async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The database is busy', code: 'DATABASE_BUSY' }) });
  });
  await page.getByRole('button', { name: 'Tags' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tags' });
  await dialog.getByRole('alert').getByText('The database is busy').waitFor();
  t.is(await dialog.getByRole('button', { name: 'Save' }).isDisabled(), true);
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await dialog.getByRole('checkbox', { name: 'Docs' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.locator('.post__tags .tag-chip', { hasText: 'Docs' }).waitFor();
  t.deepEqual(await tagsOf(t, post.slug), ['Docs']);
});

test.serial('Dashboard › Tags: create, rename and recolour, make private, delete after a question', async (t) => {
  const page = await openPage(t, '/dashboard/tags', { as: t.context.web.owner });
  await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
  await page.getByRole('button', { name: 'New tag' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Performance');
  await page.getByRole('button', { name: 'Create tag' }).click();
  await page.getByRole('rowheader', { name: 'Performance' }).waitFor();
  // A name taken in another case is refused under the field.
  await page.getByRole('button', { name: 'New tag' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('performance');
  await page.getByRole('button', { name: 'Create tag' }).click();
  await page.getByText('A tag with this name already exists').waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Edit tag Performance' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Speed');
  await page.getByRole('checkbox', { name: 'Public' }).uncheck();
  await page.getByRole('button', { name: 'Save tag' }).click();
  await page.getByRole('rowheader', { name: 'Speed' }).waitFor();
  const speed = (await callApi<{ tags: Tag[] }>(t.context.web, 'GET', '/tags')).tags.find((tag) => tag.name === 'Speed');
  t.is(speed?.public, false);
  await page.getByRole('button', { name: 'Delete tag Speed' }).click();
  await page.getByRole('button', { name: 'Delete tag', exact: true }).click();
  await page.getByText('Tag Speed deleted.').waitFor();
  t.falsy((await callApi<{ tags: Tag[] }>(t.context.web, 'GET', '/tags')).tags.find((tag) => tag.name === 'Speed'));
  await expectNoProblems(t, page);
});

test.serial('Dashboard › Posts: select several posts and add a tag to all of them, then remove it', async (t) => {
  const web = t.context.web;
  const bulk = await newTag(t, 'Bulk', 'ff8f00');
  const one = await seedPost(web, { board: ideas, title: 'Bulk one' });
  const two = await seedPost(web, { board: ideas, title: 'Bulk two' });
  const page = await openPage(t, '/dashboard/posts', { as: web.owner });
  await page.getByRole('checkbox', { name: 'Select Bulk one' }).check();
  await page.getByRole('checkbox', { name: 'Select Bulk two' }).check();
  await page.getByText('2 posts selected').waitFor();
  await page.getByRole('combobox', { name: 'Tag', exact: true }).selectOption({ label: 'Bulk' });
  await page.getByRole('button', { name: 'Add tag' }).click();
  await page.getByText('Added tag Bulk to 2 posts.').waitFor();
  t.true((await tagsOf(t, one.slug)).includes('Bulk'));
  t.true((await tagsOf(t, two.slug)).includes('Bulk'));
  await page.getByRole('checkbox', { name: 'Select Bulk one' }).check();
  await page.getByRole('combobox', { name: 'Tag', exact: true }).selectOption({ label: 'Bulk' });
  await page.getByRole('button', { name: 'Remove tag' }).click();
  await page.getByText('Removed tag Bulk from 1 post.').waitFor();
  t.false((await tagsOf(t, one.slug)).includes('Bulk'));
  t.true((await tagsOf(t, two.slug)).includes('Bulk'));
  t.truthy(bulk);
  await expectAccessible(t, page);
});

for (const look of [
  { width: 1280, colorScheme: 'light' },
  { width: 360, colorScheme: 'dark' },
] as const) {
  test.serial(`the board, the post page and Dashboard › Tags pass axe at ${look.width} px, ${look.colorScheme}`, async (t) => {
    const name = `${look.width} ${look.colorScheme}`;
    const tag = await newTag(t, `Look ${name}`, look.colorScheme === 'dark' ? '111111' : 'ffff00');
    const post = await seedPost(t.context.web, { board: ideas, title: `Tagged look ${name}` });
    await tagPost(t, post.postId, [tag]);
    const board = await openPage(t, `/b/${ideas.url}`, { as: visitor, ...look });
    await board.locator('.post-card .tag-chip').first().waitFor();
    await shoot(board, `board-${look.width}-${look.colorScheme}`);
    await expectAccessible(t, board);
    const page = await openPage(t, `/p/${post.slug}`, { as: tagger, ...look });
    await page.locator('.post__tags .tag-chip').first().waitFor();
    await page.getByRole('button', { name: 'Tags' }).click();
    await page.getByRole('dialog', { name: 'Tags' }).getByRole('checkbox').first().waitFor();
    await shoot(page, `post-${look.width}-${look.colorScheme}`);
    await expectAccessible(t, page);
    const dashboard = await openPage(t, '/dashboard/tags', { as: t.context.web.owner, ...look });
    await dashboard.getByRole('rowheader', { name: `Look ${name}` }).waitFor();
    await shoot(dashboard, `dashboard-${look.width}-${look.colorScheme}`);
    await expectAccessible(t, dashboard);
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.TAGS_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
