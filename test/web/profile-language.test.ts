// The profile's language setting (issue 33): the account keeps the choice (`PATCH /auth/language`)
// and the page comes back in that language at once; "Browser’s language" forgets it.
import { openPage, test, useWebServer } from './_browser.ts';
import { member } from './_seed.ts';

useWebServer();

test.serial('choosing a language on the profile keeps it with the account and shows the page in it; the browser’s language undoes it', async (t) => {
  const { web } = t.context;
  const account = await member(web, { verified: true });
  const page = await openPage(t, '/profile', { as: account });
  const main = page.getByRole('main');
  const language = main.getByLabel('Language', { exact: true });
  await language.waitFor();
  t.is(await language.inputValue(), '');
  t.deepEqual(await language.locator('option').allTextContents(), [
    'Browser’s language',
    'English',
    'Deutsch',
    'Français',
    'Español',
    'Português (Brasil)',
    'Italiano',
    'Nederlands',
    'Polski',
    'Українська',
    '日本語',
    '简体中文',
    '한국어',
    'Türkçe',
    'العربية',
  ]);

  await language.selectOption('de');
  const reloaded = page.waitForEvent('load');
  await main.getByRole('button', { name: 'Change language' }).click();
  await reloaded;
  await page.locator('html[lang="de"]').waitFor({ state: 'attached' });
  const stored = await web.server.request('GET', '/auth/language', { token: account.token });
  t.is(stored.body.language.locale, 'de');
  // The page in German still shows the account's choice.
  t.is(await page.getByRole('main').locator('#language-locale').inputValue(), 'de');

  await page.locator('#language-locale').selectOption('');
  const back = page.waitForEvent('load');
  await page.locator('form:has(#language-locale) button[type="submit"]').click();
  await back;
  // The browser asks for en-US.
  await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
  t.is((await web.server.request('GET', '/auth/language', { token: account.token })).body.language.locale, null);
});
