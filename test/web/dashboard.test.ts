// The dashboard's foundation: who may open it (the owner; a visitor is sent to sign in and back; a
// member without dashboard:read is told so), the overview, and a public first load that never
// fetches the dashboard's code or stylesheet.
import { OWNER } from '../_helpers/personas.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer } from './_browser.ts';
import { callApi, member, seedBoard, seedComment, seedPost, setLabs } from './_seed.ts';

useWebServer();

test.serial.before(async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { name: 'Requests', url: 'requests' });
  await seedPost(web, { board, title: 'Export to CSV' });
  await new Promise((done) => setTimeout(done, 10));
  const newest = await seedPost(web, { board, title: 'Dark mode for the dashboard' });
  await setLabs(web, { comments: true });
  await seedComment(web, newest, { body: 'Yes please, my eyes hurt at night' });
  await seedComment(web, newest, { body: 'Only for the team to see', internal: true });
});

test.serial('the owner opens the overview: counts, the newest ideas, the dashboard navigation', async (t) => {
  const web = t.context.web;
  const users = (await callApi<{ total_count: number }>(web, 'GET', '/users?first=1')).total_count;
  const page = await openPage(t, '/dashboard', { as: web.owner });
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  await page.locator('.dashboard-counts').waitFor();
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  t.is(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current'), 'page');
  const counts = Object.fromEntries(
    await page.locator('.dashboard-counts__item').evaluateAll((items) => items.map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent])),
  );
  t.deepEqual(counts, { Ideas: '2', Votes: '2', Comments: '2', Users: String(users), Boards: '1' });
  const newest = await page.getByRole('region', { name: 'Newest ideas' }).getByRole('link').allTextContents();
  t.deepEqual(newest, ['Dark mode for the dashboard', 'Export to CSV']);
  const comments = page.getByRole('region', { name: 'Newest comments' }).getByRole('listitem');
  t.deepEqual(await comments.getByRole('link').allTextContents(), ['Only for the team to see', 'Yes please, my eyes hurt at night']);
  t.regex((await comments.first().textContent()) ?? '', /^Only for the team to see\s*Internal/);
  // Its stylesheet applies: the navigation sits beside the page.
  t.is(await page.locator('.dashboard').evaluate((el) => getComputedStyle(el).display), 'grid');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('on a phone and in dark mode the overview is usable: the navigation is a row above the page', async (t) => {
  const page = await openPage(t, '/dashboard', { as: t.context.web.owner, width: 360, colorScheme: 'dark' });
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  const nav = await page.getByRole('navigation', { name: 'Dashboard' }).boundingBox();
  const heading = await page.getByRole('heading', { level: 1, name: 'Overview' }).boundingBox();
  t.true(nav!.y + nav!.height <= heading!.y, 'the navigation is above the page');
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'nothing scrolls sideways');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('a visitor is sent to sign in, and back to the dashboard after signing in', async (t) => {
  const page = await openPage(t, '/dashboard');
  await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/dashboard');
  await page.getByLabel('Email', { exact: true }).fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  t.is(new URL(page.url()).pathname, '/dashboard');
  await expectNoProblems(t, page);
});

test.serial('a member whose roles open no part of the dashboard is told so in words', async (t) => {
  const page = await openPage(t, '/dashboard', { as: await member(t.context.web) });
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.getByText('Your account has no access to the dashboard.').waitFor();
  t.is(await page.getByRole('navigation', { name: 'Dashboard' }).count(), 0);
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('an unknown part of the dashboard says so and leads back to the overview', async (t) => {
  const page = await openPage(t, '/dashboard/nothing-here', { as: t.context.web.owner });
  await page.getByRole('heading', { level: 1, name: 'Not available' }).waitFor();
  await page.getByRole('link', { name: 'Go to Overview' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  await expectNoProblems(t, page);
});

test.serial('a visit to the board never fetches the dashboard (its script or its stylesheet)', async (t) => {
  const requested: string[] = [];
  const page = await openPage(t, '/b/requests');
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.reload();
  await page.getByText('Export to CSV').waitFor();
  t.deepEqual(
    requested.filter((path) => path.includes('dashboard')),
    [],
  );
  // And opening the dashboard then loads both.
  const owner = await openPage(t, '/dashboard', { as: t.context.web.owner });
  await owner.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  const sheets = await owner.evaluate(() => Array.from(document.styleSheets, (sheet) => sheet.href ?? ''));
  t.true(sheets.some((href) => /\/assets\/dashboard-[A-Z0-9]+\.css$/.test(href)), sheets.join(', '));
});

test.serial('the owner finds the dashboard in the header, and on a phone in the account menu and on the profile page; a member finds neither', async (t) => {
  const web = t.context.web;
  const owner = await openPage(t, '/', { as: web.owner });
  await owner.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Dashboard' }).click();
  await owner.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

  const phone = await openPage(t, '/profile', { as: web.owner, width: 360 });
  await phone.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
  t.false(await phone.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Dashboard' }).isVisible(), 'the title keeps the room');
  await phone.getByRole('link', { name: 'Open the dashboard' }).waitFor();
  await phone.getByRole('button', { name: /^Your account/ }).click();
  await phone.getByRole('menuitem', { name: 'Dashboard' }).click();
  await phone.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

  const visitor = await openPage(t, '/profile', { as: await member(web) });
  await visitor.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
  await visitor.getByRole('main').getByRole('button', { name: 'Sign out' }).waitFor();
  t.is(await visitor.getByRole('link', { name: /dashboard/i }).count(), 0);
  await expectNoProblems(t, visitor);
});
