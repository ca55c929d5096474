// The new-post page: signed-out visitors, board preset, duplicate suggestions with their own votes,
// the Markdown preview, errors under their fields, and landing on the new post.
import type { Page } from 'playwright-core';
import type { PostDetail } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer } from './_browser.ts';
import { callApi, type Member, member, seedBoard, seedPost } from './_seed.ts';

useWebServer();

/** The suggestions panel's announcement, e.g. "1 similar idea". */
const announcement = (page: Page) => page.locator('.similar__count');

let poster: Member;

// Seeded inside the first test: AVA may run this file's `before` hooks alongside the harness's.
// Serial, so it runs after useWebServer's before hook (before hooks otherwise run concurrently).
test.serial.before(async (t) => {
  poster = await member(t.context.web, { name: 'Grace Hopper' });
});

test.serial('a visitor is told why to sign in and led to sign in and back', async (t) => {
  const page = await openPage(t, '/new?board=ideas');
  const link = page.getByRole('link', { name: 'Sign in to post' });
  await link.waitFor();
  t.is(await link.getAttribute('href'), `/sign-in?${new URLSearchParams({ next: '/new?board=ideas' })}`);
  t.is(await page.getByRole('heading', { level: 1 }).textContent(), 'Post an idea');
  t.is(await page.getByLabel('Title').count(), 0);
  await expectNoProblems(t, page);
});

