// The widget in a team's product (issue 29): a host page on another loopback address (127.0.0.2)
// loads widget.js from the board (127.0.0.1). The launcher opens the panel, `identify` signs the
// product's user in without leaving the page, and they search, vote and post there; a host not in
// `embedOrigins` cannot show the panel; a third origin's messages change nothing; keyboard only,
// and axe inside the panel at phone and desktop size, light and dark. More in widget-more.test.ts.
import { startTestProvider, type TestProvider } from '../_helpers/oidc-provider.js';
import { createSecret, type ProductSecret, productToken } from '../_helpers/sso-product.js';
import { expectAccessible, linkIn, sentMail, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, MEMBER_PASSWORD, member, seedBoard, seedPost, setSettings } from './_seed.ts';
import { openProduct as openIn, type Product, panelFrame, hostPage as snippet, startProduct } from './_widget.ts';

useWebServer();

let secret: ProductSecret;
let product: Product;
let stranger: Product;
let boardUrl: string;
let people = 0;

/** The snippet for this file's board. */
const hostPage = (t: WebTest, token: string | null, extra = '') => snippet(t, boardUrl, token, extra);

/** The product's page in a context reaching the board, both products and `alsoReach`. */
const openProduct = (t: WebTest, url: string, options: { width?: number; colorScheme?: 'light' | 'dark'; alsoReach?: string } = {}) =>
  openIn(t, url, [product.origin, stranger.origin, ...(options.alsoReach ? [options.alsoReach] : [])], options);

const person = () => {
  people += 1;
  return { sub: `acme-${people}`, email: `acme${people}@example.com`, name: `Acme User ${people}` };
};

async function prepare(t: WebTest): Promise<void> {
  if (secret) return;
  const web = t.context.web;
  secret = await createSecret(web.server, web.owner.token);
  [product, stranger] = await Promise.all([startProduct('127.0.0.2'), startProduct('127.0.0.3')]);
  await setSettings(web, { embedOrigins: [product.origin] } as never);
  const board = await seedBoard(web, { name: 'Feature requests', url: 'feature-requests' });
  boardUrl = board.url;
  await seedPost(web, { title: 'Dark mode for the reports', board });
  await seedPost(web, { title: 'Export to spreadsheet', board });
}

let provider: TestProvider | undefined;

test.after.always(async () => {
  await Promise.all([product?.close(), stranger?.close(), provider?.close()]);
});

/** A fresh browser context at the product's page; only the three loopback origins are reached. */
/** Whether `check` comes true within 5 seconds, asked every 50 ms. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (await check()) return true;
  }
  return check();
}

/** The API's view of a person: their user id, from the token's email. */
async function userIdOf(t: WebTest, email: string): Promise<string> {
  const found = await t.context.web.ctx.storage.users.getByEmail(email);
  if (!found) throw new Error(`no user ${email}`);
  return found.id;
}

test.serial('the launcher opens the panel; identify signs the product’s user in; they search, vote and post an idea without leaving the page', async (t) => {
  await prepare(t);
  const who = person();
  product.page('/app', hostPage(t, productToken(secret, who)));
  const { page } = await openProduct(t, `${product.origin}/app`);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = await panelFrame(page);
  await panel.getByRole('button', { name: `Your account (${who.name})` }).waitFor();

  await panel.getByLabel('Search').fill('dark');
  await panel.getByRole('link', { name: 'Dark mode for the reports' }).waitFor();
  await panel.getByRole('link', { name: 'Export to spreadsheet' }).waitFor({ state: 'detached' });
  // The owner's own vote came with the post.
  await panel.getByRole('button', { name: /^Vote, 1 vote\b/ }).click();
  await panel.getByRole('button', { name: /^Vote, 2 votes/ }).waitFor();
  const userId = await userIdOf(t, who.email);
  const posts = await callApi<{ posts: Array<{ title: string; postId: string }> }>(t.context.web, 'POST', '/posts/get', { query: 'dark' });
  const dark = posts.posts.find((post) => post.title === 'Dark mode for the reports')!;
  // The button counts the vote as it is sent: the stored vote may follow a moment later.
  t.true(await eventually(async () => (await t.context.web.ctx.storage.votes.getByUserAndPost(userId, dark.postId)) !== undefined), 'the vote is the product user’s');

  await panel.getByRole('link', { name: 'Post an idea' }).first().click();
  await panel.getByLabel('Title').fill('Keyboard shortcuts in the editor');
  await panel.getByRole('button', { name: 'Post idea' }).click();
  await panel.getByRole('heading', { level: 1, name: 'Keyboard shortcuts in the editor' }).waitFor();
  const mine = await callApi<{ posts: Array<{ title: string; author: { userId: string } }> }>(t.context.web, 'POST', '/posts/get', { query: 'keyboard shortcuts' });
  t.is(mine.posts[0]?.author.userId, userId, 'the idea is the product user’s');
  t.is(page.url(), `${product.origin}/app`, 'the host page never left');
  t.true(panel.url().startsWith(`${t.context.web.url}/embed/p/`));

  await panel.getByRole('link', { name: 'My ideas' }).click();
  await panel.getByRole('region', { name: 'Ideas you posted' }).getByRole('link', { name: 'Keyboard shortcuts in the editor' }).waitFor();
});

