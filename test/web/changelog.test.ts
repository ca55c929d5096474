// The changelog in the browser (issue 30): nothing in the header until an entry is published; then
// "Changelog" in the header, "What's new" on the home page, the list and an entry's page with its
// rendered Markdown, labels and the ideas it answers, "Shipped in" on those ideas' pages, and the
// feed advertised (axe on each page, phone width and dark too).
import { expectAccessible, expectNoProblems, openPage, test, useWebServer } from './_browser.ts';
import { callApi, seedBoard, seedPost } from './_seed.ts';

useWebServer();

interface Entry {
  entryId: string;
  slug: string;
}

test.serial('a published entry shows in the header, the list, its page and on the ideas it ships', async (t) => {
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
  await callApi(web, 'POST', `/changelog/${entry.entryId}/publish`, {});

  const home = await openPage(t, '/');
  await home.getByRole('link', { name: 'Changelog' }).click();
  await home.waitForURL(`${web.url}/changelog`);
  await home.getByRole('heading', { level: 1, name: 'Changelog' }).waitFor();
  const article = home.getByRole('article', { name: 'Dark mode and CSV export' });
  await article.getByText('New', { exact: true }).waitFor();
  await article.getByText('Improved', { exact: true }).waitFor();
  await article.locator('strong', { hasText: 'Dark mode' }).waitFor();
  t.is(await home.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href'), '/changelog/feed.atom');
  await expectAccessible(t, home);

  await article.getByRole('link', { name: 'Dark mode and CSV export' }).click();
  await home.getByRole('heading', { level: 1, name: 'Dark mode and CSV export' }).waitFor();
  await home.getByRole('link', { name: 'Export to CSV' }).waitFor();
  await home.getByRole('link', { name: 'Dark mode', exact: true }).click();
  await home.getByRole('heading', { level: 1, name: 'Dark mode' }).waitFor();
  await home.getByText('Shipped in').waitFor();
  await home.getByRole('link', { name: 'Dark mode and CSV export' }).waitFor();
  await expectNoProblems(t, home);
  await expectAccessible(t, home);
});

test.serial('an unknown entry says so; the list fits a phone in the dark', async (t) => {
  const missing = await openPage(t, '/changelog/no-such-update');
  await missing.getByRole('heading', { name: 'This update does not exist' }).waitFor();
  const phone = await openPage(t, '/changelog', { width: 360, colorScheme: 'dark' });
  await phone.getByRole('heading', { level: 1, name: 'Changelog' }).waitFor();
  await phone.getByRole('article').first().waitFor();
  t.false(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), 'no sideways scrolling');
  await expectAccessible(t, phone);
});
