// The owner's own words per language (issue 33): written in the dashboard's Language settings, shown
// to visitors whose page is in that language, while visitors in another language keep the defaults
// (the site's description, feedbackd's own hint).
import { expectAccessible, expectNoProblems, openPage, test, useWebServer } from './_browser.ts';
import { callApi, member, seedBoard, setSettings } from './_seed.ts';
import type { Settings } from '../../src/web/api/types.js';

useWebServer();

const ENGLISH_HINT = 'A short summary, like “Export votes as CSV”.';

test.serial('the owner writes a German welcome and hint; German visitors see them, English visitors see the description and the built-in hint', async (t) => {
  const { web } = t.context;
  await setSettings(web, { description: 'Tell us what to build next.' });
  await seedBoard(web, { name: 'Ideas', url: 'ideas' });

  const dashboard = await openPage(t, '/dashboard/settings', { as: web.owner });
  const language = dashboard.getByRole('form', { name: 'Language' });
  t.is(await language.getByRole('combobox', { name: 'Default language' }).inputValue(), 'en');
  await language.getByRole('combobox', { name: 'Words for' }).selectOption('de');
  await language.getByRole('textbox', { name: 'Welcome text' }).fill('Sagen Sie uns, was wir als Nächstes bauen sollen.');
  await language.getByRole('textbox', { name: 'New-post hint' }).fill('Kurz und klar, etwa „Stimmen als CSV exportieren“.');
  // Another language's words are kept in the form while the owner looks at it, and sent with the rest.
  await language.getByRole('combobox', { name: 'Words for' }).selectOption('fr');
  await language.getByRole('textbox', { name: 'Welcome text' }).fill('Dites-nous quoi construire.');
  await language.getByRole('combobox', { name: 'Words for' }).selectOption('de');
  t.is(await language.getByRole('textbox', { name: 'Welcome text' }).inputValue(), 'Sagen Sie uns, was wir als Nächstes bauen sollen.');
  t.is(await language.getByRole('combobox', { name: 'Words for' }).locator('option[value="fr"]').textContent(), 'Français (fr) · your words');
  await language.getByRole('button', { name: 'Save language' }).click();
  await language.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const { settings } = await callApi<{ settings: Settings }>(web, 'GET', '/settings/site');
  t.deepEqual(settings.texts, {
    de: { welcome: 'Sagen Sie uns, was wir als Nächstes bauen sollen.', newPostHint: 'Kurz und klar, etwa „Stimmen als CSV exportieren“.' },
    fr: { welcome: 'Dites-nous quoi construire.' },
  });
  t.is(settings.locale, 'en');
  await expectAccessible(t, dashboard);
  await expectNoProblems(t, dashboard);

  const german = await openPage(t, '/', { locale: 'de-DE' });
  t.is(await german.evaluate(() => document.documentElement.lang), 'de');
  await german.getByText('Sagen Sie uns, was wir als Nächstes bauen sollen.').waitFor();
  t.is(await german.getByText('Tell us what to build next.').count(), 0);
  const english = await openPage(t, '/', { locale: 'en-US' });
  await english.getByText('Tell us what to build next.').waitFor();
  t.is(await english.getByText('Sagen Sie uns').count(), 0);

  const poster = await member(web);
  const germanForm = await openPage(t, '/new?board=ideas', { as: poster, locale: 'de' });
  await germanForm.locator('#new-post-title-hint').filter({ hasText: 'Kurz und klar, etwa „Stimmen als CSV exportieren“.' }).waitFor();
  const englishForm = await openPage(t, '/new?board=ideas', { as: poster });
  await englishForm.locator('#new-post-title-hint').filter({ hasText: ENGLISH_HINT }).waitFor();
  // The hint stays the title field's description in either language.
  t.is(await englishForm.locator('#new-post-title').getAttribute('aria-describedby'), 'new-post-title-hint');
  await expectNoProblems(t, germanForm);
  await expectNoProblems(t, englishForm);
});

test.serial("the owner makes German the site's language: a visitor whose browser names none of ours gets it, an English browser keeps English", async (t) => {
  const { web } = t.context;
  const dashboard = await openPage(t, '/dashboard/settings', { as: web.owner });
  const language = dashboard.getByRole('form', { name: 'Language' });
  await language.getByRole('combobox', { name: 'Default language' }).selectOption('de');
  await language.getByRole('button', { name: 'Save language' }).click();
  await language.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  t.like((await callApi<{ settings: Settings }>(web, 'GET', '/settings/site')).settings, { locale: 'de' });

  const elsewhere = await openPage(t, '/', { locale: 'sv-SE' });
  t.is(await elsewhere.evaluate(() => document.documentElement.lang), 'de');
  await elsewhere.getByText('Sagen Sie uns, was wir als Nächstes bauen sollen.').waitFor();
  const english = await openPage(t, '/', { locale: 'en-GB' });
  t.is(await english.evaluate(() => document.documentElement.lang), 'en');
  await setSettings(web, { locale: 'en' });
});
