// The roadmap page: columns in the team's order with their posts, hidden roadmaps left out, the
// empty states, the sideways-scrolling row on a phone, and axe.
import type { Roadmap } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer } from './_browser.ts';
import { callApi, type Member, member, seedBoard, seedComment, seedPost, seedRoadmap, seedVote } from './_seed.ts';

useWebServer();

let voter: Member;

test.serial('with no roadmap published the page says so', async (t) => {
  const { web } = t.context;
  // A hidden roadmap is not a published one.
  await seedRoadmap(web, { name: 'Secret', url: 'secret', display: false });
  const page = await openPage(t, '/roadmap');
  await page.getByText('The team has not published a roadmap yet.').waitFor();
  t.is(await page.getByRole('heading', { level: 1 }).textContent(), 'Roadmap');
  t.is(await page.title(), 'Roadmap · Feedback');
  await expectNoProblems(t, page);
});

test.serial('one column per displayed roadmap in index order, each with its posts by votes', async (t) => {
  const { web } = t.context;
  voter = await member(web, { name: 'Grace Hopper' });
  const board = await seedBoard(web, { name: 'Feature requests' });
  const done = await seedRoadmap(web, { name: 'Done', url: 'done', color: '2e9d5b' });
  const planned = await seedRoadmap(web, { name: 'Planned', url: 'planned' });
  const progress = await seedRoadmap(web, { name: 'In progress', url: 'in-progress', color: '2f6fdb' });
  // Created Done, Planned, In progress; the team then orders them Planned, In progress, Done.
  await swap(web, done, planned);
  await swap(web, done, progress);
  const secret = (await callApi<{ roadmap: Roadmap }>(web, 'GET', '/roadmaps/secret')).roadmap;
  await seedPost(web, { board, roadmap: planned, title: 'Export votes as CSV' });
  const popular = await seedPost(web, { board, roadmap: planned, title: 'Dark mode' });
  await seedVote(web, popular, voter);
  for (const body of ['Yes please', 'My eyes thank you']) await seedComment(web, popular, { body, author: voter });
  const webhooks = await seedPost(web, { board, roadmap: progress, title: 'Webhooks' });
  await seedComment(web, webhooks, { body: 'Slack too?' });
  await seedPost(web, { board, roadmap: secret, title: 'Acquire a competitor' });

  const page = await openPage(t, '/roadmap', { as: voter });
  const region = page.getByRole('region', { name: 'Roadmap columns' });
  await region.waitFor();
  t.is(await region.getAttribute('tabindex'), '0');
  await page.getByText('Nothing here yet').waitFor();
  t.deepEqual(await region.locator('.roadmap-column__name').allTextContents(), ['Planned', 'In progress', 'Done']);

  const plannedColumn = page.getByRole('region', { name: /^Planned/ });
  await plannedColumn.getByRole('link', { name: 'Dark mode' }).waitFor();
  t.deepEqual(await plannedColumn.getByRole('listitem').locator('a').allTextContents(), ['Dark mode', 'Export votes as CSV']);
  t.is(await plannedColumn.getByRole('heading', { level: 2 }).textContent(), 'Planned2, 2 ideas');
  t.deepEqual(await plannedColumn.locator('.roadmap-card__meta').allTextContents(), ['Feature requests · 2 comments', 'Feature requests']);
  t.is(await plannedColumn.getByRole('link', { name: 'Dark mode' }).getAttribute('href'), `/p/${popular.slug}`);
  t.is(await plannedColumn.getByRole('button', { name: 'Vote, 2 votes' }).getAttribute('aria-pressed'), 'true');
  await page.getByRole('region', { name: /^In progress/ }).getByRole('link', { name: 'Webhooks' }).waitFor();
  t.is(await page.getByRole('region', { name: /^In progress/ }).getByText('Feature requests · 1 comment', { exact: true }).count(), 1);
  t.is(await page.getByRole('region', { name: /^Done/ }).getByText('Nothing here yet').count(), 1);
  t.is(await page.getByText('Secret').count(), 0);
  t.is(await page.getByText('Acquire a competitor').count(), 0);
  await expectNoProblems(t, page);
});

