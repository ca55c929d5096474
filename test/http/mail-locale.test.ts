/*
 * Each person's language (issue 33), end to end on both engines: the profile's `locale`, set and
 * cleared through the API; an account starting in the language it signed up in; and every mail
 * in the recipient's language (else the site's, else English), received by a real SMTP server on
 * loopback, its HTML part marked with the language and laid out right to left for Arabic.
 */
import test, { type ExecutionContext } from 'ava';
import type { ParsedMail } from 'mailparser';
import { insertAccount, toAuthUser } from '../../src/services/accounts.js';
import { mailLocale, siteLocale } from '../../src/services/mail/mail-locale.js';
import { createMember, createRoadmap, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { type SmtpSink, startSmtpSink } from '../_helpers/smtp-sink.js';
import { createSecret, productToken } from '../_helpers/sso-product.js';
import { eventually } from '../_helpers/webhook-receiver.js';

const LOCALE_LIST = 'en, de, fr, es, pt-BR, it, nl, pl, uk, ja, zh-CN, ko, tr, ar';
const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });

async function startSite(t: ExecutionContext): Promise<{ server: TestServer; sink: SmtpSink; ownerToken: string }> {
  const sink = await startSmtpSink();
  t.teardown(sink.close);
  const server = await startTestServer({ smtpUrl: sink.url }, { worker: true });
  t.teardown(server.close);
  // The owner written straight to storage: no setup mail among the ones under test.
  const owner = await server.ctx.storage.transaction((tx) =>
    insertAccount(tx, { email: OWNER.email, name: OWNER.name, passwordHash: 'x', isOwner: true }, new Date().toISOString()),
  );
  return { server, sink, ownerToken: toAuthUser(server.ctx, owner).authToken };
}

function recipient(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
}

async function mailTo(sink: SmtpSink, address: string): Promise<ParsedMail> {
  return eventually(async () => sink.messages.find((mail) => recipient(mail) === address), `a mail to ${address}`);
}

async function chooseLocale(server: TestServer, persona: Persona, locale: string): Promise<void> {
  const answer = await server.request('PATCH', '/auth/language', { token: persona.token, body: { locale } });
  if (answer.status !== 200) throw new Error(`PATCH /auth/language answered ${answer.status}`);
}

/** The account's language as the API answers it. */
async function localeOf(server: TestServer, token: string): Promise<unknown> {
  return (await server.request('GET', '/auth/language', { token })).body.language.locale;
}

test('/auth/language answers null until one is chosen; PATCH sets it, clears it with null or "", and leaves it when omitted', async (t) => {
  const { server } = await startSite(t);
  const member = await createMember(server.ctx, { name: 'Grace' });
  t.is(await localeOf(server, member.token), null);

  const set = await server.request('PATCH', '/auth/language', { token: member.token, body: { locale: 'pt-BR' } });
  t.is(set.status, 200);
  t.deepEqual(set.body, { language: { locale: 'pt-BR' } });
  t.is(await localeOf(server, member.token), 'pt-BR');

  const omitted = await server.request('PATCH', '/auth/language', { token: member.token, body: {} });
  t.deepEqual(omitted.body, { language: { locale: 'pt-BR' } });

  for (const cleared of [null, '']) {
    await chooseLocale(server, member, 'ar');
    const answer = await server.request('PATCH', '/auth/language', { token: member.token, body: { locale: cleared } });
    t.is(answer.status, 200);
    t.deepEqual(answer.body, { language: { locale: null } });
    t.is(await localeOf(server, member.token), null);
  }
});

test('LogChimp\'s profile answers stay as API.md writes them: no locale in GET or PATCH /users/profile', async (t) => {
  const { server } = await startSite(t);
  const member = await createMember(server.ctx, { name: 'Grace' });
  await chooseLocale(server, member, 'de');
  const profile = await server.request('GET', '/users/profile', { token: member.token });
  t.deepEqual(Object.keys(profile.body.user), ['userId', 'name', 'username', 'email', 'isVerified']);
  const renamed = await server.request('PATCH', '/users/profile', { token: member.token, body: { name: 'Grace Hopper', locale: 'ja' } });
  t.deepEqual(Object.keys(renamed.body.user), ['userId', 'name', 'username', 'email']);
  t.is(await localeOf(server, member.token), 'de');
});

