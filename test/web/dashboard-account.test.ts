// Dashboard › Your account: the name, the email's state, and a new password through the mailed
// link (API v1's only way to change one), for anyone who opens the dashboard.
import { expectAccessible, expectNoProblems, linkIn, openPage, sentMail, test, useWebServer } from './_browser.ts';
import { callApi, member } from './_seed.ts';

useWebServer();

test.serial('a member renames themself and changes their password through the mailed link', async (t) => {
  const web = t.context.web;
  const account = await member(web, { name: 'Grace', permissions: ['board:create'] });
  const page = await openPage(t, '/dashboard/account', { as: account });
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Your account' }).waitFor();
  t.is(await nav.getByRole('link', { name: 'Your account' }).getAttribute('aria-current'), 'page');

  await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved.').waitFor();
  const profile = await callApi<{ user: { name: string } }>(web, 'GET', '/users/profile', undefined, account);
  t.is(profile.user.name, 'Grace Hopper');
  t.truthy(await page.getByText(account.email).first().isVisible());

  await page.getByRole('button', { name: 'Email me a link' }).click();
  await page.getByText(`Sent. Check the inbox of ${account.email}.`).waitFor();
  const link = linkIn(await sentMail(web, account.email));
  t.true(link.startsWith(`${web.url}/password-reset/confirm/?token=`), link);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('Your password is changed. Sign in with it.').waitFor();
  const login = await callApi<{ user: { email: string } }>(web, 'POST', '/auth/login', { email: account.email, password: 'a brand new secret' }, null);
  t.is(login.user.email, account.email);
  await expectNoProblems(t, page);
});

test.serial('on a phone in dark mode the account page is usable and accessible', async (t) => {
  const page = await openPage(t, '/dashboard/account', { as: t.context.web.owner, width: 360, colorScheme: 'dark' });
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  await page.getByRole('button', { name: 'Email me a link' }).waitFor();
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'nothing scrolls sideways');
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('on a phone the navigation row scrolls to the open section', async (t) => {
  const page = await openPage(t, '/dashboard/account', { as: t.context.web.owner, width: 360 });
  const current = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Your account' });
  await current.waitFor();
  const box = await current.boundingBox();
  t.true(box!.x >= 0 && box!.x + box!.width <= 360, `the link is in view (x ${box!.x}, width ${box!.width})`);
});