test.serial('voting from a roadmap card counts', async (t) => {
  const page = await openPage(t, '/roadmap', { as: voter });
  const vote = page.getByRole('region', { name: /^In progress/ }).getByRole('button', { name: 'Vote, 1 vote' });
  await vote.click();
  await page.getByRole('region', { name: /^In progress/ }).getByRole('button', { name: 'Vote, 2 votes', pressed: true }).waitFor();
  const again = await openPage(t, '/roadmap', { as: voter });
  await again.getByRole('region', { name: /^In progress/ }).getByRole('button', { name: 'Vote, 2 votes', pressed: true }).waitFor();
  t.pass();
});

test.serial('on a desktop the roadmap keeps to the width of the header, and its columns share it', async (t) => {
  const page = await openPage(t, '/roadmap', { width: 1280 });
  await page.getByRole('region', { name: /^Planned/ }).waitFor();
  const edges = await page.evaluate(() => {
    const inner = document.querySelector('.site-header__inner')!;
    const style = getComputedStyle(inner);
    const header = inner.getBoundingClientRect();
    const row = document.querySelector('.roadmap')!.getBoundingClientRect();
    return {
      header: [Math.round(header.left + parseFloat(style.paddingLeft)), Math.round(header.right - parseFloat(style.paddingRight))],
      row: [Math.round(row.left), Math.round(row.right)],
      scrolls: document.querySelector('.roadmap')!.scrollWidth > document.querySelector('.roadmap')!.clientWidth,
    };
  });
  t.deepEqual(edges.row, edges.header);
  t.false(edges.scrolls, 'three columns fit');
});

test.serial('on a phone the columns scroll sideways, about one per screen, and the page itself does not', async (t) => {
  const page = await openPage(t, '/roadmap', { width: 360 });
  const region = page.getByRole('region', { name: 'Roadmap columns' });
  await region.getByRole('link', { name: 'Webhooks' }).waitFor();
  const layout = await page.evaluate<{ page: number; scrolls: boolean; snap: string; column: number }>(`(() => {
    const row = document.querySelector('.roadmap');
    return {
      page: document.documentElement.scrollWidth,
      scrolls: row.scrollWidth > row.clientWidth,
      snap: getComputedStyle(row).scrollSnapType,
      column: row.querySelector('.roadmap-column').getBoundingClientRect().width,
    };
  })()`);
  t.is(layout.page, 360);
  t.true(layout.scrolls);
  t.regex(layout.snap, /^x mandatory/);
  t.true(layout.column > 280 && layout.column < 320, `column is ${layout.column} px wide`);
  // Keyboard: focus the region and scroll it with the arrow key.
  await region.focus();
  await page.keyboard.press('ArrowRight');
  t.true(await eventually(() => page.evaluate<number>("document.querySelector('.roadmap').scrollLeft").then((left) => left > 0)));
});

for (const [width, colorScheme] of [
  [1280, 'light'],
  [360, 'dark'],
] as const) {
  test.serial(`axe finds nothing on the roadmap, signed in and out (${width} px, ${colorScheme})`, async (t) => {
    for (const as of [voter, undefined]) {
      const page = await openPage(t, '/roadmap', { as, width, colorScheme });
      await page.getByRole('link', { name: 'Webhooks' }).waitFor();
      await page.getByText('Nothing here yet').waitFor();
      await expectAccessible(t, page);
    }
  });
}

async function swap(web: Parameters<typeof callApi>[0], from: Roadmap, to: Roadmap): Promise<void> {
  await callApi(web, 'PATCH', '/roadmaps/sort', { from: { id: from.id }, to: { id: to.id } });
}

/** Whether `check` comes true within two seconds (the page's CSP rules out waitForFunction's string form). */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (const deadline = Date.now() + 2000; Date.now() < deadline; await new Promise((done) => setTimeout(done, 50))) {
    if (await check()) return true;
  }
  return check();
}
