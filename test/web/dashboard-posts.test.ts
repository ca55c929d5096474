// Dashboard › Posts: the table of every idea, its filters and pages in the URL, the board and status
// changed in place, edit and delete from the row's menu, votes on behalf, who sees what, and the
// post page's internal notes reached from the title. Every write is checked through the API.
import type { Page } from 'playwright-core';
import type { Board, PostDetail, PostRecord, Roadmap } from '../../src/web/api/types.js';
import type { Persona } from '../_helpers/personas.js';
import { expectAccessible, expectNoProblems, openPage, type PageOptions, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, type Member, member, seedBoard, seedComment, seedPost, seedRoadmap, seedVote, setLabs } from './_seed.ts';

useWebServer();

let ideas: Board;
let bugs: Board;
let archive: Board;
let planned: Roadmap;
let done: Roadmap;
let grace: Member;
let alan: Member;

test.serial.before(async (t) => {
  const web = t.context.web;
  [ideas, bugs, archive] = [await seedBoard(web, { name: 'Ideas' }), await seedBoard(web, { name: 'Bugs' }), await seedBoard(web, { name: 'Archive' })];
  [planned, done] = [await seedRoadmap(web, { name: 'Planned' }), await seedRoadmap(web, { name: 'Done' })];
  grace = await member(web, { name: 'Grace Hopper', email: 'grace@example.org' });
  alan = await member(web, { name: 'Alan Turing', email: 'alan@example.org' });
  // 27 on one board: a full page of 25, and 2 on the next.
  for (let n = 1; n <= 27; n++) await seedPost(web, { board: archive, title: `Archived idea ${n}` });
  const dark = await seedPost(web, { board: ideas, title: 'Dark mode for the dashboard', author: grace });
  await seedVote(web, dark, alan);
  await seedVote(web, dark, web.owner);
  for (const body of ['Please', 'Soon']) await seedComment(web, dark, { body, author: alan });
  await seedPost(web, { board: ideas, title: 'Export votes as CSV', author: grace });
  const crash = await seedPost(web, { board: bugs, roadmap: planned, title: 'Crash on sign-in', author: alan });
  await seedVote(web, crash, grace);
});

const postsPage = async (t: WebTest, query = '', options: PageOptions = {}) => {
  const page = await openPage(t, `/dashboard/posts${query}`, { as: t.context.web.owner, ...options });
  await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
  return page;
};

const titlesOf = (page: Page) => page.locator('.posts-table tbody th').allTextContents();

/** Waits until the table lists exactly these titles (it keeps the old rows while the next ones load). */
async function expectRows(t: WebTest, page: Page, titles: string[]): Promise<void> {
  await page
    .waitForFunction((want) => JSON.stringify(Array.from(document.querySelectorAll('.posts-table tbody th'), (th) => th.textContent)) === JSON.stringify(want), titles)
    .catch(() => undefined);
  t.deepEqual(await titlesOf(page), titles);
}

const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
const storedPost = async (t: WebTest, postId: string, as: Persona | null = t.context.web.owner) =>
  (await callApi<{ post: PostDetail }>(t.context.web, 'POST', '/posts/slug', { id: postId }, as)).post;
