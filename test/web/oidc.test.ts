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
  await expectAccessible(t, page);
  t.is(await page.evaluate(() => localStorage.getItem('feedbackd.token')), null);
  await page.getByRole('link', { name: 'Back to sign in' }).waitFor();
});

test.serial(
  'Settings › Sign-in: the owner adds a provider (refused in words first), never sees its secret again, turns it off and on, and removes it after a question',
  async (t) => {
    const web = t.context.web;
    const page = await openPage(t, '/dashboard/settings', { as: web.owner });
    const section = page.getByRole('region', { name: 'Sign-in' });
    const form = section.getByRole('form', { name: 'Add a sign-in provider' });
    await form.getByLabel('Provider id').fill('corp');
    await form.getByLabel('Label').fill('Corp');
    await form.getByLabel('Issuer URL').fill('http://id.corp.example');
    await form.getByLabel('Client id').fill('feedbackd');
    await form.getByLabel('Client secret').fill('corp-client-secret');
    await form.getByLabel('Allowed email domains').fill('corp.example, Corp.org');
    await form.getByLabel('Team members may sign in with it').check();
    await form.getByRole('button', { name: 'Add provider' }).click();
    await form.getByText('issuer must be an https URL (http only on a loopback address)', { exact: false }).waitFor();
    await form.getByLabel('Issuer URL').fill('https://id.corp.example');
    await form.getByRole('button', { name: 'Add provider' }).click();
    const row = section.getByRole('row', { name: /Corp corp/ });
    await row.waitFor();
    t.is(await row.getByRole('cell').nth(1).textContent(), 'corp.example, corp.org');
    t.false((await section.textContent())!.includes('corp-client-secret'), 'the secret is not shown');
    t.like(
      (await callApi<{ providers: Array<Record<string, unknown>> }>(web, 'GET', '/sso/providers')).providers.find((p) => p.providerId === 'corp'),
      { allowTeam: true, issuer: 'https://id.corp.example' },
    );
    await expectAccessible(t, page);

    const publicIds = async () => (await callApi<{ providers: Array<{ providerId: string }> }>(web, 'GET', '/auth/providers')).providers.map((p) => p.providerId);
    const state = row.getByRole('status');
    t.is(await state.textContent(), 'On: shown on the sign-in page');
    await row.getByRole('button', { name: 'Turn off Corp' }).click();
    await row.getByText('Off: not shown on the sign-in page').waitFor();
    t.false((await publicIds()).includes('corp'), 'turned off, it leaves the sign-in page');
    await expectAccessible(t, page);
    await row.getByRole('button', { name: 'Turn on Corp' }).click();
    await row.getByText('On: shown on the sign-in page').waitFor();
    t.true((await publicIds()).includes('corp'), 'turned on, it is back');

    await section.getByRole('button', { name: 'Remove Corp', exact: true }).click();
    await section.getByRole('button', { name: 'Remove Corp now' }).click();
    await row.waitFor({ state: 'detached' });
    t.false((await callApi<{ providers: Array<{ providerId: string }> }>(web, 'GET', '/sso/providers')).providers.some((p) => p.providerId === 'corp'));
    await expectNoProblems(t, page);
  },
);
