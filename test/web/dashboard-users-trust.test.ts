// Dashboard › Users, issue 31 §2: the owner trusts a member and stops trusting them (checked through
// the API); the owner and team members are never offered trust; blocking may also hide everything the
// user posted (gone for a visitor), and unblocking may show it again; the block and unblock dialogs
// on a phone in dark mode pass axe.
import type { Page } from 'playwright-core';
import type { UserListItem } from '../../src/web/api/dashboard-users.js';
import type { PostRecord } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebServer } from './_browser.ts';
import { callApi, member, seedComment, seedPost } from './_seed.ts';

useWebServer();

let named = 0;
/** A word no other test's users carry, to search by. */
const fresh = (base: string) => `${base}${++named}x`;

/** The user as GET /users lists them. */
async function listed(web: WebServer, email: string): Promise<UserListItem> {
  const { users } = await callApi<{ users: UserListItem[] }>(web, 'GET', `/users?query=${encodeURIComponent(email)}&page=1`);
  const user = users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`GET /users does not list ${email}`);
  return user;
}

/** Whether a visitor (no token) finds a post with this title through POST /posts/get. */
async function visitorSees(web: WebServer, title: string): Promise<boolean> {
  const { posts } = await callApi<{ posts: PostRecord[] }>(web, 'POST', '/posts/get', { query: title }, null);
  return posts.some((post) => post.title === title);
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

async function openMenu(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menu').waitFor();
}

async function chooseAction(page: Page, name: string, action: string): Promise<void> {
  await openMenu(page, name);
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** The menu items offered on a row (the menu is closed again with Escape). */
async function menuItems(page: Page, name: string): Promise<string[]> {
  await openMenu(page, name);
  const items = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  return items.map((item) => item.trim());
}

test.serial('the owner trusts a member and stops trusting them; the owner and team members are not offered trust', async (t) => {
  const web = t.context.web;
  const word = fresh('Trust');
  const name = `Tess ${word}`;
  const teamName = `Theo ${word}`;
  const tess = await member(web, { name });
  await member(web, { name: teamName, permissions: ['post:update'] });
  const page = await openPage(t, `/dashboard/users?q=${encodeURIComponent(word)}`, { as: web.owner });
  await rowOf(page, name).waitFor();
  t.deepEqual(await menuItems(page, teamName), ['Roles', 'Block'], 'a team member never waits for approval: no Trust');

  await chooseAction(page, name, 'Trust');
  await page.getByRole('status').filter({ hasText: `Trusted ${name}.` }).waitFor();
  await rowOf(page, name).getByText('Trusted', { exact: true }).waitFor();
  await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `Actions for ${name}`);
  t.is((await listed(web, tess.email)).isTrusted, true);
  t.deepEqual(await menuItems(page, name), ['Roles', 'Stop trusting', 'Block']);

  await chooseAction(page, name, 'Stop trusting');
  await page.getByRole('status').filter({ hasText: `Stopped trusting ${name}.` }).waitFor();
  await rowOf(page, name).getByText('Trusted', { exact: true }).waitFor({ state: 'detached' });
  t.is((await listed(web, tess.email)).isTrusted, undefined);

  // The owner's own row: no Trust and no Block.
  await page.getByLabel('Search users').fill(web.owner.user.email);
  const ownerName = web.owner.user.name || web.owner.user.username;
  await rowOf(page, ownerName).waitFor();
  t.deepEqual(await menuItems(page, ownerName), ['Roles']);
  await expectNoProblems(t, page);
});

test.serial('blocking also hides their ideas and comments from visitors; unblocking shows them again', async (t) => {
  const web = t.context.web;
  const name = `Spammy ${fresh('Hide')}`;
  const spammy = await member(web, { name });
  const title = `Cheap watches ${fresh('title')}`;
  const post = await seedPost(web, { title, author: spammy });
  await seedComment(web, post, { body: 'Buy now', author: spammy });
  t.true(await visitorSees(web, title));

  const page = await openPage(t, `/dashboard/users?q=${encodeURIComponent(name)}`, { as: web.owner });
  await chooseAction(page, name, 'Block');
  const block = page.getByRole('dialog', { name: `Block ${name}? They can no longer sign in or take part.` });
  const hide = block.getByRole('checkbox', { name: 'Also hide their ideas and comments' });
  t.false(await hide.isChecked(), 'hiding is a choice, not the default');
  await hide.check();
  await block.getByRole('button', { name: 'Block' }).click();
  await page.getByRole('status').filter({ hasText: `Blocked ${name} and hid their ideas and comments.` }).waitFor();
  await rowOf(page, name).getByText('Blocked', { exact: true }).waitFor();
  t.true((await listed(web, spammy.email)).isBlocked);
  t.false(await visitorSees(web, title), 'the post is gone for a visitor');
  const comments = await web.ctx.storage.comments.listByUser(spammy.user.id);
  t.deepEqual(
    comments.map((comment) => comment.approval),
    ['spam'],
  );

  await chooseAction(page, name, 'Unblock');
  const unblock = page.getByRole('dialog', { name: `Unblock ${name}? They can sign in and take part again.` });
  await unblock.getByRole('checkbox', { name: 'Also show their hidden ideas and comments again' }).check();
  await unblock.getByRole('button', { name: 'Unblock' }).click();
  await page.getByRole('status').filter({ hasText: `Unblocked ${name} and showed their ideas and comments again.` }).waitFor();
  await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `Actions for ${name}`);
  t.false((await listed(web, spammy.email)).isBlocked);
  t.true(await visitorSees(web, title), 'the post is back');
  t.deepEqual(
    (await web.ctx.storage.comments.listByUser(spammy.user.id)).map((comment) => comment.approval),
    ['approved'],
  );
  await expectNoProblems(t, page);
});

test.serial('a block without hiding leaves their ideas up', async (t) => {
  const web = t.context.web;
  const name = `Quiet ${fresh('Keep')}`;
  const quiet = await member(web, { name });
  const title = `A fair idea ${fresh('title')}`;
  await seedPost(web, { title, author: quiet });
  const page = await openPage(t, `/dashboard/users?q=${encodeURIComponent(name)}`, { as: web.owner });
  await chooseAction(page, name, 'Block');
  await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await page.getByRole('status').filter({ hasText: `Blocked ${name}.` }).waitFor();
  t.true((await listed(web, quiet.email)).isBlocked);
  t.true(await visitorSees(web, title));
  await expectNoProblems(t, page);
});

test.serial('on a phone in dark mode the row menu and the block and unblock dialogs are accessible', async (t) => {
  const web = t.context.web;
  const name = `Dana ${fresh('Phone')}`;
  await member(web, { name });
  const page = await openPage(t, `/dashboard/users?q=${encodeURIComponent(name)}`, { as: web.owner, width: 360, colorScheme: 'dark' });
  await rowOf(page, name).waitFor();
  await openMenu(page, name);
  await expectAccessible(t, page);
  await page.getByRole('menuitem', { name: 'Trust', exact: true }).click();
  await rowOf(page, name).getByText('Trusted', { exact: true }).waitFor();
  await chooseAction(page, name, 'Block');
  await page.getByRole('dialog').getByRole('checkbox', { name: 'Also hide their ideas and comments' }).check();
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the page does not scroll sideways');
  await expectAccessible(t, page);
  await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await rowOf(page, name).getByText('Blocked', { exact: true }).waitFor();
  await chooseAction(page, name, 'Unblock');
  await page.getByRole('dialog').getByRole('checkbox', { name: 'Also show their hidden ideas and comments again' }).waitFor();
  await expectAccessible(t, page);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await expectNoProblems(t, page);
});