const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test.serial('the owner filters by board, status and search and orders by votes; the URL keeps the view through a reload, and Back', async (t) => {
  const page = await postsPage(t);
  await page.getByLabel('Board', { exact: true }).selectOption({ label: 'Ideas' });
  await expectRows(t, page, ['Export votes as CSV', 'Dark mode for the dashboard']);
  await page.getByLabel('Order').selectOption({ label: 'Most votes' });
  await expectRows(t, page, ['Dark mode for the dashboard', 'Export votes as CSV']);
  t.is(await rowOf(page, 'Dark mode for the dashboard').getByRole('cell').nth(2).textContent(), '3');
  t.is(await page.getByRole('columnheader').nth(4).textContent(), 'Comments');
  t.is(await rowOf(page, 'Dark mode for the dashboard').getByRole('cell').nth(3).textContent(), '2');
  t.is(await rowOf(page, 'Export votes as CSV').getByRole('cell').nth(3).textContent(), '0');
  await page.getByLabel('Search posts').fill('expo');
  await expectRows(t, page, ['Export votes as CSV']);
  t.deepEqual(params(page), { board: ideas.boardId, q: 'expo', order: 'votes' });

  await page.reload();
  await expectRows(t, page, ['Export votes as CSV']);
  t.is(await page.getByLabel('Search posts').inputValue(), 'expo');
  t.is(await page.getByLabel('Board', { exact: true }).inputValue(), ideas.boardId);
  t.is(await page.getByLabel('Order').inputValue(), 'votes');

  await page.goBack();
  await expectRows(t, page, ['Dark mode for the dashboard', 'Export votes as CSV']);
  t.is(await page.getByLabel('Search posts').inputValue(), '');

  await page.getByLabel('Board', { exact: true }).selectOption({ label: 'All boards' });
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Planned' });
  await expectRows(t, page, ['Crash on sign-in']);
  t.deepEqual(params(page), { roadmap: planned.id, order: 'votes' });
  await page.getByLabel('Search posts').fill('nothing like this');
  await page.getByText('No posts match.').waitFor();
  await expectNoProblems(t, page);
});

