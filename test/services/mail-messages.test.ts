import test from 'ava';
import { resetMessage, testMessage, verificationMessage } from '../../src/services/mail/messages.js';

const TOKEN = '0f'.repeat(32);
const base = { siteTitle: 'Acme Feedback', publicUrl: 'https://feedback.example.org', to: 'jane@example.com', name: 'Jane Doe', token: TOKEN };

const lines = (text: string) => text.split('\n');

test('verification message: subject, kind, link on its own line, 2-hour expiry', (t) => {
  const message = verificationMessage(base);
  t.like(message, { to: 'jane@example.com', kind: 'verify', siteTitle: 'Acme Feedback' });
  t.is(message.subject, 'Acme Feedback - Please confirm your email');
  t.true(lines(message.text).includes(`https://feedback.example.org/email-verify/?token=${TOKEN}`));
  t.regex(message.text, /expires in 2 hours/);
  t.true(message.html?.includes(`href="https://feedback.example.org/email-verify/?token=${TOKEN}"`));
});

test('reset message: subject, kind, link on its own line, 2-hour expiry', (t) => {
  const message = resetMessage(base);
  t.like(message, { to: 'jane@example.com', kind: 'reset', siteTitle: 'Acme Feedback' });
  t.is(message.subject, 'Acme Feedback - Reset your account password');
  t.true(lines(message.text).includes(`https://feedback.example.org/password-reset/confirm/?token=${TOKEN}`));
  t.regex(message.text, /expires in 2 hours/);
});

test('the HTML alternative escapes the site title; the subject and text keep it as is', (t) => {
  const siteTitle = `Bob's <b>"Best"</b> & co`;
  const message = verificationMessage({ ...base, siteTitle });
  t.is(message.subject, `${siteTitle} - Please confirm your email`);
  t.true(message.text.includes(siteTitle));
  t.true(message.html?.includes('Bob&#39;s &lt;b&gt;&quot;Best&quot;&lt;/b&gt; &amp; co'));
  t.false(message.html?.includes('<b>'));
});

test('link mails greet the person by name, escaped in HTML, and say a plain Hello without one', (t) => {
  for (const compose of [verificationMessage, resetMessage]) {
    const named = compose({ ...base, name: "Zoë O'Brien" });
    t.is(lines(named.text)[0], "Hi Zoë O'Brien,");
    t.true(named.html?.includes('<p>Hi Zoë O&#39;Brien,</p>'));
    const unnamed = compose({ ...base, name: '' });
    t.is(lines(unnamed.text)[0], 'Hello,');
    t.true(unnamed.html?.includes('<p>Hello,</p>'));
  }
});

test('a trailing slash on publicUrl does not double the slash in the link', (t) => {
  const message = resetMessage({ ...base, publicUrl: 'http://localhost:3000/' });
  t.true(lines(message.text).includes(`http://localhost:3000/password-reset/confirm/?token=${TOKEN}`));
});

test('test message: kind test, titled with the site title', (t) => {
  const message = testMessage({ siteTitle: 'Acme Feedback', to: 'ops@example.com' });
  t.like(message, { to: 'ops@example.com', kind: 'test', siteTitle: 'Acme Feedback' });
  t.is(message.subject, 'Acme Feedback - Test email');
  t.regex(message.text, /Acme Feedback/);
});

test('link mails in another language: every part translated, the duration in its plural form, the HTML part marked with the language', async (t) => {
  const { signInMessage } = await import('../../src/services/mail/messages.js');
  const polish = signInMessage({ ...base, locale: 'pl', lifetimeSeconds: 300, newAccount: false, next: null });
  t.is(polish.subject, 'Acme Feedback - Twój link do logowania');
  t.is(lines(polish.text)[0], 'Dzień dobry, Jane Doe,');
  t.true(polish.text.includes('Ten link działa jeden raz przez 5 minut.'));
  t.true(polish.html?.startsWith('<!doctype html>\n<html lang="pl"><body>'));
  t.true(polish.html?.includes('Możesz też skopiować ten link do przeglądarki:<br>'));
  const arabic = resetMessage({ ...base, locale: 'ar', siteTitle: 'A & B' });
  t.true(arabic.html?.startsWith('<!doctype html>\n<html lang="ar" dir="rtl"><body>'));
  t.true(arabic.html?.includes('حسابك في A &amp; B'));
  t.is(verificationMessage(base).html?.split('\n')[1], '<html lang="en"><body>');
});

test('a translated sentence holding markup escapes its words and values but keeps the markup it was given', async (t) => {
  const { htmlText } = await import('../../src/services/mail/messages.js');
  const { mailText } = await import('../../src/i18n/mail/catalogue.js');
  const html = htmlText((params) => mailText('de', 'shipped.ideaVoter', params), { title: '<a href="/p/x">Dark &lt;mode&gt;</a>' });
  t.is(html, '<a href="/p/x">Dark &lt;mode&gt;</a> (Sie haben dafür gestimmt)');
  t.is(htmlText(() => 'a < b', {}), 'a &lt; b');
});

test('notification subjects in other languages follow their plural rules', async (t) => {
  const { subjectOf } = await import('../../src/services/notifications/digest-message.js');
  const comment = { kind: 'comment' as const, authorName: 'Ada', excerpt: 'Yes' };
  const status = { kind: 'status' as const, roadmapName: 'Planned' };
  t.is(subjectOf('Dark mode', [comment, comment, comment], 'pl'), '3 nowości w „Dark mode”');
  t.is(subjectOf('Dark mode', [status, comment, comment], 'uk'), '«Dark mode» тепер має статус Planned, і 2 нові коментарі');
  t.is(subjectOf('Dark mode', [status, comment], 'ar'), 'أصبحت حالة «Dark mode» الآن Planned، مع تعليق جديد');
  t.is(subjectOf('Dark mode', [status, comment], 'ja'), '「Dark mode」のステータスが Planned になりました（新しいコメント 1 件）');
  t.is(subjectOf('Dark mode', [status, comment]), '“Dark mode” is now Planned, with a new comment');
});
