// Every translation of the mails' words is whole and well-formed (issue 33): each language's mail
// catalogue has every key of English's and no other, the same placeholders, no empty text, and
// exactly the plural forms its language has; and a mail is written from them.
import test from 'ava';
import { MAIL_TRANSLATIONS, mailText } from '../../src/i18n/mail/catalogue.js';
import { en } from '../../src/i18n/mail/en.js';
import { LOCALES } from '../../src/i18n/locales.js';
import { catalogueProblems, englishPluralProblems, messageProblems } from './_catalogue-problems.js';

test('English plural messages give exactly English plural forms, and every language has a catalogue', (t) => {
  t.deepEqual(englishPluralProblems(en), []);
  t.deepEqual(Object.keys(MAIL_TRANSLATIONS).sort(), [...LOCALES].sort());
});

for (const locale of LOCALES.filter((l) => l !== 'en')) {
  test(`${locale}: the mail catalogue has every key, the same placeholders and its own plural forms`, (t) => {
    t.deepEqual(catalogueProblems(locale, en, MAIL_TRANSLATIONS[locale]), []);
  });
}

test('the check finds what is wrong', (t) => {
  t.deepEqual(messageProblems('de', 'Hi {name},', undefined), ['missing']);
  t.deepEqual(messageProblems('de', 'Hi {name},', 'Hallo {nme},'), ['placeholders {nme}, English has {name}']);
  t.deepEqual(messageProblems('ar', { one: '{count} day', other: '{count} days' }, { one: 'يوم واحد', other: '{count} يوم' }), [
    'plural forms one,other, ar has few,many,one,other,two,zero',
  ]);
  t.deepEqual(messageProblems('ja', { one: '{count} day', other: '{count} days' }, { other: '{count} 日' }), []);
});

test('mail texts take the plural form of their language and write numbers its way', (t) => {
  t.is(mailText('en', 'duration.minutes', { count: 1 }), '1 minute');
  t.is(mailText('pl', 'duration.minutes', { count: 2 }), '2 minuty');
  t.is(mailText('pl', 'duration.minutes', { count: 5 }), '5 minut');
  t.is(mailText('ar', 'duration.hours', { count: 2 }), 'ساعتين');
  t.is(mailText('de', 'duration.days', { count: 1000 }), '1.000 Tage');
  t.is(mailText('ja', 'mail.greetingNamed', { name: '花子' }), '花子 様');
});
