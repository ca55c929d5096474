// More of the widget (issue 29), beside widget.test.ts: what the panel offers an identified person
// (sort, similar ideas, comments, My ideas; What's new only once something shipped; no page outside
// /embed), their vote and idea read back through the API as them, open() and close() from the
// page, both sides' origin checks, and axe plus a keyboard-only run at the sizes and schemes
// widget.test.ts leaves out. The host page is on 127.0.0.2 against the board on 127.0.0.1.
import type { Frame, Locator, Page } from 'playwright-core';
import { createSecret, type ProductSecret, productToken } from '../_helpers/sso-product.js';
import { expectAccessible, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, seedBoard, seedComment, seedPost, setSettings } from './_seed.ts';
import { openProduct as openIn, type Product, panelFrame, hostPage as snippet, startProduct } from './_widget.ts';

useWebServer();

interface ApiPost {
  postId: string;
  title: string;
  slug: string;
  author: { userId: string };
  voters: { viewerVote: { userId: string } | null };
}

let secret: ProductSecret;
let product: Product;
let stranger: Product;
let darkMode: ApiPost;
let people = 0;

/** The snippet for this file's board. */
const hostPage = (t: WebTest, token: string | null, extra = '') => snippet(t, 'feature-requests', token, extra);

/** The product's page in a context reaching the board and both products. */
const openProduct = (t: WebTest, url: string, options: { width?: number; colorScheme?: 'light' | 'dark' } = {}) =>
  openIn(t, url, [product.origin, stranger.origin], options);

const person = () => {
  people += 1;
  return { sub: `more-${people}`, email: `more${people}@example.com`, name: `Acme Person ${people}` };
};

async function prepare(t: WebTest): Promise<void> {
  if (secret) return;
  const web = t.context.web;
  secret = await createSecret(web.server, web.owner.token);
  [product, stranger] = await Promise.all([startProduct('127.0.0.2'), startProduct('127.0.0.3')]);
  await setSettings(web, { embedOrigins: [product.origin] } as never);
  const board = await seedBoard(web, { name: 'Feature requests', url: 'feature-requests' });
  const bugs = await seedBoard(web, { name: 'Bugs', url: 'bugs' });
  const dark = await seedPost(web, { title: 'Dark mode for the reports', board });
  await seedComment(web, dark, { body: 'We are looking into a darker palette.' });
  await seedPost(web, { title: 'Export to spreadsheet', board });
  await seedPost(web, { title: 'Crash when the report is empty', board: bugs });
  darkMode = (await callApi<{ posts: ApiPost[] }>(web, 'POST', '/posts/get', { query: 'dark mode reports' })).posts[0]!;
}

test.after.always(async () => {
  await Promise.all([product?.close(), stranger?.close()]);
});

/** A fresh browser context at `url`; only the board's and the two products' origins are reached. */
/** The panel once the loader listens to it (its Close button shows only after the loader's hello). */
async function readyPanel(page: Page): Promise<Frame> {
  const panel = await panelFrame(page);
  await panel.getByRole('button', { name: 'Close' }).waitFor();
  return panel;
}

const panelBox = (page: Page) => page.locator('[data-feedbackd-widget]').locator('.panel');

/** Whether the launcher (in the widget's shadow root) has the focus, in a page that has it too. */
const launcherFocused = (launcher: Locator) =>
  launcher.evaluate((button) => (button.getRootNode() as ShadowRoot).activeElement === button && document.activeElement === (button.getRootNode() as ShadowRoot).host);

/** The same-origin links on the panel's page now, by path. */
async function panelLinks(panel: Frame): Promise<string[]> {
  return panel.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]')).filter((link) => link.origin === location.origin && !link.getAttribute('href')!.startsWith('#')).map((link) => link.pathname),
  );
}

