import { expectAccessible, expectNoProblems, openPage, test, useWebServer } from './_browser.js';
import { member, seedBoard, seedComment, seedPost, seedRoadmap, seedVote, setSettings } from './_seed.js';

useWebServer();

test.serial('a visitor sees the board with its posts by votes, newest and oldest', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { name: 'Ideas', url: 'ideas' });
  const first = await seedPost(web, { board, title: 'First idea', content: 'The **oldest** one' });
  const second = await seedPost(web, { board, title: 'Second idea' });
  const third = await seedPost(web, { board, title: 'Third idea' });
  for (let i = 0; i < 2; i++) await seedVote(web, second, await member(web));
  await seedVote(web, first, await member(web));
  const page = await openPage(t, '/b/ideas');
  await page.getByRole('heading', { level: 1, name: 'Ideas' }).waitFor();
  const titles = () => page.locator('.post-card__title').allTextContents();
  await page.getByText('Second idea').waitFor();
  t.deepEqual(await titles(), ['Second idea', 'First idea', 'Third idea']);
  t.truthy(await page.getByRole('button', { name: 'Vote, 3 votes' }).count());
  await page.getByRole('radio', { name: 'New' }).check();
  await page.waitForURL(/order=newest/);
  await t.notThrowsAsync(() => page.waitForFunction(() => document.querySelector('.post-card__title')?.textContent === 'Third idea'));
  t.deepEqual(await titles(), ['Third idea', 'Second idea', 'First idea']);
  await page.getByRole('radio', { name: 'Old' }).check();
  await page.waitForFunction(() => document.querySelector('.post-card__title')?.textContent === 'First idea');
  t.is(await page.locator('.post-card__excerpt').first().textContent(), 'The oldest one');
  t.is(third.title, 'Third idea');
  // Feed readers find the board's feed, and it answers.
  const feed = page.locator('link[rel="alternate"][type="application/atom+xml"]');
  t.is(await feed.getAttribute('href'), '/b/ideas/feed.atom');
  t.is((await page.request.get(`${web.url}/b/ideas/feed.atom`)).status(), 200);
  await expectNoProblems(t, page);
  await expectAccessible(t, page);
});

test.serial('a card\'s meta line counts the idea\'s comments, singular or plural, and says nothing at none', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { url: 'comment-counts' });
  const roadmap = await seedRoadmap(web, { name: 'Considering' });
  const busy = await seedPost(web, { board, roadmap, title: 'Busy idea' });
  const single = await seedPost(web, { board, title: 'Single comment idea' });
  await seedPost(web, { board, title: 'Quiet idea' });
  for (const body of ['One', 'Two', 'Three']) await seedComment(web, busy, { body });
  await seedComment(web, single, { body: 'Only one' });
  // An internal note is the team's: a visitor's count leaves it out.
  await seedComment(web, single, { body: 'Team only', internal: true });
  const page = await openPage(t, '/b/comment-counts');
  await page.getByText('Quiet idea').waitFor();
  const metaOf = (title: string) => page.getByRole('listitem').filter({ hasText: title }).locator('.meta > *').allTextContents();
  t.deepEqual((await metaOf('Busy idea')).slice(0, 2), ['Considering', '3 comments']);
  t.true((await metaOf('Single comment idea')).includes('1 comment'));
  t.false((await metaOf('Quiet idea')).some((text) => text.includes('comment')));
  await expectAccessible(t, page);
});

test.serial('a board\'s description shows under its name on the board page and on the home page, where the link is still named by the board', async (t) => {
  const web = t.context.web;
  const description = 'Ideas for the mobile app.\nBugs go to the Bugs board.';
  await seedBoard(web, { name: 'Mobile app', url: 'mobile-app', description });
  await seedBoard(web, { name: 'Plain board', url: 'plain-board' });
  const page = await openPage(t, '/b/mobile-app');
  await page.getByRole('heading', { level: 1, name: 'Mobile app' }).waitFor();
  t.is(await page.locator('.board-description').innerText(), description);
  const plain = await openPage(t, '/b/plain-board');
  await plain.getByRole('heading', { level: 1, name: 'Plain board' }).waitFor();
  t.is(await plain.locator('.board-description').count(), 0);

  for (const width of [1280, 360]) {
    const home = await openPage(t, '/', { width });
    const link = home.getByRole('link', { name: 'Mobile app 0 ideas', exact: true });
    await link.waitFor();
    t.is(await link.getAttribute('aria-describedby').then((id) => home.locator(`[id="${id}"]`).innerText()), description);
    t.is(await home.getByRole('link', { name: 'Plain board 0 ideas', exact: true }).getAttribute('aria-describedby'), null);
    await expectAccessible(t, home);
  }
  await expectAccessible(t, page);
});

