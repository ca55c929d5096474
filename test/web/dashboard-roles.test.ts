// Dashboard › Roles: the list, creating and editing a role (each write checked through the API),
// refusals under their field, @everyone read-only, what members with some role permissions see,
// a phone in dark mode, and creating a role with the keyboard alone.
import type { Locator, Page } from 'playwright-core';
import type { Role, RoleDetail } from '../../src/web/api/dashboard-roles.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebServer, type WebTest } from './_browser.ts';
import { callApi, member } from './_seed.ts';

useWebServer();

const EVERYONE_ID = 'f6027b68-6c4f-4331-8354-41836f654980';
let named = 0;
/** A role name no other test uses (names are unique, case-insensitively). */
const fresh = (base: string) => `${base} ${++named}`;

const storedRole = async (web: WebServer, id: string) => (await callApi<{ role: RoleDetail }>(web, 'GET', `/roles/${id}`)).role;

async function roleNamed(web: WebServer, name: string): Promise<Role | undefined> {
  const { roles } = await callApi<{ roles: Role[] }>(web, 'GET', '/roles?first=100');
  return roles.find((role) => role.name === name);
}

async function seedRole(web: WebServer, name: string, permissions: string[], description: string | null = null): Promise<RoleDetail> {
  const saved = await callApi<{ role: Role; permissions: string[] }>(web, 'POST', '/roles', { name, description, permissions });
  return { ...saved.role, permissions: saved.permissions };
}

