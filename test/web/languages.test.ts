// The site in the visitor's language (issue 33): German, Japanese and Arabic chosen by the browser's
// Accept-Language and by the footer's menu; the board, a post page, sign-in and the widget's panel in
// each, with `<html lang>` naming it, Arabic right to left, and axe finding nothing in any of them.
import type { Page } from 'playwright-core';
import type { Catalogue } from '../../src/i18n/messages.js';
import { expectAccessible, openPage, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, member, seedBoard, seedComment, seedPost } from './_seed.ts';

useWebServer();

const LANGUAGES = [
  { tag: 'de', browser: 'de-DE', dir: 'ltr' },
  { tag: 'ja', browser: 'ja-JP', dir: 'ltr' },
  { tag: 'ar', browser: 'ar-EG', dir: 'rtl' },
] as const;

let boardUrl = '';
let postSlug = '';

/** The board every test reads, made by the first test to need it (hooks of one kind run side by side). */
let prepared: Promise<void> | undefined;
const prepare = (t: WebTest) => {
  prepared ??= seed(t);
  return prepared;
};

async function seed(t: WebTest): Promise<void> {
  const web = t.context.web;
  const board = await seedBoard(web, { name: 'Ideas', url: 'ideas' });
  boardUrl = board.url;
  const post = await seedPost(web, { title: 'Dark mode', content: 'Please.', board });
  postSlug = post.slug;
  await seedComment(web, post, { body: 'Yes, please.' });
}

/** The language's complete words as its visitors get them (English fills a gap, as the build does). */
async function wordsOf(tag: string): Promise<Catalogue> {
  const { en } = await import('../../src/web/i18n/catalogue/en/index.js');
  const { default: translation } = (await import(`../../src/web/i18n/catalogue/${tag}/index.js`)) as { default: Catalogue };
  return { ...en, ...translation } as Catalogue;
}

async function expectLanguage(t: WebTest, page: Page, tag: string, dir: string): Promise<void> {
  t.is(await page.getAttribute('html', 'lang'), tag);
  t.is(await page.getAttribute('html', 'dir'), dir);
}

for (const { tag, browser, dir } of LANGUAGES) {
  test(`${tag} by Accept-Language: board, post, sign-in and the widget's panel, each accessible`, async (t) => {
    await prepare(t);
    const words = await wordsOf(tag);
    const word = (key: string) => String(words[key]);
    const board = await openPage(t, `/b/${boardUrl}`, { locale: browser });
    await expectLanguage(t, board, tag, dir);
    await board.getByRole('link', { name: word('common.signIn') }).waitFor();
    await board.getByRole('combobox', { name: word('common.language') }).waitFor();
    await expectAccessible(t, board);

    await board.goto(`${t.context.web.url}/p/${postSlug}`);
    await board.getByRole('heading', { name: 'Dark mode' }).waitFor();
    await expectLanguage(t, board, tag, dir);
    await expectAccessible(t, board);

    await board.goto(`${t.context.web.url}/sign-in`);
    await board.getByRole('heading', { level: 1 }).waitFor();
    await expectLanguage(t, board, tag, dir);
    await expectAccessible(t, board);

    await board.goto(`${t.context.web.url}/embed`);
    await board.getByRole('heading', { level: 1 }).waitFor();
    await expectLanguage(t, board, tag, dir);
    await expectAccessible(t, board);
  });
}

test('the footer menu switches the language, remembers it, and a signed-in visitor keeps it in their profile', async (t) => {
  await prepare(t);
  const web = t.context.web;
  const person = await member(web, { verified: true });
  const page = await openPage(t, `/b/${boardUrl}`, { as: person });
  await expectLanguage(t, page, 'en', 'ltr');
  await Promise.all([page.waitForEvent('load'), page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' })]);
  await page.getByRole('combobox', { name: 'Sprache' }).waitFor();
  await expectLanguage(t, page, 'de', 'ltr');
  const { language } = await callApi<{ language: { locale: string | null } }>(web, 'GET', '/auth/language', undefined, person);
  t.is(language.locale, 'de');
  // Remembered: a later visit in the same browser, whatever it sends as Accept-Language.
  const again = await page.context().newPage();
  await again.goto(`${web.url}/`);
  await again.getByRole('combobox', { name: 'Sprache' }).waitFor();
  t.is(await again.getAttribute('html', 'lang'), 'de');
});
