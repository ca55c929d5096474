// Signing in by a mailed link (issue 28) in Chromium against a real server and a real SMTP sink:
// ask on the sign-in page, open the mailed link, land signed in where the visitor came from with
// the token gone from the address; a used link says so and mails a new one; the rate limit's words.
import type { Page } from 'playwright-core';
import { expectAccessible, expectNoProblems, linkIn, openPage, pathOf, sentMail, test, useWebServer } from './_browser.ts';
import { member, setSettings } from './_seed.ts';

// Low enough for the last test to reach it; the tests before it ask for four links in all.
const LINK_REQUESTS_PER_HOUR = 6;
useWebServer({ magicLinkRateLimit: { limit: LINK_REQUESTS_PER_HOUR, windowSeconds: 3600 } });

let counter = 0;
const newEmail = (what: string) => `${what}-${Date.now().toString(36)}${counter++}@example.org`;
const storedToken = (page: Page) => page.evaluate<string | null>("localStorage.getItem('feedbackd.token')");
const sentWords = (email: string) => `Check your inbox: we sent a sign-in link to ${email}.`;

/** Types the address on the sign-in page and asks for a link. */
async function askForLink(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
}

test.serial('the sign-in page mails a link that signs in once and lands on next, with the token gone from the address', async (t) => {
  const { web } = t.context;
  const account = await member(web, { name: 'Mira' });
  const page = await openPage(t, '/sign-in?next=%2Froadmap');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).waitFor();
  await expectAccessible(t, page);
  await askForLink(page, account.email);
  await page.getByText(sentWords(account.email)).waitFor();
  await page.getByText('The link works once, for 15 minutes.', { exact: false }).waitFor();
  await expectAccessible(t, page);

  const mail = await sentMail(web, account.email);
  t.true(mail.text?.startsWith('Hi Mira,'), mail.text);
  const link = linkIn(mail);
  t.regex(link, /\/sign-in\/link\?token=[0-9a-f]{64}&next=%2Froadmap$/);
  const token = new URL(link).searchParams.get('token')!;
  // The sign-in answer is held back, so the address bar is read while it is still pending.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/auth/magic-link/login', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'Signing you in' }).waitFor();
  // The answer is still held back: the address changes without it (the browser reports it a moment later).
  await page.waitForURL(`${web.url}/sign-in/link`);
  release();
  await page.waitForURL(`${web.url}/roadmap`);
  await page.getByRole('button', { name: /^Your account/ }).waitFor();
  t.truthy(await storedToken(page));
  t.false(page.url().includes(token));
  await page.goBack();
  t.false(page.url().includes(token), `history kept the token: ${page.url()}`);
  await expectNoProblems(t, page);
});

test.serial('a used link says so in words, and mails a new one to the address typed there', async (t) => {
  const { web } = t.context;
  const account = await member(web);
  const first = await openPage(t, '/sign-in');
  await askForLink(first, account.email);
  const link = linkIn(await sentMail(web, account.email));
  await first.goto(link);
  await first.waitForURL(`${web.url}/`);

  const page = await openPage(t, pathOf(link));
  await page.getByRole('heading', { level: 1, name: 'This sign-in link has already been used' }).waitFor();
  t.false(page.url().includes('token='), page.url());
  t.is(await storedToken(page), null);
  await expectAccessible(t, page);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Email me a new link' }).click();
  await page.getByText(sentWords(account.email)).waitFor();
  const fresh = linkIn(await sentMail(web, account.email, { count: 2 }));
  t.not(fresh, link);
  await expectNoProblems(t, page);
});

test.serial('an address without an account reads the same words; with sign-up off it gets no mail', async (t) => {
  const { web } = t.context;
  await setSettings(web, { allowSignup: false });
  t.teardown(() => setSettings(web, { allowSignup: true }));
  const before = web.smtp.messages.length;
  const email = newEmail('stranger');
  const page = await openPage(t, '/sign-in');
  await askForLink(page, email);
  await page.getByText(sentWords(email)).waitFor();
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is(web.smtp.messages.length, before);
  await expectNoProblems(t, page);
});

test.serial('the dead-link page passes axe at 360 px, light and dark, without sideways scrolling', async (t) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await openPage(t, '/sign-in/link?token=dead', { width: 360, colorScheme });
    await page.getByRole('heading', { level: 1, name: 'Sign-in link is invalid' }).waitFor();
    await expectAccessible(t, page);
    t.is(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'), 0);
    await page.context().close();
  }
});

test.serial('past the request limit the sign-in page says to try later', async (t) => {
  const account = await member(t.context.web);
  const page = await openPage(t, '/sign-in');
  const alert = page.locator('main [role="alert"]').filter({ hasText: 'Too many attempts' });
  for (let sent = 0; sent <= LINK_REQUESTS_PER_HOUR && (await alert.count()) === 0; sent++) {
    await askForLink(page, account.email);
    await Promise.race([page.getByText(sentWords(account.email)).waitFor(), alert.waitFor()]);
    if ((await alert.count()) === 0) await page.getByRole('button', { name: 'Back to sign in' }).click();
  }
  t.regex((await alert.textContent()) ?? '', /Too many attempts\. Try again later\./);
  await expectAccessible(t, page);
});