test.serial('identified in the panel: sort, similar ideas, a post’s comments and My ideas, all under /embed, no What’s new yet; the vote and idea are the person’s through the API', async (t) => {
  await prepare(t);
  const web = t.context.web;
  const who = person();
  product.page('/app', hostPage(t, productToken(secret, who)));
  const { page } = await openProduct(t, `${product.origin}/app`);
  const signedIn = page.waitForResponse((response) => response.url() === `${web.url}/api/v1/auth/sso`);
  const presence = page.waitForResponse((response) => response.url().startsWith(`${web.url}/api/v1/changelog`));
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = await panelFrame(page);
  // The session the panel was given: the API is asked as that person below.
  const viewer = ((await (await signedIn).json()) as { user: { userId: string; authToken: string } }).user;
  const asViewer = { user: { id: viewer.userId }, token: viewer.authToken } as never;
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === panel) visited.push(frame.url());
  });
  const links = new Set<string>();
  const collect = async () => {
    for (const path of await panelLinks(panel)) links.add(path);
  };
  await panel.getByRole('button', { name: `Your account (${who.name})` }).waitFor();
  await (await presence).finished();

  // Sort: oldest, newest, then the most votes once the person voted for the newer one.
  const titles = panel.locator('.post-card__title');
  await panel.getByRole('radio', { name: 'Old' }).check();
  await panel.waitForFunction(() => document.querySelector('.post-card__title')?.textContent === 'Dark mode for the reports');
  t.true(panel.url().endsWith('/embed/b/feature-requests?order=oldest'), panel.url());
  await panel.getByRole('radio', { name: 'New' }).check();
  await panel.waitForFunction(() => document.querySelector('.post-card__title')?.textContent === 'Export to spreadsheet');
  t.deepEqual(await titles.allTextContents(), ['Export to spreadsheet', 'Dark mode for the reports']);
  const exportCard = panel.getByRole('listitem').filter({ hasText: 'Export to spreadsheet' });
  await exportCard.getByRole('button', { name: /^Vote, 1 vote\b/ }).click();
  await exportCard.getByRole('button', { name: /^Vote, 2 votes/ }).waitFor();
  await panel.getByRole('radio', { name: 'Old' }).check();
  await panel.waitForFunction(() => document.querySelector('.post-card__title')?.textContent === 'Dark mode for the reports');
  await panel.getByRole('radio', { name: 'Top' }).check();
  await panel.waitForFunction(() => document.querySelector('.post-card__title')?.textContent === 'Export to spreadsheet');
  t.true(panel.url().endsWith('/embed/b/feature-requests'), panel.url());
  await collect();

  // A post's page shows its comments.
  await panel.getByRole('link', { name: 'Dark mode for the reports' }).click();
  await panel.getByRole('heading', { level: 1, name: 'Dark mode for the reports' }).waitFor();
  await panel.getByText('We are looking into a darker palette.').waitFor();
  await collect();

  // Post an idea: the similar ones are offered while the title is typed.
  await panel.getByRole('link', { name: 'Feature requests' }).first().click();
  await panel.getByRole('link', { name: 'Post an idea' }).first().click();
  await panel.getByLabel('Title').fill('darker mode');
  const similar = panel.getByRole('region', { name: 'Is it one of these?' });
  const suggestion = similar.getByRole('link', { name: 'Dark mode for the reports' });
  await suggestion.waitFor();
  t.is(await suggestion.getAttribute('href'), `/embed/p/${darkMode.slug}`);
  await collect();
  await panel.getByLabel('Title').fill('Keyboard shortcuts in the editor');
  await panel.getByRole('button', { name: 'Post idea' }).click();
  await panel.getByRole('heading', { level: 1, name: 'Keyboard shortcuts in the editor' }).waitFor();
  await collect();

  // My ideas: what they posted, and what they voted for.
  await panel.getByRole('link', { name: 'My ideas' }).click();
  await panel.getByRole('region', { name: 'Ideas you posted' }).getByRole('link', { name: 'Keyboard shortcuts in the editor' }).waitFor();
  await panel.getByRole('region', { name: 'Ideas you voted for' }).getByRole('link', { name: 'Export to spreadsheet' }).waitFor();
  t.is(await panel.getByRole('region', { name: 'Ideas you voted for' }).getByRole('link', { name: 'Dark mode for the reports' }).count(), 0);
  await collect();

  t.is(await panel.getByRole('link', { name: 'What’s new' }).count(), 0, 'no What’s new before anything shipped');
  const outside = [...links].filter((path) => !/^\/embed(\/|$)/.test(path));
  t.deepEqual(outside, [], `links out of the panel: ${outside.join(', ')}`);
  t.true(visited.length >= 6, `the panel moved (${visited.length})`);
  t.deepEqual(
    visited.filter((url) => !url.startsWith(`${web.url}/embed`)),
    [],
    'the panel never showed a page outside /embed',
  );
  t.is(page.url(), `${product.origin}/app`);

  // Through the API as the person the panel signed in: their vote, and their idea with them as author.
  const read = async (query: string) => (await callApi<{ posts: ApiPost[] }>(web, 'POST', '/posts/get', { query }, asViewer)).posts[0]!;
  const exported = await read('export spreadsheet');
  t.is(exported.title, 'Export to spreadsheet');
  t.is(exported.voters.viewerVote?.userId, viewer.userId, 'their vote');
  t.is((await read('dark mode reports')).voters.viewerVote, null, 'no vote where they gave none');
  const idea = await read('keyboard shortcuts editor');
  t.is(idea.title, 'Keyboard shortcuts in the editor');
  t.is(idea.author.userId, viewer.userId, 'their idea');
  t.is(idea.voters.viewerVote?.userId, viewer.userId, 'with their own vote');
});

