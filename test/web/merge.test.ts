// Merging duplicates in the web app (issue 30 §2): "Merge into…" on the post page (by search and by
// a suggestion) and on the dashboard's rows, a merged post's old link landing on its target, moved
// comments saying where they came from, Unmerge on the target's page and on its dashboard row, who
// sees the action, axe at 1280 light and 360 dark. Every write is checked through the API.
import type { Page } from 'playwright-core';
import type { Board, PostDetail, PostRecord } from '../../src/web/api/types.js';
import type { Persona } from '../_helpers/personas.js';
import { expectAccessible, expectNoProblems, openPage, type PageOptions, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, type Member, member, seedBoard, seedComment, seedPost, seedVote } from './_seed.ts';

useWebServer();

let ideas: Board;
let grace: Member;
let alan: Member;
let ada: Member;
let moderator: Member;

test.serial.before(async (t) => {
  const web = t.context.web;
  ideas = await seedBoard(web, { name: 'Ideas' });
  grace = await member(web, { name: 'Grace Hopper' });
  alan = await member(web, { name: 'Alan Turing' });
  ada = await member(web, { name: 'Ada Lovelace' });
  moderator = await member(web, { name: 'Mo Derator', permissions: ['post:update', 'post:destroy'] });
});

/** The post as `POST /posts/slug` answers its slug or id (the target, for a merged post). */
const postBy = async (t: WebTest, slug: string, as: Persona | null = t.context.web.owner) =>
  (await callApi<{ post: PostDetail }>(t.context.web, 'POST', '/posts/slug', { slug }, as)).post;