/** Presses Tab until `target` has focus (at most `limit` times): the keyboard is the only way in. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let pressed = 0; pressed < limit; pressed++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test.serial('the owner creates a role with permissions from two groups; the list names it and the API holds them', async (t) => {
  const web = t.context.web;
  const name = fresh('Support');
  const page = await openPage(t, '/dashboard/roles', { as: web.owner });
  await page.getByRole('link', { name: 'Create role' }).click();
  await page.getByRole('heading', { level: 1, name: 'New role' }).waitFor();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('Answers customers');
  await page.getByRole('group', { name: 'Ideas' }).getByLabel('Edit any idea').check();
  await page.getByRole('group', { name: 'Comments' }).getByLabel('See internal notes').check();
  await page.getByLabel('Select all Votes permissions').check();
  await page.getByRole('button', { name: 'Create role' }).click();
  await page.getByRole('status').filter({ hasText: `Role “${name}” created.` }).waitFor();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await row.waitFor();
  t.deepEqual(await row.getByRole('cell').allTextContents(), ['6', 'Answers customers']);
  const created = await roleNamed(web, name);
  t.like(await storedRole(web, created!.id), {
    description: 'Answers customers',
    isSystem: false,
    permissions: ['post:update', 'vote:create', 'vote:destroy', 'vote:assign', 'vote:unassign', 'comment:view_internal'],
  });
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('the owner edits a role: name, description and permissions replace what was stored', async (t) => {
  const web = t.context.web;
  const role = await seedRole(web, fresh('Moderators'), ['board:read', 'comment:delete:any'], 'Keep it civil');
  const renamed = fresh('Triage');
  const page = await openPage(t, `/dashboard/roles/${role.id}`, { as: web.owner });
  await page.getByRole('heading', { level: 1, name: role.name }).waitFor();
  t.true(await page.getByLabel('Delete any comment').isChecked());
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByLabel('Description', { exact: true }).fill('');
  await page.getByLabel('Delete any comment').uncheck();
  await page.getByLabel('Set an idea’s status').check();
  await page.getByRole('button', { name: 'Save role' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
  t.like(await storedRole(web, role.id), { name: renamed, description: null, permissions: ['board:read', 'roadmap:assign'] });
  await expectNoProblems(t, page);
});

test.serial('a taken name is refused under Name (focus goes there) and no role is created', async (t) => {
  const web = t.context.web;
  const taken = await seedRole(web, fresh('Editors'), []);
  const before = (await callApi<{ total_count: number }>(web, 'GET', '/roles?first=1')).total_count;
  const page = await openPage(t, '/dashboard/roles/new', { as: web.owner });
  await page.getByLabel('Name', { exact: true }).fill(taken.name.toUpperCase());
  await page.getByRole('button', { name: 'Create role' }).click();
  await page.locator('#role-name-error').filter({ hasText: 'Role name already exists' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'role-name');
  t.is(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid'), 'true');
  t.is((await callApi<{ total_count: number }>(web, 'GET', '/roles?first=1')).total_count, before);
  await expectNoProblems(t, page);
});

test.serial('@everyone is shown read-only: its permissions in words, why it is fixed, and no Save', async (t) => {
  const page = await openPage(t, '/dashboard/roles', { as: t.context.web.owner });
  const everyone = page.getByRole('row').filter({ has: page.getByRole('link', { name: '@everyone' }) });
  await everyone.getByText('System role').waitFor();
  await everyone.getByRole('link', { name: '@everyone' }).click();
  await page.getByRole('heading', { level: 1, name: '@everyone' }).waitFor();
  await page.getByText('The API keeps this role fixed').waitFor();
  const allowed = await page.locator('.role-summary__label').allTextContents();
  t.deepEqual(allowed, ['Post ideas', 'Vote', 'Take back votes', 'Comment', 'Edit own comments', 'Delete own comments']);
  t.is(await page.getByRole('button', { name: 'Save role' }).count(), 0);
  t.is(await page.getByRole('textbox').count(), 0);
  t.is(new URL(page.url()).pathname, `/dashboard/roles/${EVERYONE_ID}`);
  await expectNoProblems(t, page);
});

test.serial('a member with only role:read sees the roles and their permissions, and no way to change them', async (t) => {
  const web = t.context.web;
  const role = await seedRole(web, fresh('Readers'), ['roadmap:read', 'dashboard:read']);
  const page = await openPage(t, '/dashboard/roles', { as: await member(web, { permissions: ['role:read'] }) });
  await page.getByRole('link', { name: role.name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: role.name }).waitFor();
  await page.getByText('Your roles let you see this role, not change it.').waitFor();
  t.deepEqual(await page.locator('.role-summary__label').allTextContents(), ['See hidden roadmaps', 'Open the overview']);
  t.is(await page.getByRole('button').filter({ hasText: /Save|Create/ }).count(), 0);
  await page.getByRole('link', { name: 'All roles' }).click();
  await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
  t.is(await page.getByRole('link', { name: 'Create role' }).count(), 0);
  await page.goto(`${web.url}/dashboard/roles/new`);
  await page.getByText('Your roles do not let you create roles.').waitFor();
  await expectNoProblems(t, page);
});

test.serial('a member with role:read and role:create creates a role but may not edit one', async (t) => {
  const web = t.context.web;
  const existing = await seedRole(web, fresh('Existing'), ['vote:create']);
  const name = fresh('Made by a member');
  const page = await openPage(t, '/dashboard/roles/new', { as: await member(web, { permissions: ['role:read', 'role:create'] }) });
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Post ideas').check();
  await page.getByRole('button', { name: 'Create role' }).click();
  await page.getByRole('status').filter({ hasText: `Role “${name}” created.` }).waitFor();
  const created = await roleNamed(web, name);
  t.deepEqual((await storedRole(web, created!.id)).permissions, ['post:create']);
  await page.getByRole('link', { name: existing.name, exact: true }).click();
  await page.getByText('Your roles let you see this role, not change it.').waitFor();
  t.is(await page.getByRole('button', { name: 'Save role' }).count(), 0);
  await expectNoProblems(t, page);
});

test.serial('a visitor is sent to sign in', async (t) => {
  const page = await openPage(t, '/dashboard/roles/new');
  await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/dashboard/roles/new');
  t.pass();
});

test.serial('on a phone in dark mode the list and the form are usable and accessible', async (t) => {
  const page = await openPage(t, '/dashboard/roles', { as: t.context.web.owner, width: 360, colorScheme: 'dark' });
  await page.getByRole('link', { name: '@everyone' }).waitFor();
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the list does not scroll sideways');
  await expectAccessible(t, page);
  await page.getByRole('link', { name: 'Create role' }).click();
  await page.getByRole('button', { name: 'Create role' }).waitFor();
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'the form does not scroll sideways');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('keyboard only: Tab, Space and Enter create a role', async (t: WebTest) => {
  const web = t.context.web;
  const name = fresh('Keyboard');
  const page = await openPage(t, '/dashboard/roles', { as: web.owner });
  await page.getByRole('link', { name: '@everyone' }).waitFor();
  await tabTo(page, page.getByRole('link', { name: 'Create role' }));
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'New role' }).waitFor();
  await tabTo(page, page.getByLabel('Name', { exact: true }));
  await page.keyboard.type(name);
  await tabTo(page, page.getByLabel('See hidden boards'));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByLabel('Select all Comments permissions'));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Create role' }));
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: `Role “${name}” created.` }).waitFor();
  const created = await roleNamed(web, name);
  t.deepEqual((await storedRole(web, created!.id)).permissions, [
    'board:read',
    'comment:create',
    'comment:create_internal',
    'comment:update:own',
    'comment:update:any',
    'comment:delete:own',
    'comment:delete:any',
    'comment:view_internal',
  ]);
  await expectNoProblems(t, page);
});
