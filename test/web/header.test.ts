// The site header: the title, Roadmap, and one account menu (profile, the dashboard for those who
// may open it, sign out), on a desktop and on a phone, by pointer and by keyboard.
import type { Page } from 'playwright-core';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer } from './_browser.ts';
import { member, setSettings } from './_seed.ts';

useWebServer();

const accountButton = (page: Page) => page.getByRole('button', { name: /^Your account/ });

test.serial('on a phone the owner keeps the site title, and the account menu holds the profile, the dashboard and Sign out', async (t) => {
  const { web } = t.context;
  await setSettings(web, { title: 'Acme Feedback' });
  const page = await openPage(t, '/', { as: web.owner, width: 360 });
  const brand = page.getByRole('link', { name: 'Acme Feedback' });
  await brand.waitFor();
  t.true(await brand.evaluate((link) => {
    const title = link.querySelector('span');
    return title !== null && title.scrollWidth <= title.clientWidth;
  }), 'the whole title shows');
  t.is(await page.getByRole('button', { name: 'Sign out' }).count(), 0, 'Sign out is not in the header itself');
  await accountButton(page).click();
  const menu = page.getByRole('menu', { name: /^Your account/ });
  t.deepEqual(await menu.getByRole('menuitem').allTextContents(), ['Your profile', 'Dashboard', 'Sign out']);
  t.is(await menu.getByRole('menuitem', { name: 'Dashboard' }).getAttribute('href'), '/dashboard');
  await expectAccessible(t, page);
  const box = await menu.boundingBox();
  t.true((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360, 'the menu stays on the screen');
  await menu.getByRole('menuitem', { name: 'Your profile' }).click();
  await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
  t.is(await page.getByRole('menu').count(), 0, 'the menu closed');
  await expectNoProblems(t, page);
});

test.serial('on a desktop a member sees no dashboard anywhere, and signs out from the menu with the keyboard', async (t) => {
  const { web } = t.context;
  const page = await openPage(t, '/roadmap', { as: await member(web, { name: 'Grace Hopper' }) });
  const button = page.getByRole('button', { name: 'Your account (Grace Hopper)' });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  t.deepEqual(await menu.getByRole('menuitem').allTextContents(), ['Your profile', 'Sign out']);
  t.is(await page.evaluate(() => document.activeElement?.textContent), 'Your profile');
  await page.keyboard.press('Escape');
  t.regex((await page.evaluate(() => document.activeElement?.textContent)) ?? '', /Your account \(Grace Hopper\)$/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  t.is(await page.evaluate(() => document.activeElement?.textContent), 'Sign out');
  await page.keyboard.press('Enter');
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign in' }).waitFor();
  t.is(await page.evaluate(() => localStorage.getItem('feedbackd.token')), null);
  t.is(await page.getByRole('link', { name: /dashboard/i }).count(), 0);
  await expectNoProblems(t, page);
});

test.serial('the owner on a desktop has the Dashboard link in the header as well', async (t) => {
  const page = await openPage(t, '/', { as: t.context.web.owner, colorScheme: 'dark' });
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Dashboard' }).waitFor();
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
  await expectAccessible(t, page);
});
