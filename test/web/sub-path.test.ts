// The board under a sub-path through a real nginx on loopback (issue 33 §2, its "Done when"): the
// README's nginx example passing `/feedback` through, in front of a real server whose publicUrl is
// nginx's `/feedback`, with mail to a real SMTP sink. In Chromium, one visitor's whole walk: browse,
// sign up from the mailed link, post, vote, comment, reset the password. Every request the pages
// make must stay under `/feedback/` (nginx answers nothing else). Then the widget: the dashboard's
// snippet names `/feedback/widget.js`, and a product's page that pastes it opens the panel from there.
import type { Page } from 'playwright-core';
import { OWNER, type Persona } from '../_helpers/personas.ts';
import { exampleFor, findBinary, type RunningProxy, startNginx } from '../_helpers/proxies.ts';
import { sendRequest, startTestServer, type TestServer } from '../_helpers/server.ts';
import { type SmtpSink, startSmtpSink } from '../_helpers/smtp-sink.ts';
import { type ChromiumTest, expectNoProblems, freePort, linkIn, openPageAt, sentMail, useChromium } from './_browser.ts';
import { seedBoard, seedPost, setSettings } from './_seed.ts';
import { startProduct } from './_widget.ts';

const test = useChromium();

const present = findBinary('nginx') !== null || process.env.FEEDBACKD_REQUIRE_PROXIES === '1';
if (!present) console.warn('web/sub-path: skipped, no nginx binary here (apt-get install nginx, or bash -c ". .ci/nginx.sh")');
const serial = present ? test.serial : test.serial.skip;

interface Stack {
  smtp: SmtpSink;
  server: TestServer;
  nginx: RunningProxy;
  /** `http://127.0.0.1:<nginx port>/feedback`: the public URL. */
  site: string;
  owner: Persona;
}

let stack: Stack | undefined;

test.before(async () => {
  if (!present) return;
  const smtp = await startSmtpSink();
  const [nginxPort, serverPort] = [await freePort(), await freePort()];
  const site = `http://127.0.0.1:${nginxPort}/feedback`;
  const server = await startTestServer(
    { port: serverPort, publicUrl: site, smtpUrl: smtp.url, mailOutbox: false },
    { webDir: process.env.FEEDBACKD_TEST_WEB_DIR || undefined },
  );
  const nginx = await startNginx(exampleFor('nginx', 'passes'), nginxPort, serverPort);
  const setup = await sendRequest(site, 'POST', '/auth/setup', { body: OWNER });
  if (setup.status !== 201) throw new Error(`owner setup through nginx failed: ${setup.status} ${setup.text}`);
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  stack = { smtp, server, nginx, site, owner };
});

test.after.always(async () => {
  await stack?.nginx.close();
  await stack?.server.close();
  await stack?.smtp.close();
});

function started(): Stack {
  if (!stack) throw new Error('the server and nginx did not start');
  return stack;
}

/** A page of the board (an app path), with every request it makes to the origin recorded. */
async function openBoardPage(t: ChromiumTest, path: string, outside: string[]): Promise<Page> {
  const { site } = started();
  const page = await openPageAt(t, `${site}${path}`);
  page.on('request', (request) => {
    if (new URL(request.url()).origin === new URL(site).origin && !request.url().startsWith(`${site}/`)) outside.push(request.url());
  });
  return page;
}

