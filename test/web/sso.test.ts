// Single sign-on in the browser (issue 28): a test product's token signs a visitor in through
// /sso and lands on the redirect, with the token gone from the address, the history and every
// request the page makes; redirects elsewhere land home; "Sign in" goes to the product when the
// board has a sign-in page set, with a Team sign-in link; with sign-up off too, no password
// sign-up, yet the product's token still makes new accounts; Settings › Sign-in (axe, screenshots).
import type { Page } from 'playwright-core';
import { createSecret, type ProductSecret, productToken } from '../_helpers/sso-product.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, seedPost, setSettings } from './_seed.ts';

useWebServer();

let secret: ProductSecret;
let customers = 0;
// Made in the first test: the file's hooks run side by side, so the server is not there yet in another before hook.
const ensureSecret = async (t: WebTest) => {
  secret ??= await createSecret(t.context.web.server, t.context.web.owner.token);
};

const token = () => {
  customers += 1;
  return productToken(secret, { sub: `web-${customers}`, email: `web${customers}@example.com`, name: `Web Customer ${customers}` });
};

/** Opens a board page signed out, then follows the product's link to /sso, recording every request the page makes from then on. */
async function land(t: WebTest, query: string): Promise<{ page: Page; requests: Array<{ url: string; referer: string | undefined }> }> {
  await ensureSecret(t);
  const page = await openPage(t, '/roadmap');
  const requests: Array<{ url: string; referer: string | undefined }> = [];
  page.on('request', (request) => requests.push({ url: request.url(), referer: request.headers().referer }));
  await page.goto(`${t.context.web.url}/sso?${query}`);
  return { page, requests };
}

test.serial('a token from the product signs a new visitor in and lands on the redirect; the token is in no address, history entry or request', async (t) => {
  const web = t.context.web;
  await ensureSecret(t);
  const post = await seedPost(web, { title: 'Dark mode for the reports' });
  const signed = token();
  const { page, requests } = await land(t, new URLSearchParams({ token: signed, redirect: `/p/${post.slug}` }).toString());
  await page.waitForURL(`${web.url}/p/${post.slug}`);
  await page.getByRole('heading', { level: 1, name: 'Dark mode for the reports' }).waitFor();
  await page.getByRole('button', { name: /^Your account \(Web Customer \d+\)$/ }).waitFor();
  t.false(page.url().includes('token'));
  t.truthy(await page.evaluate(() => localStorage.getItem('feedbackd.token')), 'the session is kept where the app keeps it');
  const signature = signed.split('.')[2]!;
  // The navigation to /sso itself carries it; nothing after it does, as address or Referer.
  const after = requests.filter((request) => !request.url.startsWith(`${web.url}/sso?`));
  t.true(after.length > 3, 'the page loaded its assets and called the API');
  t.deepEqual(after.filter((request) => request.url.includes(signature) || request.referer?.includes(signature)), []);
  t.deepEqual(requests.filter((request) => request.url.includes('/assets/')).map((request) => request.referer), requests.filter((request) => request.url.includes('/assets/')).map(() => undefined), 'assets of /sso are fetched without a Referer');
  // The profile says how they sign in, and that name and email come from the product.
  const profile = await openPage(t, '/profile', { as: { token: (await page.evaluate(() => localStorage.getItem('feedbackd.token')))! } });
  await profile.getByText("Your account at the team's product", { exact: false }).waitFor();
  await expectAccessible(t, profile);
  // Back goes to the page before the product's link, never to /sso and its token.
  await page.goBack();
  await page.waitForURL(`${web.url}/roadmap`);
  t.false(await page.evaluate(() => history.length > 3));
  await expectNoProblems(t, page);
});

test.serial('a redirect to another site, however written, lands on the board home; one to this very site is followed', async (t) => {
  const web = t.context.web;
  await ensureSecret(t);
  // (`/%5Cevil.example` is no such case: it stays a path of this site, which is never decoded twice.)
  const hostile = ['//evil.example', 'https://evil.example/p/x', '/\\evil.example', '%2F%2Fevil.example', '/\t/evil.example', '\t//evil.example', 'javascript:alert(1)'];
  for (const redirect of hostile) {
    // Encoded once more by the query itself, so "%2F%2F…" arrives as the text it looks like.
    const { page } = await land(t, `token=${token()}&redirect=${encodeURIComponent(redirect)}`);
    await page.getByRole('button', { name: /^Your account/ }).waitFor();
    t.is(new URL(page.url()).origin, new URL(web.url).origin, redirect);
    t.is(new URL(page.url()).pathname, '/', redirect);
  }
  const raw = await land(t, `token=${token()}&redirect=//evil.example`);
  await raw.page.getByRole('button', { name: /^Your account/ }).waitFor();
  t.is(raw.page.url(), `${web.url}/`, 'an unencoded // too');
  const same = await land(t, new URLSearchParams({ token: token(), redirect: `${web.url}/roadmap?from=product` }).toString());
  await same.page.waitForURL(`${web.url}/roadmap?from=product`);
  t.pass();
});

test.serial('a refused token says why, in words, with a way on; the page is accessible', async (t) => {
  await ensureSecret(t);
  const { page } = await land(t, `token=${productToken({ id: secret.id, secret: 'not the key' }, { sub: 'x', email: 'x@example.com' })}&redirect=/roadmap`);
  const alert = page.getByRole('alert');
  await alert.waitFor();
  t.is(await alert.textContent(), 'The sign-on token is not signed by the secret its kid names');
  t.is(new URL(page.url()).search, '', 'the token left the address all the same');
  t.true(await page.getByRole('link', { name: 'Sign in with a password' }).isVisible());
  await expectAccessible(t, page);
});

