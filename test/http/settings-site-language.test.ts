import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { LOCALES } from '../../src/i18n/locales.js';
import { writeSnapshot } from '../../src/storage/restore.js';
import { testConfig } from '../_helpers/config.js';
import { TEST_ENGINE, testDatabaseUrl } from '../_helpers/engine.js';
import { OWNER } from '../_helpers/personas.js';
import { createSchema } from '../_helpers/pg-schema.js';
import { startTestServer } from '../_helpers/server.js';
import { DEFAULT_SITE_SETTINGS, startSite, validationError } from './_settings.js';

// feedbackd's `locale` and `texts` (issue 33): the site's default language, and the owner's own
// words (the home page's welcome, the new-post form's hint) per language.

const LOCALE_LIST = 'en, de, fr, es, pt-BR, it, nl, pl, uk, ja, zh-CN, ko, tr, ar';

test('locale is en on a new install; PATCH sets any of the languages and refuses anything else, changing nothing', async (t) => {
  const site = await startSite(t);
  t.is((await site.settings()).locale, 'en');
  t.is(LOCALES.join(', '), LOCALE_LIST, 'the message lists the languages in LOCALES order');
  const set = await site.patch('/settings/site', { locale: 'pt-BR' });
  t.is(set.status, 200);
  t.deepEqual(set.body, { settings: { ...DEFAULT_SITE_SETTINGS, locale: 'pt-BR' } });
  t.is((await site.settings()).locale, 'pt-BR');
  t.like(await site.server.ctx.storage.settings.get(), { locale: 'pt-BR' });
  for (const bad of [42, null, true, ['de'], { de: true }]) {
    const refused = await site.patch('/settings/site', { locale: bad });
    t.is(refused.status, 400, JSON.stringify(bad));
    t.deepEqual(refused.body, validationError('locale', 'locale must be a string'), JSON.stringify(bad));
  }
  // Exactly the tags of the list: no other case, region or spelling.
  for (const bad of ['', 'DE', 'de-DE', 'pt', 'pt-br', 'zh', 'xx', ' de']) {
    const refused = await site.patch('/settings/site', { locale: bad });
    t.is(refused.status, 400, JSON.stringify(bad));
    t.deepEqual(refused.body, validationError('locale', `locale must be one of: ${LOCALE_LIST}`), JSON.stringify(bad));
  }
  t.is((await site.settings()).locale, 'pt-BR', 'refusals changed nothing');
});

test('texts are {} on a new install; PATCH stores trimmed overrides in language order and replaces the whole object each time', async (t) => {
  const site = await startSite(t);
  t.deepEqual((await site.settings()).texts, {});
  const set = await site.patch('/settings/site', {
    texts: {
      ja: { newPostHint: '  短くまとめてください。 ' },
      de: { newPostHint: 'Kurz und klar, etwa „Stimmen als CSV exportieren“.', welcome: '\n Willkommen bei uns! \t' },
      fr: { welcome: '   ', newPostHint: null },
      it: null,
      en: {},
    },
  });
  t.is(set.status, 200);
  const stored = {
    de: { welcome: 'Willkommen bei uns!', newPostHint: 'Kurz und klar, etwa „Stimmen als CSV exportieren“.' },
    ja: { newPostHint: '短くまとめてください。' },
  };
  t.deepEqual(set.body, { settings: { ...DEFAULT_SITE_SETTINGS, texts: stored } });
  // Languages in LOCALES order and each language's texts in their own order, on both engines.
  t.is(JSON.stringify((await site.settings()).texts), JSON.stringify(stored));
  t.deepEqual((await site.server.ctx.storage.settings.get()).texts, stored);
  // Other fields leave them as they are.
  t.deepEqual((await site.patch('/settings/site', { title: 'Ours', locale: 'de' })).body.settings.texts, stored);
  // The object sent replaces the stored one: Japanese, left out, loses its hint.
  const replaced = await site.patch('/settings/site', { texts: { de: { welcome: 'Hallo!' } } });
  t.deepEqual(replaced.body.settings.texts, { de: { welcome: 'Hallo!' } });
  // The longest texts are kept whole (counted in characters, not UTF-16 units).
  const longest = { welcome: '😀'.repeat(500), newPostHint: 'h'.repeat(200) };
  t.deepEqual((await site.patch('/settings/site', { texts: { ar: longest } })).body.settings.texts, { ar: longest });
  // null and {} remove every override.
  t.deepEqual((await site.patch('/settings/site', { texts: null })).body.settings.texts, {});
  await site.patch('/settings/site', { texts: { de: { welcome: 'Hallo!' } } });
  t.deepEqual((await site.patch('/settings/site', { texts: {} })).body.settings.texts, {});
});

