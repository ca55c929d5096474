// Every translation of the web app's words is whole and well-formed (issue 33): each part has every
// key of English's part and no other, the same placeholders, and exactly the plural forms its
// language has; and the build's complete catalogue shows English, never a key name, for a gap.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'ava';
import { LOCALES } from '../../src/i18n/locales.js';
import { type Catalogue, completeCatalogue, type Message, placeholdersOf, pluralCategories } from '../../src/i18n/messages.js';

const CATALOGUE = join(import.meta.dirname, '..', '..', 'src', 'web', 'i18n', 'catalogue');
const PARTS = readdirSync(join(CATALOGUE, 'en'))
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => file.replace(/\.ts$/, ''));

async function part(locale: string, name: string): Promise<Catalogue> {
  const module = (await import(pathToFileURL(join(CATALOGUE, locale, `${name}.ts`)).href)) as Record<string, Catalogue>;
  return module[name]!;
}

/** What is wrong with one translated message against its English source; empty when nothing is. */
function messageProblems(locale: string, source: Message, translated: Message | undefined): string[] {
  if (translated === undefined) return ['missing'];
  const problems: string[] = [];
  if (typeof source === 'string') {
    if (typeof translated !== 'string') problems.push('is plural, English is not');
    else if (!translated.trim()) problems.push('is empty');
  } else if (typeof translated === 'string') {
    problems.push('is not plural, English is');
  } else {
    const wanted = pluralCategories(locale).sort().join(',');
    const given = Object.keys(translated).sort().join(',');
    if (given !== wanted) problems.push(`plural forms ${given}, ${locale} has ${wanted}`);
    if (Object.values(translated).some((text) => !text?.trim())) problems.push('has an empty form');
  }
  const want = [...placeholdersOf(source)].sort().join(',');
  const got = [...placeholdersOf(translated)].sort().join(',');
  if (want !== got) problems.push(`placeholders {${got}}, English has {${want}}`);
  return problems;
}

test('English plural messages give exactly English plural forms', async (t) => {
  for (const name of PARTS) {
    for (const [key, message] of Object.entries(await part('en', name))) {
      if (typeof message === 'string') continue;
      t.deepEqual(Object.keys(message).sort(), ['one', 'other'], key);
    }
  }
});

for (const locale of LOCALES.filter((l) => l !== 'en')) {
  test(`${locale}: every part has every key, the same placeholders and its own plural forms`, async (t) => {
    const problems: string[] = [];
    for (const name of PARTS) {
      const source = await part('en', name);
      const translation = await part(locale, name);
      for (const [key, message] of Object.entries(source)) {
        for (const problem of messageProblems(locale, message, translation[key])) problems.push(`${key}: ${problem}`);
      }
      for (const key of Object.keys(translation)) if (!(key in source)) problems.push(`${key}: not in English`);
    }
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
