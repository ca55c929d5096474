// The states a visitor can meet when things go wrong or slow: the server unreachable, the disk
// full (503), a deleted post, an unknown board, a slow list, a token the server no longer accepts.
// Each says what went wrong in plain words and recovers without a reload.
import type { Page, Route } from 'playwright-core';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer } from './_browser.ts';
import { callApi, member, seedBoard, seedPost, seedRoadmap, seedVote } from './_seed.ts';

useWebServer();

const API = '**/api/v1/**';
const POSTS = '**/api/v1/posts/get';
const UNREACHABLE = /Cannot reach the server/;
/** What the API answers while its storage is not writable (src/errors.ts, STORAGE_UNAVAILABLE). */
const STORAGE_UNAVAILABLE = { message: 'Storage is not writable', code: 'STORAGE_UNAVAILABLE' };

const abort = (route: Route) => route.abort('internetdisconnected');
const storageFull = (route: Route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(STORAGE_UNAVAILABLE) });

/** Lets the request through after `ms` milliseconds. */
const delayed = (ms: number) => async (route: Route) => {
  await new Promise((done) => setTimeout(done, ms));
  await route.continue().catch(() => undefined);
};

const titles = (page: Page) => page.locator('.post-card__title').allTextContents();

test.serial.before(async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { name: 'States', url: 'states' });
  await seedPost(web, { board, title: 'Older idea' });
  // Apart in time and in votes, so every order is certain: Newer idea first by votes and by date.
  await new Promise((done) => setTimeout(done, 10));
  const newer = await seedPost(web, { board, title: 'Newer idea' });
  await seedVote(web, newer, await member(web));
});

test.serial('the server stops while a board is open: changing the order says so, and Retry brings the list back', async (t) => {
  const page = await openPage(t, '/b/states');
  await page.getByText('Newer idea').waitFor();
  await page.route(API, abort);
  await page.getByRole('radio', { name: 'New' }).check();
  const alert = page.getByRole('alert').filter({ hasText: UNREACHABLE });
  await alert.waitFor();
  t.is(await alert.textContent(), 'Cannot reach the server. Check your connection and try again.Retry');
  await expectAccessible(t, page);
  await page.unroute(API, abort);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await page.getByText('Newer idea').waitFor();
  t.deepEqual(await titles(page), ['Newer idea', 'Older idea']);
  t.is(await page.getByRole('alert').count(), 0);
  await expectNoProblems(t, page);
});

test.serial('the home page opened while the server is unreachable says so, and Retry shows the boards and the site', async (t) => {
  const { settings } = await callApi<{ settings: { title: string } }>(t.context.web, 'GET', '/settings/site');
  const siteTitle = settings.title;
  const page = await openPage(t, '/');
  // The site's settings may come after the boards: the title is there before the outage begins.
  await page.waitForFunction((title) => document.querySelector('.site-brand')?.textContent === title, siteTitle);
  await page.route(API, abort);
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: UNREACHABLE });
  await alert.waitFor();
  t.is(await page.getByRole('heading', { level: 1 }).count(), 1);
  // The header's home link keeps a name while the site's title is missing.
  t.truthy(await page.locator('.site-brand').evaluate((el) => (el as HTMLElement).innerText.trim()));
  await expectAccessible(t, page);
  await page.unroute(API, abort);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('link', { name: /^States/ }).waitFor();
  t.is(await page.getByRole('alert').count(), 0);
  // The settings that failed with the first load come back with the Retry.
  await page.waitForFunction((title) => document.querySelector('.site-brand')?.textContent === title, siteTitle);
  t.truthy(siteTitle);
  await expectNoProblems(t, page);
});