test.serial('widget.js is one script, revalidated on each use, compressed', async (t) => {
  await prepare(t);
  const response = await fetch(`${t.context.web.url}/widget.js`, { headers: { 'accept-encoding': 'br' } });
  t.is(response.status, 200);
  t.is(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
  t.is(response.headers.get('cache-control'), 'no-cache');
  t.truthy(response.headers.get('etag'));
  t.is(response.headers.get('content-encoding'), 'br');
});

test.serial('the loader adds one global, feedbackd; data-label and data-position shape its launcher; styles cross neither way', async (t) => {
  await prepare(t);
  const pageStyle = '<style>button { background: rgb(255, 0, 0); font-size: 40px; } .panel, .launcher { display: none; }</style>';
  product.page('/bare', `<!doctype html><html lang="en"><head><title>Bare</title>${pageStyle}</head><body><button type="button">Own</button></body></html>`);
  const custom = hostPage(t, null).replace('async>', 'data-label="Ideas" data-position="bottom-left" async>').replace('<title>Acme</title>', `<title>Acme</title>${pageStyle}`);
  product.page('/custom', custom.replace('<main>', '<main><button type="button">Own</button>'));
  const { page } = await openProduct(t, `${product.origin}/bare`);
  const bare = await page.evaluate(() => Object.keys(window));
  await page.goto(`${product.origin}/custom`);
  const launcher = page.getByRole('button', { name: 'Ideas' });
  await launcher.waitFor();
  const added = (await page.evaluate(() => Object.keys(window))).filter((key) => !bare.includes(key));
  t.deepEqual(added, ['feedbackd']);
  const box = (await launcher.boundingBox())!;
  t.true(box.x < 100, `bottom-left (x = ${box.x})`);
  t.not(await launcher.evaluate((button) => getComputedStyle(button).backgroundColor), 'rgb(255, 0, 0)', 'the page’s button style does not reach the launcher');
  t.is(await page.getByRole('button', { name: 'Own' }).evaluate((button) => getComputedStyle(button).fontSize), '40px', 'nor the widget’s the page');
  await launcher.click();
  await panelFrame(page);
  t.pass();
});

test.serial('Escape and Close close the panel and focus returns to the launcher; keyboard only', async (t) => {
  await prepare(t);
  product.page('/keys', hostPage(t, productToken(secret, person())));
  const { page } = await openProduct(t, `${product.origin}/keys`);
  const launcher = page.getByRole('button', { name: 'Feedback' });
  // The page's one link, then the launcher.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  t.true(await launcher.evaluate((button) => (button.getRootNode() as ShadowRoot).activeElement === button), 'Tab reaches the launcher');
  await page.keyboard.press('Enter');
  const panel = await panelFrame(page);
  t.is(await launcher.getAttribute('aria-expanded'), 'true');
  await panel.getByRole('button', { name: /^Your account/ }).waitFor();
  // Focus went into the panel: Tab walks its controls to the search field.
  const search = panel.getByLabel('Search');
  for (let presses = 0; presses < 12 && !(await search.evaluate((input) => input === document.activeElement)); presses++) await page.keyboard.press('Tab');
  t.true(await search.evaluate((input) => input === document.activeElement), 'Tab reaches the search field inside the panel');
  await page.keyboard.type('export');
  await panel.getByRole('link', { name: 'Export to spreadsheet' }).waitFor();
  await page.keyboard.press('Escape');
  await page.locator('[data-feedbackd-widget]').locator('.panel').waitFor({ state: 'hidden' });
  t.true(await launcher.evaluate((button) => (button.getRootNode() as ShadowRoot).activeElement === button), 'focus is back on the launcher');
  await page.keyboard.press('Enter');
  await panel.getByRole('button', { name: 'Close' }).click();
  await page.locator('[data-feedbackd-widget]').locator('.panel').waitFor({ state: 'hidden' });
  t.is(await launcher.getAttribute('aria-expanded'), 'false');
});

test.serial('a host not in embedOrigins cannot show the panel: the browser blocks the frame', async (t) => {
  await prepare(t);
  stranger.page('/app', hostPage(t, productToken(secret, person())));
  const { page } = await openProduct(t, `${stranger.origin}/app`);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const handle = await page.locator('[data-feedbackd-widget]').locator('iframe').elementHandle();
  await page.waitForTimeout(500);
  const frame = await handle!.contentFrame();
  t.falsy(await frame?.$('.embed-header'), 'no panel is drawn');
  t.false(frame?.url().startsWith(t.context.web.url), `the frame holds no board page (${frame?.url()})`);
});

test.serial('a message from a third origin changes nothing', async (t) => {
  await prepare(t);
  const who = person();
  const intruder = person();
  // A page of another origin that holds the panel's window: a window the panel opened (a
  // provider's sign-in page is one), posting everything the panel understands to its opener.
  stranger.page(
    '/intruder',
    `<!doctype html><html lang="en"><body><script>
      const messages = [
        { channel: 'feedbackd', type: 'logout' },
        { channel: 'feedbackd', type: 'identify', token: ${JSON.stringify(productToken(secret, intruder))} },
        { channel: 'feedbackd', type: 'open', post: 'nowhere' },
        { channel: 'feedbackd', type: 'handoff', token: 'not-a-session' },
      ];
      for (const message of messages) opener.postMessage(message, '*');
      document.title = 'sent';
    </script></body></html>`,
  );
  product.page('/guarded', hostPage(t, productToken(secret, who)));
  const { page, context } = await openProduct(t, `${product.origin}/guarded`);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = await panelFrame(page);
  const account = panel.getByRole('button', { name: `Your account (${who.name})` });
  await account.waitFor();
  const before = panel.url();
  const [popup] = await Promise.all([context.waitForEvent('page'), panel.evaluate((url) => void window.open(url, 'intruder'), `${stranger.origin}/intruder`)]);
  await popup.waitForFunction(() => document.title === 'sent');
  await page.waitForTimeout(700);
  t.true(await account.isVisible(), 'still signed in as the same person');
  t.is(panel.url(), before);
  t.is(await t.context.web.ctx.storage.users.getByEmail(intruder.email), undefined, 'the intruder’s token never signed in');
});

test.serial('without identify, voting asks the visitor to sign in inside the panel', async (t) => {
  await prepare(t);
  product.page('/anonymous', hostPage(t, null));
  const { page } = await openProduct(t, `${product.origin}/anonymous`);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = await panelFrame(page);
  await panel.getByRole('button', { name: /^Vote, / }).first().click();
  await panel.getByRole('heading', { name: 'Sign in' }).waitFor();
  await panel.getByLabel('Email').waitFor();
  t.true(panel.url().startsWith(`${t.context.web.url}/embed/sign-in?`));
  t.is(page.url(), `${product.origin}/anonymous`);
});

test.serial('identify signs in once per page, not at all where the panel kept the same person’s session; logout() signs the panel out', async (t) => {
  await prepare(t);
  const who = person();
  product.page('/first', hostPage(t, productToken(secret, who)));
  product.page('/second', hostPage(t, productToken(secret, { ...who, name: `${who.name} (again)` })));
  const { page, context } = await openProduct(t, `${product.origin}/first`);
  const signIns: string[] = [];
  context.on('request', (request) => {
    if (request.url().endsWith('/api/v1/auth/sso')) signIns.push(request.url());
  });
  await page.getByRole('button', { name: 'Feedback' }).click();
  await (await panelFrame(page)).getByRole('button', { name: /^Your account/ }).waitFor();
  t.is(signIns.length, 1);
  // Chromium 156 denies a cross-site frame any storage (as with third-party cookies blocked); other browsers give it a partitioned one.
  const kept = await (await panelFrame(page)).evaluate(() => {
    try {
      return localStorage.getItem('feedbackd.token') !== null;
    } catch {
      return false;
    }
  });
  t.log(kept ? 'the panel keeps its session in partitioned storage' : 'the panel may keep nothing: its session lasts as long as the page');
  await page.goto(`${product.origin}/second`);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = await panelFrame(page);
  await panel.getByRole('button', { name: /^Your account/ }).waitFor();
  t.is(signIns.length, kept ? 1 : 2, 'one sign-in per page at most, none where the session was kept');
  await page.evaluate(() => (window as unknown as { feedbackd: (command: string) => void }).feedbackd('logout'));
  await panel.getByRole('link', { name: 'Sign in' }).waitFor();
  t.pass();
});

test.serial('signed out, the password form inside the panel signs in and makes the vote that was asked for', async (t) => {
  await prepare(t);
  const someone = await member(t.context.web);
  product.page('/password', hostPage(t, null));
  const { page } = await openProduct(t, `${product.origin}/password`);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = await panelFrame(page);
  await panel.getByRole('listitem').filter({ hasText: 'Export to spreadsheet' }).getByRole('button', { name: /^Vote, / }).click();
  await panel.getByLabel('Email').fill(someone.email);
  await panel.getByLabel('Password').fill(MEMBER_PASSWORD);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await panel.getByRole('button', { name: /^Your account/ }).waitFor();
  const posts = await callApi<{ posts: Array<{ title: string; postId: string }> }>(t.context.web, 'POST', '/posts/get', { query: 'export spreadsheet' });
  // The vote is made once the session is there, then the panel goes back to the board.
  await panel.getByLabel('Search').waitFor();
  t.truthy(await t.context.web.ctx.storage.votes.getByUserAndPost(someone.user.id, posts.posts[0]!.postId), 'the vote was made');
  t.is(page.url(), `${product.origin}/password`);
  // Escape closes the account menu first, not the panel; then Sign out from it.
  await panel.getByRole('button', { name: /^Your account/ }).click();
  await page.keyboard.press('Escape');
  t.true(await page.locator('[data-feedbackd-widget]').locator('.panel').isVisible(), 'the panel stays open');
  await panel.getByRole('button', { name: /^Your account/ }).click();
  await panel.getByRole('menuitem', { name: 'Sign out' }).click();
  await panel.getByRole('link', { name: 'Sign in' }).waitFor();
});

test.serial('a mailed link signs the panel in through the sign-in window it opens, which then closes', async (t) => {
  await prepare(t);
  const email = `linked${Date.now()}@example.com`;
  product.page('/link', hostPage(t, null));
  const { page, context } = await openProduct(t, `${product.origin}/link`);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = await panelFrame(page);
  await panel.getByRole('link', { name: 'Sign in' }).click();
  await panel.getByLabel('Email').fill(email);
  const [signInWindow] = await Promise.all([context.waitForEvent('page'), panel.getByRole('button', { name: 'Email me a sign-in link' }).click()]);
  await signInWindow.getByText('Open the sign-in link we emailed you').waitFor();
  await panel.getByText('Check your inbox').waitFor();
  // The link opens in a tab of its own, as from a mail program: the board's own site, first party.
  const mailTab = await context.newPage();
  await mailTab.goto(linkIn(await sentMail(t.context.web, email)));
  await mailTab.getByText('the feedback panel there is signed in').waitFor();
  await panel.getByRole('button', { name: /^Your account/ }).waitFor();
  // It may have closed already, before anything could wait for it to.
  if (!signInWindow.isClosed()) await signInWindow.waitForEvent('close');
  t.truthy(await t.context.web.ctx.storage.users.getByEmail(email), 'the link made the account');
});

test.serial('Continue with a provider in the panel signs in through the sign-in window, which hands the session over and closes', async (t) => {
  await prepare(t);
  const web = t.context.web;
  provider = await startTestProvider([`${web.url}/api/v1/auth/oidc/acme/callback`]);
  await callApi(web, 'POST', '/sso/providers', { providerId: 'acme', name: 'Acme', issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret });
  t.teardown(() => callApi(web, 'DELETE', '/sso/providers/acme'));
  provider.accounts.set('widget-1', { email: 'kim@example.com', email_verified: true, name: 'Kim Provider' });
  provider.signInAs('widget-1');
  product.page('/provider', hostPage(t, null));
  const { page, context } = await openProduct(t, `${product.origin}/provider`, { alsoReach: provider.issuer });
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = await panelFrame(page);
  await panel.getByRole('link', { name: 'Sign in' }).click();
  const [signInWindow] = await Promise.all([context.waitForEvent('page'), panel.getByRole('button', { name: 'Continue with Acme' }).click()]);
  await panel.getByRole('button', { name: /^Your account/ }).waitFor();
  await panel.getByRole('button', { name: 'Your account (Kim Provider)' }).waitFor();
  if (!signInWindow.isClosed()) await signInWindow.waitForEvent('close');
  t.is(page.url(), `${product.origin}/provider`);
});

test.serial('with the product’s sign-in page set, Sign in in the panel takes the product’s page there, coming back to it', async (t) => {
  await prepare(t);
  product.page('/login', '<!doctype html><html lang="en"><title>Log in to Acme</title><h1>Log in to Acme</h1></html>');
  product.page('/sso-app', hostPage(t, null));
  await setSettings(t.context.web, { ssoLoginUrl: `${product.origin}/login` } as never);
  t.teardown(() => setSettings(t.context.web, { ssoLoginUrl: null } as never));
  const { page } = await openProduct(t, `${product.origin}/sso-app`);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = await panelFrame(page);
  await panel.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(`${product.origin}/login?*`);
  t.is(new URL(page.url()).searchParams.get('redirect'), `${product.origin}/sso-app`);
});

test.serial('the page’s own button opens the panel on a post named by open(); no launcher is drawn', async (t) => {
  await prepare(t);
  const posts = await callApi<{ posts: Array<{ title: string; slug: string }> }>(t.context.web, 'POST', '/posts/get', { query: 'dark mode reports' });
  const extra = `<button type="button" data-feedbackd-open>Ideas and bugs</button>
<script>feedbackd('open', { post: ${JSON.stringify(posts.posts[0]!.slug)} });</script>`;
  product.page('/own-button', hostPage(t, productToken(secret, person()), extra));
  const { page } = await openProduct(t, `${product.origin}/own-button`);
  const panel = await panelFrame(page);
  await panel.getByRole('heading', { level: 1, name: 'Dark mode for the reports' }).waitFor();
  t.is(await page.locator('[data-feedbackd-widget]').getByRole('button', { name: 'Feedback' }).count(), 0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Ideas and bugs' }).click();
  await panel.getByRole('heading', { level: 1, name: 'Dark mode for the reports' }).waitFor();
  t.pass();
});

test.serial('What’s new in the panel shows the newest changelog entries, and an entry’s ideas open in the panel', async (t) => {
  await prepare(t);
  const web = t.context.web;
  const posts = await callApi<{ posts: Array<{ postId: string }> }>(web, 'POST', '/posts/get', { query: 'dark mode reports' });
  const { entry } = await callApi<{ entry: { entryId: string } }>(web, 'POST', '/changelog', { title: 'Dark mode is here', labels: ['new'], postIds: [posts.posts[0]!.postId] });
  await callApi(web, 'POST', `/changelog/${entry.entryId}/publish`, {});
  product.page('/news', hostPage(t, productToken(secret, person())));
  const { page } = await openProduct(t, `${product.origin}/news`);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const panel = await panelFrame(page);
  await panel.getByRole('link', { name: 'What’s new' }).click();
  await panel.getByRole('article', { name: 'Dark mode is here' }).waitFor();
  await panel.getByRole('link', { name: 'Dark mode for the reports' }).click();
  await panel.getByRole('heading', { level: 1, name: 'Dark mode for the reports' }).waitFor();
  t.true(panel.url().startsWith(`${web.url}/embed/p/`), 'still in the panel');
  await panel.getByText('Shipped in').waitFor();
});

for (const [width, colorScheme] of [
  [360, 'light'],
  [1280, 'dark'],
] as const) {
  test.serial(`axe finds nothing inside the panel at ${width} px, ${colorScheme}`, async (t) => {
    await prepare(t);
    product.page('/axe', hostPage(t, productToken(secret, person())));
    const { page } = await openProduct(t, `${product.origin}/axe`, { width, colorScheme });
    await page.getByRole('button', { name: 'Feedback' }).click();
    const panel = await panelFrame(page);
    await panel.getByRole('button', { name: /^Your account/ }).waitFor();
    await panel.getByRole('link', { name: 'Dark mode for the reports' }).waitFor();
    const box = await page.locator('[data-feedbackd-widget]').locator('.panel').boundingBox();
    if (width === 360) t.deepEqual([box?.width, box?.height], [360, 800], 'full screen on a phone');
    else t.deepEqual([box?.width, box?.height], [400, 600], '400 × 600 on a desktop');
    await expectAccessible(t, panel);
    await panel.getByRole('link', { name: 'Dark mode for the reports' }).click();
    await panel.getByRole('heading', { level: 1, name: 'Dark mode for the reports' }).waitFor();
    await expectAccessible(t, panel);
  });
}
