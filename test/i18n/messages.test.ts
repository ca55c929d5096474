// Filling in messages and matching languages (issue 33), below the pages that use them.
import test from 'ava';
import { direction, fromAcceptLanguage, toLocale } from '../../src/i18n/locales.js';
import { formatMessage } from '../../src/i18n/messages.js';

/** Arabic numbers as this runtime's Intl writes them (CLDR has moved between Arabic-Indic and Latin digits). */
const arabicDigits = (n: number) => new Intl.NumberFormat('ar').format(n);

const votes = { one: '{count} vote', other: '{count} votes' };

test('a count picks the plural form of the language and is written its way', (t) => {
  t.is(formatMessage('en', votes, { count: 1 }), '1 vote');
  t.is(formatMessage('en', votes, { count: 1234 }), '1,234 votes');
  t.is(formatMessage('de', { one: '{count} Stimme', other: '{count} Stimmen' }, { count: 1234 }), '1.234 Stimmen');
  const polish = { one: '{count} głos', few: '{count} głosy', many: '{count} głosów', other: '{count} głosu' };
  t.deepEqual([1, 3, 5, 22, 25].map((count) => formatMessage('pl', polish, { count })), ['1 głos', '3 głosy', '5 głosów', '22 głosy', '25 głosów']);
  const arabic = { zero: 'لا أصوات', one: 'صوت واحد', two: 'صوتان', few: '{count} أصوات', many: '{count} صوتًا', other: '{count} صوت' };
  t.deepEqual([0, 1, 2, 3, 11, 100].map((count) => formatMessage('ar', arabic, { count })), [
    'لا أصوات',
    'صوت واحد',
    'صوتان',
    `${arabicDigits(3)} أصوات`,
    `${arabicDigits(11)} صوتًا`,
    `${arabicDigits(100)} صوت`,
  ]);
});

test('placeholders take their values; one without a value stays as written; a missing plural form falls back to other', (t) => {
  t.is(formatMessage('en', '{name} commented on {title}', { name: 'Ada', title: 'Dark mode' }), 'Ada commented on Dark mode');
  t.is(formatMessage('en', 'Hello {name}'), 'Hello {name}');
  t.is(formatMessage('pl', { one: '{count} głos', other: '{count} głosu' }, { count: 5 }), '5 głosu');
});

test('language tags match ours in any case, by region, script or alias', (t) => {
  t.is(toLocale('DE-ch'), 'de');
  t.is(toLocale('pt'), 'pt-BR');
  t.is(toLocale('pt-PT'), null);
  t.is(toLocale('zh-Hans'), 'zh-CN');
  t.is(toLocale('zh-TW'), null);
  t.is(toLocale('en-GB'), 'en');
  t.is(toLocale(''), null);
  t.is(direction('ar'), 'rtl');
  t.is(direction('ja'), 'ltr');
});

test('Accept-Language: highest weight first, then the order given; zero weight and * never chosen', (t) => {
  t.is(fromAcceptLanguage('fr;q=0.5, ko;q=0.8'), 'ko');
  t.is(fromAcceptLanguage('nl, tr'), 'nl');
  t.is(fromAcceptLanguage('*, uk;q=0.1'), 'uk');
  t.is(fromAcceptLanguage('ja;q=0'), null);
  t.is(fromAcceptLanguage(undefined), null);
  t.is(fromAcceptLanguage('x-klingon, sv'), null);
});
