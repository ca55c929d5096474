// The changelog in the browser (issue 30): nothing in the header until an entry is published; then
// "Changelog" in the header, "What's new" on the home page, the list and an entry's page with its
// rendered Markdown, labels, dates (newest first) and the ideas it answers, "Shipped in" on those
// ideas' pages, and the feed advertised on both pages but on no hidden board's (axe on each page,
// phone width and dark too).
import { expectAccessible, expectNoProblems, openPage, test, useWebServer } from './_browser.ts';
import { callApi, seedBoard, seedPost } from './_seed.ts';

useWebServer();

interface Entry {
  entryId: string;
  slug: string;
  publishedAt: string;
}

/** The day as the page shows it to the test's browser (en-US, UTC). */
const day = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

test.serial('published entries show in the header, the list (newest first, dated), their page and on the ideas they ship', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { name: 'Ideas', url: 'ideas' });
  const dark = await seedPost(web, { board, title: 'Dark mode' });
  const csv = await seedPost(web, { board, title: 'Export to CSV' });

  const before = await openPage(t, '/');
  await before.getByRole('link', { name: 'See the roadmap' }).waitFor();
  t.is(await before.getByRole('link', { name: 'Changelog' }).count(), 0, 'no link while nothing shipped');

  const { entry } = await callApi<{ entry: Entry }>(web, 'POST', '/changelog', {
    title: 'Dark mode and CSV export',
    contentMarkdown: 'Both are here:\n\n- **Dark mode** follows your system\n- CSV export on every board',
    labels: ['new', 'improved'],
    postIds: [dark.postId, csv.postId],
  });
  const first = (await callApi<{ entry: Entry }>(web, 'POST', `/changelog/${entry.entryId}/publish`, {})).entry;
  const { entry: later } = await callApi<{ entry: Entry }>(web, 'POST', '/changelog', { title: 'Faster search', labels: ['fixed'] });
  const second = (await callApi<{ entry: Entry }>(web, 'POST', `/changelog/${later.entryId}/publish`, {})).entry;
  t.true(second.publishedAt > first.publishedAt);

  const home = await openPage(t, '/');
  await home.getByRole('link', { name: 'Changelog' }).click();
  await home.waitForURL(`${web.url}/changelog`);
  await home.getByRole('heading', { level: 1, name: 'Changelog' }).waitFor();
  const article = home.getByRole('article', { name: 'Dark mode and CSV export' });
  await article.getByText('New', { exact: true }).waitFor();
  await article.getByText('Improved', { exact: true }).waitFor();
  await article.locator('strong', { hasText: 'Dark mode' }).waitFor();
  t.deepEqual(await home.locator('.changelog-entry h2').allTextContents(), ['Faster search', 'Dark mode and CSV export'], 'newest first');
  t.deepEqual(
    await home.locator('.changelog-entry time').evaluateAll((times) => times.map((time) => [time.getAttribute('datetime'), time.textContent])),
    [
      [second.publishedAt, day(second.publishedAt)],
      [first.publishedAt, day(first.publishedAt)],
    ],
    'each with the day it shipped',
  );
  t.is(await home.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href'), '/changelog/feed.atom');
  await expectAccessible(t, home);

  await article.getByRole('link', { name: 'Dark mode and CSV export' }).click();
  await home.getByRole('heading', { level: 1, name: 'Dark mode and CSV export' }).waitFor();
  await home.getByRole('link', { name: 'Export to CSV' }).waitFor();
  t.is(await home.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href'), '/changelog/feed.atom', 'an entry’s page names the feed too');
  await home.getByRole('link', { name: 'Dark mode', exact: true }).click();
  await home.getByRole('heading', { level: 1, name: 'Dark mode' }).waitFor();
  await home.getByText('Shipped in').waitFor();
  await home.getByRole('link', { name: 'Dark mode and CSV export' }).waitFor();
  await expectNoProblems(t, home);
  await expectAccessible(t, home);
});

test.serial('an unknown entry says so; a hidden board’s page names no feed; the list fits a phone in the dark', async (t) => {
  const web = t.context.web;
  const missing = await openPage(t, '/changelog/no-such-update');
  await missing.getByRole('heading', { name: 'This update does not exist' }).waitFor();
  // The team sees a hidden board, but it has no feed (its /b/<url>/feed.atom answers 404), so no link names one.
  await seedBoard(web, { name: 'Team only', url: 'team-only', display: false });
  const hidden = await openPage(t, '/b/team-only', { as: web.owner });
  await hidden.getByRole('heading', { level: 1, name: 'Team only' }).waitFor();
  t.is(await hidden.locator('link[rel="alternate"][type="application/atom+xml"]').count(), 0);
  const phone = await openPage(t, '/changelog', { width: 360, colorScheme: 'dark' });
  await phone.getByRole('heading', { level: 1, name: 'Changelog' }).waitFor();
  await phone.getByRole('article').first().waitFor();
  t.false(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), 'no sideways scrolling');
  await expectAccessible(t, phone);
});
