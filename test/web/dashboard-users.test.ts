// Dashboard › Users: search by name and email, pages of 25, block and unblock (both confirmed), roles given
// and taken in the Roles dialog (each write checked through the API, and kept when a search answers
// late), a refusal in words, what a member holding role:assign is told, a visitor sent to sign in, a
// phone in dark mode, the keyboard.
import type { Locator, Page } from 'playwright-core';
import { insertAccount } from '../../src/services/accounts.js';
import type { UserListItem } from '../../src/web/api/dashboard-users.js';
import { sendRequest } from '../_helpers/server.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebServer, type WebTest } from './_browser.ts';
import { callApi, member } from './_seed.ts';

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

/** `count` accounts written to storage (fast), named `<name> <n>` with emails at `domain`. */
async function people(web: WebServer, name: string, domain: string, count: number): Promise<void> {
  // One second apart, oldest first: the list's order is known.
  const start = Date.now() - count * 1000;
  await web.ctx.storage.transaction(async (tx) => {
    for (let n = 1; n <= count; n++) {
      const account = { email: `p${n}@${domain}`, name: `${name} ${n}`, passwordHash: 'x', isOwner: false };
      await insertAccount(tx, account, new Date(start + n * 1000).toISOString());
    }
  });
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

async function chooseAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Presses Tab until `target` has focus (at most `limit` times): the keyboard is the only way in. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let pressed = 0; pressed < limit; pressed++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

const searchFor = async (page: Page, text: string) => page.getByLabel('Search users').fill(text);
const rowNames = (page: Page) => page.locator('.users-table tbody th .users-table__name').allTextContents();

/** Waits until the table lists exactly these names, in this order (the search applies after a pause). */
async function waitForRows(page: Page, names: string[]): Promise<void> {
  await page.waitForFunction(
    (wanted) => JSON.stringify(Array.from(document.querySelectorAll('.users-table tbody th .users-table__name'), (cell) => cell.textContent)) === wanted,
    JSON.stringify(names),
  );
}

test.serial('the owner searches by name and by email; the search is in the URL', async (t) => {
  const web = t.context.web;
  const word = fresh('Quill');
  const grace = await member(web, { name: `Grace ${word}`, email: `grace.${word.toLowerCase()}@navy.example` });
  await member(web, { name: `Alan ${word}`, email: `turing-${word.toLowerCase()}@bletchley.example` });
  const page = await openPage(t, '/dashboard/users', { as: web.owner });
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  await searchFor(page, `grace ${word}`);
  await page.waitForURL((url) => url.searchParams.get('q') === `grace ${word}`);
  await waitForRows(page, [`Grace ${word}`]);
  t.true((await rowOf(page, `Grace ${word}`).textContent())?.includes(grace.email));
  await searchFor(page, `BLETCHLEY.example`);
  await waitForRows(page, [`Alan ${word}`]);
  await searchFor(page, 'nobody-by-this-name');
  await page.getByText('No users match “nobody-by-this-name”.').waitFor();
  await expectNoProblems(t, page);
});

test.serial('the owner pages through 25 users at a time, with Previous and Next', async (t) => {
  const web = t.context.web;
  const domain = `${fresh('pages')}.example`;
  await people(web, 'Pat', domain, 27);
  const page = await openPage(t, `/dashboard/users?q=${domain}`, { as: web.owner });
  await page.getByText('Page 1 of 2 · 1–25 of 27').waitFor();
  t.is((await rowNames(page)).length, 25);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Page 2 of 2 · 26–27 of 27').waitFor();
  t.is(new URL(page.url()).searchParams.get('page'), '2');
  await waitForRows(page, ['Pat 26', 'Pat 27']);
  t.is(await page.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled'), 'true');
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByText('Page 1 of 2 · 1–25 of 27').waitFor();
  await expectNoProblems(t, page);
});

test.serial('the owner blocks a user after confirming, then unblocks them; the API refuses and then accepts their token', async (t) => {
  const web = t.context.web;
  const name = `Mallory ${fresh('Block')}`;
  const mallory = await member(web, { name });
  const page = await openPage(t, `/dashboard/users?q=${encodeURIComponent(name)}`, { as: web.owner });
  await chooseAction(page, name, 'Block');
  const dialog = page.getByRole('dialog', { name: `Block ${name}? They can no longer sign in or take part.` });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Block' }).click();
  await page.getByRole('status').filter({ hasText: `Blocked ${name}.` }).waitFor();
  await rowOf(page, name).getByText('Blocked', { exact: true }).waitFor();
  t.true((await listed(web, mallory.email)).isBlocked);
  const refused = await sendRequest(web.url, 'GET', '/users/profile', { token: mallory.token });
  t.deepEqual([refused.status, refused.body.code], [403, 'USER_BLOCKED']);

  await chooseAction(page, name, 'Unblock');
  await page.getByRole('dialog', { name: `Unblock ${name}? They can sign in and take part again.` }).getByRole('button', { name: 'Unblock' }).click();
  await page.getByRole('status').filter({ hasText: `Unblocked ${name}.` }).waitFor();
  await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `Actions for ${name}`);
  t.false((await listed(web, mallory.email)).isBlocked);
  t.is((await sendRequest(web.url, 'GET', '/users/profile', { token: mallory.token })).status, 200);
  await expectNoProblems(t, page);
});

test.serial('the owner row offers no Block; the owner gives a role and takes it away in the Roles dialog', async (t) => {
  const web = t.context.web;
  const roleName = fresh('Moderator');
  await callApi(web, 'POST', '/roles', { name: roleName, description: 'Keeps the peace', permissions: ['comment:delete:any'] });
  const name = `Rita ${fresh('Roles')}`;
  const rita = await member(web, { name });
  const page = await openPage(t, `/dashboard/users?q=${encodeURIComponent(name)}`, { as: web.owner });
  await chooseAction(page, name, 'Roles');
  const dialog = page.getByRole('dialog', { name: `Roles of ${name}` });
  t.true(await dialog.getByLabel('@everyone').isChecked());
  await dialog.getByLabel(roleName).check();
  await dialog.getByRole('status').filter({ hasText: `${name} now holds ${roleName}.` }).waitFor();
  t.deepEqual((await listed(web, rita.email)).roles.map((role) => role.name), ['@everyone', roleName]);
  await dialog.getByLabel(roleName).uncheck();
  await dialog.getByRole('status').filter({ hasText: `${name} no longer holds ${roleName}.` }).waitFor();
  t.deepEqual((await listed(web, rita.email)).roles.map((role) => role.name), ['@everyone']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  t.deepEqual(await rowOf(page, name).getByRole('list', { name: `Roles of ${name}` }).getByRole('listitem').allTextContents(), ['@everyone']);

  await searchFor(page, 'Ada Lovelace');
  await waitForRows(page, ['Ada Lovelace']);
  await page.getByRole('button', { name: 'Actions for Ada Lovelace' }).click();
  t.deepEqual(await page.getByRole('menuitem').allTextContents(), ['Roles']);
  await expectNoProblems(t, page);
});

/** Answers read by the server at once that reach the page only on `release()`; later requests go through. */
interface HeldAnswers {
  /** Resolves once `count` requests have been answered by the server. */
  read(count: number): Promise<void>;
  release(): void;
}

async function holdAnswers(page: Page, match: (url: URL) => boolean): Promise<HeldAnswers> {
  let holding = true;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const reads: Promise<unknown>[] = [];
  await page.route(match, async (route) => {
    if (!holding) return route.continue();
    const read = route.fetch();
    reads.push(read);
    const response = await read;
    await released;
    await route.fulfill({ response });
  });
  return {
    async read(count) {
      while (reads.length < count) await page.waitForTimeout(20);
      await Promise.all(reads);
    },
    release() {
      holding = false;
      release();
    },
  };
}

const listBusy = (page: Page, busy: boolean) =>
  page.waitForFunction((wanted) => (document.querySelector('[aria-label="User list"]')?.getAttribute('aria-busy') === 'true') === wanted, busy);

/** A role to give and a member found by name in the list, with the search by email and the role's write ready to hold. */
async function raceSetUp(t: WebTest, base: string) {
  const web = t.context.web;
  const roleName = fresh(base);
  const { role } = await callApi<{ role: { id: string } }>(web, 'POST', '/roles', { name: roleName, permissions: ['comment:delete:any'] });
  const name = `Hana ${fresh('Race')}`;
  const hana = await member(web, { name });
  const page = await openPage(t, `/dashboard/users?q=${encodeURIComponent(name)}`, { as: web.owner });
  await waitForRows(page, [name]);
  const search = await holdAnswers(page, (url) => url.pathname === '/api/v1/users' && url.searchParams.get('query') === hana.email);
  const dialog = page.getByRole('dialog', { name: `Roles of ${name}` });
  const roles = rowOf(page, name).getByRole('list', { name: `Roles of ${name}` }).getByRole('listitem');
  return { page, name, hana, roleName, roleId: role.id, search, dialog, roles };
}

test.serial('a role given while a search is on its way stays shown when the search, read before the role was stored, answers', async (t) => {
  const { page, name, hana, roleName, search, dialog, roles } = await raceSetUp(t, 'Helper');
  await searchFor(page, hana.email);
  await search.read(2);
  await chooseAction(page, name, 'Roles');
  await dialog.getByLabel(roleName).check();
  await dialog.getByRole('status').filter({ hasText: `${name} now holds ${roleName}.` }).waitFor();
  search.release();
  await listBusy(page, false);
  t.true(await dialog.getByLabel(roleName).isChecked(), 'the dialog still shows the role held');
  await dialog.getByRole('button', { name: 'Done' }).click();
  t.deepEqual(await roles.allTextContents(), ['@everyone', roleName]);
  await expectNoProblems(t, page);
});

test.serial('a role stored after a search has answered with the user as they were shows in the new list', async (t) => {
  const { page, name, hana, roleName, roleId, search, dialog, roles } = await raceSetUp(t, 'Aide');
  const write = await holdAnswers(page, (url) => url.pathname === `/api/v1/roles/${roleId}/users/${hana.user.id}`);
  await searchFor(page, hana.email);
  await search.read(2);
  await chooseAction(page, name, 'Roles');
  await dialog.getByLabel(roleName).check();
  await write.read(1);
  search.release();
  await listBusy(page, false);
  write.release();
  await dialog.getByRole('status').filter({ hasText: `${name} now holds ${roleName}.` }).waitFor();
  t.true(await dialog.getByLabel(roleName).isChecked(), 'the dialog shows the role held');
  await dialog.getByRole('button', { name: 'Done' }).click();
  t.deepEqual(await roles.allTextContents(), ['@everyone', roleName]);
  await expectNoProblems(t, page);
});

test.serial('a refusal is said in words under the role it concerns, and the box shows what is stored', async (t) => {
  const web = t.context.web;
  const roleName = fresh('Editor');
  const { role } = await callApi<{ role: { id: string } }>(web, 'POST', '/roles', { name: roleName, permissions: [] });
  const name = `Rex ${fresh('Refused')}`;
  const rex = await member(web, { name });
  const page = await openPage(t, `/dashboard/users?q=${encodeURIComponent(name)}`, { as: web.owner });
  await chooseAction(page, name, 'Roles');
  const dialog = page.getByRole('dialog', { name: `Roles of ${name}` });
  await dialog.getByLabel(roleName).waitFor();
  // Someone else gives the role meanwhile: the dialog still shows it as not held.
  await callApi(web, 'PUT', `/roles/${role.id}/users/${rex.user.id}`);
  await dialog.getByLabel(roleName).check();
  await dialog.getByText('User already has this role').waitFor();
  // The box then shows what the API stores.
  t.true(await dialog.getByLabel(roleName).isChecked());
  t.deepEqual((await listed(web, rex.email)).roles.map((held) => held.name), ['@everyone', roleName]);
  await expectNoProblems(t, page);
});

test.serial('a member whose one role holds role:assign is told only the owner can list users', async (t) => {
  const web = t.context.web;
  const page = await openPage(t, '/dashboard/users', { as: await member(web, { permissions: ['role:assign'] }) });
  await page.getByText("Only the board's owner can see the list of users.").waitFor();
  t.is(await page.getByRole('alert').count(), 0, 'said plainly, not as an error');
  t.is(await page.getByRole('table').count(), 0);
  t.deepEqual(await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allTextContents(), ['Users', 'Your account']);
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('a visitor is sent to sign in (with the way back to the users)', async (t) => {
  const page = await openPage(t, '/dashboard/users?q=ada');
  await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/dashboard/users?q=ada');
  t.pass();
});

test.serial('on a phone in dark mode the list and the dialogs are usable and accessible', async (t) => {
  const web = t.context.web;
  const name = `Dora ${fresh('Phone')}`;
  await member(web, { name, email: `dora-with-a-rather-long-address.${named}@example.org` });
  const page = await openPage(t, '/dashboard/users', { as: web.owner, width: 360, colorScheme: 'dark' });
  await page.getByRole('region', { name: 'User list' }).waitFor();
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the page does not scroll sideways');
  await expectAccessible(t, page);
  await searchFor(page, name);
  await waitForRows(page, [name]);
  await chooseAction(page, name, 'Roles');
  await page.getByRole('dialog', { name: `Roles of ${name}` }).getByLabel('@everyone').waitFor();
  await expectAccessible(t, page);
  await page.keyboard.press('Escape');
  await chooseAction(page, name, 'Block');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).waitFor();
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('with the keyboard alone: search, open a row menu, block with the confirmation, focus back on the row', async (t) => {
  const web = t.context.web;
  const name = `Kim ${fresh('Keys')}`;
  const kim = await member(web, { name });
  const page = await openPage(t, '/dashboard/users', { as: web.owner });
  const search = page.getByLabel('Search users');
  await tabTo(page, search);
  await page.keyboard.type(name);
  await waitForRows(page, [name]);
  const trigger = page.getByRole('button', { name: `Actions for ${name}` });
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Roles' }).waitFor();
  // Roles, Trust, Block.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  // Cancel has focus: Enter alone never blocks.
  await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: `Blocked ${name}.` }).waitFor();
  t.is(await dialog.count(), 0);
  await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `Actions for ${name}`);
  t.true((await listed(web, kim.email)).isBlocked);
  await expectNoProblems(t, page);
});