test.serial('search as you type narrows the list, and the URL keeps it', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { url: 'search-board' });
  await seedPost(web, { board, title: 'Dark mode for the dashboard' });
  await seedPost(web, { board, title: 'Export votes as CSV' });
  const page = await openPage(t, '/b/search-board');
  await page.getByText('Export votes as CSV').waitFor();
  await page.getByRole('searchbox', { name: 'Search' }).fill('dar mo');
  await page.waitForURL(/q=dar\+mo/);
  await page.getByText('Export votes as CSV').waitFor({ state: 'detached' });
  await page.getByText('Dark mode for the dashboard').waitFor();
  t.deepEqual(await page.locator('.post-card__title').allTextContents(), ['Dark mode for the dashboard']);
  await page.getByRole('searchbox', { name: 'Search' }).fill('nothing like this');
  await page.getByText('No ideas match').waitFor();
  const reloaded = await openPage(t, '/b/search-board?q=csv');
  await reloaded.getByText('Export votes as CSV').waitFor();
  t.is(await reloaded.getByRole('searchbox', { name: 'Search' }).inputValue(), 'csv');
  t.is(await reloaded.locator('.post-card').count(), 1);
});

test.serial('the status filter shows only posts with that roadmap status', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { url: 'status-board' });
  const planned = await seedRoadmap(web, { name: 'Planned' });
  await seedPost(web, { board, title: 'Planned thing', roadmap: planned });
  await seedPost(web, { board, title: 'Unplanned thing' });
  const page = await openPage(t, '/b/status-board');
  await page.getByText('Unplanned thing').waitFor();
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Planned' });
  await page.getByText('Unplanned thing').waitFor({ state: 'detached' });
  t.deepEqual(await page.locator('.post-card__title').allTextContents(), ['Planned thing']);
});

test.serial('Load more appends the next page', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { url: 'long-board' });
  for (let i = 1; i <= 23; i++) await seedPost(web, { board, title: `Idea ${i}` });
  const page = await openPage(t, '/b/long-board?order=oldest');
  await page.getByText('Idea 20', { exact: true }).waitFor();
  t.is(await page.locator('.post-card').count(), 20);
  await page.getByRole('button', { name: 'Load more' }).click();
  await page.getByText('Idea 23', { exact: true }).waitFor();
  t.is(await page.locator('.post-card').count(), 23);
  t.is(await page.getByRole('button', { name: 'Load more' }).count(), 0);
});

test.serial('a signed-in member votes and unvotes in one click each; the count follows', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { url: 'vote-board' });
  await seedPost(web, { board, title: 'Vote on me' });
  const grace = await member(web, { name: 'Grace' });
  const page = await openPage(t, '/b/vote-board', { as: grace });
  const vote = page.getByRole('button', { name: /^Vote/ });
  await vote.waitFor();
  t.is(await vote.getAttribute('aria-pressed'), 'false');
  await vote.click();
  await page.getByRole('button', { name: 'Vote, 2 votes' }).waitFor();
  t.is(await vote.getAttribute('aria-pressed'), 'true');
  await page.waitForFunction(() => document.querySelector('.vote-button')?.getAttribute('aria-busy') === 'false');
  const reloaded = await openPage(t, '/b/vote-board', { as: grace });
  await reloaded.getByRole('button', { name: 'Vote, 2 votes', pressed: true }).waitFor();
  await reloaded.getByRole('button', { name: /^Vote/ }).click();
  await reloaded.getByRole('button', { name: 'Vote, 1 vote', pressed: false }).waitFor();
  await reloaded.waitForFunction(() => document.querySelector('.vote-button')?.getAttribute('aria-busy') === 'false');
  const again = await openPage(t, '/b/vote-board', { as: grace });
  await again.getByRole('button', { name: 'Vote, 1 vote', pressed: false }).waitFor();
  await expectAccessible(t, again);
  t.pass();
});