/** The post page at /p/<slug>, once its heading is there. */
async function openPost(t: WebTest, slug: string, options: PageOptions = {}): Promise<Page> {
  const page = await openPage(t, `/p/${slug}`, { as: t.context.web.owner, ...options });
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

/** Idea actions › Merge into…, and the dialog it opens. */
async function openMergeDialog(page: Page, title: string) {
  await page.getByRole('button', { name: 'Idea actions' }).click();
  await page.getByRole('menuitem', { name: 'Merge into…' }).click();
  const dialog = page.getByRole('dialog', { name: `Merge “${title}” into…` });
  await dialog.waitFor();
  return dialog;
}

/** A duplicate (by Grace, voted for by Ada, with Alan's comment) and what it repeats (by Alan, voted for by Grace). */
async function seedPair(t: WebTest, duplicate: string, original: string): Promise<{ source: PostRecord; target: PostRecord }> {
  const web = t.context.web;
  const source = await seedPost(web, { board: ideas, title: duplicate, author: grace });
  await seedVote(web, source, ada);
  await seedComment(web, source, { body: 'Yes please, my eyes.', author: alan });
  const target = await seedPost(web, { board: ideas, title: original, author: alan });
  await seedVote(web, target, grace);
  return { source, target };
}

test.serial('the owner merges a post by searching: the page becomes the target’s, votes are united, the old slug answers the target', async (t) => {
  const { source, target } = await seedPair(t, 'Night theme', 'Dark mode everywhere');
  const page = await openPost(t, source.slug);
  const dialog = await openMergeDialog(page, 'Night theme');
  // Focus moves after the dialog is drawn: waited for, so a slow machine does not fail it.
  await page.waitForFunction(() => document.activeElement?.id === 'merge-search');
  await page.getByRole('searchbox', { name: 'Search ideas' }).fill('Dark mode everywhere');
  await dialog.getByRole('heading', { name: 'Matching ideas' }).waitFor();
  await dialog.getByRole('button', { name: /^Dark mode everywhere/ }).click();
  await dialog.getByText('Merge “Night theme” into “Dark mode everywhere”? Its votes and comments join “Dark mode everywhere”; its followers are told.').waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Merge');
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();

  await page.waitForURL((url) => url.pathname === `/p/${target.slug}`);
  await page.getByRole('heading', { level: 1, name: 'Dark mode everywhere' }).waitFor();
  await page.getByText('“Night theme” was merged into this idea.').waitFor();
  // Grace voted on both, Ada on the duplicate, Alan wrote the target: three people, three votes.
  await page.getByRole('button', { name: 'Vote, 3 votes' }).waitFor();
  const answered = await postBy(t, source.slug);
  t.is(answered.postId, target.postId);
  t.is(answered.voters.votesCount, 3);
  t.deepEqual(answered.mergedFrom, { postId: source.postId, slug: source.slug, title: 'Night theme' });
  // The moved comment says where it was written.
  const moved = page.locator('.activity article', { hasText: 'Yes please, my eyes.' });
  t.is(await moved.locator('.comment__from').textContent(), 'from “Night theme”');
  await expectNoProblems(t, page);
});

test.serial('the owner merges a post into one of its suggested similar posts, before typing anything', async (t) => {
  const { source, target } = await seedPair(t, 'Export votes to a spreadsheet', 'Export votes as a spreadsheet file');
  const page = await openPost(t, source.slug);
  const dialog = await openMergeDialog(page, 'Export votes to a spreadsheet');
  await dialog.getByRole('heading', { name: 'Most similar ideas' }).waitFor();
  const suggestion = dialog.getByRole('button', { name: /^Export votes as a spreadsheet file/ });
  await suggestion.waitFor();
  t.is(await dialog.getByRole('button', { name: /^Export votes to a spreadsheet\b/ }).count(), 0, 'never the post itself');
  await suggestion.click();
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/p/${target.slug}`);
  await page.getByText('“Export votes to a spreadsheet” was merged into this idea.').waitFor();
  const answered = await postBy(t, source.slug);
  t.is(answered.postId, target.postId);
  t.is(answered.voters.votesCount, 3);
});

test.serial('by keyboard: Tab reaches a choice, Enter asks, Cancel goes back to the search, Escape closes and focus returns to the menu button', async (t) => {
  const { source } = await seedPair(t, 'Keyboard shortcuts list', 'Keyboard shortcuts cheat sheet');
  const page = await openPost(t, source.slug);
  await page.getByRole('button', { name: 'Idea actions' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Merge into…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Merge “Keyboard shortcuts list” into…' });
  await dialog.getByRole('button', { name: /^Keyboard shortcuts cheat sheet/ }).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'merge-search');
  await page.keyboard.press('Tab');
  t.regex((await page.evaluate(() => document.activeElement?.textContent)) ?? '', /^Keyboard shortcuts cheat sheet/);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Merge');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'merge-search');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Idea actions');
  t.is((await postBy(t, source.slug)).postId, source.postId, 'nothing merged');
});

test.serial('a merged post’s old link lands on the target with the note, and Back does not return to the old address', async (t) => {
  const web = t.context.web;
  const { source, target } = await seedPair(t, 'Offline mode', 'Work offline');
  await callApi(web, 'POST', `/posts/${source.postId}/merge`, { into: target.postId });
  const page = await openPage(t, '/', { as: grace });
  await page.goto(`${web.url}/p/${source.slug}`);
  await page.waitForURL((url) => url.pathname === `/p/${target.slug}`);
  await page.getByRole('heading', { level: 1, name: 'Work offline' }).waitFor();
  await page.getByText('“Offline mode” was merged into this idea.').waitFor();
  await page.locator('.comment__from', { hasText: 'from “Offline mode”' }).waitFor();
  // Grace may not merge: no list of merged posts, no Unmerge.
  t.is(await page.getByRole('button', { name: /^Unmerge/ }).count(), 0);
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/');
  t.not(new URL(page.url()).pathname, `/p/${source.slug}`);
  await expectNoProblems(t, page);
});

test.serial('the widget’s panel follows a merged post’s old link to the target under /embed', async (t) => {
  const web = t.context.web;
  const { source, target } = await seedPair(t, 'Bigger fonts', 'Larger text size');
  await callApi(web, 'POST', `/posts/${source.postId}/merge`, { into: target.postId });
  const page = await openPage(t, `/embed/p/${source.slug}`);
  await page.waitForURL((url) => url.pathname === `/embed/p/${target.slug}`);
  await page.getByText('“Bigger fonts” was merged into this idea.').waitFor();
  t.pass();
});

test.serial('a refusal is shown in the API’s words; Unmerge on the target gives the source back', async (t) => {
  const web = t.context.web;
  const { source, target } = await seedPair(t, 'Calendar sync', 'Sync with my calendar');
  const other = await seedPost(web, { board: ideas, title: 'Calendar integrations', author: ada });
  await callApi(web, 'POST', `/posts/${source.postId}/merge`, { into: target.postId });
  const page = await openPost(t, target.slug);
  const dialog = await openMergeDialog(page, 'Sync with my calendar');
  await page.getByRole('searchbox', { name: 'Search ideas' }).fill('Calendar integrations');
  await dialog.getByRole('button', { name: /^Calendar integrations/ }).click();
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Other posts are merged into this post: unmerge them first' }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  t.is((await postBy(t, other.slug)).postId, other.postId);

  await page.locator('.post__merged-row', { hasText: 'Merged here: “Calendar sync” — Unmerge' }).waitFor();
  await page.getByRole('button', { name: 'Vote, 3 votes' }).waitFor();
  await page.getByRole('button', { name: 'Unmerge “Calendar sync”' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unmerge “Calendar sync”? It comes back with its own votes and comments.' });
  await confirm.getByRole('button', { name: 'Unmerge' }).click();
  await page.getByRole('status').filter({ hasText: '“Calendar sync” is an idea of its own again.' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.classList.contains('post__merged-done'));
  // The target keeps its own: Alan's and Grace's votes; the moved comment went back.
  await page.getByRole('button', { name: 'Vote, 2 votes' }).waitFor();
  t.is(await page.getByText('Merged here:').count(), 0);
  await page.locator('.activity').getByText('No comments yet', { exact: false }).waitFor().catch(() => undefined);
  t.is(await page.locator('.activity article', { hasText: 'Yes please, my eyes.' }).count(), 0);
  const back = await postBy(t, source.slug);
  t.is(back.postId, source.postId);
  t.is(back.mergedFrom, undefined);
  t.is(back.voters.votesCount, 2);
  await page.getByRole('link', { name: '“Calendar sync”' }).click();
  await page.getByRole('heading', { level: 1, name: 'Calendar sync' }).waitFor();
  await expectNoProblems(t, page);
});

test.serial('the dashboard’s posts table offers Merge into… on a row; the merged row leaves, the target’s votes grow, and Unmerge on the target’s row brings it back', async (t) => {
  const web = t.context.web;
  const { source, target } = await seedPair(t, 'Slack alerts', 'Notify us in Slack');
  const page = await openPage(t, '/dashboard/posts?q=slack', { as: web.owner });
  await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
  await page.getByRole('button', { name: 'Actions for Slack alerts' }).click();
  await page.getByRole('menuitem', { name: 'Merge into…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge “Slack alerts” into…' });
  await page.getByRole('searchbox', { name: 'Search ideas' }).fill('Notify us');
  await dialog.getByRole('button', { name: /^Notify us in Slack/ }).waitFor();
  await shoot(page, 'dashboard-dialog-1280-light');
  await dialog.getByRole('button', { name: /^Notify us in Slack/ }).click();
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Merged “Slack alerts” into “Notify us in Slack”.' }).waitFor();
  await page.getByRole('rowheader', { name: 'Slack alerts', exact: true }).waitFor({ state: 'detached' });
  const targetRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Notify us in Slack', exact: true }) });
  await targetRow.getByRole('cell', { name: '3', exact: true }).waitFor();
  t.is((await postBy(t, source.slug)).postId, target.postId);

  // The target's row names what was merged into it; Unmerge asks once, then the post is a row again.
  await targetRow.locator('.posts-table__merged', { hasText: 'Merged here: “Slack alerts” — Unmerge' }).waitFor();
  await expectAccessible(t, page);
  await targetRow.getByRole('button', { name: 'Unmerge “Slack alerts”' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unmerge “Slack alerts”? It comes back with its own votes and comments.' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Unmerge “Slack alerts”');
  t.is((await postBy(t, source.slug)).postId, target.postId, 'Cancel changes nothing');
  await targetRow.getByRole('button', { name: 'Unmerge “Slack alerts”' }).click();
  await expectAccessible(t, page);
  await confirm.getByRole('button', { name: 'Unmerge' }).click();
  await page.getByRole('status').filter({ hasText: '“Slack alerts” is an idea of its own again.' }).waitFor();
  await page.getByRole('rowheader', { name: 'Slack alerts', exact: true }).waitFor();
  await targetRow.getByRole('cell', { name: '2', exact: true }).waitFor();
  t.is(await page.getByText('Merged here:').count(), 0);
  const back = await postBy(t, source.slug);
  t.is(back.postId, source.postId);
  t.is(back.voters.votesCount, 2);
  await expectNoProblems(t, page);
});

test.serial('a member without post:merge sees no Merge into…, on the post page or the dashboard', async (t) => {
  const { source } = await seedPair(t, 'Moderated idea', 'Moderated original');
  const page = await openPost(t, source.slug, { as: moderator });
  await page.getByRole('button', { name: 'Idea actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
  t.is(await page.getByRole('menuitem', { name: 'Merge into…' }).count(), 0);
  t.is(await page.getByText('Merged here:').count(), 0);
});

for (const look of [
  { width: 1280, colorScheme: 'light' },
  { width: 360, colorScheme: 'dark' },
  { width: 1280, colorScheme: 'dark' },
  { width: 360, colorScheme: 'light' },
] as const) {
  test.serial(`the dialog and the target’s page pass axe at ${look.width} px, ${look.colorScheme}`, async (t) => {
    const web = t.context.web;
    const name = `${look.width} ${look.colorScheme}`;
    const { source, target } = await seedPair(t, `Compact view ${name}`, `A denser list ${name}`);
    const merged = await seedPost(web, { board: ideas, title: `Tighter rows ${name}`, author: ada });
    await callApi(web, 'POST', `/posts/${merged.postId}/merge`, { into: target.postId });
    const page = await openPost(t, source.slug, look);
    await expectAccessible(t, page);
    const dialog = await openMergeDialog(page, `Compact view ${name}`);
    await dialog.getByRole('button', { name: new RegExp(`^A denser list ${name}`) }).waitFor();
    await shoot(page, `dialog-${look.width}-${look.colorScheme}`);
    await expectAccessible(t, page);
    await dialog.getByRole('button', { name: new RegExp(`^A denser list ${name}`) }).click();
    await shoot(page, `question-${look.width}-${look.colorScheme}`);
    await expectAccessible(t, page);
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByText(`“Compact view ${name}” was merged into this idea.`).waitFor();
    await page.locator('.post__merged-row', { hasText: `“Tighter rows ${name}” — Unmerge` }).waitFor();
    await page.locator('.comment__from').first().waitFor();
    await shoot(page, `target-${look.width}-${look.colorScheme}`);
    await expectAccessible(t, page);
    if ((look.width === 1280) === (look.colorScheme === 'light')) {
      // The dashboard's row of the target, with what was merged into it.
      await page.goto(`${web.url}/dashboard/posts?q=${encodeURIComponent(`denser list ${name}`)}`);
      await page.locator('.posts-table__merged', { hasText: `“Compact view ${name}” — Unmerge` }).waitFor();
      await shoot(page, `dashboard-${look.width}-${look.colorScheme}`);
      await expectAccessible(t, page);
    }
  });
}

/** Screenshots to look at by hand when MERGE_SHOTS names a directory; nothing otherwise. */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.MERGE_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
