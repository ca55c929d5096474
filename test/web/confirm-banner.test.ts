// The reminder line for a signed-in person whose email address is not confirmed: what it says, its
// "Send again" (pending, sent, refused by the rate limit), the mailed link that ends it, and dismissal.
import type { Page } from 'playwright-core';
import { expectAccessible, expectNoProblems, linkIn, openPage, pathOf, sentMail, test, useWebServer, waitForApp } from './_browser.ts';
import { member } from './_seed.ts';

// Two mails per person and hour, so the third "Send again" meets the limit.
useWebServer({ emailVerifyRateLimit: { limit: 2, windowSeconds: 3600 } });

const REMINDER = /Please confirm your email address/;

const reminder = (page: Page) => page.getByRole('banner').getByRole('status').filter({ hasText: REMINDER });

test.serial('an unconfirmed member is reminded under the header; Send again mails a link, which confirms the address and ends the reminder', async (t) => {
  const { web } = t.context;
  const account = await member(web);
  const page = await openPage(t, '/', { as: account });
  await reminder(page).waitFor();
  t.is(await reminder(page).textContent(), `Please confirm your email address: open the link we sent to ${account.email}.`);
  await expectAccessible(t, page);
  await page.getByRole('button', { name: 'Send again' }).click();
  await page.getByRole('status').filter({ hasText: `Sent. Check your inbox at ${account.email}.` }).waitFor();
  t.is(await page.getByRole('button', { name: 'Send again' }).count(), 0);
  await page.goto(web.url + pathOf(linkIn(await sentMail(web, account.email))));
  await waitForApp(page);
  await page.getByText('Your email address is confirmed.').waitFor();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  t.is(await page.getByText(REMINDER).count(), 0);
  await expectNoProblems(t, page);
});

test.serial('Send again past the limit says when to try again; the reminder stays', async (t) => {
  const account = await member(t.context.web);
  const page = await openPage(t, '/roadmap', { as: account });
  const send = page.getByRole('button', { name: 'Send again' });
  await send.click();
  await page.getByText('Sent. Check your inbox').waitFor();
  await page.reload();
  await send.click();
  await page.getByText('Sent. Check your inbox').waitFor();
  await page.reload();
  await send.click();
  const alert = page.getByRole('banner').getByRole('alert');
  await alert.filter({ hasText: 'Too many attempts' }).waitFor();
  t.regex((await alert.textContent()) ?? '', /You can try again in (59|60) minutes\./);
  t.true(await send.isEnabled());
  await expectNoProblems(t, page);
});

test.serial('Dismiss hides the reminder for the rest of the visit; confirmed members and visitors never see it', async (t) => {
  const { web } = t.context;
  const page = await openPage(t, '/', { as: await member(web) });
  await reminder(page).waitFor();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  t.is(await page.getByText(REMINDER).count(), 0);
  await page.getByRole('link', { name: 'Roadmap', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Roadmap' }).waitFor();
  await page.reload();
  await waitForApp(page);
  await page.getByRole('heading', { level: 1, name: 'Roadmap' }).waitFor();
  t.is(await page.getByText(REMINDER).count(), 0);

  for (const as of [await member(web, { verified: true }), undefined]) {
    const other = await openPage(t, '/roadmap', { as });
    await other.getByRole('heading', { level: 1, name: 'Roadmap' }).waitFor();
    await (as ? other.getByRole('button', { name: /^Your account/ }) : other.getByRole('link', { name: 'Sign in' })).waitFor();
    t.is(await other.getByText(REMINDER).count(), 0);
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.serial(`on a phone (${colorScheme}) the reminder fits in one slim block and passes axe`, async (t) => {
    const page = await openPage(t, '/', { as: await member(t.context.web), width: 360, colorScheme });
    await reminder(page).waitFor();
    const box = await page.locator('.confirm-banner').boundingBox();
    t.true((box?.height ?? 0) <= 64, `${box?.height} px tall`);
    t.is(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0);
    await expectAccessible(t, page);
  });
}
