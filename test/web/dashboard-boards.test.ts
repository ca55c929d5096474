// Dashboard › Boards: the owner creates (url availability said as typed, a taken url refused under its
// field), edits, hides and deletes boards, each write checked through the API; a member with only
// board:create sees what that role allows; a visitor is sent to sign in; a phone in dark mode.
import type { Page } from 'playwright-core';
import type { Board, PostDetail } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, member, seedBoard, seedPost } from './_seed.ts';

useWebServer();

/** Every board as the API stores it (the owner holds board:read, so hidden ones too). */
const storedBoards = async (t: WebTest) => (await callApi<{ boards: Board[] }>(t.context.web, 'GET', '/boards/get?limit=100')).boards;
const storedBoard = async (t: WebTest, url: string) => (await storedBoards(t)).find((board) => board.url === url);

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id);

test.serial('the owner creates a board: the url follows the name and is checked as typed; a taken url is refused under its field', async (t) => {
  await seedBoard(t.context.web, { name: 'Requests', url: 'requests' });
  const page = await openPage(t, '/dashboard/boards', { as: t.context.web.owner });
  await page.getByRole('button', { name: 'New board' }).click();
  const form = page.getByRole('form', { name: 'New board' });
  await form.getByLabel('Name', { exact: true }).fill('Bugs');
  t.is(await form.getByLabel('URL', { exact: true }).inputValue(), 'bugs');
  await form.getByRole('status').filter({ hasText: "Available: the board's page will be /b/bugs" }).waitFor();
  await form.getByLabel('URL', { exact: true }).fill('Requests');
  await form.getByRole('status').filter({ hasText: 'Taken: /b/requests belongs to another board or is reserved.' }).waitFor();
  await form.getByLabel('Colour', { exact: true }).fill('#C2410C');
  await form.getByLabel('Show who voted').uncheck();
  await form.getByRole('button', { name: 'Create board' }).click();
  // The API's answer is the authority: its refusal lands under the url, which gets focus.
  await page.locator('#board-url-error').filter({ hasText: 'Board url already exists' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'board-url');
  await form.getByLabel('URL', { exact: true }).fill('bugs');
  await form.getByRole('button', { name: 'Create board' }).click();
  await page.getByRole('status').filter({ hasText: 'Board Bugs created.' }).waitFor();
  t.is(await form.count(), 0, 'the form closes');
  t.like(await storedBoard(t, 'bugs'), { name: 'Bugs', color: 'c2410c', display: true, view_voters: false, post_count: 0 });
  const row = page.getByRole('row', { name: /^Bugs/ });
  t.deepEqual(await row.getByRole('cell').allTextContents(), ['/b/bugs', 'Shown', 'Hidden', '0', 'EditDelete']);
  t.is(await row.getByRole('link', { name: '/b/bugs' }).getAttribute('href'), '/b/bugs');
  t.is(await page.evaluate(() => document.activeElement?.textContent), 'New board', 'focus is back on New board');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('the owner edits a board and hides it: the table and the API say so, and focus returns to its Edit button', async (t) => {
  await seedBoard(t.context.web, { name: 'Ideas', url: 'ideas', color: '2e9f5e' });
  const page = await openPage(t, '/dashboard/boards', { as: t.context.web.owner });
  await page.getByRole('button', { name: 'Edit board Ideas' }).click();
  const form = page.getByRole('form', { name: 'Edit board Ideas' });
  t.is(await form.getByLabel('URL', { exact: true }).inputValue(), 'ideas');
  t.is(await form.getByLabel('Colour', { exact: true }).inputValue(), '#2e9f5e');
  await form.getByLabel('Name', { exact: true }).fill('Feature ideas');
  t.is(await form.getByLabel('URL', { exact: true }).inputValue(), 'ideas', "an existing board's url does not follow its name");
  await form.getByLabel('URL', { exact: true }).fill('feature-ideas');
  await form.getByLabel('Show on the board').uncheck();
  await form.getByRole('button', { name: 'Save board' }).click();
  await page.getByRole('status').filter({ hasText: 'Board Feature ideas saved.' }).waitFor();
  t.like(await storedBoard(t, 'feature-ideas'), { name: 'Feature ideas', color: '2e9f5e', display: false, view_voters: true });
  const publicBoards = (await callApi<{ boards: Board[] }>(t.context.web, 'GET', '/boards?page=1&limit=100', undefined, null)).boards;
  t.false(publicBoards.some((board) => board.url === 'feature-ideas'), 'visitors no longer see it');
  t.is(await page.getByRole('row', { name: /^Feature ideas/ }).getByRole('cell').nth(1).textContent(), 'Hidden');
  t.is(await focusedLabel(page), 'Edit board Feature ideas');
  await expectNoProblems(t, page);
});

test.serial('the owner writes a board description: a counter says what is left, the API\'s refusal over 300 characters shows under it, and the saved one shows publicly', async (t) => {
  const page = await openPage(t, '/dashboard/boards', { as: t.context.web.owner });
  await page.getByRole('button', { name: 'New board' }).click();
  const form = page.getByRole('form', { name: 'New board' });
  await form.getByLabel('Name', { exact: true }).fill('Integrations');
  const description = form.getByRole('textbox', { name: 'Description' });
  t.regex((await description.getAttribute('aria-describedby')) ?? '', /board-description-hint/);
  await form.getByText('300 characters left.', { exact: false }).waitFor();
  await description.fill('x'.repeat(301));
  await form.getByText('1 character too many.', { exact: false }).waitFor();
  await form.getByRole('button', { name: 'Create board' }).click();
  await page.locator('#board-description-error').filter({ hasText: 'description cannot exceed 300 characters' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'board-description');
  await description.fill('Slack, GitHub and the like.');
  await form.getByText('273 characters left.', { exact: false }).waitFor();
  await form.getByRole('button', { name: 'Create board' }).click();
  await page.getByRole('status').filter({ hasText: 'Board Integrations created.' }).waitFor();
  t.like(await storedBoard(t, 'integrations'), { description: 'Slack, GitHub and the like.' });

  await page.getByRole('button', { name: 'Edit board Integrations' }).click();
  const edit = page.getByRole('form', { name: 'Edit board Integrations' });
  t.is(await edit.getByRole('textbox', { name: 'Description' }).inputValue(), 'Slack, GitHub and the like.');
  await edit.getByRole('textbox', { name: 'Description' }).fill('   ');
  await edit.getByRole('button', { name: 'Save board' }).click();
  await page.getByRole('status').filter({ hasText: 'Board Integrations saved.' }).waitFor();
  t.like(await storedBoard(t, 'integrations'), { description: null }, 'a blank description clears it');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('"Show who voted" says what turning it off does, read with the checkbox', async (t) => {
  const page = await openPage(t, '/dashboard/boards', { as: t.context.web.owner });
  await page.getByRole('button', { name: 'New board' }).click();
  const form = page.getByRole('form', { name: 'New board' });
  const checkbox = form.getByRole('checkbox', { name: 'Show who voted' });
  const hint = "On: an idea's page lists the people who voted for it. Off: only the team sees who voted, in the API too; everyone still sees the count.";
  const describedBy = (await checkbox.getAttribute('aria-describedby')) ?? '';
  t.truthy(describedBy);
  t.is(await page.locator(`[id="${describedBy}"]`).textContent(), hint);
  await expectAccessible(t, page);
});

test.serial('the owner deletes a board after a confirmation naming its posts; the posts stay, without a board', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { name: 'Old', url: 'old' });
  const post = await seedPost(web, { board, title: 'Keep me' });
  await seedPost(web, { board, title: 'Keep me too' });
  const page = await openPage(t, '/dashboard/boards', { as: web.owner });
  await page.getByRole('button', { name: 'Delete board Old' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete board Old? Its 2 posts stay, without a board, and everyone can see them.' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  t.is(await focusedLabel(page), 'Delete board Old');
  t.truthy(await storedBoard(t, 'old'), 'Cancel deletes nothing');
  await page.getByRole('button', { name: 'Delete board Old' }).click();
  await dialog.getByRole('button', { name: 'Delete board' }).click();
  await page.getByRole('status').filter({ hasText: 'Board Old deleted.' }).waitFor();
  t.is(await page.getByRole('row', { name: /^Old/ }).count(), 0);
  t.is(await storedBoard(t, 'old'), undefined);
  const kept = (await callApi<{ post: PostDetail }>(web, 'POST', '/posts/slug', { slug: post.slug })).post;
  t.is(kept.board, null);
  t.is(await page.evaluate(() => document.activeElement?.id), 'boards-title', 'focus goes to the heading once the row is gone');
  await expectNoProblems(t, page);
});

test.serial('by keyboard alone: open the form, create a board with Enter; Escape closes a form without saving', async (t) => {
  const page = await openPage(t, '/dashboard/boards', { as: t.context.web.owner });
  await page.getByRole('button', { name: 'New board' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Keyboard board');
  await page.getByRole('status').filter({ hasText: 'Available: ' }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Board Keyboard board created.' }).waitFor();
  t.like(await storedBoard(t, 'keyboard-board'), { name: 'Keyboard board', display: true });
  await page.keyboard.press('Enter');
  await page.keyboard.type('Never saved');
  await page.keyboard.press('Escape');
  await page.getByRole('form', { name: 'New board' }).waitFor({ state: 'detached' });
  t.is(await page.evaluate(() => document.activeElement?.textContent), 'New board');
  t.false((await storedBoards(t)).some((board) => board.name === 'Never saved'));
  await expectNoProblems(t, page);
});

test.serial('a member whose one role holds board:create creates a board but sees no Edit or Delete, and is told why hidden boards are missing', async (t) => {
  const web = t.context.web;
  await seedBoard(web, { name: 'Secret', url: 'secret', display: false });
  const creator = await member(web, { permissions: ['board:create'] });
  const page = await openPage(t, '/dashboard/boards', { as: creator });
  await page.getByRole('table').waitFor();
  t.deepEqual(await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allTextContents(), ['Boards', 'Your account']);
  t.is(await page.getByRole('button', { name: /^(Edit|Delete) board/ }).count(), 0);
  t.is(await page.getByRole('columnheader', { name: 'Actions' }).count(), 0);
  t.is(await page.getByRole('row', { name: /^Secret/ }).count(), 0);
  await page.getByText('Hidden boards are not listed here: seeing them takes a role with board:read.').waitFor();
  await page.getByRole('button', { name: 'New board' }).click();
  await page.getByLabel('Name', { exact: true }).fill('From a member');
  await page.getByRole('status').filter({ hasText: 'Available: ' }).waitFor();
  await page.getByRole('button', { name: 'Create board' }).click();
  await page.getByRole('status').filter({ hasText: 'Board From a member created.' }).waitFor();
  t.like(await storedBoard(t, 'from-a-member'), { name: 'From a member' });
  await expectNoProblems(t, page);
});

test.serial('a visitor is sent to sign in (with the way back to the boards)', async (t) => {
  const page = await openPage(t, '/dashboard/boards');
  await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/dashboard/boards');
  t.pass();
});

test.serial('on a phone in dark mode: the table scrolls inside its own region, and the page, form and dialog pass axe', async (t) => {
  const page = await openPage(t, '/dashboard/boards', { as: t.context.web.owner, width: 360, colorScheme: 'dark' });
  const region = page.getByRole('region', { name: 'Boards table' });
  await region.waitFor();
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the page never scrolls sideways');
  t.true(await region.evaluate((el) => el.scrollWidth > el.clientWidth), 'the table scrolls inside its region');
  t.is(await region.getAttribute('tabindex'), '0');
  await expectAccessible(t, page);
  await page.getByRole('button', { name: 'New board' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Requests');
  await page.getByRole('status').filter({ hasText: 'Taken: ' }).waitFor();
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the form fits');
  await expectAccessible(t, page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete board Requests' }).click();
  await page.getByRole('dialog').waitFor();
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});