test('texts refuse anything but languages holding welcome and newPostHint strings of their lengths, naming the bad key, and change nothing', async (t) => {
  const site = await startSite(t);
  const kept = { de: { welcome: 'Bleibt.' } };
  await site.patch('/settings/site', { texts: kept });
  const refusals: Array<[unknown, string, string]> = [
    ['hello', 'texts', 'must be an object keyed by language, such as {"de": {"welcome": "…"}}'],
    [42, 'texts', 'must be an object keyed by language, such as {"de": {"welcome": "…"}}'],
    [[{ welcome: 'x' }], 'texts', 'must be an object keyed by language, such as {"de": {"welcome": "…"}}'],
    [{ xx: { welcome: 'x' } }, 'texts.xx', `is not a language: use one of ${LOCALE_LIST}`],
    [{ de: {}, 'de-DE': { welcome: 'x' } }, 'texts.de-DE', `is not a language: use one of ${LOCALE_LIST}`],
    [{ de: 'Willkommen' }, 'texts.de', 'must be an object with welcome and/or newPostHint'],
    [{ de: ['Willkommen'] }, 'texts.de', 'must be an object with welcome and/or newPostHint'],
    [{ de: { title: 'x' } }, 'texts.de.title', "is not one of the site's texts: use welcome or newPostHint"],
    [{ de: { welcome: 42 } }, 'texts.de.welcome', 'must be a string or null'],
    [{ fr: { newPostHint: { text: 'x' } } }, 'texts.fr.newPostHint', 'must be a string or null'],
    [{ de: { welcome: 'a\u0000b' } }, 'texts.de.welcome', 'must not contain NUL characters'],
    [{ de: { welcome: 'a\ud800b' } }, 'texts.de.welcome', 'must not contain lone surrogates'],
    [{ de: { welcome: 'w'.repeat(501) } }, 'texts.de.welcome', 'must be at most 500 characters'],
    [{ ja: { newPostHint: 'ヒ'.repeat(201) } }, 'texts.ja.newPostHint', 'must be at most 200 characters'],
  ];
  for (const [texts, path, rule] of refusals) {
    const refused = await site.patch('/settings/site', { title: 'Not written', texts });
    t.is(refused.status, 400, JSON.stringify(texts));
    t.deepEqual(refused.body, validationError(path, `${path} ${rule}`), JSON.stringify(texts));
  }
  const after = await site.settings();
  t.deepEqual(after.texts, kept, 'refusals changed nothing');
  t.is(after.title, 'Feedback');
});

test('a data store from before locale and texts existed answers en and {}, and PATCH writes them', async (t) => {
  const source = await startSite(t);
  await source.patch('/settings/site', { title: 'Older board' });
  const snapshot = await source.server.ctx.storage.snapshot();
  const { locale: _locale, texts: _texts, ...older } = snapshot.settings;
  const dataDir = await mkdtemp(join(tmpdir(), 'feedbackd-older-'));
  const schema = TEST_ENGINE === 'postgres' ? await createSchema(testDatabaseUrl()) : undefined;
  t.teardown(async () => {
    await schema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const databaseUrl = schema?.url ?? null;
  // A backup of the schema before these settings: restored and upgraded like any older one.
  await writeSnapshot(testConfig(dataDir, { databaseUrl }), { ...snapshot, schemaVersion: snapshot.schemaVersion - 1, settings: older }, { replace: true });

  const server = await startTestServer({ dataDir, databaseUrl });
  t.teardown(server.close);
  const stored = await server.ctx.storage.settings.get();
  t.false('locale' in stored || 'texts' in stored, 'the stored settings have neither key');
  t.deepEqual((await server.request('GET', '/settings/site')).body, { settings: { ...DEFAULT_SITE_SETTINGS, title: 'Older board' } });
  const set = await server.request('PATCH', '/settings/site', { token: source.ownerToken, body: { locale: 'fr', texts: { fr: { welcome: 'Bienvenue !' } } } });
  t.is(set.status, 200);
  t.like(await server.ctx.storage.settings.get(), { locale: 'fr', texts: { fr: { welcome: 'Bienvenue !' } }, title: 'Older board' });
});

/** A built web app with an English, a German and a French page, each naming its language. */
async function writeLanguagePages(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const locale of ['en', 'de', 'fr']) {
    const page = `<!doctype html><html lang="${locale}"><head><title>fixture</title></head><body><div id="app"></div></body></html>\n`;
    await writeFile(join(dir, locale === 'en' ? 'index.html' : `index.${locale}.html`), page);
  }
}

test("the page is in the site's locale for a visitor who names no language, and in the visitor's when they name one", async (t) => {
  const webDir = await mkdtemp(join(tmpdir(), 'feedbackd-web-'));
  t.teardown(() => rm(webDir, { recursive: true, force: true }));
  await writeLanguagePages(webDir);
  const server = await startTestServer({}, { webDir });
  t.teardown(server.close);
  const owner = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  const langOf = async (headers: Record<string, string>): Promise<string | undefined> => {
    const response = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity', ...headers } });
    t.is(response.status, 200);
    return /<html lang="([^"]+)">/.exec(await response.text())?.[1];
  };

  t.is(await langOf({}), 'en', 'a new site speaks English');
  t.is((await server.request('PATCH', '/settings/site', { token: owner, body: { locale: 'de' } })).status, 200);
  t.is(await langOf({}), 'de', "no cookie and no Accept-Language: the site's language");
  t.is(await langOf({ 'accept-language': 'xx-YY, *;q=0.1' }), 'de', "an Accept-Language naming none of ours: the site's language");
  t.is(await langOf({ 'accept-language': 'fr-CA,fr;q=0.9' }), 'fr', "the browser's language wins over the site's");
  t.is(await langOf({ 'accept-language': 'en-US,en;q=0.9' }), 'en', 'English asked for is English, whatever the site speaks');
  t.is(await langOf({ 'accept-language': 'fr', cookie: 'feedbackd_locale=en' }), 'en', "the visitor's own choice wins over both");
});
