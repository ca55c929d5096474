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