test('PATCH /auth/language refuses a locale that is not one of ours exactly, or not a string, and changes nothing; it needs a sign-in', async (t) => {
  const { server } = await startSite(t);
  const member = await createMember(server.ctx, { name: 'Grace' });
  await chooseLocale(server, member, 'de');
  for (const locale of ['xx', 'DE', 'de-AT', 'pt', ' de']) {
    const answer = await server.request('PATCH', '/auth/language', { token: member.token, body: { locale } });
    t.is(answer.status, 400, locale);
    t.deepEqual(answer.body, validationError('locale', `locale must be one of: ${LOCALE_LIST}`));
  }
  for (const locale of [5, true, ['de'], { de: true }]) {
    const answer = await server.request('PATCH', '/auth/language', { token: member.token, body: { locale } });
    t.is(answer.status, 400);
    t.deepEqual(answer.body, validationError('locale', 'locale must be a string'));
  }
  t.is(await localeOf(server, member.token), 'de');
  t.is((await server.request('GET', '/auth/language')).status, 401);
  t.is((await server.request('PATCH', '/auth/language', { body: { locale: 'de' } })).status, 401);
});

test('notification mails go out in each recipient’s language: German, Japanese, Arabic right to left, and the site’s for no choice', async (t) => {
  const { server, sink, ownerToken } = await startSite(t);
  const planned = await createRoadmap(server.ctx, { name: 'Planned', display: true });
  const author = await createMember(server.ctx, { email: 'grace@example.org', name: 'Grace' });
  const voters = {
    de: await createMember(server.ctx, { email: 'anna@example.org', name: 'Anna' }),
    ja: await createMember(server.ctx, { email: 'hanako@example.org', name: 'Hanako' }),
    ar: await createMember(server.ctx, { email: 'layla@example.org', name: 'Layla' }),
  };
  for (const [locale, voter] of Object.entries(voters)) await chooseLocale(server, voter, locale);
  const posted = await server.request('POST', '/posts', { token: author.token, body: { title: 'Dark mode' } });
  const postId = posted.body.post.postId as string;
  for (const voter of Object.values(voters)) await server.request('POST', '/votes', { token: voter.token, body: { postId } });
  const changed = await server.request('PATCH', '/posts', { token: ownerToken, body: { id: postId, roadmapId: planned.id } });
  t.is(changed.status, 200);

  const german = await mailTo(sink, 'anna@example.org');
  t.is(german.subject, '„Dark mode“ ist jetzt Planned');
  t.regex(german.text ?? '', /^Hallo Anna,\n/);
  t.true((german.text ?? '').includes('Sie erhalten diese E-Mail, weil Sie für diese Idee gestimmt haben.'));
  t.true((german.text ?? '').includes('Keine E-Mails mehr zu dieser Idee:'));
  t.regex(String(german.html), /<html lang="de"><body>/);
  t.true(String(german.html).includes('Der Status ist jetzt <strong>Planned</strong>.'));

  const japanese = await mailTo(sink, 'hanako@example.org');
  t.is(japanese.subject, '「Dark mode」のステータスが Planned になりました');
  t.regex(japanese.text ?? '', /^Hanako 様\n/);
  t.true((japanese.text ?? '').includes('すべての通知メールを停止する：'));
  t.regex(String(japanese.html), /<html lang="ja"><body>/);

  const arabic = await mailTo(sink, 'layla@example.org');
  t.is(arabic.subject, 'أصبحت حالة «Dark mode» الآن Planned');
  t.true((arabic.text ?? '').includes('تصلك هذه الرسالة لأنك صوّتّ لهذه الفكرة.'));
  t.regex(String(arabic.html), /<html lang="ar" dir="rtl"><body>/);

  // No language chosen, and the site names none: English.
  const english = await mailTo(sink, 'grace@example.org');
  t.is(english.subject, '“Dark mode” is now Planned');
  t.true((english.text ?? '').includes('You get this because you wrote this idea.'));
  t.regex(String(english.html), /<html lang="en"><body>/);
});

test('the language of a mail: the recipient’s choice, else the site’s locale setting, else English', (t) => {
  t.is(mailLocale({ locale: 'ja' }, { locale: 'fr' }), 'ja');
  t.is(mailLocale({ locale: null }, { locale: 'fr' }), 'fr');
  t.is(mailLocale({}, { locale: 'fr' }), 'fr');
  t.is(mailLocale(undefined, { locale: 'ar' }), 'ar');
  t.is(mailLocale({ locale: null }, {}), 'en');
  // Settings written before the setting existed, or naming a language no longer offered.
  t.is(siteLocale({}), 'en');
  t.is(siteLocale({ locale: 'xx' }), 'en');
  t.is(siteLocale({ locale: null }), 'en');
});