test.serial('while the sign-in page loads, the page left keeps its links: "Create an account" still comes back here', async (t) => {
  const page = await openPage(t, '/new?board=ideas');
  // The sign-in page's code held back, as on a slow connection: this page stays on screen meanwhile.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/sign-in-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Sign in to post' }).click();
  // The header follows the new address at once: the page has rendered with it.
  await page.locator('header a[href="/sign-in?next=%2F"]').waitFor();
  const back = new URLSearchParams({ next: '/new?board=ideas' });
  t.is(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href'), `/sign-up?${back}`);
  t.is(await page.getByRole('link', { name: 'Sign in to post' }).getAttribute('href'), `/sign-in?${back}`);
  release();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  t.is(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href'), `/sign-up?${back}`);
  await expectNoProblems(t, page);
});

test.serial('the board comes preset from ?board= and the title from ?title=', async (t) => {
  const { web } = t.context;
  await seedBoard(web, { name: 'Bugs', url: 'bugs' });
  await seedBoard(web, { name: 'Feature requests', url: 'feature-requests' });
  const page = await openPage(t, '/new?board=feature-requests&title=Export%20as%20CSV', { as: poster });
  const chosen = page.locator('#new-post-board option:checked');
  // The preset is applied once the boards have loaded.
  await page.locator('#new-post-board option:checked', { hasText: 'Feature requests' }).waitFor({ state: 'attached' });
  t.is(await chosen.textContent(), 'Feature requests');
  t.is(await page.getByLabel('Title').inputValue(), 'Export as CSV');
  await expectNoProblems(t, page);
});

test.serial('typing a title shows similar ideas to vote for; posting a different one lands on its page', async (t) => {
  const { web } = t.context;
  const board = await seedBoard(web, { name: 'Dashboard', url: 'dashboard' });
  const existing = await seedPost(web, { board, title: 'Dark mode for the dashboard', content: 'Too bright at night.' });
  const page = await openPage(t, '/new?board=dashboard', { as: poster });
  await page.getByLabel('Title').fill('dark mode');

  const panel = page.getByRole('region', { name: 'Is it one of these?' });
  await panel.waitFor();
  t.is(await announcement(page).textContent(), '1 similar idea');
  const suggestion = panel.getByRole('listitem').filter({ hasText: 'Dark mode for the dashboard' });
  t.is(await suggestion.getByRole('link', { name: 'Dark mode for the dashboard' }).getAttribute('href'), `/p/${existing.slug}`);
  const vote = suggestion.getByRole('button', { name: /^Vote/ });
  t.is(await vote.getAttribute('aria-pressed'), 'false');
  await vote.click();
  await suggestion.getByRole('button', { name: 'Vote, 2 votes', pressed: true }).waitFor();
  const voted = () => callApi<{ post: PostDetail }>(web, 'POST', '/posts/slug', { slug: existing.slug }, poster).then((r) => r.post.voters);
  t.true(await eventually(async () => (await voted()).viewerVote !== null));
  t.is((await voted()).votesCount, 2);

  await page.getByLabel('Title').fill('Export votes as CSV');
  await page.getByLabel('Description').fill('Needed for our *monthly* review.');
  await page.getByRole('button', { name: 'Post idea' }).click();
  await page.waitForURL(/\/p\/export-votes-as-csv-[0-9a-z]{20}$/);
  const slug = new URL(page.url()).pathname.slice('/p/'.length);
  const created = await callApi<{ post: PostDetail }>(web, 'POST', '/posts/slug', { slug }, poster);
  t.is(created.post.board?.boardId, board.boardId);
  t.is(created.post.contentMarkdown, 'Needed for our *monthly* review.');
  // The post page renders the Markdown.
  await page.locator('main em', { hasText: 'monthly' }).waitFor();
  await expectNoProblems(t, page);
});

test.serial('Preview shows the description as rendered Markdown, and Write brings the text back', async (t) => {
  const page = await openPage(t, '/new', { as: poster });
  const description = page.getByLabel('Description');
  await description.fill('Some **bold** text\n\n- one\n- two');
  const preview = page.getByRole('tab', { name: 'Preview' });
  await preview.click();
  t.is(await preview.getAttribute('aria-selected'), 'true');
  const panel = page.getByRole('tabpanel', { name: 'Preview' });
  await panel.locator('strong', { hasText: 'bold' }).waitFor();
  t.is(await panel.locator('li').count(), 2);
  t.false(await description.isVisible());
  // Arrow keys move between the tabs (the ARIA tabs pattern).
  await preview.press('ArrowLeft');
  t.is(await page.getByRole('tab', { name: 'Write' }).getAttribute('aria-selected'), 'true');
  t.is(await description.inputValue(), 'Some **bold** text\n\n- one\n- two');
  t.is(await page.getByText('Markdown is supported. Paste or drop images, or use Add image.').count(), 1);
  await expectNoProblems(t, page);
});

test.serial('“Post idea” waits for the boards, so a quick click never posts an idea without its board', async (t) => {
  const { web } = t.context;
  const page = await openPage(t, '/', { as: poster });
  let release = () => {};
  const boardsArrive = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/v1/boards',
    async (route) => {
      await boardsArrive;
      await route.continue();
    },
  );
  await page.goto(`${web.url}/new?board=feature-requests`);
  await page.getByLabel('Title').fill('Posted the moment the page opened');
  const postIdea = page.getByRole('button', { name: 'Post idea' });
  t.true(await postIdea.isDisabled());
  release();
  await postIdea.click();
  await page.waitForURL(/\/p\/posted-the-moment-the-page-opened/);
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  const created = await callApi<{ post: PostDetail }>(web, 'POST', '/posts/slug', { slug }, poster);
  t.is(created.post.board?.url, 'feature-requests');
  await expectNoProblems(t, page);
});

test.serial('the API’s title error shows under Title and nothing typed is lost', async (t) => {
  const page = await openPage(t, '/new?board=feature-requests', { as: poster });
  await page.getByLabel('Description').fill('Details that must survive.');
  await page.getByLabel('Title').fill('   ');
  await page.getByRole('button', { name: 'Post idea' }).click();
  const error = page.locator('#new-post-title-error');
  await page.getByText('Post title missing').waitFor();
  t.is(await error.textContent(), 'Post title missing');
  const title = page.getByLabel('Title');
  t.is(await title.getAttribute('aria-invalid'), 'true');
  t.regex((await title.getAttribute('aria-describedby')) ?? '', /new-post-title-error/);
  t.is(await page.evaluate<string | undefined>('document.activeElement?.id'), 'new-post-title');
  t.is(await page.getByLabel('Description').inputValue(), 'Details that must survive.');
  t.is(await page.getByRole('button', { name: 'Post idea' }).isEnabled(), true);
  await expectNoProblems(t, page);
});

test.serial('with several boards and none chosen, the board is asked for under Board', async (t) => {
  const page = await openPage(t, '/new', { as: poster });
  await page.getByRole('option', { name: 'Bugs' }).waitFor({ state: 'attached' });
  await page.getByLabel('Title').fill('Something new');
  await page.getByRole('button', { name: 'Post idea' }).click();
  await page.locator('#new-post-board-error', { hasText: 'Choose a board.' }).waitFor();
  t.is(await page.getByLabel('Board').getAttribute('aria-invalid'), 'true');
  t.is(await page.getByLabel('Title').inputValue(), 'Something new');
  await expectNoProblems(t, page);
});

for (const [width, colorScheme] of [
  [1280, 'light'],
  [360, 'dark'],
] as const) {
  test.serial(`axe finds nothing on the new-post page, signed in with suggestions and signed out (${width} px, ${colorScheme})`, async (t) => {
    const page = await openPage(t, '/new?board=dashboard', { as: poster, width, colorScheme });
    await page.getByLabel('Title').fill('dark mode dashboard');
    await page.getByRole('region', { name: 'Is it one of these?' }).waitFor();
    await expectAccessible(t, page);
    await page.getByRole('tab', { name: 'Preview' }).click();
    await expectAccessible(t, page);
    const visitor = await openPage(t, '/new', { width, colorScheme });
    await visitor.getByRole('link', { name: 'Sign in to post' }).waitFor();
    await expectAccessible(t, visitor);
  });
}

/** Whether `check` comes true within two seconds. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (const deadline = Date.now() + 2000; Date.now() < deadline; await new Promise((done) => setTimeout(done, 50))) {
    if (await check()) return true;
  }
  return check();
}