test.serial('open({ board }) opens the panel on that board; open({ post }) and open({ board }) change an open panel’s page; close() and Close give focus back to the launcher', async (t) => {
  await prepare(t);
  const web = t.context.web;
  product.page('/calls', hostPage(t, productToken(secret, person())));
  const { page } = await openProduct(t, `${product.origin}/calls`);
  const launcher = page.getByRole('button', { name: 'Feedback' });
  await launcher.waitFor();
  const call = (command: string, argument?: object) =>
    page.evaluate(([command, argument]) => (window as unknown as { feedbackd: (command: string, argument?: unknown) => void }).feedbackd(command as string, argument), [command, argument] as const);

  await call('open', { board: 'bugs' });
  const panel = await readyPanel(page);
  await panel.getByRole('heading', { level: 1, name: 'Bugs' }).waitFor();
  await panel.getByRole('link', { name: 'Crash when the report is empty' }).waitFor();
  t.is(panel.url(), `${web.url}/embed/b/bugs`);
  t.is(await launcher.getAttribute('aria-expanded'), 'true');

  // Already open and loaded: the panel goes to the post, then the other board, in place (told by message, not reloaded).
  await panel.evaluate(() => Object.assign(window, { stillHere: true }));
  await call('open', { post: darkMode.slug });
  await panel.getByRole('heading', { level: 1, name: 'Dark mode for the reports' }).waitFor();
  t.is(panel.url(), `${web.url}/embed/p/${darkMode.slug}`);
  await call('open', { board: 'feature-requests' });
  await panel.getByRole('heading', { level: 1, name: 'Feature requests' }).waitFor();
  t.is(panel.url(), `${web.url}/embed/b/feature-requests`);
  t.is(await page.locator('[data-feedbackd-widget]').locator('iframe').count(), 1);
  t.true(await panel.evaluate(() => 'stillHere' in window), 'the same document, not a new one');

  await call('close');
  await panelBox(page).waitFor({ state: 'hidden' });
  t.is(await launcher.getAttribute('aria-expanded'), 'false');
  t.true(await launcherFocused(launcher), 'close(): focus is on the launcher');

  // Opened from the launcher, closed by the panel's own Close button.
  await launcher.click();
  await panelBox(page).waitFor();
  await panel.getByRole('button', { name: 'Close' }).click();
  await panelBox(page).waitFor({ state: 'hidden' });
  t.is(await launcher.getAttribute('aria-expanded'), 'false');
  t.true(await launcherFocused(launcher), 'Close: focus is on the launcher');
});

/** A page of the third origin that posts everything the loader obeys to its parent, then a probe the host page waits for. */
const PRETENDER = `<!doctype html><html lang="en"><title>Pretender</title><body><script>
  parent.postMessage({ channel: 'feedbackd', type: 'ready' }, '*');
  parent.postMessage({ channel: 'feedbackd', type: 'close' }, '*');
  parent.postMessage({ probe: location.search.slice(1) }, '*');
</script></body></html>`;

/** Counts the messages the host page gets, by probe: a probe arrives after the messages posted before it were handled. */
const PROBE_LISTENER = `<script>
  window.probes = [];
  addEventListener('message', (event) => { if (event.data && event.data.probe) window.probes.push(event.data.probe); });
</script>`;

test.serial('the loader obeys only its panel on the board’s origin: a third-origin frame, or the panel’s frame once on a third origin, cannot close it', async (t) => {
  await prepare(t);
  stranger.page('/pretender', PRETENDER);
  product.page('/page-side', hostPage(t, productToken(secret, person()), PROBE_LISTENER));
  const { page } = await openProduct(t, `${product.origin}/page-side`);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = await readyPanel(page);
  const probed = (probe: string) => page.waitForFunction((probe) => (window as unknown as { probes: string[] }).probes.includes(probe), probe);

  // Another frame of the host page, from the third origin: not the panel's window.
  await page.evaluate((src) => document.body.append(Object.assign(document.createElement('iframe'), { src, title: 'Elsewhere' })), `${stranger.origin}/pretender?other-frame`);
  await probed('other-frame');
  t.true(await panelBox(page).isVisible(), 'a third-origin frame cannot close the panel');

  // The panel's own frame, sent to the third origin: its window, but no longer the board's origin.
  await panel.evaluate((url) => location.assign(url), `${stranger.origin}/pretender?panel-frame`);
  await probed('panel-frame');
  t.is(panel.url(), `${stranger.origin}/pretender?panel-frame`);
  t.true(await panelBox(page).isVisible(), 'the panel’s frame on a third origin cannot close the panel');
});