test.serial('25 posts a page: Next and Previous page through, the page is in the URL, and a page past the end says so', async (t) => {
  const page = await postsPage(t, `?board=${archive.boardId}`);
  await page.getByText('Page 1 · posts 1–25').waitFor();
  const first = await titlesOf(page);
  t.is(first.length, 25);
  t.is(await page.getByRole('button', { name: 'Previous' }).getAttribute('aria-disabled'), 'true');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Page 2 · posts 26–27').waitFor();
  const second = await titlesOf(page);
  t.is(second.length, 2);
  t.is(new Set([...first, ...second]).size, 27);
  t.is(params(page).page, '2');
  t.is(await page.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled'), 'true');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expectRows(t, page, first);

  const past = await postsPage(t, `?board=${archive.boardId}&page=3`);
  await past.getByText('No posts match.').waitFor();
  await past.getByRole('button', { name: 'Previous' }).waitFor();
  await expectNoProblems(t, page);
});

test.serial('the owner moves a post to another board and sets its status in place; a refusal shows on the row and the select goes back', async (t) => {
  const web = t.context.web;
  const post = await seedPost(web, { board: ideas, title: 'Inline target', author: grace });
  const doomed = await seedBoard(web, { name: 'Doomed' });
  const page = await postsPage(t, '?q=inline+target');
  const row = rowOf(page, 'Inline target');
  await row.getByRole('combobox', { name: 'Board of Inline target' }).selectOption({ label: 'Bugs' });
  await row.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  t.is((await storedPost(t, post.postId)).board?.boardId, bugs.boardId);
  await row.getByRole('combobox', { name: 'Status of Inline target' }).selectOption({ label: 'Done' });
  await row.getByRole('status').filter({ hasText: 'Saved' }).nth(1).waitFor();
  t.is((await storedPost(t, post.postId)).roadmap?.id, done.id);

  // The board goes away behind the page's back: the API refuses, and the row says so.
  await callApi(web, 'DELETE', '/boards', { boardId: doomed.boardId });
  const board = row.getByRole('combobox', { name: 'Board of Inline target' });
  await board.selectOption({ label: 'Doomed' });
  await row.getByText('Not saved: Board not found').waitFor();
  t.is(await board.inputValue(), bugs.boardId);
  t.is(await board.getAttribute('aria-invalid'), 'true');
  t.is((await storedPost(t, post.postId)).board?.boardId, bugs.boardId);
  await expectNoProblems(t, page);
});

test.serial('by keyboard alone the owner edits a post in a dialog, then deletes it after a confirmation naming it and its votes', async (t) => {
  const web = t.context.web;
  const post = await seedPost(web, { board: ideas, title: 'Keyboard target', author: grace });
  await seedVote(web, post, alan);
  const page = await postsPage(t, '?q=keyboard+target');
  await page.getByRole('button', { name: 'Actions for Keyboard target' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit idea' });
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'post-edit-title');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Keyboard target, renamed');
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Saved “Keyboard target, renamed”.' }).waitFor();
  const trigger = page.getByRole('button', { name: 'Actions for Keyboard target, renamed' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Actions for Keyboard target, renamed');
  t.is((await storedPost(t, post.postId)).title, 'Keyboard target, renamed');
  t.is(await rowOf(page, 'Keyboard target, renamed').getByRole('link').getAttribute('href'), `/p/${(await storedPost(t, post.postId)).slug}`);

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.getByText('Delete the idea “Keyboard target, renamed” and its 2 votes and comments?').waitFor();
  t.is(await page.evaluate(() => document.activeElement?.textContent), 'Cancel');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Deleted “Keyboard target, renamed”.' }).waitFor();
  await page.getByText('No posts match.').waitFor();
  t.is(await trigger.count(), 0);
  await t.throwsAsync(storedPost(t, post.postId), { message: /404/ });
  await expectNoProblems(t, page);
});

test.serial('with the vote-on-behalf lab on, the owner finds a user and records their vote, and a second vote is refused in words; with it off the action is absent', async (t) => {
  const web = t.context.web;
  await setLabs(web, { voteOnBehalf: true });
  const post = await seedPost(web, { board: ideas, title: 'Vote target', author: grace });
  await member(web, { name: 'Katherine Johnson', email: 'katherine@example.org' });
  const page = await postsPage(t, '?q=vote+target');
  await page.getByRole('button', { name: 'Actions for Vote target' }).click();
  await page.getByRole('menuitem', { name: 'Vote for a user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vote for a user' });
  await dialog.getByLabel('Search users').fill('katherine');
  await dialog.getByRole('button', { name: 'Add vote from Katherine Johnson' }).click();
  await dialog.getByText('Voted', { exact: true }).waitFor();
  await dialog.getByText('On “Vote target”, which has 2 votes.').waitFor();
  t.deepEqual(await dialog.locator('.posts-vote__name').allTextContents(), ['Katherine Johnson'], 'only the user who matches');
  t.is((await storedPost(t, post.postId)).voters.votesCount, 2);
  await dialog.getByLabel('Search users').fill('grace');
  await dialog.getByRole('button', { name: 'Add vote from Grace Hopper' }).click();
  await dialog.getByRole('listitem').filter({ hasText: 'grace@example.org' }).getByText('Grace Hopper has already voted for this idea.').waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  t.is(await rowOf(page, 'Vote target').getByRole('cell').nth(2).textContent(), '2');
  t.is((await storedPost(t, post.postId)).voters.votesCount, 2);

  await setLabs(web, { voteOnBehalf: false });
  const off = await postsPage(t, '?q=vote+target');
  await off.getByRole('button', { name: 'Actions for Vote target' }).click();
  t.deepEqual(await off.getByRole('menuitem').allTextContents(), ['Edit', 'Merge into…', 'Delete']);
  await expectNoProblems(t, page);
});

test.serial('a member holding only roadmap:assign sees the table and sets a status, with no board select, edit or delete, and is told why', async (t) => {
  const web = t.context.web;
  const post = await seedPost(web, { board: ideas, title: 'Status only target', author: grace });
  const page = await postsPage(t, '?q=status+only', { as: await member(web, { permissions: ['roadmap:assign'] }) });
  t.deepEqual(await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allTextContents(), ['Posts', 'Your account']);
  await page.getByText("Your roles let you set statuses here. Moving, editing or deleting others' ideas needs a role that allows it").waitFor();
  const row = rowOf(page, 'Status only target');
  await row.getByRole('combobox', { name: 'Status of Status only target' }).selectOption({ label: 'Planned' });
  await row.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  t.is((await storedPost(t, post.postId)).roadmap?.id, planned.id);
  t.is(await row.getByRole('combobox', { name: 'Board of Status only target' }).count(), 0);
  t.is(await row.getByRole('cell').first().textContent(), 'Ideas');
  t.is(await row.getByRole('button', { name: /^Actions for/ }).count(), 0);
  await expectNoProblems(t, page);
});

test.serial('a member holding vote:assign, the lab on, is told that only the owner can look up users', async (t) => {
  const web = t.context.web;
  await setLabs(web, { voteOnBehalf: true });
  await seedPost(web, { board: ideas, title: 'Lookup target', author: grace });
  const page = await postsPage(t, '?q=lookup+target', { as: await member(web, { permissions: ['roadmap:assign', 'vote:assign'] }) });
  await page.getByRole('button', { name: 'Actions for Lookup target' }).click();
  t.deepEqual(await page.getByRole('menuitem').allTextContents(), ['Vote for a user']);
  await page.getByRole('menuitem', { name: 'Vote for a user' }).click();
  await page.getByLabel('Search users').fill('grace');
  await page.getByText("Only the board's owner can look up users.").waitFor();
  await setLabs(web, { voteOnBehalf: false });
  await expectNoProblems(t, page);
});

test.serial('a visitor is sent to sign in first', async (t) => {
  const page = await openPage(t, '/dashboard/posts?board=x');
  await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/dashboard/posts?board=x');
  t.pass();
});

test.serial('on a phone in dark mode the filters sit above a table that scrolls inside its wrap; axe passes, with the edit dialog open too', async (t) => {
  const page = await postsPage(t, '', { width: 360, colorScheme: 'dark' });
  const wrap = page.getByRole('region', { name: 'Post list' });
  await wrap.waitFor();
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the page does not scroll sideways');
  t.true(await wrap.evaluate((element) => element.scrollWidth > element.clientWidth), 'the table scrolls inside its wrap');
  t.is(await wrap.getAttribute('tabindex'), '0');
  const filters = await page.getByRole('search', { name: 'Filter posts' }).boundingBox();
  t.true(filters!.y + filters!.height <= (await wrap.boundingBox())!.y, 'the filters are above the table');
  await expectAccessible(t, page);
  await page.getByRole('button', { name: 'Actions for Crash on sign-in' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('dialog', { name: 'Edit idea' }).waitFor();
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('the title leads to the post page, where a member with the internal-note permissions adds a note marked internal that a visitor never sees', async (t) => {
  const web = t.context.web;
  const post: PostRecord = await seedPost(web, { board: ideas, title: 'Internal note target', author: grace });
  const team = await member(web, { name: 'Tess Team', permissions: ['post:update', 'comment:create_internal', 'comment:view_internal'] });
  const page = await postsPage(t, '?q=internal+note', { as: team });
  await rowOf(page, 'Internal note target').getByRole('link', { name: 'Internal note target' }).click();
  await page.waitForURL((url) => url.pathname === `/p/${post.slug}`);
  await page.getByLabel('Comment', { exact: true }).fill('Team only: check with billing');
  await page.getByLabel('Internal note (only the team sees it)').check();
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const note = page.locator('.activity article').filter({ hasText: 'Team only: check with billing' });
  await note.getByText('Internal', { exact: true }).waitFor();
  t.true((await note.getAttribute('class'))?.includes('comment--internal'));

  const visitor = await openPage(t, `/p/${post.slug}`);
  await visitor.getByRole('heading', { level: 1, name: 'Internal note target' }).waitFor();
  await visitor.getByRole('heading', { name: 'Comments' }).waitFor();
  t.is(await visitor.getByText('Team only: check with billing').count(), 0);
  await expectNoProblems(t, page);
});

test.serial('a status stored after a search has replaced the list shows in the new list, not lost with the old one', async (t) => {
  const web = t.context.web;
  const post = await seedPost(web, { board: ideas, title: 'Race target for statuses', author: grace });
  const page = await postsPage(t, '?q=race+target+for');
  // The status write reaches the server only once a search has answered with the post as it was.
  let sendWrite = () => {};
  const searched = new Promise<void>((resolve) => {
    sendWrite = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/v1/posts',
    async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      await searched;
      await route.continue();
    },
  );
  await rowOf(page, 'Race target for statuses').getByRole('combobox', { name: 'Status of Race target for statuses' }).selectOption({ label: 'Done' });
  await page.getByLabel('Search posts').fill('race target for statuses');
  await page.waitForURL(/q=race\+target\+for\+statuses/);
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  sendWrite();
  const row = rowOf(page, 'Race target for statuses');
  await row.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  t.is((await storedPost(t, post.postId)).roadmap?.id, done.id);
  await page.waitForTimeout(200);
  t.is(await row.getByRole('combobox', { name: 'Status of Race target for statuses' }).inputValue(), done.id);
  await expectNoProblems(t, page);
});