test.serial('a member who opens a board while the server is down gets the board, its filters and their session back with Retry', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { name: 'Outage', url: 'outage' });
  const planned = await seedRoadmap(web, { name: 'Planned later' });
  await seedPost(web, { board, title: 'Survives the outage', roadmap: planned });
  const page = await openPage(t, '/b/outage', { as: await member(web, { name: 'Grace' }) });
  await page.getByRole('button', { name: /^Your account/ }).waitFor();
  await page.route(API, abort);
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: UNREACHABLE });
  await alert.waitFor();
  await page.unroute(API, abort);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('heading', { level: 1, name: 'Outage' }).waitFor();
  await page.getByText('Survives the outage').waitFor();
  await page.getByRole('combobox', { name: 'Status' }).waitFor();
  await page.getByRole('button', { name: /^Your account/ }).waitFor();
  t.is(await page.evaluate(() => localStorage.getItem('feedbackd.token')) !== null, true);
  await expectNoProblems(t, page);
});

test.serial('a 503 from a full disk shows the API’s own message, and Retry recovers', async (t) => {
  const page = await openPage(t, '/b/states');
  await page.getByText('Newer idea').waitFor();
  await page.route(POSTS, storageFull);
  await page.getByRole('radio', { name: 'Old' }).check();
  const alert = page.getByRole('alert').filter({ hasText: STORAGE_UNAVAILABLE.message });
  await alert.waitFor();
  t.is(await alert.locator('p').textContent(), STORAGE_UNAVAILABLE.message);
  await page.unroute(POSTS, storageFull);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await page.getByText('Older idea').waitFor();
  t.deepEqual(await titles(page), ['Older idea', 'Newer idea']);
  await expectNoProblems(t, page);
});

test.serial('a vote answered 503 rolls the count and the pressed state back and says why', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { url: 'vote-states' });
  await seedPost(web, { board, title: 'Vote while the disk is full' });
  const page = await openPage(t, '/b/vote-states', { as: await member(web) });
  const vote = page.getByRole('button', { name: /^Vote/ });
  await page.getByRole('button', { name: 'Vote, 1 vote', pressed: false }).waitFor();
  // Held until the optimistic count has been seen, then refused.
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route('**/api/v1/votes', async (route) => {
    await held;
    await storageFull(route);
  });
  await vote.click();
  await page.getByRole('button', { name: 'Vote, 2 votes', pressed: true }).waitFor();
  t.is(await vote.getAttribute('aria-busy'), 'true');
  release();
  await page.getByRole('button', { name: 'Vote, 1 vote', pressed: false }).waitFor();
  await page.getByRole('alert').filter({ hasText: STORAGE_UNAVAILABLE.message }).waitFor();
  t.is(await page.locator('.vote [aria-live="polite"]').textContent(), `Vote failed: ${STORAGE_UNAVAILABLE.message}`);
  t.is(await vote.getAttribute('aria-busy'), 'false');
  t.is(await vote.locator('span').textContent(), '1');
  // Once the disk is back, the same button votes and the message goes.
  await page.unroute('**/api/v1/votes');
  await vote.click();
  await page.getByRole('button', { name: 'Vote, 2 votes', pressed: true }).waitFor();
  await page.getByRole('alert').waitFor({ state: 'detached' });
  await expectAccessible(t, page);
});

