// Notification mail in the web app (issue 17): Subscribe / Unsubscribe on the post page (and how a
// vote or a comment subscribes), the account's switch for all notification mail, and the page the
// mail's unsubscribe link opens, signed in or not; axe, and a look at 360 px in dark mode.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { Persona } from '../_helpers/personas.js';
import { unsubscribeTokenFor } from '../../src/services/notifications/unsubscribe-token.js';
import type { NotificationSettings, PostRecord, Subscription } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, type PageOptions, sentMail, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, type Member, member, seedComment, seedPost, seedVote } from './_seed.ts';

// The delivery worker sends notification mail (the test config's digest window is 50 ms).
useWebServer({}, { worker: true });

const SCREENSHOTS = fileURLToPath(new URL('.screenshots/', import.meta.url));

let grace: Member;
let alan: Member;

// Serial, so it runs after the harness's before hook (before hooks otherwise run concurrently).
test.serial.before(async (t) => {
  grace = await member(t.context.web, { name: 'Grace Hopper' });
  alan = await member(t.context.web, { name: 'Alan Turing' });
});

/** The post page at /p/<slug>, once its heading is there. */
async function openPost(t: WebTest, slug: string, options: PageOptions = {}): Promise<Page> {
  const page = await openPage(t, `/p/${slug}`, options);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

const subscribeButton = (page: Page) => page.getByRole('button', { name: 'Subscribe', exact: true });
const unsubscribeButton = (page: Page) => page.getByRole('button', { name: 'Unsubscribe', exact: true });
/** The line under the button saying why the visitor gets mail (or how to). */
const why = (page: Page) => page.locator('#post-follow-why').textContent();

/** The member's subscription to the post, as the API has it. */
async function subscriptionOf(t: WebTest, post: PostRecord, who: Member): Promise<Subscription> {
  return (await callApi<{ subscription: Subscription }>(t.context.web, 'GET', `/posts/${post.postId}/subscription`, undefined, who)).subscription;
}

async function mailSettingOf(t: WebTest, who: Persona): Promise<NotificationSettings> {
  return (await callApi<{ notifications: NotificationSettings }>(t.context.web, 'GET', '/auth/notifications', undefined, who)).notifications;
}

/** Resolves with the next read of the post's subscription (the page reads it again after a vote or a comment). */
const subscriptionRead = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/subscription') && response.request().method() === 'GET');

test.serial('a member subscribes and unsubscribes on the post page, by mouse and keyboard, and the API agrees', async (t) => {
  const post = await seedPost(t.context.web, { title: 'Export votes as CSV' });
  const page = await openPost(t, post.slug, { as: grace });
  await subscribeButton(page).waitFor();
  t.is(await why(page), 'Get mail when this idea’s status changes or someone comments.');

  await subscribeButton(page).click();
  await unsubscribeButton(page).waitFor();
  t.is(await why(page), 'You get mail about this idea because you subscribed.');
  t.like(await subscriptionOf(t, post, grace), { postId: post.postId, subscribed: true, reason: 'chosen' });

  await unsubscribeButton(page).click();
  await subscribeButton(page).waitFor();
  t.like(await subscriptionOf(t, post, grace), { subscribed: false, reason: null });

  // Space on the focused button; focus stays on it as its words change.
  await subscribeButton(page).focus();
  await page.keyboard.press('Space');
  await unsubscribeButton(page).waitFor();
  t.true(await unsubscribeButton(page).evaluate((button) => button === document.activeElement));
  t.true((await subscriptionOf(t, post, grace)).subscribed);

  await page.reload();
  await unsubscribeButton(page).waitFor();
  await expectAccessible(t, page);
  await expectNoProblems(t, page);
});

test.serial('a vote or a comment subscribes and the line says why; an opt-out outlasts the next comment', async (t) => {
  const post = await seedPost(t.context.web, { author: grace, title: 'Vote and talk' });
  const page = await openPost(t, post.slug, { as: alan });
  await subscribeButton(page).waitFor();

  await page.getByRole('button', { name: 'Vote, 1 vote' }).click();
  await unsubscribeButton(page).waitFor();
  t.is(await why(page), 'You get mail about this idea because you voted for it.');
  await page.getByRole('button', { name: 'Vote, 2 votes' }).click();
  await subscribeButton(page).waitFor();

  await page.getByLabel('Comment', { exact: true }).fill('Me too');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await unsubscribeButton(page).waitFor();
  t.is(await why(page), 'You get mail about this idea because you commented.');
  await expectNoProblems(t, page);

  const author = await openPost(t, post.slug, { as: grace });
  await unsubscribeButton(author).waitFor();
  t.is(await why(author), 'You get mail about this idea because you posted it.');
  await unsubscribeButton(author).click();
  await subscribeButton(author).waitFor();
  await author.getByLabel('Comment', { exact: true }).fill('Thanks, Alan');
  const read = subscriptionRead(author);
  await author.getByRole('button', { name: 'Comment', exact: true }).click();
  await read;
  await author.getByText('Comment posted').waitFor();
  t.true(await subscribeButton(author).isVisible(), 'the author stays unsubscribed');
  t.like(await subscriptionOf(t, post, grace), { subscribed: false, reason: null });
  await expectNoProblems(t, author);
});

test.serial('a visitor who is not signed in sees no Subscribe button', async (t) => {
  const post = await seedPost(t.context.web, { author: grace, title: 'Nobody signed in' });
  const page = await openPost(t, post.slug);
  await page.getByRole('link', { name: 'Sign in to comment' }).waitFor();
  t.is(await page.locator('.post-follow').count(), 0);
  t.is(await subscribeButton(page).count(), 0);
  await expectNoProblems(t, page);
});

test.serial('the profile\'s checkbox turns all notification mail off and on, saved as it changes', async (t) => {
  const mary = await member(t.context.web, { name: 'Mary Switch' });
  const page = await openPage(t, '/profile', { as: mary });
  const box = page.getByRole('checkbox', { name: 'Email me about ideas I follow' });
  await box.waitFor();
  t.true(await box.isChecked());

  await box.uncheck();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  t.deepEqual(await mailSettingOf(t, mary), { mail: false });
  await page.reload();
  await box.waitFor();
  t.false(await box.isChecked());
  await expectAccessible(t, page);

  // With all mail off, a post page says so rather than promising mail.
  const post = await seedPost(t.context.web, { author: mary, title: 'Quiet please' });
  const postPage = await openPost(t, post.slug, { as: mary });
  const toProfile = postPage.getByRole('link', { name: 'Turn it on in your profile' });
  await toProfile.waitFor();
  t.is(await toProfile.getAttribute('href'), '/profile');

  await box.check();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  t.deepEqual(await mailSettingOf(t, mary), { mail: true });
  await expectNoProblems(t, page);
});

test.serial('a refused save puts the checkbox back and says why', async (t) => {
  const page = await openPage(t, '/profile', { as: alan });
  const box = page.getByRole('checkbox', { name: 'Email me about ideas I follow' });
  await box.waitFor();
  await page.route('**/api/v1/auth/notifications', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' }) : route.fallback(),
  );
  await box.click();
  await page.getByRole('alert').getByText('The server is not answering right now').waitFor();
  t.true(await box.isChecked(), 'back to what the server holds');
  t.deepEqual(await mailSettingOf(t, alan), { mail: true });
});

test.serial('the dashboard\'s account page has the same switch', async (t) => {
  const page = await openPage(t, '/dashboard/account', { as: t.context.web.owner });
  const box = page.getByRole('checkbox', { name: 'Email me about ideas I follow' });
  await box.uncheck();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  t.deepEqual(await mailSettingOf(t, t.context.web.owner), { mail: false });
  await box.check();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  t.deepEqual(await mailSettingOf(t, t.context.web.owner), { mail: true });
  await expectNoProblems(t, page);
});

test.serial('the mailed unsubscribe link unsubscribes in one click, signed out, and names the idea', async (t) => {
  const { web } = t.context;
  const voter = await member(web, { name: 'Vera Voter' });
  const post = await seedPost(web, { author: grace, title: 'Mail me maybe' });
  await seedVote(web, post, voter);
  await seedComment(web, post, { body: 'We are on it.' });
  const mail = await sentMail(web, voter.email);
  const link = /https?:\/\/\S+\/unsubscribe\?token=[\w%-]+/.exec(mail.text ?? '')?.[0];
  if (!link) return t.fail(`no unsubscribe link in:\n${mail.text}`);
  t.true(link.startsWith(`${web.url}/unsubscribe?token=`), link);

  // A mail scanner fetching the link runs no script: nothing changes.
  t.is((await fetch(link)).status, 200);
  t.true((await subscriptionOf(t, post, voter)).subscribed);

  const page = await openPage(t, new URL(link).pathname + new URL(link).search);
  await page.getByRole('heading', { level: 1, name: 'Unsubscribed' }).waitFor();
  t.is(await page.getByRole('status').filter({ hasText: 'no longer' }).textContent(), 'You will no longer get mail about “Mail me maybe”.');
  t.is(await page.getByRole('link', { name: 'See the idea' }).getAttribute('href'), `/p/${post.slug}`);
  t.is(await page.getByRole('link', { name: 'turn it off in your profile' }).getAttribute('href'), '/profile');
  t.like(await subscriptionOf(t, post, voter), { subscribed: false, reason: null });
  await expectAccessible(t, page);

  // The same link again (a second click, a signed-in visitor) says the same.
  const again = await openPage(t, new URL(link).pathname + new URL(link).search, { as: voter });
  await again.getByText('You will no longer get mail about “Mail me maybe”.').waitFor();
  await again.getByRole('link', { name: 'See the idea' }).click();
  await subscribeButton(again).waitFor();
  await expectNoProblems(t, page);
  await expectNoProblems(t, again);
});

test.serial('a forged, cut-short or missing token, and a deleted idea, each get a clear sentence', async (t) => {
  const { web } = t.context;
  const post = await seedPost(web, { author: grace, title: 'Soon gone' });
  const token = await unsubscribeTokenFor(web.ctx.config, { userId: alan.user.id, postId: post.postId });
  const invalid = 'This unsubscribe link does not work. Copy the whole link from the mail, or use the newest mail about the idea.';
  for (const path of ['/unsubscribe?token=forged', `/unsubscribe?token=${token.slice(0, -4)}`, '/unsubscribe']) {
    const page = await openPage(t, path);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    t.is(await alert.textContent(), invalid, path);
    t.is(await page.getByRole('link', { name: 'turn it off in your profile' }).count(), 1);
    await expectNoProblems(t, page);
  }

  await callApi(web, 'DELETE', '/posts', { id: post.postId });
  const gone = await openPage(t, `/unsubscribe?token=${token}`);
  await gone.getByText('This idea or your account no longer exists, so no more mail will come about it.').waitFor();
  await expectAccessible(t, gone);
  await expectNoProblems(t, gone);
});

test.serial('at 360 px in dark mode the new parts fit, pass axe, and are photographed', async (t) => {
  const { web } = t.context;
  mkdirSync(SCREENSHOTS, { recursive: true });
  const post = await seedPost(web, { author: grace, title: 'A rather long idea title that wraps on a phone screen' });
  await seedVote(web, post, alan);
  const pages: Array<[string, Page]> = [];

  const postPage = await openPost(t, post.slug, { as: alan, width: 360, colorScheme: 'dark' });
  await unsubscribeButton(postPage).waitFor();
  pages.push(['post', postPage]);
  const profile = await openPage(t, '/profile', { as: alan, width: 360, colorScheme: 'dark' });
  await profile.getByRole('checkbox', { name: 'Email me about ideas I follow' }).waitFor();
  pages.push(['profile', profile]);
  const token = await unsubscribeTokenFor(web.ctx.config, { userId: alan.user.id, postId: post.postId });
  const unsubscribed = await openPage(t, `/unsubscribe?token=${token}`, { width: 360, colorScheme: 'dark' });
  await unsubscribed.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
  pages.push(['unsubscribe', unsubscribed]);
  const invalid = await openPage(t, '/unsubscribe?token=forged', { width: 360, colorScheme: 'dark' });
  await invalid.getByRole('alert').waitFor();
  pages.push(['unsubscribe-invalid', invalid]);

  for (const [name, page] of pages) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    t.is(overflow, 0, `${name}: nothing wider than the phone`);
    await expectAccessible(t, page);
    await page.screenshot({ path: join(SCREENSHOTS, `notifications-phone-dark-${name}.png`), fullPage: true });
    await expectNoProblems(t, page);
  }
});
