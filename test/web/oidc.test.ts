// Signing in through an OpenID provider in the browser (issue 28 §2): a real oidc-provider on
// loopback; "Continue with Acme" on the sign-in and sign-up pages, the provider's round trip in
// Chromium, and the landing on `next` with the session kept where the app keeps it; a refusal
// lands on a page that says what happened (axe, screenshots).
import type { Page } from 'playwright-core';
import { startTestProvider, type TestProvider } from '../_helpers/oidc-provider.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, seedPost } from './_seed.ts';

useWebServer();

let provider: TestProvider | undefined;
// Made in the first test that needs it: the server is only there once the file's before hook ran.
async function ensureProvider(t: WebTest): Promise<TestProvider> {
  if (provider) return provider;
  const web = t.context.web;
  provider = await startTestProvider([`${web.url}/api/v1/auth/oidc/acme/callback`]);
  const body = { providerId: 'acme', name: 'Acme', issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret };
  await callApi(web, 'POST', '/sso/providers', body);
  return provider;
}

test.after.always(async () => {
  await provider?.close();
});

/** A signed-out page that may also reach the provider (openPage refuses every other origin). */
async function openWithProvider(t: WebTest, path: string, issuer: string): Promise<Page> {
  const page = await openPage(t, path);
  const allowed = new Set([new URL(t.context.web.url).origin, new URL(issuer).origin]);
  await page.context().unrouteAll();
  await page.context().route(
    (url) => !allowed.has(url.origin),
    (route) => route.abort('blockedbyclient'),
  );
  return page;
}

test.serial('Continue with Acme signs a new visitor in through the provider and lands on next', async (t) => {
  const web = t.context.web;
  const acme = await ensureProvider(t);
  acme.accounts.set('web-1', { email: 'robin@example.com', email_verified: true, name: 'Robin Provider' });
  acme.signInAs('web-1');
  const post = await seedPost(web, { title: 'Offline mode' });
  const page = await openWithProvider(t, `/sign-in?next=${encodeURIComponent(`/p/${post.slug}`)}`, acme.issuer);
  const button = page.getByRole('link', { name: 'Continue with Acme' });
  await button.waitFor();
  await page.screenshot({ path: '/tmp/oidc-sign-in.png' });
  await expectAccessible(t, page);
  await button.click();
  await page.waitForURL(`${web.url}/p/${post.slug}`);
  await page.getByRole('heading', { level: 1, name: 'Offline mode' }).waitFor();
  await page.getByRole('button', { name: 'Your account (Robin Provider)' }).waitFor();
  t.truthy(await page.evaluate(() => localStorage.getItem('feedbackd.token')), 'the session is kept where the app keeps it');
  t.false(page.url().includes('code='));
  await expectNoProblems(t, page);

  const signUp = await openWithProvider(t, '/sign-up', acme.issuer);
  await signUp.getByRole('link', { name: 'Continue with Acme' }).waitFor();
});

test.serial('a refusal lands on a page that says what happened: an unverified address at the provider', async (t) => {
  const web = t.context.web;
  const acme = await ensureProvider(t);
  acme.accounts.set('web-2', { email: 'sam@example.com', email_verified: false });
  acme.signInAs('web-2');
  const page = await openWithProvider(t, '/sign-in', acme.issuer);
  await page.getByRole('link', { name: 'Continue with Acme' }).click();
  await page.waitForURL(`${web.url}/sign-in/provider`);
  await page.getByRole('heading', { level: 1, name: 'Sign-in did not work' }).waitFor();
  t.is(await page.getByRole('alert').textContent(), "Your Acme account's email is not verified: verify it there, then try again");
  await page.screenshot({ path: '/tmp/oidc-refused.png' });
  await expectAccessible(t, page);
  t.is(await page.evaluate(() => localStorage.getItem('feedbackd.token')), null);
  await page.getByRole('link', { name: 'Back to sign in' }).waitFor();
});