test.serial('the panel obeys only a parent on an origin of embedOrigins: framed by the board’s own site, hello, identify and open change nothing', async (t) => {
  await prepare(t);
  const web = t.context.web;
  const intruder = person();
  // The board's own origin may frame the panel (the dashboard's preview) but is not in embedOrigins.
  const { page, context } = await openProduct(t, `${web.url}/embed`);
  const signIns: string[] = [];
  context.on('request', (request) => {
    if (request.url().endsWith('/api/v1/auth/sso')) signIns.push(request.url());
  });
  await page.evaluate(() => {
    Object.assign(window, { ready: false });
    addEventListener('message', (event) => {
      if (event.data?.channel === 'feedbackd' && event.data.type === 'ready') Object.assign(window, { ready: true });
    });
    document.body.append(Object.assign(document.createElement('iframe'), { src: '/embed/b/feature-requests', title: 'Panel' }));
  });
  await page.waitForFunction(() => (window as unknown as { ready: boolean }).ready);
  const panel = page.frames().find((frame) => frame.url().endsWith('/embed/b/feature-requests'))!;
  await panel.getByRole('heading', { level: 1, name: 'Feature requests' }).waitFor();
  await panel.evaluate(() => {
    Object.assign(window, { probed: false });
    addEventListener('message', (event) => {
      if (event.data?.probe) Object.assign(window, { probed: true });
    });
  });
  await page.evaluate(
    ([token, post]) => {
      const frame = document.querySelector('iframe')!.contentWindow!;
      frame.postMessage({ channel: 'feedbackd', type: 'hello', page: location.href }, '*');
      frame.postMessage({ channel: 'feedbackd', type: 'identify', token }, '*');
      frame.postMessage({ channel: 'feedbackd', type: 'open', post }, '*');
      frame.postMessage({ probe: true }, '*');
    },
    [productToken(secret, intruder), darkMode.slug] as const,
  );
  await panel.waitForFunction(() => (window as unknown as { probed: boolean }).probed);
  // Once more round the panel's event loop, for anything its handlers started.
  await panel.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  t.is(panel.url(), `${web.url}/embed/b/feature-requests`, 'open did not move the panel');
  t.is(await panel.getByRole('button', { name: 'Close' }).count(), 0, 'hello did not make the page its host');
  await panel.getByRole('link', { name: 'Sign in' }).waitFor();
  t.deepEqual(signIns, [], 'identify did not sign in');
  t.is(await web.ctx.storage.users.getByEmail(intruder.email), undefined);
});

let published = false;

/** One published changelog entry, so the panel has What's new. */
async function publishChangelog(t: WebTest): Promise<void> {
  if (published) return;
  const web = t.context.web;
  const { entry } = await callApi<{ entry: { entryId: string } }>(web, 'POST', '/changelog', { title: 'Dark mode is here', labels: ['new'], postIds: [darkMode.postId] });
  await callApi(web, 'POST', `/changelog/${entry.entryId}/publish`, {});
  published = true;
}

/** Presses Tab until `focused` says so, at most `max` times. */
async function tabTo(page: Page, focused: () => Promise<boolean>, max = 40): Promise<boolean> {
  for (let presses = 0; presses < max; presses++) {
    if (await focused()) return true;
    await page.keyboard.press('Tab');
  }
  return focused();
}

/** Whether `target`, in the panel, has the focus. */
const hasFocus = (target: Locator) => () => target.evaluate((element) => element === document.activeElement && document.hasFocus());

