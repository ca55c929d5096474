// What is wrong with a translation against its English source: shared by the checks of the web
// app's catalogues and of the mails' (issue 33).
import { type Catalogue, type Message, placeholdersOf, pluralCategories } from '../../src/i18n/messages.js';

/** What is wrong with one translated message; empty when nothing is. */
export function messageProblems(locale: string, source: Message, translated: Message | undefined): string[] {
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

/** Every problem of a whole translation, one line per key: missing, malformed, or not in English. */
export function catalogueProblems(locale: string, source: Catalogue, translation: Partial<Catalogue>): string[] {
  const problems: string[] = [];
  for (const [key, message] of Object.entries(source)) {
    for (const problem of messageProblems(locale, message, translation[key])) problems.push(`${key}: ${problem}`);
  }
  for (const key of Object.keys(translation)) if (!(key in source)) problems.push(`${key}: not in English`);
  return problems;
}

/** English plural messages give exactly English's forms: the keys whose forms differ. */
export function englishPluralProblems(source: Catalogue): string[] {
  return Object.entries(source)
    .filter(([, message]) => typeof message !== 'string' && Object.keys(message).sort().join(',') !== 'one,other')
    .map(([key]) => key);
}
