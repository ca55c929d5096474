// Dashboard › Settings: the site's words, pictures and colour, Gravatar, the powered-by line, sign-up,
// developer mode and the labs, each save checked through the API; the accent's preview and contrast
// verdict; refusals under their field; who sees the section.
import type { Settings } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, member } from './_seed.ts';

useWebServer();

const storedSettings = async (t: WebTest) => (await callApi<{ settings: Settings }>(t.context.web, 'GET', '/settings/site')).settings;

test.serial('the owner changes the title, description, accent colour and sign-up; the API has them and the site follows', async (t) => {
  const page = await openPage(t, '/dashboard/settings', { as: t.context.web.owner });
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.getByLabel('Title', { exact: true }).fill('Acme ideas');
  await page.getByLabel('Description', { exact: true }).fill('Tell us what to build next.');
  await page.getByLabel('Accent colour', { exact: true }).fill('#1a5fb4');
  await page.getByText(/Contrast with the page [\d.]+:1: readable\./).waitFor();
  await page.getByLabel('Allow sign-up').uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).first().waitFor();
  const stored = await storedSettings(t);
  t.like(stored, { title: 'Acme ideas', description: 'Tell us what to build next.', accentColor: '1a5fb4', allowSignup: false });
  await page.locator('.site-brand').filter({ hasText: 'Acme ideas' }).waitFor();
  t.is(await page.evaluate(() => document.documentElement.style.getPropertyValue('--accent')), '#1a5fb4');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('a new board starts with Gravatar off; the owner turns it on and hides the powered-by line, and the site follows', async (t) => {
  const page = await openPage(t, '/dashboard/settings', { as: t.context.web.owner });
  const gravatar = page.getByRole('checkbox', { name: 'Pictures from Gravatar' });
  const poweredBy = page.getByRole('checkbox', { name: 'Show “Powered by feedbackd”' });
  t.false(await gravatar.isChecked());
  t.true(await poweredBy.isChecked());
  await page.getByRole('contentinfo').getByText('Powered by feedbackd').waitFor();
  await gravatar.check();
  await poweredBy.uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).first().waitFor();
  t.like(await storedSettings(t), { gravatar: true, isPoweredBy: false });
  await page.getByRole('contentinfo').waitFor({ state: 'detached' });
  await gravatar.uncheck();
  await poweredBy.check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('contentinfo').getByText('Powered by feedbackd').waitFor();
  t.like(await storedSettings(t), { gravatar: false, isPoweredBy: true });
  await expectNoProblems(t, page);
});

test.serial('a pale accent gets a contrast warning; a colour the API refuses is shown under its field, and nothing is saved', async (t) => {
  const before = await storedSettings(t);
  const page = await openPage(t, '/dashboard/settings', { as: t.context.web.owner });
  const accent = page.getByLabel('Accent colour', { exact: true });
  await accent.fill('#ffff66');
  await page.getByText(/only [\d.]+:1 .*hard to read/).waitFor();
  await accent.fill('#zzzzzz');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.locator('#settings-accentColor-error').filter({ hasText: 'Invalid accent color' }).waitFor();
  // Focus goes to the field to fix (moved after the render that shows the error).
  await page.waitForFunction(() => document.activeElement?.id === 'settings-accentColor');
  await accent.fill(`#${before.accentColor}`);
  await page.getByLabel('Logo URL', { exact: true }).fill('not a url');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.locator('#settings-logo-error').filter({ hasText: 'Invalid Logo URL' }).waitFor();
  t.deepEqual(await storedSettings(t), before);
  await expectNoProblems(t, page);
});

test.serial('the labs: comments switched on, vote on behalf left off, as the API then says', async (t) => {
  await callApi(t.context.web, 'PATCH', '/settings/labs', { comments: false, voteOnBehalf: false });
  const page = await openPage(t, '/dashboard/settings', { as: t.context.web.owner });
  await page.getByLabel('Comments').check();
  await page.getByRole('button', { name: 'Save labs' }).click();
  await page.getByRole('form', { name: 'Labs' }).getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  t.deepEqual((await callApi<{ labs: object }>(t.context.web, 'GET', '/settings/labs')).labs, { comments: true, voteOnBehalf: false });
  await expectNoProblems(t, page);
});

test.serial('a member whose one role holds settings:update starts on Settings and sees no Overview; one without it is told the page is not theirs', async (t) => {
  const web = t.context.web;
  const editor = await openPage(t, '/dashboard', { as: await member(web, { permissions: ['settings:update'] }) });
  await editor.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  const nav = editor.getByRole('navigation', { name: 'Dashboard' });
  t.deepEqual(await nav.getByRole('link').allTextContents(), ['Settings', 'Your account']);
  await editor.getByLabel('Developer mode').check();
  await editor.getByRole('button', { name: 'Save settings' }).click();
  await editor.getByRole('status').filter({ hasText: 'Saved.' }).first().waitFor();
  t.true((await storedSettings(t)).developer_mode);

  const reader = await openPage(t, '/dashboard/settings', { as: await member(web, { permissions: ['dashboard:read'] }) });
  await reader.getByRole('heading', { level: 1, name: 'Not available' }).waitFor();
  t.deepEqual(await reader.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allTextContents(), ['Overview', 'Your account']);
  await expectNoProblems(t, reader);
});

test.serial('on a phone in dark mode the settings are usable and accessible', async (t) => {
  const page = await openPage(t, '/dashboard/settings', { as: t.context.web.owner, width: 360, colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Save labs' }).waitFor();
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'nothing scrolls sideways');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});
