// Every translation of the web app's words is whole and well-formed (issue 33): each part has every
// key of English's part and no other, the same placeholders, and exactly the plural forms its
// language has; and the build's complete catalogue shows English, never a key name, for a gap.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'ava';
import { LOCALES } from '../../src/i18n/locales.js';
import { type Catalogue, completeCatalogue } from '../../src/i18n/messages.js';
import { catalogueProblems, englishPluralProblems, messageProblems } from './_catalogue-problems.js';

const CATALOGUE = join(import.meta.dirname, '..', '..', 'src', 'web', 'i18n', 'catalogue');
const PARTS = readdirSync(join(CATALOGUE, 'en'))
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => file.replace(/\.ts$/, ''));

async function part(locale: string, name: string): Promise<Catalogue> {
  const module = (await import(pathToFileURL(join(CATALOGUE, locale, `${name}.ts`)).href)) as Record<string, Catalogue>;
  return module[name]!;
}

test('English plural messages give exactly English plural forms', async (t) => {
  for (const name of PARTS) t.deepEqual(englishPluralProblems(await part('en', name)), [], name);
});

for (const locale of LOCALES.filter((l) => l !== 'en')) {
  test(`${locale}: every part has every key, the same placeholders and its own plural forms`, async (t) => {
    const problems: string[] = [];
    for (const name of PARTS) problems.push(...catalogueProblems(locale, await part('en', name), await part(locale, name)));
    t.deepEqual(problems, []);
  });
}

test('the check finds what is wrong', (t) => {
  t.deepEqual(messageProblems('de', 'Hello {name}', undefined), ['missing']);
  t.deepEqual(messageProblems('de', 'Hello {name}', 'Hallo {nme}'), ['placeholders {nme}, English has {name}']);
  t.deepEqual(messageProblems('pl', { one: '{count} vote', other: '{count} votes' }, { one: '{count} głos', other: '{count} głosów' }), [
    'plural forms one,other, pl has few,many,one,other',
  ]);
  t.deepEqual(messageProblems('ja', { one: '{count} vote', other: '{count} votes' }, { other: '{count} 票' }), []);
});

test('a gap in a translation shows English, never the key', (t) => {
  const whole = completeCatalogue({ 'a.hello': 'Hello', 'a.bye': 'Bye' }, { 'a.hello': 'Hallo', 'a.gone': 'Weg' });
  t.deepEqual(whole, { 'a.hello': 'Hallo', 'a.bye': 'Bye' });
});