/** axe on each page of the panel: a board, a post, all boards, Post an idea with similar ideas, My ideas, What's new, then signed out the sign-in form. */
async function axeEveryPanelPage(t: WebTest, page: Page, panel: Frame): Promise<void> {
  await panel.getByRole('heading', { level: 1, name: 'Feature requests' }).waitFor();
  await panel.getByRole('link', { name: 'Dark mode for the reports' }).waitFor();
  await expectAccessible(t, panel);
  await panel.getByRole('link', { name: 'Dark mode for the reports' }).click();
  await panel.getByRole('heading', { level: 1, name: 'Dark mode for the reports' }).waitFor();
  await panel.getByText('We are looking into a darker palette.').waitFor();
  await expectAccessible(t, panel);
  await panel.locator('.embed-brand').click();
  await panel.getByRole('link', { name: /Feature requests/ }).first().waitFor();
  await expectAccessible(t, panel);
  await panel.getByRole('link', { name: 'My ideas' }).click();
  await panel.getByRole('heading', { level: 1, name: 'My ideas' }).waitFor();
  // Both lists loaded: ideas, or the words for none.
  await panel.waitForFunction(() => {
    const lists = Array.from(document.querySelectorAll('.profile-ideas section'));
    return lists.length === 2 && lists.every((list) => list.querySelector('.post-card__title, .profile-ideas__empty'));
  });
  await expectAccessible(t, panel);
  await panel.getByRole('link', { name: 'What’s new' }).click();
  await panel.getByRole('article', { name: 'Dark mode is here' }).waitFor();
  await expectAccessible(t, panel);
  await panel.getByRole('link', { name: 'Dark mode for the reports' }).first().click();
  await panel.getByRole('heading', { level: 1, name: 'Dark mode for the reports' }).waitFor();
  await panel.getByRole('link', { name: 'Feature requests' }).first().click();
  await panel.getByRole('link', { name: 'Post an idea' }).first().click();
  await panel.getByLabel('Title').fill('dark mode');
  await panel.getByRole('region', { name: 'Is it one of these?' }).waitFor();
  await expectAccessible(t, panel);
  await page.evaluate(() => (window as unknown as { feedbackd: (command: string) => void }).feedbackd('logout'));
  await panel.getByRole('link', { name: 'Sign in', exact: true }).click();
  await panel.getByRole('heading', { name: 'Sign in' }).waitFor();
  await panel.getByLabel('Email').waitFor();
  await expectAccessible(t, panel);
}

test.serial('at 360 px, dark: keyboard alone opens the launcher, votes and posts an idea; axe finds nothing on any page of the panel', async (t) => {
  await prepare(t);
  await publishChangelog(t);
  product.page('/phone', hostPage(t, productToken(secret, person())));
  const { page } = await openProduct(t, `${product.origin}/phone`, { width: 360, colorScheme: 'dark' });
  const launcher = page.getByRole('button', { name: 'Feedback' });
  await launcher.waitFor();
  t.true(await tabTo(page, () => launcherFocused(launcher), 5), 'Tab reaches the launcher');
  await page.keyboard.press('Enter');
  const panel = await readyPanel(page);
  await panel.getByRole('button', { name: /^Your account/ }).waitFor();
  const card = panel.getByRole('listitem').filter({ hasText: 'Dark mode for the reports' });
  const vote = card.getByRole('button', { name: /^Vote, 1 vote\b/ });
  t.true(await tabTo(page, hasFocus(vote)), 'Tab reaches the vote button');
  await page.keyboard.press('Space');
  await card.getByRole('button', { name: /^Vote, 2 votes/, pressed: true }).waitFor();
  t.true(await tabTo(page, hasFocus(panel.getByRole('link', { name: 'Post an idea' }).first()), 60), 'Tab reaches Post an idea');
  await page.keyboard.press('Enter');
  await panel.getByRole('heading', { level: 1, name: 'Post an idea' }).waitFor();
  const title = panel.getByLabel('Title');
  t.true(await tabTo(page, hasFocus(title)), 'Tab reaches the title');
  await page.keyboard.type('Bigger tap targets on phones');
  t.true(await tabTo(page, hasFocus(panel.getByRole('button', { name: 'Post idea' }))), 'Tab reaches Post idea');
  await page.keyboard.press('Enter');
  await panel.getByRole('heading', { level: 1, name: 'Bigger tap targets on phones' }).waitFor();
  t.true(panel.url().startsWith(`${t.context.web.url}/embed/p/`));
  await page.keyboard.press('Escape');
  await panelBox(page).waitFor({ state: 'hidden' });
  await page.keyboard.press('Enter');
  await panelBox(page).waitFor();
  t.deepEqual(await panelBox(page).boundingBox().then((box) => [box?.width, box?.height]), [360, 800], 'full screen on a phone');
  await panel.getByRole('link', { name: 'Feature requests' }).first().click();
  await axeEveryPanelPage(t, page, panel);
});

test.serial('at 1280 px, light: axe finds nothing on any page of the panel', async (t) => {
  await prepare(t);
  await publishChangelog(t);
  product.page('/desktop', hostPage(t, productToken(secret, person())));
  const { page } = await openProduct(t, `${product.origin}/desktop`);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = await readyPanel(page);
  await panel.getByRole('button', { name: /^Your account/ }).waitFor();
  t.deepEqual(await panelBox(page).boundingBox().then((box) => [box?.width, box?.height]), [400, 600], '400 × 600 on a desktop');
  await axeEveryPanelPage(t, page, panel);
});