serial('under /feedback through nginx: browse, sign up from the mailed link, post, vote, comment, reset the password', async (t) => {
  const { server, smtp, site, owner } = started();
  const target = { url: site, owner, ctx: server.ctx };
  const board = await seedBoard(target, { name: 'Product ideas' });
  const host = new URL(site).origin;
  const popular = await seedPost(target, { board, title: 'Dark mode', content: `Easier on the eyes at night. See [our pricing](${host}/pricing).` });
  const person = { name: 'Nell Newcomer', email: 'nell@example.org', password: 'a long enough password' };
  const outside: string[] = [];

  // Browse: the home page and the board, from the board's own links.
  const page = await openBoardPage(t, '/', outside);
  await page.getByRole('link', { name: /^Product ideas/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Product ideas' }).waitFor();
  t.is(page.url(), `${site}/b/${board.url}`);
  t.is(await page.getByRole('link', { name: 'Dark mode' }).getAttribute('href'), `/feedback/p/${popular.slug}`);

  // Sign up, and confirm the address from the mailed link.
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  t.true(page.url().startsWith(`${site}/sign-in?`), page.url());
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Name (optional)', { exact: true }).fill(person.name);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText(`Check your inbox: we sent a link to ${person.email} to confirm your address.`).waitFor();
  const confirmation = linkIn(await sentMail({ smtp }, person.email));
  t.true(confirmation.startsWith(`${site}/email-verify/?token=`), confirmation);
  await page.goto(confirmation);
  await page.getByText('Your email address is confirmed.').waitFor();

  // Post an idea on the board.
  await page.goto(`${site}/b/${board.url}`);
  await page.getByRole('link', { name: 'Post an idea' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Post an idea' }).waitFor();
  await page.getByLabel('Title').fill('Export votes as CSV');
  await page.getByLabel('Description').fill('For our monthly review.');
  await page.getByRole('button', { name: 'Post idea' }).click();
  await page.waitForURL(new RegExp(`^${site.replaceAll('.', '\\.')}/p/export-votes-as-csv-[0-9a-z]+$`));
  await page.getByRole('heading', { level: 1, name: 'Export votes as CSV' }).waitFor();
  await page.getByRole('button', { name: 'Vote, 1 vote', pressed: true }).waitFor();

  // Vote for another idea, and comment on it.
  await page.getByRole('link', { name: 'Product ideas' }).first().click();
  await page.getByRole('link', { name: 'Dark mode' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dark mode' }).waitFor();
  t.is(page.url(), `${site}/p/${popular.slug}`);
  await page.getByRole('button', { name: 'Vote, 1 vote' }).click();
  await page.getByRole('button', { name: 'Vote, 2 votes', pressed: true }).waitFor();
  await page.getByLabel('Comment', { exact: true }).fill('Yes please, for the evening shift.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await page.getByRole('region', { name: 'Comments' }).getByText('Yes please, for the evening shift.').waitFor();
  await expectNoProblems(t, page);
  t.deepEqual(outside, [], 'every request of the pages stays under /feedback/');
  // A link to another page of the same host is the browser's to follow, not the board's router's.
  await page.getByRole('link', { name: 'our pricing' }).click();
  await page.waitForURL(`${host}/pricing`);
  await page.waitForLoadState();
  t.is(await page.locator('#app').count(), 0, "nginx's page, not the board's “not found”");
  outside.length = 0;

  // Reset the password from the mailed link, in a browser that is not signed in, and sign in with the new one.
  const resetting = await openBoardPage(t, '/password-reset', outside);
  await resetting.getByLabel('Email', { exact: true }).fill(person.email);
  await resetting.getByRole('button', { name: 'Send reset link' }).click();
  await resetting.getByText(`If an account exists for ${person.email}, we sent a link to reset its password.`).waitFor();
  const reset = linkIn(await sentMail({ smtp }, person.email, { count: 2 }));
  t.true(reset.startsWith(`${site}/password-reset/confirm/?token=`), reset);
  await resetting.goto(reset);
  await resetting.getByLabel('New password', { exact: true }).fill('brand new secret');
  await resetting.getByRole('button', { name: 'Set password' }).click();
  await resetting.getByText('Your password is changed. Sign in with it.').waitFor();
  await resetting.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await resetting.getByLabel('Email', { exact: true }).fill(person.email);
  await resetting.getByLabel('Password', { exact: true }).fill('brand new secret');
  await resetting.getByRole('button', { name: 'Sign in' }).click();
  await resetting.waitForURL(`${site}/`);
  await resetting.getByRole('button', { name: `Your account (${person.name})` }).waitFor();
  await expectNoProblems(t, resetting);

  t.deepEqual(outside, [], 'every request of the pages stays under /feedback/');
});

serial('the widget under /feedback: the dashboard\'s snippet names /feedback/widget.js, and pasted into a product\'s page it opens the panel there', async (t) => {
  const { server, site, owner } = started();
  const product = await startProduct('127.0.0.2');
  t.teardown(product.close);
  await setSettings({ url: site, owner, ctx: server.ctx }, { embedOrigins: [product.origin] } as never);

  const dashboard = await openPageAt(t, `${site}/dashboard/settings`, { as: owner });
  const code = dashboard.getByRole('region', { name: 'Widget' }).locator('pre code');
  await code.filter({ hasText: 'data-board=' }).waitFor();
  const snippet = (await code.textContent()) ?? '';
  t.true(snippet.startsWith(`<script src="${site}/widget.js" data-board="`), snippet);

  product.page('/app', `<!doctype html><html lang="en"><head><title>Acme</title></head><body><main><h1>Acme</h1></main>${snippet}</body></html>`);
  const context = await t.context.browser.newContext({ locale: 'en-US' });
  t.teardown(() => context.close());
  context.setDefaultTimeout(10_000);
  const allowed = new Set([new URL(site).origin, product.origin]);
  await context.route((url) => !allowed.has(url.origin), (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  await page.goto(`${product.origin}/app`);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const handle = await page.locator('[data-feedbackd-widget]').locator('iframe').elementHandle();
  const panel = (await handle!.contentFrame())!;
  await panel.waitForSelector('.embed-header');
  t.true(panel.url().startsWith(`${site}/embed/b/`), panel.url());
  await panel.getByRole('link', { name: 'Dark mode' }).click();
  await panel.getByRole('heading', { level: 1, name: 'Dark mode' }).waitFor();
  t.true(panel.url().startsWith(`${site}/embed/p/`), panel.url());
});