test('sign-up with Accept-Language: de makes a German account: its profile says de and its confirmation mail is German', async (t) => {
  const { server, sink } = await startSite(t);
  await server.ctx.storage.settings.update({ allowSignup: true });
  const signup = await server.request('POST', '/auth/signup', {
    body: { email: 'grete@example.org', password: 'hopper compiler 1952', name: 'Grete' },
    headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
  });
  t.is(signup.status, 201);
  t.deepEqual(Object.keys(signup.body.user), ['authToken', 'userId', 'name', 'username', 'email', 'avatar']);
  t.is(await localeOf(server, signup.body.user.authToken), 'de');
  const mail = await mailTo(sink, 'grete@example.org');
  t.regex(mail.subject ?? '', / - Bitte bestätigen Sie Ihre E-Mail-Adresse$/);
  t.regex(mail.text ?? '', /^Hallo Grete,\n/);
  t.true((mail.text ?? '').includes('Der Link ist 2 Stunden lang gültig.'));
  t.regex(String(mail.html), /<html lang="de"><body>/);
});

test('the language cookie wins over Accept-Language at sign-up; neither naming one of ours leaves the account without one, mailed in English', async (t) => {
  const { server, sink } = await startSite(t);
  await server.ctx.storage.settings.update({ allowSignup: true });
  const chosen = await server.request('POST', '/auth/signup', {
    body: { email: 'kenji@example.org', password: 'hopper compiler 1952', name: 'Kenji' },
    headers: { 'accept-language': 'de', cookie: 'feedbackd_locale=ja' },
  });
  const none = await server.request('POST', '/auth/signup', {
    body: { email: 'nobody@example.org', password: 'hopper compiler 1952', name: 'Nobody' },
    headers: { 'accept-language': 'sw, zh-TW;q=0.5' },
  });
  t.is(await localeOf(server, chosen.body.user.authToken), 'ja');
  t.is(await localeOf(server, none.body.user.authToken), null);
  t.is((await server.ctx.storage.users.getByEmail('nobody@example.org'))?.locale ?? null, null);
  t.is((await mailTo(sink, 'kenji@example.org')).subject, `${(await server.ctx.storage.settings.get()).title} - メールアドレスの確認をお願いします`);
  t.regex((await mailTo(sink, 'nobody@example.org')).subject ?? '', / - Please confirm your email$/);
});

test('an account made by a mailed sign-in link starts in the request’s language, and the link came in it', async (t) => {
  const { server, sink } = await startSite(t);
  await server.ctx.storage.settings.update({ allowSignup: true });
  const headers = { 'accept-language': 'ko-KR,ko;q=0.9' };
  const asked = await server.request('POST', '/auth/magic-link', { body: { email: 'minji@example.org' }, headers });
  t.is(asked.status, 200);
  const mail = await mailTo(sink, 'minji@example.org');
  t.regex(mail.subject ?? '', / - 로그인 링크$/);
  t.true((mail.text ?? '').includes('이 링크는 15분 동안 한 번만 사용할 수 있습니다.'));
  const token = /\/sign-in\/link\?token=([0-9a-f]{64})/.exec(mail.text ?? '')?.[1];
  const signedIn = await server.request('POST', '/auth/magic-link/login', { body: { token }, headers });
  t.is(signedIn.status, 200);
  t.is(await localeOf(server, signedIn.body.user.authToken), 'ko');
});

test('an account made by single sign-on starts in the request’s language; a known account keeps its own', async (t) => {
  const { server, ownerToken } = await startSite(t);
  const secret = await createSecret(server, ownerToken);
  const signIn = (claims: Record<string, unknown>, language: string) =>
    server.request('POST', '/auth/sso', { body: { token: productToken(secret, claims) }, headers: { 'accept-language': language } });
  const first = await signIn({ sub: 'customer-1', email: 'claire@example.com', name: 'Claire' }, 'fr-CA');
  t.is(first.status, 200);
  t.is(await localeOf(server, first.body.user.authToken), 'fr');
  const again = await signIn({ sub: 'customer-1', email: 'claire@example.com', name: 'Claire' }, 'tr');
  t.is(await localeOf(server, again.body.user.authToken), 'fr');
});
