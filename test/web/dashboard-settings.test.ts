// Dashboard › Settings: the site's words, pictures and colour, Gravatar, the powered-by line, sign-up,
// developer mode, the widget's allowed sites and snippet, and the labs, each save checked through the API; the accent's preview and contrast
// verdict; refusals under their field; who sees the section.
import type { Settings } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, member, seedBoard, setSettings } from './_seed.ts';

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
  // The footer stays for its language menu; only the line goes.
  await page.getByRole('contentinfo').getByText('Powered by feedbackd').waitFor({ state: 'detached' });
  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' }).waitFor();
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

// Settings › Widget (issue 29): the sites allowed to show the widget, the snippet, the preview.

const widgetSection = (page: Awaited<ReturnType<typeof openPage>>) => page.getByRole('region', { name: 'Widget' });

test.serial('Widget: the owner adds an allowed site and saves it, finds it after a reload, and removes it again', async (t) => {
  await setSettings(t.context.web, { embedOrigins: [] });
  const page = await openPage(t, '/dashboard/settings', { as: t.context.web.owner });
  const widget = widgetSection(page);
  await widget.getByText('The widget shows nowhere yet').waitFor();
  await widget.getByLabel('Site address').fill(' https://App.Example.com/ ');
  await widget.getByRole('button', { name: 'Add' }).click();
  t.is(await widget.getByLabel('Site address').inputValue(), '', 'the field is ready for the next one');
  await widget.getByRole('button', { name: 'Save allowed sites' }).click();
  await widget.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  t.deepEqual((await storedSettings(t)).embedOrigins, ['https://app.example.com']);
  await widget.getByText('The widget shows nowhere yet').waitFor({ state: 'detached' });

  await page.reload();
  const removeButton = widgetSection(page).getByRole('button', { name: 'Remove https://app.example.com' });
  await removeButton.click();
  await widgetSection(page).getByRole('button', { name: 'Save allowed sites' }).click();
  await widgetSection(page).getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  t.deepEqual((await storedSettings(t)).embedOrigins, []);
  await widgetSection(page).getByText('The widget shows nowhere yet').waitFor();
  await expectNoProblems(t, page);
});

test.serial('Widget: an address that is not an origin is refused by the API, its message shown under the field, and nothing is saved', async (t) => {
  await setSettings(t.context.web, { embedOrigins: ['https://kept.example.com'] });
  const page = await openPage(t, '/dashboard/settings', { as: t.context.web.owner });
  const widget = widgetSection(page);
  await widget.getByLabel('Site address').fill('https://app.example.com/feedback');
  await widget.getByRole('button', { name: 'Save allowed sites' }).click();
  const error = page.locator('#embed-origins-embedOrigins-error');
  await error.filter({ hasText: 'embedOrigins[1] must be an origin such as https://app.example.com (scheme, host and port only)' }).waitFor();
  t.is(await widget.getByLabel('Site address').getAttribute('aria-invalid'), 'true');
  await page.waitForFunction(() => document.activeElement?.id === 'embed-origins-embedOrigins');
  t.deepEqual((await storedSettings(t)).embedOrigins, ['https://kept.example.com']);
  await setSettings(t.context.web, { embedOrigins: [] });
  await expectNoProblems(t, page);
});

test.serial('Widget: the snippet names the chosen public board and copies; the preview frames that board\'s embed page', async (t) => {
  const web = t.context.web;
  const ideas = await seedBoard(web, { name: 'Widget ideas' });
  const bugs = await seedBoard(web, { name: 'Widget bugs' });
  const hidden = await seedBoard(web, { name: 'Widget staff', display: false });
  const page = await openPage(t, '/dashboard/settings', { as: web.owner });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.url });
  const widget = widgetSection(page);
  const board = widget.getByLabel('Board', { exact: true });
  await board.waitFor();
  const names = await board.locator('option').allTextContents();
  t.true(names.includes('Widget ideas') && names.includes('Widget bugs'));
  t.false(names.includes(hidden.name), 'hidden boards are not offered');
  await board.selectOption({ label: 'Widget bugs' });
  const code = widget.locator('pre code');
  await code.filter({ hasText: `data-board="${bugs.url}"` }).waitFor();
  const snippet = (await code.textContent()) ?? '';
  t.true(snippet.startsWith(`<script src="${web.url}/widget.js" data-board="${bugs.url}" async></script>\n<script>\n`), snippet);
  t.true(snippet.includes("feedbackd('identify', { token: '<a token your server signs for the signed-in user>' });"));
  await widget.getByRole('button', { name: 'Copy snippet' }).click();
  await widget.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
  t.is(await page.evaluate(() => navigator.clipboard.readText()), snippet);
  const signing = widget.getByRole('link', { name: /single sign-on secrets/ });
  t.is(await signing.getAttribute('href'), '#settings-sign-in-title');

  // The preview is the board's embed page, and the browser lets this page frame it.
  const preview = widget.getByTitle('Widget preview');
  t.is(await preview.getAttribute('src'), `/embed/b/${bugs.url}`);
  const frame = page.frame({ url: `${web.url}/embed/b/${bugs.url}` });
  t.truthy(frame, 'the frame navigated to the embed page');
  await frame!.waitForFunction(() => (document.getElementById('app')?.childElementCount ?? 0) > 0);
  await board.selectOption({ label: 'Widget ideas' });
  await page.waitForFunction((src) => document.querySelector('iframe')?.getAttribute('src') === src, `/embed/b/${ideas.url}`);
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});