test.serial('a hidden board is never shown to a visitor: not on the home page, and its URL is not found', async (t) => {
  const web = t.context.web;
  const hidden = await seedBoard(web, { name: 'Secret plans', url: 'secret-plans', display: false });
  await seedPost(web, { board: hidden, title: 'Secret post' });
  const home = await openPage(t, '/');
  await home.locator('.board-list').waitFor();
  t.is(await home.getByText('Secret plans').count(), 0);
  const page = await openPage(t, '/b/secret-plans');
  await page.getByRole('heading', { name: 'This board does not exist' }).waitFor();
  t.is(await page.getByText('Secret post').count(), 0);
});

test.serial("the site's accent colour marks the pressed vote, with readable text on it", async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { url: 'accent-board' });
  await seedPost(web, { board, title: 'Accent idea' });
  await setSettings(web, { accentColor: 'ffcc00' });
  try {
    const page = await openPage(t, '/b/accent-board', { as: await member(web) });
    await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() === '#ffcc00');
    await page.getByRole('button', { name: /^Vote/ }).click();
    const vote = page.getByRole('button', { name: /^Vote/, pressed: true });
    await vote.waitFor();
    // Once the server has answered: the button is no longer busy.
    await page.waitForFunction(() => document.querySelector('.vote-button')?.getAttribute('aria-busy') === 'false');
    const colours = await vote.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    t.deepEqual(colours, ['rgb(255, 204, 0)', 'rgb(0, 0, 0)']);
    const primary = page.getByRole('link', { name: 'Post an idea' });
    t.is(await primary.evaluate((el) => getComputedStyle(el).color), 'rgb(0, 0, 0)');
    // A light accent still gives a focus ring with 3:1 against the white page.
    await vote.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const ring = await vote.evaluate((el) => getComputedStyle(el).outlineColor);
    t.true(contrastWithWhite(ring) >= 3, `focus ring ${ring} has ${contrastWithWhite(ring).toFixed(2)}:1 on white`);
  } finally {
    await setSettings(web, { accentColor: '484d7c' });
  }
});

test.serial('the board page is accessible on a phone in dark mode, signed in', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { url: 'phone-board' });
  const roadmap = await seedRoadmap(web, { name: 'In progress' });
  await seedPost(web, { board, title: 'A post on a phone with a title long enough to wrap twice', roadmap });
  const page = await openPage(t, '/b/phone-board', { width: 360, colorScheme: 'dark', as: await member(web) });
  await page.getByText('A post on a phone').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  t.true(overflow <= 0, `page is ${overflow}px wider than the screen`);
  await expectAccessible(t, page);
});

test.serial('on a phone a card keeps its excerpt\'s list items apart, and its meta line wraps whole items, never starting a line with "·"', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { url: 'meta-board' });
  const roadmap = await seedRoadmap(web, { name: 'Under consideration' });
  const author = await member(web, { name: 'Margaret Hamilton-Lovelace' });
  const content = 'The dashboard is too bright at night, a dark theme would help.\n\n- follows the OS setting\n- toggle in profile';
  await seedPost(web, { board, title: 'Dark mode', roadmap, author, content });
  const page = await openPage(t, '/b/meta-board', { width: 360 });
  await page.getByText('Dark mode').waitFor();
  t.is(
    await page.locator('.post-card__excerpt').textContent(),
    'The dashboard is too bright at night, a dark theme would help. · follows the OS setting · toggle in profile',
  );
  const items = await page.locator('.post-card .meta > *').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      const dot = parseFloat(getComputedStyle(element, '::before').width);
      // The separator's middle: hit only where it can be seen (the row clips the one at a line's start).
      const hit = document.elementFromPoint(box.left + dot / 2, box.top + box.height / 2);
      return { text: element.textContent, top: Math.round(box.top), lines: element.getClientRects().length, height: box.height, dotShows: hit === element };
    }),
  );
  t.true(new Set(items.map((item) => item.top)).size > 1, `the meta line wraps at 360 px: ${JSON.stringify(items)}`);
  for (const [index, item] of items.entries()) {
    t.true(item.height < 30, `${item.text} stays on one line`);
    const startsLine = index === 0 || item.top !== items[index - 1]!.top;
    t.is(item.dotShows, !startsLine, `${item.text}: its "·" ${startsLine ? 'is hidden at the start of a line' : 'separates it from the one before'}`);
  }
  await expectNoProblems(t, page);
});

/** WCAG contrast of an `rgb(r, g, b)` colour against white. */
function contrastWithWhite(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}