test.serial('a deleted post, an unknown board and an unknown address each get their own not-found page', async (t) => {
  const web = t.context.web;
  const post = await seedPost(web, { title: 'Soon gone' });
  const open = await openPage(t, `/p/${post.slug}`);
  await open.getByRole('heading', { level: 1, name: 'Soon gone' }).waitFor();
  await callApi(web, 'DELETE', '/posts', { id: post.postId });

  const page = await openPage(t, `/p/${post.slug}`);
  await page.getByRole('heading', { level: 1, name: 'This idea does not exist' }).waitFor();
  t.is(await page.getByText('Soon gone').count(), 0);
  t.is(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href'), '/');
  t.regex(await page.title(), /^Not found/);
  await expectAccessible(t, page);
  await expectNoProblems(t, page);

  const board = await openPage(t, '/b/no-such-board');
  await board.getByRole('heading', { level: 1, name: 'This board does not exist' }).waitFor();
  t.is(await board.getByRole('radio').count(), 0);
  await expectNoProblems(t, board);

  const elsewhere = await openPage(t, '/no/such/page');
  await elsewhere.getByRole('heading', { level: 1, name: 'This page does not exist' }).waitFor();
  await expectNoProblems(t, elsewhere);
});

test.serial('a board whose ideas are slow to come shows the skeleton after a moment, then the ideas', async (t) => {
  const page = await openPage(t, '/');
  // Long enough that a busy machine still sees the skeleton (shown after 300 ms) before the ideas.
  await page.route(POSTS, delayed(2000));
  await page.goto(`${t.context.web.url}/b/states`);
  await page.getByRole('heading', { level: 1, name: 'States' }).waitFor();
  const skeleton = page.getByRole('status', { name: 'Loading ideas' });
  await skeleton.locator('.skeleton').first().waitFor({ state: 'visible' });
  await skeleton.waitFor({ state: 'detached' });
  t.deepEqual(await titles(page), ['Newer idea', 'Older idea']);
  await expectNoProblems(t, page);
});

test.serial('a slow new order keeps the old list on screen, marked busy, until the new one comes', async (t) => {
  const page = await openPage(t, '/b/states');
  await page.getByText('Newer idea').waitFor();
  await page.route(POSTS, delayed(800));
  await page.getByRole('radio', { name: 'Old' }).check();
  await page.locator('.post-list[aria-busy="true"]').waitFor();
  t.deepEqual(await titles(page), ['Newer idea', 'Older idea']);
  // Dimmed once the wait is noticeable, like the skeleton would be.
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.post-list') as Element).opacity === '0.55');
  await page.locator('.post-list[aria-busy="false"]').waitFor();
  t.deepEqual(await titles(page), ['Older idea', 'Newer idea']);
  t.is(await page.locator('.post-list').evaluate((el) => getComputedStyle(el).opacity), '1');
  t.is(await page.locator('.skeleton').count(), 0);
  await expectNoProblems(t, page);
});

test.serial('a fast list never flashes: no skeleton, and never an empty list', async (t) => {
  const page = await openPage(t, '/b/states');
  await page.getByText('Newer idea').waitFor();
  await page.route(POSTS, delayed(50));
  await page.evaluate(() => {
    const seen = { skeleton: false, empty: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      if (document.querySelector('.skeleton, [role="status"][aria-label^="Loading"]')) seen.skeleton = true;
      if (document.querySelectorAll('.post-card').length === 0) seen.empty = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('radio', { name: 'Old' }).check();
  await page.waitForFunction(() => document.querySelector('.post-card__title')?.textContent === 'Older idea');
  await page.getByRole('searchbox', { name: 'Search' }).fill('newer');
  await page.waitForFunction(() => document.querySelectorAll('.post-card').length === 1);
  // Past the skeleton's own delay: had its timer outlived the answer, it would show now.
  await page.waitForTimeout(500);
  t.deepEqual(await page.evaluate(() => (window as unknown as { __seen: object }).__seen), { skeleton: false, empty: false });
  t.deepEqual(await titles(page), ['Newer idea']);
});

test.serial('a token the server no longer accepts leaves the visitor signed out, not on an error page', async (t) => {
  const web = t.context.web;
  const grace = await member(web, { name: 'Grace' });
  const [header, payload] = grace.token.split('.');
  const forged = `${header}.${payload}.${'A'.repeat(43)}`;
  const page = await openPage(t, '/b/states', { as: { ...grace, token: forged } });
  await page.getByRole('link', { name: 'Sign in' }).waitFor();
  await page.getByText('Newer idea').waitFor();
  t.is(await page.getByRole('alert').count(), 0);
  t.is(await page.getByRole('button', { name: /^Your account/ }).count(), 0);
  t.is(await page.evaluate(() => localStorage.getItem('feedbackd.token')), null);
  // Voting now leads to sign-in, as for any visitor.
  await page.getByRole('button', { name: /^Vote/ }).first().click();
  await page.waitForURL(/\/sign-in\?next=%2Fb%2Fstates&vote=/);
  await expectNoProblems(t, page);

  // A token that is not even a JWT is dropped the same way.
  const garbled = await openPage(t, '/', { as: { ...grace, token: 'x.y.z' } });
  await garbled.getByRole('link', { name: 'Sign in' }).waitFor();
  await garbled.locator('.board-list').waitFor();
  t.is(await garbled.getByRole('alert').count(), 0);
  await expectNoProblems(t, garbled);
});