test.serial('with a sign-in page set, "Sign in" goes to the product with the board URL to come back to; the team has its own link', async (t) => {
  const web = t.context.web;
  await setSettings(web, { ssoLoginUrl: 'https://app.example.com/login?from=board' });
  t.teardown(() => setSettings(web, { ssoLoginUrl: null }));
  const page = await openPage(t, '/roadmap');
  const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
  await signIn.waitFor();
  const href = new URL((await signIn.getAttribute('href'))!);
  t.is(`${href.origin}${href.pathname}`, 'https://app.example.com/login');
  t.is(href.searchParams.get('from'), 'board');
  t.is(href.searchParams.get('redirect'), `${web.url}/roadmap`);
  const team = page.getByRole('contentinfo').getByRole('link', { name: 'Team sign-in' });
  t.is(await team.getAttribute('href'), '/sign-in');
  await team.click();
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  // The form is the team's now: customers are sent on to the product, and there is no sign-up here.
  const customers = page.getByRole('link', { name: 'Not on the team? Sign in at app.example.com' });
  t.is(new URL((await customers.getAttribute('href'))!).host, 'app.example.com');
  t.is(await page.getByRole('link', { name: 'Create an account' }).count(), 0);
  await expectAccessible(t, page);
  // Voting signed out goes to the product too, back to the post afterwards.
  const post = await seedPost(web, { title: 'Export to CSV' });
  const postPage = await openPage(t, `/p/${post.slug}`);
  const leaving = postPage.waitForRequest((request) => request.url().startsWith('https://app.example.com/login'));
  await postPage.getByRole('button', { name: /vote/i }).first().click();
  const asked = new URL((await leaving).url());
  t.is(asked.searchParams.get('redirect'), `${web.url}/p/${post.slug}`);
});

test.serial('with sign-up off and a sign-in page set, the board has no password sign-up for customers, and the product still brings new ones in', async (t) => {
  const web = t.context.web;
  await ensureSecret(t);
  await setSettings(web, { allowSignup: false, ssoLoginUrl: 'https://app.example.com/login' });
  t.teardown(() => setSettings(web, { allowSignup: true, ssoLoginUrl: null }));
  const signInPage = await openPage(t, '/sign-in');
  await signInPage.getByRole('link', { name: 'Not on the team? Sign in at app.example.com' }).waitFor();
  t.is(await signInPage.getByRole('link', { name: 'Create an account' }).count(), 0);
  const signUpPage = await openPage(t, '/sign-up');
  await signUpPage.getByText('Sign-up is closed on this site.').waitFor();
  t.is(await signUpPage.getByLabel('Password').count(), 0, 'no password form');
  const refused = await fetch(`${web.url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'password-person@example.com', password: 'correct horse battery', name: 'Password Person' }),
  });
  t.is(refused.status, 403);
  t.is(((await refused.json()) as { code: string }).code, 'SIGNUP_NOT_ALLOWED');
  // The product is where customers sign up: its token makes the account all the same.
  const { page } = await land(t, new URLSearchParams({ token: token(), redirect: '/roadmap' }).toString());
  await page.waitForURL(`${web.url}/roadmap`);
  await page.getByRole('button', { name: /^Your account \(Web Customer \d+\)$/ }).waitFor();
  t.truthy(await web.server.ctx.storage.users.getByEmail(`web${customers}@example.com`), 'a new account, made through the product');
});

test.serial('Settings › Sign-in: the owner sets the product sign-in page and creates, sees once, copies and revokes a secret', async (t) => {
  const web = t.context.web;
  await ensureSecret(t);
  const page = await openPage(t, '/dashboard/settings', { as: web.owner });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(web.url).origin });
  const section = page.getByRole('region', { name: 'Sign-in' });
  await section.getByRole('row', { name: new RegExp(secret.id) }).waitFor();

  const field = section.getByLabel("Your product's sign-in page");
  await field.fill('not a web address');
  await section.getByRole('button', { name: 'Save sign-in page' }).click();
  await section.getByText('ssoLoginUrl must be an absolute http or https URL', { exact: false }).waitFor();
  await field.fill('https://app.example.com/login');
  await section.getByRole('button', { name: 'Save sign-in page' }).click();
  await section.getByText('Saved', { exact: false }).waitFor();
  t.is((await callApi<{ settings: { ssoLoginUrl: string } }>(web, 'GET', '/settings/site')).settings.ssoLoginUrl, 'https://app.example.com/login');

  await section.getByRole('button', { name: 'Create a secret' }).click();
  const dialog = page.getByRole('dialog', { name: 'Secret created' });
  const key = await dialog.getByLabel('Single sign-on secret').inputValue();
  t.regex(key, /^ssosec_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await dialog.getByText('Copied.').waitFor();
  t.is(await page.evaluate(() => navigator.clipboard.readText()), key);
  await expectAccessible(t, page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const listed = await callApi<{ secrets: Array<{ secretId: string }> }>(web, 'GET', '/sso/secrets');
  const created = listed.secrets.at(-1)!.secretId;
  await section.getByRole('row', { name: new RegExp(created) }).waitFor();
  t.false((await section.textContent())!.includes(key), 'the key is not in the list');
  await expectAccessible(t, page);

  await section.getByRole('button', { name: `Revoke secret ${created}` }).click();
  await section.getByRole('button', { name: `Revoke secret ${created} now` }).click();
  await section.getByRole('row', { name: new RegExp(created) }).waitFor({ state: 'detached' });
  t.deepEqual((await callApi<{ secrets: Array<{ secretId: string }> }>(web, 'GET', '/sso/secrets')).secrets.map((s) => s.secretId), [secret.id]);
  await setSettings(web, { ssoLoginUrl: null });
  await expectNoProblems(t, page);
});
